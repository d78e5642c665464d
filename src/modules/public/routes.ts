import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { features } from "../../features";
import { createSettingsService } from "../settings/service";

export const publicRoutes = (ctx: AppContext) => {
  const settings = createSettingsService(ctx);
  return new Elysia({ prefix: "/api" })
    .get("/health", () => ({ ok: true }))
    .get("/version", () => ({ version: ctx.version, features: features(ctx) }))
    .get("/public-settings/:key", ({ params }) => settings.publicGet(params.key));
};
