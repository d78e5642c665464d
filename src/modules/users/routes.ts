// PLACEHOLDER: filled by the users work in this session.
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export const usersRoutes = (_ctx: AppContext) => new Elysia({ prefix: "/api" });
