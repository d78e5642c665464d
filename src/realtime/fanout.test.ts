/**
 * Fan-out equivalence: the hub judges each message frame's audience from memory (online actors, their kept queues, the
 * company's kept LGPD policy). After each change of a permission, a queue membership or an LGPD setting made through
 * the product's own routes, every socket must receive exactly the frames, and the masked fields, that a reading of the
 * store at that moment allows: the reference below reads the rows and applies the visibility rule written out again.
 */
import { afterEach, expect, test } from "bun:test";
import { createInbox, type Inbox } from "../../tests/helpers/inbox";
import { flush, listen, type Peer, shutdown } from "../../tests/helpers/socket-peer";
import { createUser, type TestUser } from "../../tests/helpers/factories";

let w: Inbox | undefined;
let peers: Peer[] = [];
afterEach(async () => {
  if (w) await shutdown(w.t, peers);
  w = undefined;
  peers = [];
});

/** Who may see the ticket and whether their numbers are masked, read from the store now. */
async function reference(inbox: Inbox, userId: number, ticketId: number) {
  const db = inbox.t.ctx.db;
  const u = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const queues = (await db.selectFrom("user_queues").select("queueId").where("userId", "=", userId).execute()).map((r) => r.queueId);
  const t = await db.selectFrom("tickets").selectAll().where("id", "=", ticketId).executeTakeFirstOrThrow();
  const settings = new Map(
    (await db.selectFrom("company_settings").select(["key", "value"]).where("companyId", "=", 1).execute()).map((s) => [s.key, s.value]),
  );
  const admin = u.profile === "admin" || u.super === 1;
  const sees =
    admin ||
    u.allUserChat === "enabled" ||
    t.userId === u.id ||
    (t.isGroup === 1 ? u.allowGroup === 1 : t.userId === null && (t.queueId === null ? u.allTicket === "enable" : queues.includes(t.queueId)));
  const masked = !admin && settings.get("enableLGPD") === "enabled" && settings.get("lgpdHideNumber") === "enabled";
  return { sees, masked };
}

test("after each permission, queue and LGPD change, every socket gets exactly the message frames and masking the store allows", async () => {
  w = await createInbox();
  const inbox = w;
  const extra = await createUser(inbox.t, { companyId: 1, name: "Dora" });
  const users: TestUser[] = [inbox.admin, inbox.agent, inbox.agent2, inbox.plain, extra];
  const open = listen(inbox.t);
  const byUser = new Map<number, Peer>();
  for (const u of users) {
    const p = open(u.token);
    peers.push(p);
    await p.opened;
    byUser.set(u.id, p);
  }

  // One ticket of each kind: unassigned in Q1, held in Q2 by agent2, without queue, a group.
  const numbers = { q1: "5511987650001", held: "5511987650002", none: "5511987650003" };
  const tickets = {
    q1: await inbox.inbound(numbers.q1),
    held: await inbox.inbound(numbers.held),
    none: await inbox.inbound(numbers.none),
    group: await inbox.inbound("120363000000000001@g.us", { group: true, name: "Grupo" }),
  };
  await inbox.setTicket(tickets.q1, { queueId: inbox.q1 });
  await inbox.setTicket(tickets.held, { queueId: inbox.q2, userId: inbox.agent2.id, status: "open" });

  const putUser = async (user: TestUser, body: Record<string, unknown>) =>
    expect((await inbox.t.json("PUT", `/api/users/${user.id}`, { token: inbox.admin.token, body })).status).toBe(200);
  const putSetting = async (key: string, value: string) =>
    expect((await inbox.t.json("PUT", `/api/settings/${key}`, { token: inbox.admin.token, body: { value } })).status).toBe(200);

  const changes: [string, () => Promise<unknown>][] = [
    ["as set up", async () => undefined],
    ["Caio: allTicket", () => putUser(inbox.plain, { allTicket: "enable" })],
    ["Caio: allowGroup", () => putUser(inbox.plain, { allowGroup: true })],
    ["Bruno: allUserChat", () => putUser(inbox.agent2, { allUserChat: "enabled" })],
    [
      "LGPD on, numbers hidden",
      async () => {
        await putSetting("enableLGPD", "enabled");
        await putSetting("lgpdHideNumber", "enabled");
      },
    ],
    ["Dora: Q1 and Q2", () => putUser(extra, { queueIds: [inbox.q1, inbox.q2] })],
    ["Ana: no queue", () => putUser(inbox.agent, { queueIds: [] })],
    ["Ana: admin", () => putUser(inbox.agent, { profile: "admin" })],
    ["Bruno: allUserChat off", () => putUser(inbox.agent2, { allUserChat: "disabled" })],
    ["numbers shown again", () => putSetting("lgpdHideNumber", "disabled")],
  ];

  for (const [round, [name, change]] of changes.entries()) {
    await change();
    const sent: { ticketId: number; body: string }[] = [];
    for (const [kind, ticketId] of Object.entries(tickets)) {
      const body = `round ${round} ${kind}`;
      if (kind === "group") await inbox.session.receive({ from: "120363000000000001@g.us", body, group: true, participant: { id: "5511900000009" } });
      else await inbox.session.receive({ from: numbers[kind as keyof typeof numbers], body });
      sent.push({ ticketId, body });
    }
    // The admin sees every ticket, and each message's frames go to all its recipients at once: once the admin has a
    // frame for every message, every recipient's frame was sent. (Messages of different tickets may be announced in
    // any order: each one's reads run on their own.)
    const admin = byUser.get(inbox.admin.id)!;
    for (const m of sent) await admin.next("company-1-appMessage", (d) => d.message.body === m.body);
    for (const p of byUser.values()) await flush(inbox.t, p, 1);

    for (const u of users) {
      const got = byUser
        .get(u.id)!
        .received("company-1-appMessage", (d) => typeof d.message?.body === "string" && d.message.body.startsWith(`round ${round} `))
        .map((f) => f.data);
      const expected: string[] = [];
      for (const m of sent) {
        const ref = await reference(inbox, u.id, m.ticketId);
        if (!ref.sees) continue;
        expected.push(m.body);
        const frame = got.find((d) => d.message.body === m.body);
        if (!frame || m.ticketId === tickets.group) continue;
        const number = frame.contact.number as string;
        expect({ change: name, user: u.id, body: m.body, masked: number.includes("*") }).toEqual({
          change: name,
          user: u.id,
          body: m.body,
          masked: ref.masked,
        });
      }
      expect({ change: name, user: u.id, bodies: got.map((d) => d.message.body).sort() }).toEqual({ change: name, user: u.id, bodies: expected.sort() });
    }
  }
}, 60_000);
