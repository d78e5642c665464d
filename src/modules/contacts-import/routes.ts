import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc } from "../../http/schemas";
import { registerImportListeners } from "./realtime";
import { registerImportJob } from "./run-import";
import { importAnswer, importParams, phoneImportBody, startImportBody } from "./schema";
import { createContactImportService } from "./service";

const permission = "contacts:manage (admins)";

/** Contact imports from a spreadsheet: start one, follow it, download its summary. */
export const contactImportRoutes = (ctx: AppContext) => {
  const imports = createContactImportService(ctx);
  registerImportJob(ctx);
  registerImportListeners(ctx, imports);
  return new Elysia({ prefix: "/api", tags: ["Contacts"] })
    .use(authPlugin(ctx))
    .post(
      "/contacts/import",
      async ({ actor, body, set }) => {
        const started = await imports.start(actor, body);
        set.status = 202;
        return started;
      },
      {
        auth: true,
        body: startImportBody,
        response: answers({ 202: importAnswer }),
        detail: doc(
          "Import contacts from an xls, xlsx, csv or txt file (multipart: file, mapping, skipRows); the rows are checked now and carried out by a job whose progress arrives as company-{id}-contactImport frames",
          { permission, errors: { 400: ["ERR_VALIDATION", "ERR_CHANNEL_UNSUPPORTED", "ERR_WAPP_NOT_INITIALIZED"], 404: "ERR_NOT_FOUND" } },
        ),
      },
    )
    .post(
      "/contacts/import/chats",
      async ({ actor, body, set }) => {
        const started = await imports.startFromPhone(actor, body);
        set.status = 202;
        return started;
      },
      {
        auth: true,
        body: phoneImportBody,
        response: answers({ 202: importAnswer }),
        detail: doc("Import the contacts of a connection's phone (channels with listContacts) through the same job as a file", {
          permission,
          errors: { 400: ["ERR_CHANNEL_UNSUPPORTED", "ERR_WAPP_NOT_INITIALIZED"], 404: "ERR_NOT_FOUND" },
        }),
      },
    )
    .get("/contacts/import/:jobId", ({ actor, params }) => imports.status(actor, params.jobId), {
      auth: true,
      params: importParams,
      response: answers({ 200: importAnswer }),
      detail: doc("An import's state, progress and counts", { permission, errors: { 404: "ERR_NOT_FOUND" } }),
    })
    .get(
      "/contacts/import/:jobId/summary.csv",
      async ({ actor, params }) => {
        const { fileName, body } = await imports.summaryCsv(actor, params.jobId);
        return new Response(body, {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" },
        });
      },
      {
        auth: true,
        params: importParams,
        detail: {
          ...doc("Every row of an import with its outcome (imported, updated, ignored) and the reason, as csv", {
            permission,
            errors: { 404: "ERR_NOT_FOUND" },
          }),
          responses: {
            200: { description: "The summary", content: { "text/csv": { schema: { type: "string" as const } } } },
            404: { description: "ERR_NOT_FOUND" },
          },
        },
      },
    );
};
