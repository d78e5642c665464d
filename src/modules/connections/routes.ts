import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin } from "../../http/auth";
import { parse, parseId } from "../../http/validate";
import { allQuery, createConnectionBody, filterQuery, listQuery, pairingBody, updateConnectionBody } from "./schema";
import { createConnectionsService } from "./service";

/**
 * Connections administration (spec 2 "Connections", §7): /whatsapp… keeps the spec's paths; the channel plugins'
 * manifests for the add menu and the form are at /channels.
 */
export const connectionsRoutes = (ctx: AppContext) => {
  const connections = createConnectionsService(ctx);

  return new Elysia({ prefix: "/api" })
    .use(authPlugin(ctx))
    .get("/channels", ({ actor }) => connections.channels(actor), { auth: true })
    .get("/whatsapp", ({ actor, query }) => connections.list(actor, parse(listQuery, query)), { auth: true })
    .get("/whatsapp/filter", ({ actor, query }) => connections.picker(actor, parse(filterQuery, query)), { auth: true })
    .get("/whatsapp/all", ({ actor, query }) => connections.all(actor, parse(allQuery, query)), { auth: true })
    .get("/whatsapp/:id", ({ actor, params, query }) => connections.get(actor, parseId(params.id), parse(listQuery, query).session), { auth: true })
    .post(
      "/whatsapp",
      async ({ actor, body, set }) => {
        const connection = await connections.create(actor, parse(createConnectionBody, body));
        set.status = 201;
        return connection;
      },
      { auth: true },
    )
    .put("/whatsapp/:id", ({ actor, params, body }) => connections.update(actor, parseId(params.id), parse(updateConnectionBody, body)), { auth: true })
    .delete(
      "/whatsapp/:id",
      async ({ actor, params }) => {
        await connections.remove(actor, parseId(params.id));
        return { message: "Whatsapp deleted." };
      },
      { auth: true },
    )
    .post(
      "/whatsapp/:id/media-upload",
      ({ actor, params, body }) => connections.setGreetingMedia(actor, parseId(params.id), body),
      { auth: true },
    )
    .delete("/whatsapp/:id/media-upload", ({ actor, params }) => connections.clearGreetingMedia(actor, parseId(params.id)), { auth: true })
    .post("/whatsappsession/:id", ({ actor, params }) => connections.startSession(actor, parseId(params.id)), { auth: true })
    .put("/whatsappsession/:id", ({ actor, params }) => connections.renewQrCode(actor, parseId(params.id)), { auth: true })
    .post("/whatsappsession/:id/pairing", ({ actor, params, body }) => connections.requestPairing(actor, parseId(params.id), parse(pairingBody, body).number), { auth: true })
    .delete("/whatsappsession/:id", ({ actor, params }) => connections.disconnect(actor, parseId(params.id)), { auth: true })
    .post("/whatsapp-restart", ({ actor }) => connections.restartAll(actor), { auth: true })
    .post("/closedimported/:id", ({ actor, params }) => connections.closeImported(actor, parseId(params.id)), { auth: true });
};
