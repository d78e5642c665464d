import { Elysia } from "elysia";
import { z } from "zod";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { answers, doc, idParams, messageAnswer, row } from "../../http/schemas";
import {
  allQuery,
  connectionAnswer,
  connectionPickerAnswer,
  createConnectionBody,
  seenConnection,
  filterQuery,
  listQuery,
  mediaUploadBody,
  pairingBody,
  updateConnectionBody,
} from "./schema";
import { createConnectionsService } from "./service";

const params = idParams("id");
const MANAGE = "connections-page:addConnection (admins, or users with allowConnections)";
const errors = { 403: ["ERR_NO_PERMISSION", "ERR_PLAN_FEATURE_DISABLED"], 404: "ERR_NO_WAPP_FOUND" } as const;
/** A write's answer: the connection as its manager sees it, and whether its session restarted for the change. */
const withReset = z.intersection(seenConnection, z.object({ sessionReset: z.boolean().optional() }));
const sessionAnswer = row({ message: z.string() });

/**
 * Connections administration: /whatsapp… keeps the family's paths; the channel plugins' manifests for the add menu
 * and the form are at /channels.
 */
export const connectionsRoutes = (ctx: AppContext) => {
  const connections = createConnectionsService(ctx);

  return new Elysia({ prefix: "/api", tags: ["Connections"] })
    .use(authPlugin(ctx))
    .get("/channels", ({ actor }) => connections.channels(actor), {
      auth: true,
      response: answers({ 200: z.array(row({ id: z.string(), name: z.string(), connect: z.string(), allowedByPlan: z.boolean() })) }),
      detail: doc("The channel plugins: the add menu and the form's plugin fields, with what the plan allows"),
    })
    .get("/whatsapp", ({ actor, query }) => connections.list(actor, query), {
      auth: true,
      query: listQuery,
      response: answers({ 200: z.array(seenConnection) }),
      detail: doc("The company's connections; managers get tokens and secret fields, users without connections-page:view the picker's fields"),
    })
    .get("/whatsapp/filter", ({ actor, query }) => connections.picker(actor, query), {
      auth: true,
      query: filterQuery,
      response: answers({ 200: z.array(connectionPickerAnswer) }),
      detail: doc("Id, name, channel, status and isDefault of each connection, for pickers"),
    })
    .get("/whatsapp/all", ({ actor, query }) => connections.all(actor, query), {
      auth: true,
      query: allQuery,
      response: answers({
        200: z.union([z.array(connectionAnswer.extend({ companyName: z.string() })), row({ companies: z.array(z.unknown()), totals: z.unknown() })]),
      }),
      detail: doc("Every company's connections without secrets, or with summary=1 the counts per company", {
        permission: "platform:manage (the super user)",
        errors: { 403: "ERR_NO_PERMISSION" },
      }),
    })
    .get("/whatsapp/:id", ({ actor, params, query }) => connections.get(actor, params.id, query.session), {
      auth: true,
      params,
      query: listQuery,
      response: answers({ 200: seenConnection }),
      detail: doc("One connection, shaped as in the list", { errors }),
    })
    .post(
      "/whatsapp",
      async ({ actor, body, set }) => {
        const connection = await connections.create(actor, body);
        set.status = 201;
        return connection;
      },
      {
        auth: true,
        body: createConnectionBody,
        response: answers({ 201: connectionAnswer }),
        detail: doc("Add a connection of a channel", {
          permission: MANAGE,
          errors: { 403: ["ERR_NO_PERMISSION", "ERR_PLAN_FEATURE_DISABLED", "ERR_PLAN_LIMIT_CONNECTIONS"] },
        }),
      },
    )
    .put("/whatsapp/:id", ({ actor, params, body }) => connections.update(actor, params.id, body), {
      auth: true,
      params,
      body: updateConnectionBody,
      response: answers({ 200: withReset }),
      detail: doc("Edit a connection (sessionReset: the session restarted for the change)", { permission: MANAGE, errors }),
    })
    .delete(
      "/whatsapp/:id",
      async ({ actor, params }) => {
        await connections.remove(actor, params.id);
        return { message: "Whatsapp deleted." };
      },
      {
        auth: true,
        params,
        response: answers({ 200: messageAnswer }),
        detail: doc("Delete a connection; its tickets stay, read-only", { permission: MANAGE, errors }),
      },
    )
    .post("/whatsapp/:id/media-upload", ({ actor, params, body }) => connections.setGreetingMedia(actor, params.id, body.file), {
      auth: true,
      params,
      body: mediaUploadBody,
      response: answers({ 200: withReset }),
      detail: doc("Attach the greeting's file (multipart field file)", {
        permission: MANAGE,
        errors: { ...errors, 413: "ERR_MEDIA_TOO_LARGE", 415: "ERR_MEDIA_TYPE_NOT_ALLOWED" },
      }),
    })
    .delete("/whatsapp/:id/media-upload", ({ actor, params }) => connections.clearGreetingMedia(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: withReset }),
      detail: doc("Remove the greeting's file", { permission: MANAGE, errors }),
    })
    .post("/whatsappsession/:id", ({ actor, params }) => connections.startSession(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: sessionAnswer }),
      detail: doc("Start the connection's session (a QR code follows on the socket)", { permission: MANAGE, errors }),
    })
    .put("/whatsappsession/:id", ({ actor, params }) => connections.renewQrCode(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: sessionAnswer }),
      detail: doc("Restart the session for a new QR code", { permission: MANAGE, errors }),
    })
    .post("/whatsappsession/:id/pairing", ({ actor, params, body }) => connections.requestPairing(actor, params.id, body.number), {
      auth: true,
      params,
      body: pairingBody,
      response: answers({ 200: z.object({ message: z.string(), code: z.string().optional() }) }),
      detail: doc("Ask for a pairing code for the phone number instead of a QR code", { permission: MANAGE, errors }),
    })
    .delete("/whatsappsession/:id", ({ actor, params }) => connections.disconnect(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: sessionAnswer }),
      detail: doc("Log the session out", { permission: MANAGE, errors }),
    })
    .post("/whatsapp-restart", ({ actor }) => connections.restartAll(actor), {
      auth: true,
      response: answers({ 200: z.object({ message: z.string(), restarted: z.number() }) }),
      detail: doc("Restart every session of the company", { permission: MANAGE, errors: { 403: "ERR_NO_PERMISSION" } }),
    })
    .post("/closedimported/:id", ({ actor, params }) => connections.closeImported(actor, params.id), {
      auth: true,
      params,
      response: answers({ 200: z.object({ closed: z.number() }) }),
      detail: doc("Close the tickets the history import opened", { permission: MANAGE, errors }),
    });
};
