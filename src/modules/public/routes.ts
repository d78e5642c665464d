import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { answers, doc } from "../../http/schemas";
import { keyParams, settingAnswer } from "../settings/schema";
import { createSettingsService } from "../settings/service";

/** The version (with the capabilities the app composed: `features`) and the public settings. */
export const publicRoutes = (ctx: AppContext, features: string[]) => {
  const settings = createSettingsService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Public"] })
    .get("/version", () => ({ version: ctx.version, features }), {
      response: answers({ 200: z.object({ version: z.string(), features: z.array(z.string()) }) }),
      detail: doc("The version and the capabilities this build has wired"),
    })
    .get("/public-settings/:key", ({ params }) => settings.publicGet(params.key), {
      params: keyParams,
      response: answers({ 200: settingAnswer }),
      detail: doc("A platform setting readable without logging in (allowSignup, branding)", { errors: { 404: "ERR_NO_SETTING_FOUND" } }),
    });
};
