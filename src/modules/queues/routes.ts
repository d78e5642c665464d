// PLACEHOLDER: filled by the queues work in this session.
import { Elysia } from "elysia";
import type { AppContext } from "../../context";

export const queuesRoutes = (_ctx: AppContext) => new Elysia({ prefix: "/api" });
