import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { notFound } from "../../http/errors";
import { parseId } from "../../http/validate";
import { companyPlan, listPlans } from "./queries";
import { serializePlan } from "./serialize";

export const plansRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    // Public: the signup screen lists the public plans.
    .get("/plans/list", async () => (await listPlans(ctx.db, true)).map(serializePlan))
    .get(
      "/companies/listPlan/:companyId",
      async ({ params, actor }) => {
        const companyId = parseId(params.companyId, "companyId");
        // A company's plan is its own business; only the super user reads another's.
        if (companyId !== actor.companyId && !actor.super) throw notFound();
        const plan = await companyPlan(ctx.db, companyId);
        if (!plan) throw notFound();
        return { id: companyId, plan: serializePlan(plan) };
      },
      { auth: true },
    );
