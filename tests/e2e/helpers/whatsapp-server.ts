/**
 * `bun tests/e2e/helpers/whatsapp-server.ts`: the product served from the sources (a copy of ui/dist for the web app)
 * with the REAL WhatsApp plugin (plugins/channels/whatsapp, createWhatsAppPlugin) on the fake Baileys socket of
 * plugins/channels/whatsapp/testing/fake-socket.ts instead of WhatsApp's servers, for tests/e2e/whatsapp.e2e.ts
 * (started with startServer({ cmd })). Environment as for the binary, with DATA_DIR required (a fresh temporary folder).
 *
 * Every session the core starts gets its own sockets (one per connect: the first, the one after the post-scan restart,
 * the ones of reconnects); the test plays WhatsApp's side on the newest one over HTTP, through a webhook route added
 * to the plugin (it has none of its own):
 *
 *   POST /api/webhooks/whatsapp/e2e/:connectionId  {op: "qr", value}   Baileys' connection.update {qr} (first or rotated)
 *                                                   {op: "scan"}        the phone links: creds.update {me}, close 515
 *                                                                       (restart required), then the new socket opens
 *                                                   {op: "open"}        the newest socket connects and opens
 *                                                   {op: "drop"}        close with 428 (connection closed): not a logout
 *   GET  /api/webhooks/whatsapp/e2e/:connectionId  {sockets, pairingRequests, live}: what the plugin asked of the sockets
 *   POST /api/webhooks/whatsapp/e2e-network        {reachable: false}  WhatsApp cannot be reached: every socket, the
 *                                                   live ones and each new one, closes as Baileys reports a failed
 *                                                   connect (408 "WebSocket Error (getaddrinfo ENOTFOUND …)");
 *                                                   {reachable: true} lets new sockets wait for the test again
 *
 * requestPairingCode is answered by the fake socket with PAIRING_CODE (the plugin shows it as "E2EP-AIR5").
 */
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { assetsFromDir, UI_DIST } from "../../../scripts/build-ui";
import type { ChannelPlugin } from "../../../src/channels/adapter";
import { startServer } from "../../../src/server";
import { createWhatsAppPlugin } from "../../../plugins/channels/whatsapp";
import { FakeSocket } from "../../../plugins/channels/whatsapp/testing/fake-socket";

export const PAIRING_CODE = "E2EPAIR5";
/** The account the phone links (its number is what the row shows once CONNECTED). */
const ME = "5511987650000:3@s.whatsapp.net";

/** Baileys' close when the WebSocket cannot connect: a DNS failure is an "E…" error code, which Baileys maps to 408. */
const UNREACHABLE = "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)";
let reachable = true;
const unreachable = (s: FakeSocket) => setTimeout(() => !s.ended && s.close(408, UNREACHABLE), 10);

/** Sockets per connection id, oldest first: the last one is the live one. */
const sockets = new Map<number, FakeSocket[]>();

function socketsOf(connectionId: number): FakeSocket[] {
  let list = sockets.get(connectionId);
  if (!list) {
    list = [];
    sockets.set(connectionId, list);
  }
  return list;
}

/**
 * The real plugin, with one socket factory per session so the control route knows which connection a socket
 * belongs to. Everything else (status reports, QR rotation, pairing, 515 restart, drops) is the plugin's own code.
 */
const real = createWhatsAppPlugin();
const plugin: ChannelPlugin<any> = {
  ...real,
  createSession(host, config) {
    const list = socketsOf(host.connection.id);
    const perConnection = createWhatsAppPlugin({
      socket: (opts) => {
        const s = new FakeSocket(opts);
        s.pairingCode = PAIRING_CODE;
        list.push(s);
        if (!reachable) unreachable(s);
        return s;
      },
      pictures: false,
    });
    return perConnection.createSession(host, config);
  },
  webhooks(router) {
    const control = z.discriminatedUnion("op", [
      z.object({ op: z.literal("qr"), value: z.string().min(1) }),
      z.object({ op: z.literal("scan") }),
      z.object({ op: z.literal("open") }),
      z.object({ op: z.literal("drop") }),
    ]);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

    router.post("/e2e-network", async ({ rawBody }) => {
      reachable = z.object({ reachable: z.boolean() }).parse(JSON.parse(rawBody)).reachable;
      if (!reachable) for (const list of sockets.values()) for (const s of list) if (!s.ended) unreachable(s);
      return json(200, { ok: true });
    });

    router.get("/e2e/:connectionId", ({ params }) => {
      const list = socketsOf(Number(params.connectionId));
      const live = list.at(-1);
      return json(200, { sockets: list.length, pairingRequests: list.flatMap((s) => s.pairingRequests), live: !!live && !live.ended });
    });

    router.post("/e2e/:connectionId", async ({ params, rawBody }) => {
      const cmd = control.parse(JSON.parse(rawBody));
      const list = socketsOf(Number(params.connectionId));
      const sock = list.at(-1);
      if (!sock || sock.ended) return json(409, { error: "no live socket for this connection" });
      switch (cmd.op) {
        case "qr":
          sock.qr(cmd.value);
          break;
        case "scan": {
          const before = list.length;
          sock.scanned(ME);
          // The plugin opens a new socket for the restart (synchronously today; allow a few ticks).
          for (let i = 0; list.length === before && i < 100; i++) await Bun.sleep(10);
          const next = list.at(-1)!;
          if (next === sock) return json(500, { error: "the plugin did not restart the socket after 515" });
          next.connecting();
          next.open(ME);
          break;
        }
        case "open":
          sock.connecting();
          sock.open(ME);
          break;
        case "drop":
          sock.close(428, "Connection Terminated");
          break;
      }
      return json(200, { ok: true, sockets: list.length });
    });
  },
};

// A copy of the built web app under DATA_DIR: a rebuild of ui/dist meanwhile (hashed names change) cannot break the run.
if (!existsSync(join(UI_DIST, "index.html"))) throw new Error("the web app is not built: run bun run scripts/build-ui.ts");
if (!process.env.DATA_DIR) throw new Error("DATA_DIR is required (a temporary folder)");
const ui = join(process.env.DATA_DIR, "ui");
cpSync(UI_DIST, ui, { recursive: true });

// Same id as the product's WhatsApp plugin, which it replaces (ContextOptions.channelPlugins).
await startServer({ assets: assetsFromDir(ui), channelPlugins: [plugin] });
