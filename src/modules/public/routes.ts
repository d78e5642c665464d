import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";
import { PUBLIC_SETTING_KEYS } from "../settings/catalogue";
import { getPlatformSetting } from "../settings/queries";
import { features } from "../../features";

export const publicRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .get("/health", () => ({ ok: true }))
    .get("/version", () => ({ version: ctx.version, features: features(ctx) }))
    .get("/public-settings/:key", async ({ params }) => {
      const key = params.key as (typeof PUBLIC_SETTING_KEYS)[number];
      if (!PUBLIC_SETTING_KEYS.includes(key)) throw new AppError("ERR_NO_SETTING_FOUND", 404, "No such public setting");
      if (key === "allowSignup") return { key, value: await getPlatformSetting(ctx.db, "userCreation") };
      return { key, value: await getPlatformSetting(ctx.db, key) };
    });
