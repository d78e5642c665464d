/**
 * The contract every channel plugin passes (the way one suite runs against every SQL dialect in Kysely).
 * A plugin's test file calls:
 *
 *   runChannelContract("webchat", async () => makeMyHarness());
 *
 * The harness drives the plugin through its real path (its fake provider server, webhook or socket) and reports
 * what the provider saw. The suite checks what the core promises on top: status reaches the row and the web app,
 * inbound creates contact/ticket/message once, sends answer an externalId, acks only move forward, provider
 * failures become a ChannelError code on the message (a refusal for now, RATE_LIMITED or TEMPORARY, is queued again
 * with its code and then sent), stop ends the session.
 *
 * Only tests import this file (it uses bun:test).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { AppContext } from "../../src/context";
import type { Ack, ChannelErrorCode } from "../../src/channels/adapter";

export interface ContractHarness {
  ctx: AppContext;
  /** app.handle with JSON, like tests/helpers/test-app.ts's json(). */
  json(method: string, path: string, opts?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  /** An admin's access token in the connection's company. */
  adminToken: string;
  companyId: number;
  /**
   * Creates the plugin's connection and brings its session to CONNECTED (scanning a fake QR, answering a fake
   * OAuth...). Called after the suite starts listening to the hub. Answers the connection id.
   */
  connect(): Promise<number>;
  /** The channel delivers a text from a contact (through the plugin's real inbound path). */
  deliverText(msg: { externalId: string; from: string; name?: string; body: string }): Promise<void>;
  /** The chat identity the core should store for `from` (usually `from` itself). */
  identityOf?(from: string): string;
  /** The externalId the core should store for a delivered message (usually the provider's own; web chat scopes it to the visitor). */
  externalIdOf?(from: string, externalId: string): string;
  /** What the provider received from our sends, oldest first. */
  sent(): Promise<{ externalId: string; to: string; body: string }[]>;
  /** The provider reports delivery progress for one of our messages. */
  deliverAck(externalId: string, ack: Ack): Promise<void>;
  /**
   * The provider will refuse the next send (once); answers the ChannelError code the plugin must map that refusal to.
   * With RATE_LIMITED or TEMPORARY the suite expects the core to send it again (make the hint, if any, short).
   */
  failNextSend(): Promise<ChannelErrorCode>;
  close(): Promise<void>;
}

/** Polls until check() passes (async providers deliver on their own schedule). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error("condition not met in time");
    await Bun.sleep(10);
  }
}

export function runChannelContract(name: string, makeHarness: () => Promise<ContractHarness>): void {
  describe(`channel contract: ${name}`, () => {
    let h: ContractHarness;
    let frames: { event: string; data: any }[];
    let connectionId: number;

    beforeEach(async () => {
      h = await makeHarness();
      frames = [];
      const original = h.ctx.hub.emit.bind(h.ctx.hub);
      h.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: never) => {
        frames.push({ event, data });
        return original(companyId, event, data, opts);
      }) as typeof h.ctx.hub.emit;
      connectionId = await h.connect();
    });

    afterEach(async () => {
      await h.close();
    });

    const connection = () => h.ctx.db.selectFrom("connections").selectAll().where("id", "=", connectionId).executeTakeFirstOrThrow();
    const messageByExternal = (externalId: string) =>
      h.ctx.db.selectFrom("messages").selectAll().where("connectionId", "=", connectionId).where("externalId", "=", externalId).executeTakeFirst();
    const identity = (from: string) => h.identityOf?.(from) ?? from;
    const inboundId = (from: string, externalId: string) => h.externalIdOf?.(from, externalId) ?? externalId;

    const messageRow = (id: number) => h.ctx.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

    /** An inbound text, the ticket accepted by the admin, and an agent reply; answers the reply's id. */
    async function replyId(body: string): Promise<number> {
      await h.deliverText({ externalId: `c-${crypto.randomUUID()}`, from: "5511987650001", name: "Contract", body: "hi" });
      const inbound = await eventually(async () =>
        h.ctx.db.selectFrom("messages").select("ticketId").where("connectionId", "=", connectionId).executeTakeFirst(),
      );
      const accepted = await h.json("PUT", `/api/tickets/${inbound.ticketId}`, { token: h.adminToken, body: { status: "open" } });
      expect(accepted.status).toBe(200);
      const res = await h.json("POST", `/api/messages/${inbound.ticketId}`, { token: h.adminToken, body: { body } });
      expect(res.status).toBe(200);
      return res.body.message.id as number;
    }

    /** The message's row once sent or failed. */
    function settled(id: number, timeoutMs?: number) {
      return eventually(async () => {
        await h.ctx.channels.idle();
        const r = await messageRow(id);
        return r.sendStatus === "sent" || r.sendStatus === "failed" ? r : undefined;
      }, timeoutMs);
    }

    async function reply(body: string) {
      return settled(await replyId(body));
    }

    test("start: the status reaches the connection row and the web app", async () => {
      await eventually(async () => (await connection()).status === "CONNECTED");
      await h.ctx.channels.idle();
      const statuses = frames.filter((f) => f.event === `company-${h.companyId}-whatsappSession`).map((f) => f.data.session.status);
      expect(statuses).toContain("CONNECTED");
      expect(h.ctx.channels.sessions.liveSession(connectionId)).toBeDefined();
    });

    test("inbound text: contact, ticket and message are created", async () => {
      await h.deliverText({ externalId: "contract-in-1", from: "5511987650002", name: "Maria", body: "Olá, tudo bem?" });
      const msg = await eventually(() => messageByExternal(inboundId("5511987650002", "contract-in-1")));
      expect(msg).toMatchObject({ body: "Olá, tudo bem?", fromMe: 0, origin: "contact", companyId: h.companyId });
      const contact = await h.ctx.db.selectFrom("contacts").selectAll().where("id", "=", msg.contactId!).executeTakeFirstOrThrow();
      expect(contact.identity).toBe(identity("5511987650002"));
      const ticket = await h.ctx.db.selectFrom("tickets").selectAll().where("id", "=", msg.ticketId).executeTakeFirstOrThrow();
      expect(ticket).toMatchObject({ whatsappId: connectionId, contactId: contact.id, unreadMessages: 1 });
      expect(["pending", "group"]).toContain(ticket.status);
    });

    test("inbound: a repeated externalId is ignored", async () => {
      const from = "5511987650003";
      await h.deliverText({ externalId: "contract-dup", from, body: "once" });
      await eventually(() => messageByExternal(inboundId(from, "contract-dup")));
      await h.deliverText({ externalId: "contract-dup", from, body: "once" });
      await h.deliverText({ externalId: "contract-after", from, body: "after" });
      await eventually(() => messageByExternal(inboundId(from, "contract-after")));
      const rows = await h.ctx.db
        .selectFrom("messages")
        .select("id")
        .where("connectionId", "=", connectionId)
        .where("externalId", "=", inboundId(from, "contract-dup"))
        .execute();
      expect(rows).toHaveLength(1);
    });

    test("send: the provider gets the message, the row gets its externalId, acks only move forward", async () => {
      const row = await reply("Resposta do agente");
      expect(row).toMatchObject({ sendStatus: "sent", attempts: 1 });
      expect(row.ack).toBeGreaterThanOrEqual(1);
      const sent = await h.sent();
      const mine = sent.find((s) => s.externalId === row.externalId);
      expect(mine).toMatchObject({ body: "Resposta do agente", to: identity("5511987650001") });
      await h.deliverAck(row.externalId!, 3);
      await eventually(async () => (await messageByExternal(row.externalId!))?.ack === 3);
      await h.deliverAck(row.externalId!, 2);
      await h.ctx.channels.idle();
      await Bun.sleep(20);
      await h.ctx.channels.idle();
      expect((await messageByExternal(row.externalId!))!.ack).toBe(3);
    });

    test("send failure: the provider's refusal is a ChannelError code on the message; a refusal for now is sent again", async () => {
      const code = await h.failNextSend();
      const id = await replyId("will fail");
      if (code === "RATE_LIMITED" || code === "TEMPORARY") {
        const waiting = await eventually(async () => {
          const r = await messageRow(id);
          return r.sendStatus === "queued" && r.attempts === 1 ? r : undefined;
        });
        expect(waiting).toMatchObject({ errorCode: code });
        expect(waiting.retryAt).toBeTruthy();
        expect(await settled(id, 10_000)).toMatchObject({ sendStatus: "sent", errorCode: null, retryAt: null, attempts: 2 });
        return;
      }
      const failed = await settled(id);
      expect(failed).toMatchObject({ sendStatus: "failed", errorCode: code, attempts: 1 });
      expect(failed.errorMessage).toBeTruthy();
    });

    test("several instances: a plugin reached from outside (webhooks, public routes) runs its sessions on every instance", async () => {
      const plugin = h.ctx.channels.registry.get((await connection()).channel)!;
      // A webhook or a visitor may reach any instance behind a proxy: each must run the connection's session.
      const reachedFromOutside = Boolean(plugin.webhooks || plugin.sharedWebhooks || plugin.publicRoutes);
      expect(plugin.manifest.instances ?? "one").toBe(reachedFromOutside ? "every" : "one");
    });

    test("stop: the session ends and the connection shows it", async () => {
      await eventually(async () => (await connection()).status === "CONNECTED");
      await h.ctx.channels.sessions.stop(connectionId);
      await h.ctx.channels.idle();
      expect(h.ctx.channels.sessions.liveSession(connectionId)).toBeUndefined();
      expect((await connection()).status).toBe("DISCONNECTED");
    });
  });
}
