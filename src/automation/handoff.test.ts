import { afterEach, describe, expect, test } from "bun:test";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";

/**
 * The bot's last word when it hands a ticket to its queue: the place in line (sendQueuePosition), a random online
 * member (userRandom), or, for a queue that only informs (closeTicket), the end of the ticket.
 */
let w: Inbox | undefined;
afterEach(async () => {
  await w?.t.close();
  w = undefined;
});

/** Both queues on the connection (a menu); Q2 has no options, so choosing it hands the ticket to its agents. */
async function inbox() {
  w = await createInbox({ queues: true, connection: { greetingMessage: "Escolha:", complationMessage: "Até logo" } });
  const db = w.t.ctx.db;
  await db.updateTable("queues").set({ greetingMessage: "Fila 2, aguarde" }).where("id", "=", w.q2).execute();
  return w;
}

async function say(inbox: Inbox, body: string, from: string) {
  const before = inbox.session.sent.length;
  const r = await inbox.session.receive({ from, body, name: "Rita Souza" });
  if (r.status !== "stored") throw new Error(`not stored: ${JSON.stringify(r)}`);
  await inbox.t.ctx.channels.idle();
  return { ticketId: r.ticketId, texts: inbox.session.sent.slice(before).map((m) => m.body ?? "") };
}

/** A new contact picks queue 2 from the menu. */
async function toQueue2(inbox: Inbox, from: string) {
  expect((await say(inbox, "oi", from)).texts[0]).toStartWith("Escolha:");
  return say(inbox, "2", from);
}

const online = (inbox: Inbox, userId: number) => inbox.t.ctx.db.updateTable("users").set({ online: 1 }).where("id", "=", userId).execute();

describe("handing a ticket to its queue", () => {
  test("sendQueuePosition: the contact gets sendQueuePositionMessage with its place in line; off, nothing", async () => {
    const w = await inbox();
    expect((await toQueue2(w, "5511970000001")).texts).toEqual(["Fila 2, aguarde"]);
    await w.setting("sendQueuePositionMessage", "Sua posição na fila:");
    await w.setting("sendQueuePosition", "enabled");
    // One ticket already waits in queue 2: this one is second.
    expect((await toQueue2(w, "5511970000002")).texts).toEqual(["Fila 2, aguarde", "Sua posição na fila: *2*"]);
  });

  test("userRandom: an online member of the queue gets the ticket; nobody online, it waits unassigned", async () => {
    const w = await inbox();
    await w.setting("userRandom", "enabled");
    // Ana (queue 1) is online, Bruno (queue 2) is not: nobody of queue 2 is there.
    await online(w, w.agent.id);
    const waiting = await toQueue2(w, "5511970000003");
    expect(await w.ticket(waiting.ticketId)).toMatchObject({ status: "pending", queueId: w.q2, userId: null });

    await online(w, w.agent2.id);
    const given = await toQueue2(w, "5511970000004");
    expect(await w.ticket(given.ticketId)).toMatchObject({ queueId: w.q2, userId: w.agent2.id });
    expect((await w.logs(given.ticketId)).at(-1)).toMatchObject({ type: "queue", userId: w.agent2.id });

    await w.setting("userRandom", "disabled");
    const off = await toQueue2(w, "5511970000005");
    expect(await w.ticket(off.ticketId)).toMatchObject({ status: "pending", queueId: w.q2, userId: null });
  });

  test("a queue with closeTicket only informs: its greeting, then the ticket closes with the completion message", async () => {
    const w = await inbox();
    await w.t.ctx.db.updateTable("queues").set({ closeTicket: 1 }).where("id", "=", w.q2).execute();
    const done = await toQueue2(w, "5511970000006");
    expect(done.texts).toEqual(["Fila 2, aguarde", "Até logo"]);
    expect(await w.ticket(done.ticketId)).toMatchObject({ status: "closed", queueId: w.q2 });
  });
});
