import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams } from "../../http/schemas";
import { columnQuery, companySettingBody, keyParams, settingAnswer, settingBody } from "./schema";
import { createSettingsService } from "./service";

const WRITE = "settings:manage (admins) for company settings; platform:manage (the super user) for platform settings";
const errors = { 403: "ERR_NO_PERMISSION", 404: "ERR_NO_SETTING_FOUND" } as const;

export const settingsRoutes = (ctx: AppContext) => {
  const settings = createSettingsService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Settings"] })
    .use(authPlugin(ctx))
    .get("/settings", ({ actor }) => settings.list(actor), {
      auth: true,
      response: answers({ 200: z.array(settingAnswer) }),
      detail: doc("The company's settings; the super user gets the platform's too"),
    })
    .put("/settings/:key", ({ actor, params, body }) => settings.update(actor, params.key, body.value), {
      auth: true,
      params: keyParams,
      body: settingBody,
      response: answers({ 200: settingAnswer }),
      detail: doc("Change one setting", { permission: WRITE, errors }),
    })
    .get("/setting/:key", ({ actor, params }) => settings.get(actor, params.key), {
      auth: true,
      params: keyParams,
      response: answers({ 200: settingAnswer }),
      detail: doc("One setting", { errors }),
    })
    .get("/companySettings/:companyId", ({ actor, params }) => settings.companyList(actor, params.companyId), {
      auth: true,
      params: idParams("companyId"),
      response: answers({ 200: z.array(settingAnswer) }),
      detail: doc("Every setting of a company", { permission: "the user's own company; the super user any", errors: { 403: "ERR_NO_PERMISSION" } }),
    })
    .get("/companySettingOne", ({ actor, query }) => settings.companyGet(actor, query.column), {
      auth: true,
      query: columnQuery,
      response: answers({ 200: settingAnswer }),
      detail: doc("One company setting", { errors: { 404: "ERR_NO_SETTING_FOUND" } }),
    })
    .put("/companySettings", ({ actor, body }) => settings.companyUpdate(actor, body.column, body.data), {
      auth: true,
      body: companySettingBody,
      response: answers({ 200: settingAnswer }),
      detail: doc("Change one company setting", { permission: "settings:manage (admins)", errors }),
    });
};
