/**
 * A stand-in for the WhatsApp plugin in browser tests (run by bun inside fake-channel-server.ts, never by Playwright):
 * the same id and way of connecting (`whatsapp`, QR code), no phone. A started session reports qrcode with
 * QR-VALUE-1; the test drives the rest over HTTP, through the plugin's own webhook route:
 *
 *   POST /api/webhooks/whatsapp/e2e/:connectionId  {op: "qr", value}          a new QR code (rotation)
 *                                                   {op: "connected"}          the phone scanned it
 *                                                   {op: "timeout"}            the phone went away
 *                                                   {op: "import", processed, total, done}  history import progress
 *   POST /api/webhooks/whatsapp/e2e/plan/:companyId {flags: {useWhatsapp: false, …}}  the company's plan flags
 *
 * The plan operation stands in for plan administration, which is not the subject here: it writes the plan's flags.
 */
import { z } from "zod";
import { type ChannelHost, type ChannelPlugin, defineChannel } from "../../../src/channels/adapter";
import type { AppContext } from "../../../src/context";

const FIRST_QR = "QR-VALUE-1";

const control = z.discriminatedUnion("op", [
  z.object({ op: z.literal("qr"), value: z.string().min(1) }),
  z.object({ op: z.literal("connected") }),
  z.object({ op: z.literal("timeout") }),
  z.object({ op: z.literal("import"), processed: z.number(), total: z.number(), done: z.boolean() }),
]);
const planBody = z.object({ flags: z.record(z.string().regex(/^use[A-Z][A-Za-z]+$/), z.boolean()) });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export function createFakeWhatsApp(context: () => AppContext): ChannelPlugin {
  const hosts = new Map<number, ChannelHost>();
  return defineChannel({
    manifest: {
      id: "whatsapp",
      name: "WhatsApp",
      connect: "qrcode",
      configSchema: z.object({}),
      secretFields: [],
      capabilities: Object.freeze({ react: false, edit: false, delete: false, markRead: false, groups: true, checkNumber: false, window24h: false }),
    },
    createSession(host) {
      return {
        async start() {
          hosts.set(host.connection.id, host);
          host.status("qrcode", FIRST_QR);
        },
        async stop() {
          if (hosts.get(host.connection.id) === host) hosts.delete(host.connection.id);
        },
        async logout() {
          if (hosts.get(host.connection.id) === host) hosts.delete(host.connection.id);
        },
        async send() {
          return { externalId: crypto.randomUUID() };
        },
      };
    },
    webhooks(router) {
      router.post("/e2e/plan/:companyId", async ({ params, rawBody }) => {
        const ctx = context();
        const { flags } = planBody.parse(JSON.parse(rawBody));
        const company = await ctx.db.selectFrom("companies").select("planId").where("id", "=", Number(params.companyId)).executeTakeFirstOrThrow();
        const values = Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v ? 1 : 0]));
        await ctx.db.updateTable("plans").set(values).where("id", "=", company.planId).execute();
        return json(200, { ok: true });
      });
      router.post("/e2e/:connectionId", async ({ params, rawBody }) => {
        const cmd = control.parse(JSON.parse(rawBody));
        const host = hosts.get(Number(params.connectionId));
        if (!host) return json(409, { error: "no live session for this connection" });
        if (cmd.op === "qr") host.status("qrcode", cmd.value);
        else if (cmd.op === "connected") host.status("CONNECTED", undefined, { number: "5511999990000" });
        else if (cmd.op === "timeout") host.status("TIMEOUT");
        else host.importProgress?.({ processed: cmd.processed, total: cmd.total, done: cmd.done });
        return json(200, { ok: true });
      });
    },
  });
}
