import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { type ScheduleEntry, storedSchedules } from "../business-hours/schema";
import { findCompanySchedules, setCompanySchedules } from "./queries";

const companyNotFound = () => notFound("Company not found");

export function createCompaniesService(ctx: AppContext) {
  /**
   * A company's business hours are its admins' (settings:manage) business; the super user manages any company's.
   * Another company's id is answered as not found, before any permission check, so it reveals nothing.
   */
  async function reachable(db: AppContext["db"], actor: Actor, companyId: number) {
    if (companyId !== actor.companyId && !actor.super) throw companyNotFound();
    assertCan(actor, "settings:manage");
    const company = await findCompanySchedules(db, companyId);
    if (!company) throw companyNotFound();
    return company;
  }

  return {
    /** The week the company has set, or the default week when it never set one. */
    async schedules(actor: Actor, companyId: number) {
      const company = await reachable(ctx.db, actor, companyId);
      return { id: company.id, schedules: storedSchedules(company.schedules) };
    },

    async updateSchedules(actor: Actor, companyId: number, schedules: ScheduleEntry[]) {
      await ctx.db.transaction().execute(async (trx) => {
        const before = await reachable(trx, actor, companyId);
        await setCompanySchedules(trx, companyId, JSON.stringify(schedules), ctx.clock.now().toISOString());
        await recordAudit(trx, ctx.clock.now(), actor, {
          companyId,
          entity: "company",
          entityId: companyId,
          action: "update",
          before: { schedules: storedSchedules(before.schedules) },
          after: { schedules },
        });
      });
      return { id: companyId, schedules };
    },
  };
}
