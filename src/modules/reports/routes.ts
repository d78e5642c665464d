import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { exportResponse } from "../../http/export-file";
import { answers, doc } from "../../http/schemas";
import { reportAnswer, reportExportQuery, reportQuery } from "./schema";
import { createReportsService } from "./service";

const VIEW = "dashboard:view (admins, users with showDashboard)";
const errors = { 400: "ERR_VALIDATION", 403: "ERR_NO_PERMISSION" } as const;
const exportDoc = doc("The whole report under the same filters as xlsx or csv, streamed; numbers masked as the caller sees them", {
  permission: VIEW,
  errors,
});

/** The tickets report: a period's tickets with their times and ratings, paged or as a file, for the caller's company. */
export const reportsRoutes = (ctx: AppContext) => {
  const reports = createReportsService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Reports"] })
    .use(authPlugin(ctx))
    .get("/ticketreport/reports", ({ actor, query }) => reports.page(actor, query), {
      auth: true,
      query: reportQuery,
      response: answers({ 200: reportAnswer }),
      detail: doc("Tickets created in a period of the company's days, 40 a page newest first, with their times and latest rating", {
        permission: VIEW,
        errors,
      }),
    })
    .get("/ticketreport/export", async ({ actor, query }) => exportResponse(await reports.export(actor, query)), {
      auth: true,
      query: reportExportQuery,
      detail: {
        ...exportDoc,
        responses: {
          ...exportDoc.responses,
          200: {
            description: "The file",
            content: {
              "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: { type: "string" as const, format: "binary" } },
              "text/csv": { schema: { type: "string" as const } },
            },
          },
        },
      },
    });
};
