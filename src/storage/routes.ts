// PLACEHOLDER: filled by the media work in this session.
import { Elysia } from "elysia";
import type { AppContext } from "../context";

export const mediaRoutes = (_ctx: AppContext) => new Elysia({ prefix: "/api" });
