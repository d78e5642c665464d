import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc } from "../../http/schemas";
import { registerMessageRollup } from "./rollup";
import { chartQuery, dashboardAnswer, dashboardQuery, messagesAllMeAnswer, messagesAllMeQuery, ticketsDayAnswer, ticketsUsersAnswer } from "./schema";
import { createDashboardService } from "./service";

const VIEW = "dashboard:view (admins, users with showDashboard)";
const errors = { 400: "ERR_VALIDATION", 403: "ERR_NO_PERMISSION" } as const;

/** The managers' dashboard: counters, attendants and the charts' series, for the caller's company only. */
export const dashboardRoutes = (ctx: AppContext) => {
  registerMessageRollup(ctx);
  const dashboard = createDashboardService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Dashboard"] })
    .use(authPlugin(ctx))
    .get("/dashboard", ({ actor, query }) => dashboard.figures(actor, query), {
      auth: true,
      query: dashboardQuery,
      response: answers({ 200: dashboardAnswer }),
      detail: doc("The dashboard's counters and attendants for a period of the company's days", { permission: VIEW, errors }),
    })
    .get("/dashboard/ticketsUsers", ({ actor, query }) => dashboard.ticketsUsers(actor, query.dateFrom, query.dateTo), {
      auth: true,
      query: chartQuery,
      response: answers({ 200: ticketsUsersAnswer }),
      detail: doc("Tickets finished per user in a period", { permission: VIEW, errors }),
    })
    .get("/dashboard/ticketsDay", ({ actor, query }) => dashboard.ticketsDay(actor, query.dateFrom, query.dateTo), {
      auth: true,
      query: chartQuery,
      response: answers({ 200: ticketsDayAnswer }),
      detail: doc("Tickets created per day (per hour for one day) in a period", { permission: VIEW, errors }),
    })
    .get("/messages-allMe", ({ actor, query }) => dashboard.messagesAllMe(actor, query.fromMe, query.dateStart, query.dateEnd), {
      auth: true,
      query: messagesAllMeQuery,
      response: answers({ 200: messagesAllMeAnswer }),
      detail: doc("Messages sent or received by the company in a period", { permission: VIEW, errors }),
    });
};
