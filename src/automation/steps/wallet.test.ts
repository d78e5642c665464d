import { afterEach, describe, expect, test } from "bun:test";
import type { Inbox } from "../../../tests/helpers/inbox";
import { agentAnswers, contactSays, sentTexts, timedInbox, tokenOf } from "../../../tests/helpers/timed";

let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

/** Two queues (so the bot's menu), DirectTicketsToWallets on through the API. */
async function walletInbox(): Promise<Inbox> {
  const inbox = await timedInbox({ greetingMessage: "Escolha:" }, { queues: [] });
  const token = await tokenOf(inbox.t, inbox.admin);
  const saved = await inbox.t.json("PUT", `/api/whatsapp/${inbox.connectionId}`, { token, body: { queueIds: [inbox.q1, inbox.q2] } });
  expect(saved.status).toBe(200);
  expect((await inbox.t.json("PUT", "/api/settings/DirectTicketsToWallets", { token, body: { value: "enabled" } })).status).toBe(200);
  return inbox;
}

async function close(inbox: Inbox, ticketId: number) {
  const r = await inbox.t.json("PUT", `/api/tickets/${ticketId}`, { token: await tokenOf(inbox.t, inbox.agent), body: { status: "closed" } });
  expect(r.status).toBe(200);
}

describe("DirectTicketsToWallets", () => {
  test("the contact's wallet owner gets the new ticket open, and the bot stays out", async () => {
    w = await walletInbox();
    const contact = await w.t.ctx.db
      .insertInto("contacts")
      .values({ companyId: 1, name: "Maria Silva", number: "5511988887777", channel: "testchan", identity: "5511988887777", walletUserId: w.agent2.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const ticketId = await contactSays(w, "oi");
    expect(await w.ticket(ticketId)).toMatchObject({ contactId: contact.id, status: "open", userId: w.agent2.id, botStage: "done" });
    expect(sentTexts(w)).toEqual([]);
    expect((await w.logs(ticketId)).map((l) => [l.type, l.userId])).toContainEqual(["open", w.agent2.id]);
  });

  test("without a wallet owner: the agent of the contact's last closed ticket; a first-time contact meets the bot", async () => {
    w = await walletInbox();
    const first = await contactSays(w, "oi");
    expect(sentTexts(w)[0]).toStartWith("Escolha:");
    await contactSays(w, "1");
    await agentAnswers(w, first);
    await close(w, first);

    const again = await contactSays(w, "voltei");
    expect(again).not.toBe(first);
    expect(await w.ticket(again)).toMatchObject({ status: "open", userId: w.agent.id });
  });

  test("switched off, a returning contact meets the bot as usual", async () => {
    w = await walletInbox();
    await w.setting("DirectTicketsToWallets", "disabled");
    await w.t.ctx.db
      .insertInto("contacts")
      .values({ companyId: 1, name: "Maria Silva", number: "5511988887777", channel: "testchan", identity: "5511988887777", walletUserId: w.agent2.id })
      .execute();
    const ticketId = await contactSays(w, "oi");
    expect(await w.ticket(ticketId)).toMatchObject({ status: "pending", userId: null, botStage: "menu" });
  });
});
