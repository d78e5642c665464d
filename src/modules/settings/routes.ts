import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { columnQuery, companySettingBody, settingBody } from "./schema";
import { createSettingsService } from "./service";

export const settingsRoutes = (ctx: AppContext) => {
  const settings = createSettingsService(ctx);

  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/settings", ({ actor }) => settings.list(actor), { auth: true })
    .put("/settings/:key", ({ actor, params, body }) => settings.update(actor, params.key, parse(settingBody, body).value), { auth: true })
    .get("/setting/:key", ({ actor, params }) => settings.get(actor, params.key), { auth: true })
    .get("/companySettings/:companyId", ({ actor, params }) => settings.companyList(actor, parseId(params.companyId, "companyId")), { auth: true })
    .get("/companySettingOne", ({ actor, query }) => settings.companyGet(actor, parse(columnQuery, query).column), { auth: true })
    .put(
      "/companySettings",
      ({ actor, body }) => {
        const input = parse(companySettingBody, body);
        return settings.companyUpdate(actor, input.column, input.data);
      },
      { auth: true },
    );
};
