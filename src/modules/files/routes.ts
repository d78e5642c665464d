import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer } from "../../http/schemas";
import { createFileListBody, fileListAnswer, fileListRef, fileListsPageAnswer, listFileListsQuery, updateFileListBody, uploadBody } from "./schema";
import { createFilesService } from "./service";

const params = idParams("id");
const MANAGE = "files:manage (admins); a plain user has no access to file lists";
const errors = { 403: "ERR_NO_PERMISSION", 404: "ERR_NOT_FOUND" } as const;

/** File lists: the /files page's routes, and the list the chatbot's file option picks from. */
export const filesRoutes = (ctx: AppContext) => {
  const files = createFilesService(ctx);
  return new Elysia({ prefix: "/api", tags: ["File lists"] })
    .use(authPlugin(ctx))
    .get("/files", ({ actor, query }) => files.list(actor, query), {
      auth: true,
      query: listFileListsQuery,
      response: answers({ 200: fileListsPageAnswer }),
      detail: doc("List the file lists by name, 20 a page, each with its files", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION" } }),
    })
    .get("/files/list", ({ actor }) => files.refs(actor), {
      auth: true,
      response: answers({ 200: z.array(fileListRef) }),
      detail: doc("Every file list's id and name, for pickers", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION" } }),
    })
    .get("/files/:id", ({ actor, params }) => files.show(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: fileListAnswer }),
      detail: doc("One file list with its files (signed links, one hour)", { permission: MANAGE, errors }),
    })
    .post(
      "/files",
      async ({ actor, body, set }) => {
        const record = await files.create(actor, body);
        set.status = 201;
        return record;
      },
      {
        auth: true,
        body: createFileListBody,
        response: answers({ 201: fileListAnswer }),
        detail: doc("Create a file list: name, message and its files' names (the files themselves go through uploadList)", {
          permission: MANAGE,
          errors: { 403: "ERR_NO_PERMISSION" },
        }),
      },
    )
    .put("/files/:id", ({ actor, params, body }) => files.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateFileListBody,
      response: answers({ 200: fileListAnswer }),
      detail: doc("Edit a file list; `options` sets its files in order (with id: kept, without: added, left out: deleted with their upload)", {
        permission: MANAGE,
        errors,
      }),
    })
    .post("/files/uploadList/:fileId", ({ actor, params, body }) => files.upload(actor, params.fileId, body.id, body.files), {
      auth: true,
      params: idParams("fileId"),
      body: uploadBody,
      response: answers({ 200: fileListAnswer }),
      detail: doc("Upload the file of one of the list's files (multipart: files, and id naming the list's file); replaces its previous upload", {
        permission: MANAGE,
        description: "Size-limited by the platform's downloadLimit and typed from the bytes; served inline only for images, audio and video.",
        errors: { ...errors, 413: "ERR_MEDIA_TOO_LARGE", 415: "ERR_MEDIA_TYPE_NOT_ALLOWED" },
      }),
    })
    .delete(
      "/files/:id",
      async ({ actor, params }) => {
        await files.remove(actor, params.id);
        return { message: "File list deleted" };
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a file list with its files; refused while a chatbot option sends it (ERR_FILE_LIST_IN_USE with usedBy)", {
          permission: MANAGE,
          errors: { ...errors, 409: "ERR_FILE_LIST_IN_USE" },
        }),
      },
    );
};
