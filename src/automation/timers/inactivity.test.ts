import { afterEach, describe, expect, test } from "bun:test";
import type { Inbox } from "../../../tests/helpers/inbox";
import type { ChannelTestApp } from "../../../tests/helpers/test-channel";
import { advance, agentAnswers, contactSays, MINUTE, saveConnection, sentTexts, timedInbox, tokenOf } from "../../../tests/helpers/timed";

let w: Inbox | undefined;
let restarted: ChannelTestApp | undefined;
afterEach(async () => {
  await (restarted ?? w?.t)?.close();
  w = undefined;
  restarted = undefined;
});

const WARNING = { timeInactiveMessage: 10, inactiveMessage: "Ainda está aí, {{firstName}}?" };
const EXPIRY = { expiresTicket: 30, expiresInactiveMessage: "Encerramos por falta de resposta." };
const move = (inbox: Inbox, ms: number) => advance(inbox.t.ctx, ms, inbox.t.clock);

describe("inactivity per connection", () => {
  test("after the agent's answer: one warning at timeInactiveMessage, then the close with expiresInactiveMessage expiresTicket minutes later (logged autoClose)", async () => {
    w = await timedInbox({ ...WARNING, ...EXPIRY, whenExpiresTicket: "1" });
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    const before = sentTexts(w).length;

    await move(w, 9 * MINUTE);
    expect(sentTexts(w).slice(before)).toEqual([]);
    await move(w, 2 * MINUTE);
    expect(sentTexts(w).slice(before)).toEqual(["Ainda está aí, Maria?"]);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "open", sendInactiveMessage: 1 });

    // Counted from the warning: not closed 29 minutes after it, closed at 30, once.
    await move(w, 28 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("open");
    await move(w, 3 * MINUTE);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", sendInactiveMessage: 0 });
    expect(sentTexts(w).slice(before)).toEqual(["Ainda está aí, Maria?", "Encerramos por falta de resposta."]);
    expect((await w.logs(ticketId)).map((l) => l.type).slice(-1)).toEqual(["autoClose"]);
    await move(w, 120 * MINUTE);
    expect(sentTexts(w).slice(before)).toHaveLength(2);
  });

  test("the contact's answer cancels the close and allows a warning after the next silence", async () => {
    w = await timedInbox({ ...WARNING, ...EXPIRY, whenExpiresTicket: "1" });
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await move(w, 11 * MINUTE);
    expect((await w.ticket(ticketId)).sendInactiveMessage).toBe(1);
    await contactSays(w, "estou sim");
    expect((await w.ticket(ticketId)).sendInactiveMessage).toBe(0);
    // The contact spoke last and whenExpiresTicket is "1": no warning, no close however long.
    await move(w, 120 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("open");
    await agentAnswers(w, ticketId, "Certo!");
    await move(w, 11 * MINUTE);
    expect(sentTexts(w).filter((s) => s.startsWith("Ainda está aí"))).toHaveLength(2);
  });

  test("whenExpiresTicket 0: the silence counts whoever spoke last", async () => {
    w = await timedInbox({ ...EXPIRY, whenExpiresTicket: "0" });
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await contactSays(w, "vou ver e te falo");
    await move(w, 31 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("closed");
  });

  test("a restart between the warning and the close: the close comes once, the warning is not repeated", async () => {
    w = await timedInbox({ ...WARNING, ...EXPIRY, whenExpiresTicket: "1" });
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await move(w, 11 * MINUTE);
    restarted = await w.t.restart();
    const again: Inbox = { ...w, t: restarted };
    for (let i = 0; i < 50 && again.chan.session(w.connectionId) === w.session; i++) await Bun.sleep(20);
    await move(again, 31 * MINUTE);
    await move(again, 60 * MINUTE);
    const bots = await restarted.ctx.db
      .selectFrom("messages")
      .select("body")
      .where("ticketId", "=", ticketId)
      .where("origin", "=", "bot")
      .orderBy("id")
      .execute();
    expect(bots.map((m) => m.body)).toEqual(["Ainda está aí, Maria?", "Encerramos por falta de resposta."]);
    const ticket = await restarted.ctx.db.selectFrom("tickets").select("status").where("id", "=", ticketId).executeTakeFirstOrThrow();
    expect(ticket.status).toBe("closed");
    const logs = await restarted.ctx.db.selectFrom("ticket_logs").select("type").where("ticketId", "=", ticketId).where("type", "=", "autoClose").execute();
    expect(logs).toHaveLength(1);
  });

  test("pending tickets and groups are left alone; expiresTicket 0 turns the close off", async () => {
    w = await timedInbox({ ...WARNING, expiresTicket: 0, whenExpiresTicket: "0" });
    const pending = await contactSays(w, "oi");
    const open = await contactSays(w, "oi", "5511977776666");
    await agentAnswers(w, open);
    await move(w, 300 * MINUTE);
    expect((await w.ticket(pending)).status).toBe("pending");
    expect(await w.ticket(open)).toMatchObject({ status: "open", sendInactiveMessage: 1 });
  });
});

describe("the company's auto-close (autoCloseTicketsMinutes)", () => {
  test("an open ticket idle that many minutes closes silently (logged autoClose); 0 turns it off", async () => {
    w = await timedInbox();
    const admin = await tokenOf(w.t, w.admin);
    expect((await w.t.json("PUT", "/api/settings/autoCloseTicketsMinutes", { token: admin, body: { value: "45" } })).status).toBe(200);
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    const before = sentTexts(w).length;
    await move(w, 44 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("open");
    await move(w, 2 * MINUTE);
    expect(await w.ticket(ticketId)).toMatchObject({ status: "closed", lastClosedAt: expect.any(String) });
    expect(sentTexts(w).slice(before)).toEqual([]);
    expect((await w.logs(ticketId)).map((l) => l.type).slice(-1)).toEqual(["autoClose"]);

    const admin2 = await tokenOf(w.t, w.admin);
    expect((await w.t.json("PUT", "/api/settings/autoCloseTicketsMinutes", { token: admin2, body: { value: "0" } })).status).toBe(200);
    const other = await contactSays(w, "oi", "5511955554444");
    await agentAnswers(w, other);
    await move(w, 3 * 24 * 60 * MINUTE);
    expect((await w.ticket(other)).status).toBe("open");
  });

  test("on by default: 24 hours (1440 minutes)", async () => {
    w = await timedInbox();
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await move(w, 1430 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("open");
    await move(w, 15 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("closed");
  });
});

describe("timed texts and the reply window", () => {
  test("a warning that would fall outside the channel's reply window is not sent and is logged; the rule's change still happens", async () => {
    w = await timedInbox({ ...WARNING, timeInactiveMessage: 25 * 60, whenExpiresTicket: "1" });
    const admin = await tokenOf(w.t, w.admin);
    expect((await w.t.json("PUT", "/api/settings/autoCloseTicketsMinutes", { token: admin, body: { value: "0" } })).status).toBe(200);
    const plugin = w.chan.plugin;
    plugin.manifest.capabilities = { ...plugin.manifest.capabilities, window24h: true };
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    const before = sentTexts(w).length;
    await move(w, 25 * 60 * MINUTE + MINUTE);
    expect(sentTexts(w).slice(before)).toEqual([]);
    expect((await w.ticket(ticketId)).sendInactiveMessage).toBe(1);
    expect((await w.logs(ticketId)).map((l) => l.type)).toContain("windowClosed");
  });
});

describe("switching a rule on", () => {
  test("idle time before the switch does not count", async () => {
    w = await timedInbox({ whenExpiresTicket: "1" });
    const ticketId = await contactSays(w, "oi");
    await agentAnswers(w, ticketId);
    await move(w, 60 * MINUTE);
    await saveConnection(w, { ...EXPIRY });
    await move(w, 29 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("open");
    await move(w, 2 * MINUTE);
    expect((await w.ticket(ticketId)).status).toBe("closed");
  });
});
