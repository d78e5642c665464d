/**
 * End to end into the store: Baileys messages on the (fake) socket, through this plugin and the real core, into
 * contacts, tickets, messages (with their media files), reactions, edits and revokes.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { WAMessage } from "baileys";
import { eventually } from "../../../tests/contract/channel-contract";
import { decodeFixture } from "./fixtures";
import { whatsappOnCore } from "./testing/core";

const PN = "5511987654321@s.whatsapp.net";
const PN2 = "5511912345678@s.whatsapp.net";
const GROUP = "120363025246125244@g.us";

describe("whatsapp end to end into the store", () => {
  let h: Awaited<ReturnType<typeof whatsappOnCore>>;
  let connectionId: number;
  beforeEach(async () => {
    h = await whatsappOnCore({ connection: { allowGroup: 1 } });
    connectionId = await h.connect();
    h.sockets.last.groups.set(GROUP, { id: GROUP, subject: "Equipe Vendas", owner: undefined, participants: [] });
  });
  afterEach(() => h.t.close());

  const db = () => h.t.ctx.db;
  const row = (externalId: string) =>
    db().selectFrom("messages").selectAll().where("connectionId", "=", connectionId).where("externalId", "=", externalId).executeTakeFirst();
  const settle = async (externalId: string) => eventually(() => row(externalId));

  test("every message kind becomes a message row; media files are stored", async () => {
    const names = [
      "text-conversation",
      "image-caption",
      "video",
      "audio-ptt",
      "audio-file",
      "document",
      "sticker",
      "location",
      "contact",
      "contacts-array",
      "ad-preview",
      "call-missed",
      "from-me",
      "view-once-v2",
      "ephemeral",
    ];
    const msgs = names.map((n) => decodeFixture(n));
    h.sockets.last.upsert(msgs);
    const last = msgs.at(-1)!.key.id!;
    await settle(last);
    await h.t.ctx.channels.idle();

    const expectRow = async (id: string, fields: Record<string, unknown>) => expect(await row(id)).toMatchObject(fields);
    await expectRow("3EB0C767D26A1D0C7F94", { body: "Olá, preciso de ajuda com meu pedido", fromMe: 0, origin: "contact", mediaType: null });
    await expectRow("3A1111111111111111A1", { body: "Foto do produto", mediaType: "image", mimetype: "image/jpeg" });
    await expectRow("3A2222222222222222B2", { mediaType: "video", mimetype: "video/mp4" });
    await expectRow("3A3333333333333333C3", { mediaType: "audio", mimetype: "audio/ogg; codecs=opus" });
    await expectRow("3A3333333333333333C4", { mediaType: "audio", mimetype: "audio/mpeg" });
    await expectRow("3A4444444444444444D4", { mediaType: "application", mimetype: "application/pdf", mediaName: "boleto-novembro.pdf" });
    await expectRow("3A5555555555555555E5", { mediaType: "image", mimetype: "image/webp" });
    await expectRow("3A6666666666666666F6", { mediaType: "locationMessage" });
    await expectRow("3A7777777777777777A7", { mediaType: "contactMessage", body: "Bruno Lima" });
    await expectRow("3A7777777777777777A8", { mediaType: "contactMessage" });
    await expectRow("3ADDDDDDDDDDDDDDDD01", { mediaType: "adMetaPreview" });
    await expectRow("A1B2C3D4E5F60718293A4B5C6D7E8F90", { mediaType: "call_log", body: "Missed voice call" });
    await expectRow("3AFFFFFFFFFFFFFFFF01", { fromMe: 1, origin: "phone" });
    await expectRow("3ABBBBBBBBBBBBBBBBE2", { mediaType: "video" });
    await expectRow("3ACCCCCCCCCCCCCCCCF1", { body: "Mensagem temporária" });

    for (const id of ["3A1111111111111111A1", "3A2222222222222222B2", "3A3333333333333333C3", "3A4444444444444444D4", "3A5555555555555555E5"]) {
      const r = (await row(id))!;
      expect(r.mediaKey).toBeTruthy();
      const stored = await h.t.ctx.media.get(1, r.mediaKey!);
      expect(stored?.media.size).toBeGreaterThan(0);
    }
    // One contact and one ticket for the person, whatever the message kind.
    const contact = await db().selectFrom("contacts").selectAll().where("identity", "=", PN).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: "Ana Souza", number: "5511987654321", isGroup: 0 });
    const tickets = await db().selectFrom("tickets").select("id").where("contactId", "=", contact.id).execute();
    expect(tickets).toHaveLength(1);
  });

  test("reply, reaction, edit and revoke land on the messages they point at", async () => {
    h.sockets.last.upsert([decodeFixture("text-conversation"), decodeFixture("image-caption"), decodeFixture("video")]);
    await settle("3A2222222222222222B2");
    // One of ours, sent by an agent earlier, for the contact's reaction to point at.
    h.sockets.last.upsert([{ ...decodeFixture("from-me"), key: { remoteJid: PN, fromMe: true, id: "3EB0AAAABBBBCCCCDDDDEE" } } as WAMessage]);
    await settle("3EB0AAAABBBBCCCCDDDDEE");
    h.sockets.last.upsert([
      decodeFixture("text-extended-reply"),
      decodeFixture("reaction"),
      decodeFixture("edit"),
      decodeFixture("edit-bare"),
      decodeFixture("revoke"),
    ]);
    await settle("3A6F1B2C3D4E5F607182");
    await eventually(async () => (await row("3A2222222222222222B2"))?.isDeleted === 1);
    await h.t.ctx.channels.idle();

    const quoted = await row("3A6F1B2C3D4E5F607182");
    expect(quoted?.quotedMsgId).toBeNull(); // it quotes 3EB0A1B2…, which this store never saw
    const edited = await row("3EB0C767D26A1D0C7F94");
    expect(edited).toMatchObject({ body: "Olá, preciso de ajuda com o pedido 1234", isEdited: 1 });
    expect(await row("3A1111111111111111A1")).toMatchObject({ body: "Foto do produto (verso)", isEdited: 1 });
    const target = (await row("3EB0AAAABBBBCCCCDDDDEE"))!;
    const reactions = await db().selectFrom("message_reactions").selectAll().where("messageId", "=", target.id).execute();
    expect(reactions.map((r) => r.emoji)).toEqual(["👍"]);
  });

  test("groups: the group is the contact (subject as name), the sender is on the message", async () => {
    h.sockets.last.upsert([decodeFixture("group"), decodeFixture("group-lid")]);
    await settle("3A0101010101010101G2");
    const group = await db().selectFrom("contacts").selectAll().where("identity", "=", GROUP).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ name: "Equipe Vendas", isGroup: 1 });
    expect(await row("3A0101010101010101G1")).toMatchObject({ participant: PN2, senderName: "Diego" });
    const ticket = await db().selectFrom("tickets").selectAll().where("contactId", "=", group.id).executeTakeFirstOrThrow();
    expect(ticket.isGroup).toBe(1);
  });

  test("@lid: a message under a LID with its phone number known lands on the phone contact", async () => {
    h.sockets.last.upsert([decodeFixture("lid-sender")]);
    await settle("3A0202020202020202H1");
    const contact = await db().selectFrom("contacts").selectAll().where("identity", "=", PN2).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ number: "5511912345678", name: "Fabi" });
  });

  test("acks from receipts only move forward", async () => {
    h.sockets.last.upsert([{ ...decodeFixture("from-me"), key: { remoteJid: PN, fromMe: true, id: "3EB0ACK" } } as WAMessage]);
    await settle("3EB0ACK");
    h.sockets.last.emit("messages.update", [{ key: { remoteJid: PN, id: "3EB0ACK", fromMe: true }, update: { status: 4 } }]);
    await eventually(async () => (await row("3EB0ACK"))?.ack === 3);
    h.sockets.last.emit("messages.update", [{ key: { remoteJid: PN, id: "3EB0ACK", fromMe: true }, update: { status: 3 } }]);
    await h.t.ctx.channels.idle();
    expect((await row("3EB0ACK"))?.ack).toBe(3);
  });
});
