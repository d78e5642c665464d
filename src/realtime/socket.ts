// PLACEHOLDER: filled by the real-time work in this session.
import { Elysia } from "elysia";
import type { AppContext } from "../context";

export const socketRoutes = (_ctx: AppContext) => new Elysia({ prefix: "/api" });
