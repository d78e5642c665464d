import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import type { Actor } from "../../http/permissions";
import { companyPlan, listPlans } from "./queries";
import { serializePlan } from "./serialize";

export function createPlansService(ctx: AppContext) {
  return {
    /** The plans the signup screen offers. */
    async listPublic() {
      return (await listPlans(ctx.db, true)).map(serializePlan);
    },

    /** A company's plan is its own business; only the super user reads another's (others get not found). */
    async ofCompany(actor: Actor, companyId: number) {
      if (companyId !== actor.companyId && !actor.super) throw notFound();
      const plan = await companyPlan(ctx.db, companyId);
      if (!plan) throw notFound();
      return { id: companyId, plan: serializePlan(plan) };
    },
  };
}
