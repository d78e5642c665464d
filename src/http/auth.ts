import { Elysia } from "elysia";
import type { AppContext } from "../context";
import { compiledOnce } from "../db/compiled";
import { clientIp } from "./client";
import { AppError } from "./errors";
import { type Actor, PLAN_FLAGS, planOf } from "./permissions";

export const unauthorized = () => new AppError("ERR_UNAUTHORIZED", 401, "Authentication required");
export const sessionExpired = () => new AppError("ERR_SESSION_EXPIRED", 403, "Session expired");

/** Who is asking, read on every authenticated request: compiled once (src/db/compiled.ts). */
const actorRow = compiledOnce((db, a: { userId: number }) =>
  db
    .selectFrom("users")
    .innerJoin("companies", "companies.id", "users.companyId")
    .innerJoin("plans", "plans.id", "companies.planId")
    .select([
      "users.id",
      "users.companyId",
      "users.name",
      "users.profile",
      "users.super",
      "users.tokenVersion",
      "users.allTicket",
      "users.allowGroup",
      "users.allUserChat",
      "users.allHistoric",
      "users.userClosePendingTicket",
      "users.showDashboard",
      "users.allowRealTime",
      "users.allowConnections",
      ...PLAN_FLAGS.map((f) => `plans.${f}` as const),
    ])
    .where("users.id", "=", a.userId),
);

/** Loads who is asking from the user row: a token names a user, the store says what that user may do now. */
export async function loadActor(ctx: AppContext, userId: number): Promise<Actor | undefined> {
  const [row] = await actorRow(ctx.db, { userId });
  if (!row) return undefined;
  return {
    userId: row.id,
    companyId: row.companyId,
    name: row.name,
    profile: row.profile,
    super: row.super === 1,
    tokenVersion: row.tokenVersion,
    flags: {
      allTicket: row.allTicket,
      allowGroup: row.allowGroup === 1,
      allUserChat: row.allUserChat,
      allHistoric: row.allHistoric,
      userClosePendingTicket: row.userClosePendingTicket,
      showDashboard: row.showDashboard,
      allowRealTime: row.allowRealTime,
      allowConnections: row.allowConnections,
    },
    plan: planOf(row),
  };
}

/** Verifies an access token and returns the actor; throws 401 for missing/forged/stale tokens, 403 for expired ones. */
export async function authenticate(ctx: AppContext, token: string | undefined | null): Promise<Actor> {
  const result = await ctx.tokens.verifyAccess(token);
  if (!result.ok) throw result.reason === "expired" ? sessionExpired() : unauthorized();
  const actor = await loadActor(ctx, result.claims.userId);
  if (!actor || actor.tokenVersion !== result.claims.tokenVersion || actor.companyId !== result.claims.companyId) throw unauthorized();
  return actor;
}

export function bearer(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const [scheme, value] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && value ? value : undefined;
}

/** The actor of each authenticated request, found before the route's schemas run and handed to its handler. */
const actors = new WeakMap<Request, Actor>();

/**
 * Named plugin: a route with `{ auth: true }` gets `actor`, or the request ends with 401/403. The token is checked in
 * the transform step, before the route's schemas validate the input, so a caller without a valid token learns nothing
 * about what a route accepts.
 */
export const authPlugin = (ctx: AppContext) =>
  new Elysia({ name: "auth", seed: ctx.id }).macro({
    auth: {
      async transform({ headers, request, server }) {
        actors.set(request, { ...(await authenticate(ctx, bearer(headers.authorization))), ip: clientIp(ctx.config, request, server) });
      },
      resolve: ({ request }) => ({ actor: actors.get(request) as Actor }),
      detail: { security: [{ bearer: [] }] },
    },
  });
