import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams } from "../../http/schemas";
import { companySchedulesAnswer, companySchedulesBody } from "./schema";
import { createCompaniesService } from "./service";

const params = idParams("id");
const WHO = "settings:manage (admins) for their own company; the super user for any";
const errors = { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" } as const;

export const companiesRoutes = (ctx: AppContext) => {
  const companies = createCompaniesService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Companies"] })
    .use(authPlugin(ctx))
    .get("/companies/:id/schedules", ({ actor, params }) => companies.schedules(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: companySchedulesAnswer }),
      detail: doc("A company's business hours (the default week until set)", { permission: WHO, errors }),
    })
    .put("/companies/:id/schedules", ({ actor, params, body }) => companies.updateSchedules(actor, params.id, body.schedules), {
      auth: true,
      params,
      body: companySchedulesBody,
      response: answers({ 200: companySchedulesAnswer }),
      detail: doc("Set a company's business hours: one entry per weekday, two shifts each", { permission: WHO, errors }),
    });
};
