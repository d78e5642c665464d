import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, row } from "../../http/schemas";
import { createPlansService } from "./service";

const planAnswer = row({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.number(),
  isPublic: z.boolean(),
}).meta({ id: "Plan", description: "Also one boolean per plan flag (useCampaigns, useKanban, useWhatsapp, …)" });

export const plansRoutes = (ctx: AppContext) => {
  const plans = createPlansService(ctx);
  return (
    new Elysia({ prefix: "/api", tags: ["Plans"] })
      .use(authPlugin(ctx))
      // Public: the signup screen lists the public plans.
      .get("/plans/list", () => plans.listPublic(), {
        response: answers({ 200: z.array(planAnswer) }),
        detail: doc("The public plans, for the sign-up screen"),
      })
      .get("/companies/listPlan/:companyId", ({ params, actor }) => plans.ofCompany(actor, params.companyId), {
        auth: true,
        params: idParams("companyId"),
        response: answers({ 200: z.object({ id: z.number(), plan: planAnswer }) }),
        detail: doc("A company's plan", {
          permission: "the user's own company; the super user any",
          errors: { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" },
        }),
      })
  );
};
