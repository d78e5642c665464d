import { afterEach, describe, expect, test } from "bun:test";
import { createCompany } from "../../../tests/helpers/factories";
import { flush, listen, type Peer, shutdown } from "../../../tests/helpers/socket-peer";
import { createInbox, type Inbox } from "../../../tests/helpers/inbox";

let w: Inbox | undefined;
let peers: Peer[] = [];
afterEach(async () => {
  if (w) await shutdown(w.t, peers);
  w = undefined;
  peers = [];
});

/** The inbox listening on a port, with a socket for the admin and each agent. */
async function live() {
  w = await createInbox();
  const open = listen(w.t);
  const connect = async (token: string) => {
    const p = open(token);
    peers.push(p);
    await p.opened;
    return p;
  };
  return {
    admin: await connect(w.admin.token),
    agent: await connect(w.agent.token),
    agent2: await connect(w.agent2.token),
    plain: await connect(w.plain.token),
    connect,
  };
}

const ticketFrames = (p: Peer, id: number) => p.received("company-1-ticket", (d) => d.ticket?.id === id || d.ticketId === id);

describe("ticket and message frames reach exactly the users who may see the ticket", () => {
  test("a Q1 ticket: the admin and the Q1 agent get its updates and messages; the Q2 agent and the plain user nothing", async () => {
    const s = await live();
    const id = await w!.inbound("5511000000001");
    // The first message's bot turn is over before the queue is written under it: a turn that read the ticket after
    // that write would rightly record the bot as done, and announce it in a ticket frame of its own.
    await w!.t.ctx.channels.idle();
    await w!.setTicket(id, { queueId: w!.q1 });
    await w!.session.receive({ from: "5511000000001", body: "preciso de ajuda" });
    for (const p of [s.admin, s.agent]) {
      const frame = await p.next("company-1-appMessage", (d) => d.message.body === "preciso de ajuda");
      expect(frame).toMatchObject({
        action: "create",
        message: { ticketId: id, fromMe: false },
        ticket: { id, queueId: w!.q1, lastMessage: "preciso de ajuda" },
        contact: { number: "5511000000001" },
      });
    }
    const put = await w!.t.json("PUT", `/api/tickets/${id}`, { token: w!.agent.token, body: { status: "open" } });
    expect(put.status).toBe(200);
    await s.admin.next("company-1-ticket", (d) => d.ticket?.id === id && d.ticket.status === "open" && d.ticket.userId === w!.agent.id);
    // The message's frame carried the ticket's change: no frame before the accept's repeated it.
    expect(ticketFrames(s.admin, id).filter((f) => f.data.ticket?.status === "pending")).toEqual([]);
    for (const p of [s.agent2, s.plain]) {
      await flush(w!.t, p, 1);
      expect(ticketFrames(p, id)).toEqual([]);
      expect(p.received("company-1-appMessage")).toEqual([]);
    }
  });

  test("a transfer: the old holder is told to drop it, the new one gets it; a deletion tells everyone who could see it", async () => {
    const s = await live();
    const id = await w!.inbound("5511000000001");
    await w!.setTicket(id, { queueId: w!.q1, status: "open", userId: w!.agent.id });
    const res = await w!.t.json("PUT", `/api/tickets/${id}`, { token: w!.agent.token, body: { isTransfered: true, queueId: w!.q2, userId: w!.agent2.id } });
    expect(res.status).toBe(200);
    expect(await s.agent.next("company-1-ticket", (d) => d.action === "delete")).toEqual({ action: "delete", ticketId: id });
    await s.agent2.next("company-1-ticket", (d) => d.action === "update" && d.ticket.userId === w!.agent2.id);
    await flush(w!.t, s.plain, 1);
    expect(ticketFrames(s.plain, id)).toEqual([]);

    const del = await w!.t.json("DELETE", `/api/tickets/${id}`, { token: w!.admin.token });
    expect(del.status).toBe(200);
    for (const p of [s.admin, s.agent2])
      expect(await p.next("company-1-ticket", (d) => d.action === "delete" && d.ticketId === id)).toEqual({ action: "delete", ticketId: id });
  });

  test("reading the messages sends updateUnread to the ticket's audience only", async () => {
    const s = await live();
    const id = await w!.inbound("5511000000001");
    await w!.setTicket(id, { queueId: w!.q1 });
    expect((await w!.t.json("GET", `/api/messages/${id}`, { token: w!.agent.token })).status).toBe(200);
    for (const p of [s.admin, s.agent])
      expect(await p.next("company-1-ticket", (d) => d.action === "updateUnread")).toEqual({ action: "updateUnread", ticketId: id });
    await flush(w!.t, s.agent2, 1);
    expect(s.agent2.received("company-1-ticket", (d) => d.action === "updateUnread")).toEqual([]);
  });

  test("a user given a queue while online hears of that queue's tickets from the next change on, without reconnecting", async () => {
    const s = await live();
    const id = await w!.inbound("5511000000001");
    await w!.setTicket(id, { queueId: w!.q1 });
    await w!.session.receive({ from: "5511000000001", body: "antes" });
    await s.agent.next("company-1-appMessage", (d) => d.message.body === "antes");
    await flush(w!.t, s.agent2, 1);
    expect(s.agent2.received("company-1-appMessage")).toEqual([]);

    const put = await w!.t.json("PUT", `/api/users/${w!.agent2.id}`, { token: w!.admin.token, body: { queueIds: [w!.q1, w!.q2] } });
    expect(put.status).toBe(200);
    await w!.session.receive({ from: "5511000000001", body: "depois" });
    expect(await s.agent2.next("company-1-appMessage", (d) => d.message.body === "depois")).toMatchObject({ ticket: { id, queueId: w!.q1 } });
  });

  test("another company's sockets hear nothing of company 1", async () => {
    const s = await live();
    const other = await createCompany(w!.t, { name: "B" });
    const b = await s.connect(other.admin.token);
    const id = await w!.inbound("5511000000001");
    await s.admin.next("company-1-appMessage", (d) => d.ticket?.id === id);
    await flush(w!.t, b, other.companyId);
    expect(b.frames.filter((f) => f.event.startsWith("company-1-"))).toEqual([]);
  });
});

describe("LGPD in socket frames", () => {
  test("a plain user's frames carry the masked number, as their REST answers do; admins get it whole", async () => {
    const s = await live();
    await w!.setting("enableLGPD", "enabled");
    await w!.setting("lgpdHideNumber", "enabled");
    const id = await w!.inbound("5511987654321");
    await w!.setTicket(id, { queueId: w!.q1 });
    await w!.session.receive({ from: "5511987654321", body: "oi" });
    const agentFrame = await s.agent.next("company-1-appMessage", (d) => d.message.body === "oi");
    const adminFrame = await s.admin.next("company-1-appMessage", (d) => d.message.body === "oi");
    expect(agentFrame.contact).toMatchObject({ number: "5511*******21", name: "5511*******21" });
    expect(agentFrame.message.contact.name).toBe("5511*******21");
    expect(adminFrame.contact).toMatchObject({ number: "5511987654321" });

    const rest = await w!.t.json("GET", `/api/tickets/u/${(await w!.ticket(id)).uuid}`, { token: w!.agent.token });
    expect(agentFrame.ticket.contact).toEqual(rest.body.contact);

    await w!.t.ctx.db
      .updateTable("contacts")
      .set({ email: "x@y.z" })
      .where("id", "=", (await w!.ticket(id)).contactId)
      .execute();
    w!.t.ctx.bus.emit("contact.updated", { companyId: 1, contactId: (await w!.ticket(id)).contactId });
    const changed = (d: any) => d.action === "update" && d.contact.email === "x@y.z";
    expect((await s.plain.next("company-1-contact", changed)).contact).toMatchObject({ number: "5511*******21", name: "5511*******21" });
    expect((await s.admin.next("company-1-contact", changed)).contact).toMatchObject({ number: "5511987654321" });
  });
  test("switching the number masking on through the settings page masks the next frames at once", async () => {
    const s = await live();
    await w!.setting("enableLGPD", "enabled");
    const id = await w!.inbound("5511987654321");
    await w!.setTicket(id, { queueId: w!.q1 });
    await w!.session.receive({ from: "5511987654321", body: "antes" });
    expect((await s.agent.next("company-1-appMessage", (d) => d.message.body === "antes")).contact.number).toBe("5511987654321");

    const put = await w!.t.json("PUT", "/api/settings/lgpdHideNumber", { token: w!.admin.token, body: { value: "enabled" } });
    expect(put.status).toBe(200);
    await w!.session.receive({ from: "5511987654321", body: "depois" });
    expect((await s.agent.next("company-1-appMessage", (d) => d.message.body === "depois")).contact.number).toBe("5511*******21");
  });
});
