/**
 * `bun tests/e2e/helpers/meta-server.ts`: the product served from the sources (a copy of ui/dist for the web app) with
 * its REAL Meta plugins (whatsappapi, facebook, instagram) talking to the fake Graph API of tests/fakes/meta-graph
 * (FakeGraph, seeded with Meta's documented example accounts: FAKE_IDS) instead of graph.facebook.com, for
 * tests/e2e/meta.e2e.ts (started with startServer({ cmd })). Environment as for the binary, with DATA_DIR required (a
 * fresh temporary folder) and CONTROL_PORT (a free port for the control server below). The helper sets
 * META_GRAPH_URL (the fake), META_APP_ID / META_APP_SECRET (the fake's app) and PUBLIC_URL (http://HOST:PORT).
 *
 * The control server (127.0.0.1:CONTROL_PORT) plays Meta's side and reaches what the browser cannot:
 *
 *   POST /deliver-whatsapp {connectionId, body}  Meta's webhook sender: body (a Cloud API webhook payload) serialised
 *                                                 with Meta's escapes, signed with the connection's appSecret
 *                                                 (X-Hub-Signature-256), POSTed to /api/webhooks/whatsappapi/:id;
 *                                                 answers {status, body} of the product's answer and the {ticketId,
 *                                                 uuid} the payload's first message was stored on
 *   POST /backdate {ticketId, hours}             moves every message of the ticket `hours` into the past (the 24-hour
 *                                                 reply window counts from messages.writtenAt: src/channels/window.ts)
 *   POST /media {id, base64, mime, hold?, fail?} a WhatsApp user's file on the fake Graph; hold: its download waits until
 *                                                 POST /release; fail: every download of it fails (Graph 500)
 *   POST /jobs-due                               makes every queued job due now (the retries' backoff would take a minute)
 *   GET  /requests                               what the product asked of the fake Graph (RecordedRequest[], without
 *                                                 multipart bytes)
 *
 * Why /backdate and /jobs-due write the database directly: the server has no clock a test can move from outside the process (the
 * bun tests advance ctx.clock; a browser test cannot), and waiting 24 hours is not an option. The update goes through
 * the server's own connection (ctx.db, same process), so there is no second writer at all; SQLite runs in WAL mode, so
 * the server's read pool (separate read-only connections) sees the committed change on its next read.
 */
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { assetsFromDir, UI_DIST } from "../../../scripts/build-ui";
import type { AppContext } from "../../../src/context";
import { startServer } from "../../../src/server";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../fakes/meta-graph";

if (!existsSync(join(UI_DIST, "index.html"))) throw new Error("the web app is not built: run bun run scripts/build-ui.ts");
if (!process.env.DATA_DIR) throw new Error("DATA_DIR is required (a temporary folder)");
if (!process.env.CONTROL_PORT) throw new Error("CONTROL_PORT is required (a free port)");
if (!process.env.PORT) throw new Error("PORT is required (PUBLIC_URL is built from it)");

const fake = await FakeGraph.start();
process.env.META_GRAPH_URL = fake.url;
process.env.META_APP_ID = FAKE_IDS.appId;
process.env.META_APP_SECRET = FAKE_IDS.appSecret;
process.env.PUBLIC_URL = `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT}`;

// A copy of the built web app under DATA_DIR: a rebuild of ui/dist meanwhile (hashed names change) cannot break the run.
const ui = join(process.env.DATA_DIR, "ui");
cpSync(UI_DIST, ui, { recursive: true });

const { ctx } = (await startServer({ assets: assetsFromDir(ui) })) as { ctx: AppContext };
const base = process.env.PUBLIC_URL;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.CONTROL_PORT),
  async fetch(req) {
    const path = new URL(req.url).pathname;
    try {
      if (req.method === "POST" && path === "/deliver-whatsapp") {
        const { connectionId, body } = (await req.json()) as { connectionId: number; body: unknown };
        const row = await ctx.db.selectFrom("connections").select(["config", "channel"]).where("id", "=", connectionId).executeTakeFirst();
        if (row?.channel !== "whatsappapi") return json(404, { error: "no whatsappapi connection with that id" });
        const { appSecret } = JSON.parse(row.config) as { appSecret: string };
        const { rawBody, headers } = signedDelivery(body, appSecret);
        const res = await fetch(`${base}/api/webhooks/whatsappapi/${connectionId}`, { method: "POST", headers, body: rawBody });
        await ctx.channels.idle();
        // The ticket the message landed on (by the wamid of the payload's first message), for the spec's next steps.
        const wamid = (body as any)?.entry?.[0]?.changes?.[0]?.value?.messages?.[0]?.id as string | undefined;
        const stored = wamid
          ? await ctx.db
              .selectFrom("messages")
              .innerJoin("tickets", "tickets.id", "messages.ticketId")
              .select(["tickets.id as ticketId", "tickets.uuid"])
              .where("messages.externalId", "=", wamid)
              .executeTakeFirst()
          : undefined;
        return json(200, { status: res.status, body: await res.text(), ticketId: stored?.ticketId ?? null, uuid: stored?.uuid ?? null });
      }
      if (req.method === "POST" && path === "/backdate") {
        const { ticketId, hours } = (await req.json()) as { ticketId: number; hours: number };
        const rows = await ctx.db.selectFrom("messages").select(["id", "createdAt", "writtenAt"]).where("ticketId", "=", ticketId).execute();
        const back = (iso: string) => new Date(Date.parse(iso) - hours * 3_600_000).toISOString();
        for (const m of rows) {
          await ctx.db
            .updateTable("messages")
            .set({ createdAt: back(m.createdAt), writtenAt: m.writtenAt ? back(m.writtenAt) : null })
            .where("id", "=", m.id)
            .execute();
        }
        return json(200, { updated: rows.length });
      }
      if (req.method === "POST" && path === "/media") {
        // A WhatsApp user's file on the fake: held (the download waits until /release), or failing every time.
        const { id, base64, mime, hold, fail } = (await req.json()) as { id: string; base64: string; mime: string; hold?: boolean; fail?: boolean };
        fake.addMedia(
          id,
          Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)),
          mime,
        );
        if (hold) fake.hold({ method: "GET", path: `/${id}` }, 600_000);
        if (fail) fake.failNext({ method: "GET", path: `/${id}` }, "serverError", 100);
        return json(200, { ok: true });
      }
      if (req.method === "POST" && path === "/release") {
        fake.releaseHolds();
        return json(200, { ok: true });
      }
      if (req.method === "POST" && path === "/jobs-due") {
        const res = await ctx.db.updateTable("jobs").set({ runAt: new Date().toISOString() }).where("status", "=", "queued").executeTakeFirst();
        return json(200, { updated: Number(res.numUpdatedRows) });
      }
      if (req.method === "GET" && path === "/requests") {
        return json(
          200,
          fake.requests.map(({ form: _form, ...r }) => r),
        );
      }
      return json(404, { error: "unknown control route" });
    } catch (err) {
      return json(500, { error: String(err) });
    }
  },
});
