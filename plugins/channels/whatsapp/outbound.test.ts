import { describe, expect, test } from "bun:test";
import { ChannelError, type OutboundMedia, type OutboundMessage } from "../../../src/channels/adapter";
import { outboundMessageId, splitVCards, toChannelError, toJid } from "./outbound";
import { boom } from "./testing/fake-socket";
import { connectedSession, linkedStore } from "./testing/setup";

const PN = "5511987654321@s.whatsapp.net";
const GROUP = "120363025246125244@g.us";
const CONN = 7;

function media(kind: string, mime: string, name: string, bytes = [1, 2, 3]): OutboundMedia {
  return { kind, mime, name, size: bytes.length, url: "https://example.test/api/media/k?exp=1&sig=x", read: async () => new Uint8Array(bytes) };
}

function message(extra: Partial<OutboundMessage> = {}): OutboundMessage {
  return { messageId: 42, ticketId: 3, to: { chatId: PN, isGroup: false, number: "5511987654321" }, body: "Olá!", ...extra };
}

describe("whatsapp outbound: the payload Baileys' sendMessage receives", () => {
  test("text, with our deterministic id and no link preview", async () => {
    const t = await connectedSession();
    const res = await t.session.send(message({ body: "Seu pedido https://loja.test/p/1 saiu" }));
    const id = outboundMessageId(CONN, 42);
    expect(res).toEqual({ externalId: id });
    expect(t.sockets.last.sent).toEqual([
      { jid: PN, content: { text: "Seu pedido https://loja.test/p/1 saiu", linkPreview: null }, options: { messageId: id } },
    ]);
  });

  test("image and video with captions; the caption is left out when the body is only the file name", async () => {
    const t = await connectedSession();
    await t.session.send(message({ body: "Foto", media: media("image", "image/jpeg", "a.jpg") }));
    await t.session.send(message({ messageId: 43, body: "clip.mp4", media: media("video", "video/mp4", "clip.mp4") }));
    const [img, vid] = t.sockets.last.sent;
    expect(img!.content).toEqual({ image: Buffer.from([1, 2, 3]), mimetype: "image/jpeg", caption: "Foto" });
    expect(vid!.content).toEqual({ video: Buffer.from([1, 2, 3]), mimetype: "video/mp4" });
    expect("jpegThumbnail" in img!.content).toBe(false); // no thumbnail: Baileys' own optional step (sharp) is not relied on
  });

  test("audio: Ogg/Opus goes as a voice note (ptt), other audio as an audio file", async () => {
    const t = await connectedSession();
    await t.session.send(message({ body: "", media: media("audio", "audio/ogg", "gravacao.ogg") }));
    await t.session.send(message({ messageId: 43, body: "", media: media("audio", "audio/mpeg", "musica.mp3") }));
    expect(t.sockets.last.sent.map((s) => s.content)).toEqual([
      { audio: Buffer.from([1, 2, 3]), mimetype: "audio/ogg; codecs=opus", ptt: true },
      { audio: Buffer.from([1, 2, 3]), mimetype: "audio/mpeg", ptt: false },
    ]);
  });

  test("documents (and images WhatsApp does not show inline) go as documents with file name and caption", async () => {
    const t = await connectedSession();
    await t.session.send(message({ body: "Segue o boleto", media: media("application", "application/pdf", "boleto.pdf") }));
    await t.session.send(message({ messageId: 43, body: "", media: media("image", "image/gif", "anim.gif") }));
    expect(t.sockets.last.sent.map((s) => s.content)).toEqual([
      { document: Buffer.from([1, 2, 3]), mimetype: "application/pdf", fileName: "boleto.pdf", caption: "Segue o boleto" },
      { document: Buffer.from([1, 2, 3]), mimetype: "image/gif", fileName: "anim.gif" },
    ]);
  });

  test("vCards (one or several) and locations", async () => {
    const t = await connectedSession();
    const one = "BEGIN:VCARD\nVERSION:3.0\nFN:Bruno Lima\nTEL;type=CELL;waid=5521988887777:+55 21 98888-7777\nEND:VCARD";
    const two = "BEGIN:VCARD\nVERSION:3.0\nFN:Carla Dias\nTEL;waid=5531977776666:+55 31 97777-6666\nEND:VCARD";
    await t.session.send(message({ body: "", vCard: one }));
    await t.session.send(message({ messageId: 43, body: "", vCard: `${one}\n${two}` }));
    await t.session.send(message({ messageId: 44, body: "", location: { latitude: -23.5613, longitude: -46.6565, name: "Loja Paulista" } }));
    expect(t.sockets.last.sent.map((s) => s.content)).toEqual([
      { contacts: { displayName: "Bruno Lima", contacts: [{ displayName: "Bruno Lima", vcard: one }] } },
      {
        contacts: {
          displayName: "2 contacts",
          contacts: [
            { displayName: "Bruno Lima", vcard: one },
            { displayName: "Carla Dias", vcard: two },
          ],
        },
      },
      { location: { degreesLatitude: -23.5613, degreesLongitude: -46.6565, name: "Loja Paulista" } },
    ]);
  });

  test("quoted replies: the quoted key (participant in groups) and the quoted text for the preview", async () => {
    const t = await connectedSession();
    await t.session.send(message({ quoted: { externalId: "3A1", chatId: PN, fromMe: false, body: "É o pedido 1234?" } }));
    await t.session.send(
      message({
        messageId: 43,
        to: { chatId: GROUP, isGroup: true },
        quoted: { externalId: "3A2", chatId: GROUP, fromMe: false, participant: "5511912345678@s.whatsapp.net" },
      }),
    );
    const [a, b] = t.sockets.last.sent;
    expect(a!.options).toEqual({
      messageId: outboundMessageId(CONN, 42),
      quoted: { key: { remoteJid: PN, id: "3A1", fromMe: false }, message: { conversation: "É o pedido 1234?" } },
    });
    expect(b!.jid).toBe(GROUP);
    expect(b!.options?.quoted).toEqual({
      key: { remoteJid: GROUP, id: "3A2", fromMe: false, participant: "5511912345678@s.whatsapp.net" },
      message: { conversation: "" },
    });
  });

  test("a quoted message we received in this session is quoted with its real content", async () => {
    const t = await connectedSession({ pictures: false });
    t.sockets.last.upsert([{ key: { remoteJid: PN, id: "IN-1", fromMe: false }, message: { imageMessage: { caption: "foto", mimetype: "image/jpeg" } } }]);
    await t.session.idle();
    await t.session.send(message({ quoted: { externalId: "IN-1", chatId: PN, fromMe: false } }));
    expect(t.sockets.last.sent[0]!.options?.quoted?.message).toEqual({ imageMessage: { caption: "foto", mimetype: "image/jpeg" } });
  });

  test("a bare number is addressed as a phone JID, a group id as a group JID", async () => {
    expect(toJid("5511987654321")).toBe(PN);
    expect(toJid("+55 (11) 98765-4321")).toBe(PN);
    expect(toJid("120363025246125244", true)).toBe(GROUP);
    expect(toJid("204981163454231@lid")).toBe("204981163454231@lid");
    expect(() => toJid("abc")).toThrow(ChannelError);
    const t = await connectedSession();
    await t.session.send(message({ to: { chatId: "5511987654321", isGroup: false } }));
    expect(t.sockets.last.sent[0]!.jid).toBe(PN);
  });

  test("an empty message is refused as UNSUPPORTED before anything is sent", async () => {
    const t = await connectedSession();
    await expect(t.session.send(message({ body: "  " }))).rejects.toMatchObject({ code: "UNSUPPORTED" });
    expect(t.sockets.last.sent).toEqual([]);
  });
});

describe("whatsapp outbound: deterministic ids", () => {
  test("WhatsApp Web's shape, stable per (connection, message), different otherwise", () => {
    const id = outboundMessageId(7, 42);
    expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(outboundMessageId(7, 42)).toBe(id);
    expect(outboundMessageId(7, 43)).not.toBe(id);
    expect(outboundMessageId(8, 42)).not.toBe(id);
  });

  test("a resend after a crash (a new session on the same store) sends the same id, so WhatsApp drops the duplicate", async () => {
    const store = await linkedStore();
    const a = await connectedSession({ store });
    await a.session.send(message());
    await a.session.stop(); // crash: the core never recorded the answer, so the message is sent again after restart
    const b = await connectedSession({ store });
    const res = await b.session.send(message());
    expect(b.sockets.last.sent[0]!.options?.messageId).toBe(a.sockets.last.sent[0]!.options!.messageId!);
    expect(res.externalId).toBe(outboundMessageId(CONN, 42));
  });
});

describe("whatsapp outbound: capabilities", () => {
  const ref = { externalId: "3EB0ABC", chatId: PN, fromMe: true };
  const theirs = { externalId: "3A9", chatId: GROUP, fromMe: false, participant: "5511912345678@s.whatsapp.net" };

  test("react, edit, delete", async () => {
    const t = await connectedSession();
    await t.session.react(theirs, "❤️");
    await t.session.react(theirs, "");
    await t.session.edit(ref, "Texto corrigido");
    await t.session.delete(ref);
    const groupKey = { remoteJid: GROUP, id: "3A9", fromMe: false, participant: "5511912345678@s.whatsapp.net" };
    const ownKey = { remoteJid: PN, id: "3EB0ABC", fromMe: true };
    expect(t.sockets.last.sent).toEqual([
      { jid: GROUP, content: { react: { text: "❤️", key: groupKey } } },
      { jid: GROUP, content: { react: { text: "", key: groupKey } } },
      { jid: PN, content: { text: "Texto corrigido", edit: ownKey, linkPreview: null } },
      { jid: PN, content: { delete: ownKey } },
    ]);
    await expect(t.session.edit(theirs, "x")).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });

  test("markRead sends read receipts for the contact's messages only", async () => {
    const t = await connectedSession();
    await t.session.markRead([theirs, ref, { externalId: "3A10", chatId: PN, fromMe: false }]);
    expect(t.sockets.last.reads).toEqual([
      [
        { remoteJid: GROUP, id: "3A9", fromMe: false, participant: "5511912345678@s.whatsapp.net" },
        { remoteJid: PN, id: "3A10", fromMe: false },
      ],
    ]);
    await t.session.markRead([ref]);
    expect(t.sockets.last.reads.length).toBe(1);
  });

  test("checkNumber through onWhatsApp; profile pictures (none -> undefined)", async () => {
    const t = await connectedSession({
      socketSetup: (s) => {
        s.numbers.set("5511987654321", PN);
        s.pictures.set(PN, "https://pps.whatsapp.net/p.jpg");
      },
    });
    expect(await t.session.checkNumber("+55 11 98765-4321")).toEqual({ exists: true, chatId: PN });
    expect(await t.session.checkNumber("5511000000000")).toEqual({ exists: false });
    expect(await t.session.checkNumber("12")).toEqual({ exists: false });
    expect(t.sockets.last.numberRequests).toEqual(["5511987654321", "5511000000000"]);
    expect(await t.session.profilePicture(PN)).toBe("https://pps.whatsapp.net/p.jpg");
    expect(await t.session.profilePicture("5511000000000")).toBeUndefined();
  });
});

describe("whatsapp outbound: errors", () => {
  test("Baileys errors become ChannelErrors", async () => {
    const t = await connectedSession();
    const cases: [unknown, boolean, string][] = [
      [boom(401), false, "AUTH_EXPIRED"],
      [boom(403), false, "AUTH_EXPIRED"],
      [boom(403), true, "NOT_ON_CHANNEL"],
      [boom(404), false, "NOT_ON_CHANNEL"],
      [boom(429, "rate-overlimit"), false, "RATE_LIMITED"],
      [boom(428, "Connection Closed"), false, "TEMPORARY"],
      [boom(408, "Timed Out"), false, "TEMPORARY"],
      [new Error("fetch failed"), false, "TEMPORARY"],
      [new Error("something odd"), false, "UNKNOWN"],
    ];
    for (const [err, group, code] of cases) {
      t.sockets.last.sendError = err;
      const to = group ? { chatId: GROUP, isGroup: true } : { chatId: PN, isGroup: false };
      await expect(t.session.send(message({ to }))).rejects.toMatchObject({ code });
      expect(toChannelError(err, { group }).code).toBe(code as never);
    }
  });

  test("nothing is sent while not connected", async () => {
    const t = await connectedSession();
    t.sockets.last.close(428);
    await expect(t.session.send(message())).rejects.toMatchObject({ code: "TEMPORARY" });
    await expect(t.session.react({ externalId: "x", chatId: PN, fromMe: false }, "👍")).rejects.toMatchObject({ code: "TEMPORARY" });
    await expect(t.session.checkNumber("5511987654321")).rejects.toMatchObject({ code: "TEMPORARY" });
  });

  test("splitVCards keeps each card whole", () => {
    expect(splitVCards("BEGIN:VCARD\nFN:A\nEND:VCARD\nBEGIN:VCARD\nFN:B\nEND:VCARD")).toEqual(["BEGIN:VCARD\nFN:A\nEND:VCARD", "BEGIN:VCARD\nFN:B\nEND:VCARD"]);
    expect(splitVCards("FN:only")).toEqual(["FN:only"]);
  });
});
