import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parseId } from "../../http/validate";
import { createPlansService } from "./service";

export const plansRoutes = (ctx: AppContext) => {
  const plans = createPlansService(ctx);
  return (
    new Elysia({ prefix: "/api" })
      .use(authPlugin(ctx))
      // Public: the signup screen lists the public plans.
      .get("/plans/list", () => plans.listPublic())
      .get("/companies/listPlan/:companyId", ({ params, actor }) => plans.ofCompany(actor, parseId(params.companyId, "companyId")), { auth: true })
  );
};
