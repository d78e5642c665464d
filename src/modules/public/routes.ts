import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { createSettingsService } from "../settings/service";

/** Health, version (with the capabilities the app composed: `features`) and the public settings. */
export const publicRoutes = (ctx: AppContext, features: readonly string[]) => {
  const settings = createSettingsService(ctx);
  return new Elysia({ prefix: "/api" })
    .get("/health", () => ({ ok: true }))
    .get("/version", () => ({ version: ctx.version, features }))
    .get("/public-settings/:key", ({ params }) => settings.publicGet(params.key));
};
