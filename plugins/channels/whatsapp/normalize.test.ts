import { describe, expect, test } from "bun:test";
import type { WAMessage } from "baileys";
import type { InboundMessage } from "../../../src/channels/adapter";
import { decodeFixture, fixtures } from "./fixtures";
import { normalizeMessage, phoneJidOf, textOf, type NormalizeContext } from "./normalize";

const GROUP = "120363025246125244@g.us";
const LID = "204981163454231@lid";
const PN2 = "5511912345678@s.whatsapp.net";

function ctx(extra: Partial<NormalizeContext> = {}): NormalizeContext & { downloads: WAMessage[] } {
  const downloads: WAMessage[] = [];
  return {
    downloads,
    groupSubject: (jid) => (jid === GROUP ? "Equipe Vendas" : undefined),
    download: async (m) => {
      downloads.push(m);
      return new TextEncoder().encode(`bytes of ${m.key.id}`);
    },
    ...extra,
  };
}

describe("normalize: every fixture becomes its inbound event", () => {
  for (const f of fixtures) {
    test(f.name, () => {
      const event = normalizeMessage(decodeFixture(f), ctx());
      if (f.expect === null) expect(event).toBeNull();
      else expect(event).toMatchObject(f.expect);
    });
  }
});

describe("normalize: details", () => {
  test("media carries a fetch that downloads that very message", async () => {
    const c = ctx();
    const m = decodeFixture("image-caption");
    const event = normalizeMessage(m, c) as InboundMessage;
    expect(event.media?.data).toBeUndefined();
    const bytes = await event.media!.fetch!();
    expect(new TextDecoder().decode(bytes as Uint8Array)).toBe("bytes of 3A1111111111111111A1");
    expect(c.downloads).toEqual([m]);
  });

  test("without a downloader, media has no fetch (the core records the media as missing)", () => {
    const event = normalizeMessage(decodeFixture("document"), {}) as InboundMessage;
    expect(event.media).toEqual({ mime: "application/pdf", name: "boleto-novembro.pdf" });
  });

  test("view-once and ephemeral wrappers are unwrapped; the view-once flag is kept", () => {
    for (const name of ["view-once-v1", "view-once-v2", "view-once-v2-extension"]) {
      const e = normalizeMessage(decodeFixture(name), ctx()) as InboundMessage;
      expect(e.data?.viewOnce).toBe(true);
      expect(e.media).toBeDefined();
    }
    const eph = normalizeMessage(decodeFixture("ephemeral"), ctx()) as InboundMessage;
    expect(eph.body).toBe("Mensagem temporária");
    expect(eph.data).toBeUndefined();
  });

  test("a LID chat becomes the phone chat when the LID map knows it, else stays the LID", () => {
    const m = decodeFixture("lid-sender-unknown");
    expect(normalizeMessage(m, ctx())?.chat).toEqual({ id: LID, name: "Fabi" });
    const known = normalizeMessage(m, ctx({ pnForLid: (lid) => (lid === LID ? PN2 : undefined) }));
    expect(known?.chat).toEqual({ id: PN2, number: "5511912345678", name: "Fabi" });
    // key.remoteJidAlt (from the stanza) wins without any map.
    expect(normalizeMessage(decodeFixture("lid-sender"), ctx())?.chat.id).toBe(PN2);
    expect(phoneJidOf("5511912345678:12@s.whatsapp.net", undefined, {})).toBe(PN2);
  });

  test("group messages: the group is the chat (subject as name), the sender is the participant", () => {
    const e = normalizeMessage(decodeFixture("group"), ctx()) as InboundMessage;
    expect(e.chat).toEqual({ id: GROUP, isGroup: true, name: "Equipe Vendas" });
    expect(e.participant).toEqual({ id: PN2, name: "Diego" });
    const unknownGroup = normalizeMessage(decodeFixture("group"), { groupSubject: () => undefined });
    expect(unknownGroup?.chat).toEqual({ id: GROUP, isGroup: true });
  });

  test("our own messages never name the contact after ourselves", () => {
    const e = normalizeMessage(decodeFixture("from-me"), ctx()) as InboundMessage;
    expect(e.fromMe).toBe(true);
    expect(e.chat.name).toBeUndefined();
  });

  test("a reaction in a group names the reactor", () => {
    const m = decodeFixture("reaction");
    m.key.remoteJid = GROUP;
    m.key.participant = PN2;
    m.pushName = "Diego";
    const e = normalizeMessage(m, ctx());
    expect(e).toMatchObject({ type: "reaction", chat: { id: GROUP, isGroup: true }, participant: { id: PN2 }, emoji: "👍" });
  });

  test("an ad preview on a media message keeps the media kind and stores the ad", () => {
    const m = decodeFixture("image-caption");
    m.message!.imageMessage!.contextInfo = { externalAdReply: { title: "Anúncio", sourceUrl: "https://fb.me/x" } };
    const e = normalizeMessage(m, ctx()) as InboundMessage;
    expect(e.kind).toBeUndefined();
    expect(e.data?.ad).toEqual({ title: "Anúncio", sourceUrl: "https://fb.me/x" });
  });

  test("messages without an id, newsletters and unknown content are ignored", () => {
    expect(normalizeMessage({ key: { remoteJid: PN2 }, message: { conversation: "x" } } as WAMessage)).toBeNull();
    expect(normalizeMessage({ key: { remoteJid: "1203630@newsletter", id: "1" }, message: { conversation: "x" } } as WAMessage)).toBeNull();
    expect(normalizeMessage({ key: { remoteJid: PN2, id: "1" }, message: { keepInChatMessage: {} } } as WAMessage)).toBeNull();
    expect(normalizeMessage({ key: { remoteJid: PN2, id: "1" } } as WAMessage)).toBeNull();
  });

  test("interactive replies, polls and group calls become text", () => {
    const base = { key: { remoteJid: PN2, id: "X1", fromMe: false } };
    expect(
      normalizeMessage({ ...base, message: { buttonsResponseMessage: { selectedButtonId: "b1", selectedDisplayText: "Sim" } } } as WAMessage),
    ).toMatchObject({ body: "Sim" });
    expect(normalizeMessage({ ...base, message: { listResponseMessage: { title: "Plano B" } } } as WAMessage)).toMatchObject({ body: "Plano B" });
    expect(
      normalizeMessage({
        ...base,
        message: { pollCreationMessageV3: { name: "Qual dia?", options: [{ optionName: "Seg" }, { optionName: "Ter" }] } },
      } as WAMessage),
    ).toMatchObject({
      body: "Qual dia?\n- Seg\n- Ter",
      data: { poll: true },
    });
    expect(normalizeMessage({ ...base, message: { call: { callKey: new Uint8Array([1]) } } } as WAMessage)).toMatchObject({
      kind: "call_log",
      body: "Voice call",
    });
  });

  test("textOf reads what an edit can change", () => {
    expect(textOf({ conversation: "a" })).toBe("a");
    expect(textOf({ extendedTextMessage: { text: "b" } })).toBe("b");
    expect(textOf({ videoMessage: { caption: "c" } })).toBe("c");
    expect(textOf({ stickerMessage: {} })).toBeUndefined();
  });
});
