import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc } from "../../http/schemas";
import { dashboardMomentsQuery, momentAnswer } from "./schema";
import { MOMENTS_CAP, MOMENTS_WINDOW_DAYS } from "./limits";
import { createMomentsService, type MomentsList } from "./service";

const PERMISSION = "realtime:view (admins, or users with allowRealTime enabled); each sees the tickets the inbox shows them";
/** Set when more tickets exist than the answer carries, so the panel can say it shows only the most recent ones. */
export const CAPPED_HEADER = "x-moments-capped";
const CAP = `At most ${MOMENTS_CAP} tickets, the most recently active first; the \`${CAPPED_HEADER}: true\` header says more exist.`;

/** The pending panel's reads (/moments) and the dashboard's moments. */
export const momentsRoutes = (ctx: AppContext) => {
  const moments = createMomentsService(ctx);
  const answer = (list: MomentsList, set: { headers: Record<string, string | number> }) => {
    if (list.capped) set.headers[CAPPED_HEADER] = "true";
    return list.moments;
  };
  return new Elysia({ prefix: "/api", tags: ["Moments"] })
    .use(authPlugin(ctx))
    .get("/usersMoments", async ({ actor, set }) => answer(await moments.panel(actor), set), {
      auth: true,
      response: answers({ 200: z.array(momentAnswer) }),
      detail: doc("The pending panel: open and pending tickets with their user", {
        permission: PERMISSION,
        description: CAP,
        errors: { 403: "ERR_NO_PERMISSION" },
      }),
    })
    .get("/dashboard/moments", async ({ actor, query, set }) => answer(await moments.dashboard(actor, query), set), {
      auth: true,
      query: dashboardMomentsQuery,
      response: answers({ 200: z.array(momentAnswer) }),
      detail: doc(`The panel's tickets by status, queue, user and days of last activity, within the last ${MOMENTS_WINDOW_DAYS} days`, {
        permission: `${PERMISSION}; userId is the admins' (tickets-manager:filterByUser)`,
        description: `${CAP} Without status: open and pending. Days are the company's calendar days.`,
        errors: { 403: "ERR_NO_PERMISSION" },
      }),
    });
};
