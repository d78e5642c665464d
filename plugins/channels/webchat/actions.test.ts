/**
 * An agent's reaction, edit and delete on web chat over real HTTP and WebSocket: each reaches the visitor's open
 * sockets live (`reaction`, `edit`, `delete` frames carrying the id the visitor API shows) and the visitor's history
 * shows the result (edited text and mark, deleted without its text, the agents' reactions). Nothing reaches another
 * visitor.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { login } from "../../../tests/helpers/factories";
import { Peer, until } from "../../../tests/helpers/socket-peer";
import { ADMIN } from "../../../tests/helpers/test-app";
import { webchatManifest } from "./manifest";
import type { VisitorMessage } from "./session";
import { http, startWebchatServer, type WebchatTestServer } from "./test-server";

let h: WebchatTestServer | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function setup(): Promise<WebchatTestServer> {
  h = await startWebchatServer();
  return h;
}

class Visitor {
  token = "";
  contactId = 0;
  constructor(readonly key: string) {}

  static async start(key: string, name = "Visitor") {
    const v = new Visitor(key);
    const r = await http("POST", `${h!.base}/api/webchat/${key}/sessions`, { body: { name } });
    expect(r.status).toBe(200);
    v.token = r.body.visitorToken;
    v.contactId = r.body.contact.id;
    return v;
  }

  async say(text: string, clientId?: string): Promise<VisitorMessage> {
    const r = await http("POST", `${h!.base}/api/webchat/${this.key}/messages`, { token: this.token, body: { body: text, ...(clientId ? { clientId } : {}) } });
    expect(r.status).toBe(200);
    return r.body.message;
  }

  async history(): Promise<VisitorMessage[]> {
    const r = await http("GET", `${h!.base}/api/webchat/${this.key}/messages`, { token: this.token });
    expect(r.status).toBe(200);
    return r.body.messages;
  }

  async ready(): Promise<Peer> {
    const p = new Peer(new WebSocket(`${h!.base.replace("http", "ws")}/api/webchat/socket?visitorToken=${encodeURIComponent(this.token)}`));
    h!.peers.push(p);
    await p.next("ready");
    return p;
  }
}

const ticketOf = (contactId: number) => h!.t.ctx.db.selectFrom("tickets").selectAll().where("contactId", "=", contactId).executeTakeFirstOrThrow();

/** The admin accepts the visitor's ticket and answers; resolves once the reply is sent (it has its externalId). */
async function agentReply(contactId: number, body: string): Promise<{ id: number }> {
  const ticket = await ticketOf(contactId);
  if (ticket.status === "pending")
    expect((await http("PUT", `${h!.base}/api/tickets/${ticket.id}`, { token: h!.admin, body: { status: "open" } })).status).toBe(200);
  const r = await http("POST", `${h!.base}/api/messages/${ticket.id}`, { token: h!.admin, body: { body } });
  expect(r.status).toBe(200);
  const id = r.body.message.id as number;
  const row = () => h!.t.ctx.db.selectFrom("messages").select("sendStatus").where("id", "=", id).executeTakeFirstOrThrow();
  await until(async () => (await row()).sendStatus === "sent", "reply sent");
  return { id };
}

const edit = (id: number, body: string) => http("POST", `${h!.base}/api/messages/edit/${id}`, { token: h!.admin, body: { body } });
const remove = (id: number) => http("DELETE", `${h!.base}/api/messages/${id}`, { token: h!.admin });
const react = (id: number, type: string) => http("POST", `${h!.base}/api/messages/${id}/reactions`, { token: h!.admin, body: { type } });

async function chat() {
  await setup();
  const conn = await createConnection(h!.t.ctx, 1, { name: "Site", channel: "webchat" });
  const v = await Visitor.start(conn.widgetKey!, "Maria");
  const other = await Visitor.start(conn.widgetKey!, "Other");
  await other.say("I am here too");
  return { conn, v, other, otherPeer: await other.ready() };
}

describe("web chat: react, edit and delete", () => {
  test("the manifest announces them, and the agents' channel list says so", async () => {
    expect(webchatManifest.capabilities).toMatchObject({ react: true, edit: true, delete: true });
    await setup();
    const r = await http("GET", `${h!.base}/api/channels`, { token: h!.admin });
    expect(r.body.find((c: { id: string }) => c.id === "webchat").capabilities).toMatchObject({ react: true, edit: true, delete: true });
  });

  test("an agent's edit within 15 minutes reaches the visitor live and the history; later it is refused", async () => {
    const { v, otherPeer } = await chat();
    await v.say("Where is my order?");
    const peer = await v.ready();
    const reply = await agentReply(v.contactId, "It left yesterday");
    await peer.next("message", (d) => d.id === reply.id);

    h!.t.clock.advance(14 * 60_000);
    expect((await edit(reply.id, "It leaves today")).status).toBe(200);
    expect(await peer.next("edit", (d) => d.id === reply.id)).toEqual({ id: reply.id, body: "It leaves today" });
    const hist = await v.history();
    expect(hist.find((m) => m.id === reply.id)).toMatchObject({ body: "It leaves today", isEdited: true, isDeleted: false, fromMe: false });
    expect(hist.find((m) => m.body === "Where is my order?")).toMatchObject({ isEdited: false, reactions: [] });

    h!.t.clock.advance(2 * 60_000);
    h!.admin = await login(h!.t, ADMIN.email, ADMIN.password); // the agent's access token expired meanwhile
    const late = await edit(reply.id, "Too late");
    expect(late).toMatchObject({ status: 400, body: { error: "ERR_MESSAGE_NOT_EDITABLE" } });
    await h!.t.ctx.channels.idle();
    expect(peer.received("edit")).toHaveLength(1);
    expect((await v.history()).find((m) => m.id === reply.id)!.body).toBe("It leaves today");
    expect(otherPeer.received("edit")).toHaveLength(0);
  });

  test("an agent's delete reaches the visitor live; the history shows it deleted, without its text", async () => {
    const { v, otherPeer } = await chat();
    await v.say("Hi");
    const peer = await v.ready();
    const reply = await agentReply(v.contactId, "Wrong customer, sorry");
    await peer.next("message", (d) => d.id === reply.id);

    expect((await remove(reply.id)).status).toBe(200);
    expect(await peer.next("delete", (d) => d.id === reply.id)).toEqual({ id: reply.id });
    const m = (await v.history()).find((x) => x.id === reply.id);
    expect(m).toMatchObject({ isDeleted: true, body: "", mediaUrl: null, reactions: [] });
    expect(otherPeer.received("delete")).toHaveLength(0);
  });

  test("an agent's reaction on the visitor's message reaches the visitor under the id they know; removing it too", async () => {
    const { conn, v, otherPeer } = await chat();
    const mine = await v.say("Can you help?", "c-1");
    const peer = await v.ready();
    await agentReply(v.contactId, "Sure");

    expect((await react(mine.id, "👍")).status).toBe(200);
    expect(await peer.next("reaction", (d) => d.id === mine.id)).toEqual({ id: mine.id, emoji: "👍" });
    expect((await v.history()).find((m) => m.id === mine.id)).toMatchObject({ body: "Can you help?", clientId: "c-1", reactions: ["👍"] });

    expect((await react(mine.id, "")).status).toBe(200);
    expect(await peer.next("reaction", (d) => d.id === mine.id && d.emoji === "")).toEqual({ id: mine.id, emoji: "" });
    expect((await v.history()).find((m) => m.id === mine.id)!.reactions).toEqual([]);

    // After a restart the session remembers no ids: the visitor's message is found in the chat's history.
    await h!.t.ctx.channels.sessions.restart(conn.id);
    await until(() => !!h!.t.ctx.channels.sessions.liveSession(conn.id), "session back");
    const again = await v.ready();
    expect((await react(mine.id, "❤️")).status).toBe(200);
    expect(await again.next("reaction", (d) => d.id === mine.id)).toEqual({ id: mine.id, emoji: "❤️" });
    expect(otherPeer.received("reaction")).toHaveLength(0);
  });

  test("an agent's reaction on their own reply reaches the visitor too", async () => {
    const { v } = await chat();
    await v.say("Hello");
    const peer = await v.ready();
    const reply = await agentReply(v.contactId, "Welcome");
    expect((await react(reply.id, "🎉")).status).toBe(200);
    expect(await peer.next("reaction", (d) => d.id === reply.id)).toEqual({ id: reply.id, emoji: "🎉" });
    expect((await v.history()).find((m) => m.id === reply.id)!.reactions).toEqual(["🎉"]);
  });
});
