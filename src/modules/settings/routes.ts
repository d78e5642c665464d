// PLACEHOLDER: filled by the settings work in this session.
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export const settingsRoutes = (_ctx: AppContext) => new Elysia({ prefix: "/api" });
