import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { exportResponse } from "../../http/export-file";
import { doc } from "../../http/schemas";
import { exportQuery } from "./schema";
import { createContactExportService } from "./service";

/** The contacts list as a file. */
export const contactExportRoutes = (ctx: AppContext) => {
  const exports = createContactExportService(ctx);
  return new Elysia({ prefix: "/api", tags: ["Contacts"] })
    .use(authPlugin(ctx))
    .get("/contacts/export", async ({ actor, query }) => exportResponse(await exports.export(actor, query)), {
      auth: true,
      query: exportQuery,
      detail: {
        ...doc(
          "The contacts list under its filters (searchParam, channel, isGroup, contactTag) as xlsx or csv, streamed; numbers masked as the caller sees them",
        ),
        responses: {
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
