import { describe, expect, test } from "bun:test";
import type { InboundMedia, InboundMessage, InboundReaction } from "../../../src/channels/adapter";
import { loadFixture } from "./fixtures/load";
import { normalizeWhatsAppMessage, statusToAck } from "./normalize";
import { type WaChangeValue, type WaMedia, waMessageSchema, waStatusSchema } from "./payload";

const FIXTURES = `${import.meta.dir}/fixtures`;
const media = (m: WaMedia): InboundMedia => ({ mime: m.mime_type, name: m.filename, fetch: async () => new Uint8Array() });

function first(name: string) {
  const value = loadFixture(FIXTURES, name).payload.entry[0].changes[0].value as WaChangeValue;
  // Every fixture has the documented shape the webhook checks.
  return normalizeWhatsAppMessage(waMessageSchema.parse(value.messages![0]), value, { media });
}
const msg = (name: string) => first(name) as InboundMessage;
const MID = "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=";
const CTX = "wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=";

describe("normalizeWhatsAppMessage (documented payloads)", () => {
  test("text: body, chat id and number from the sender, profile name as chat name, timestamp in ms", () => {
    const m = msg("text");
    expect(m).toMatchObject({ type: "message", externalId: MID, fromMe: false, body: "Does it come in another color?", timestamp: 1739321024000 });
    expect(m.chat).toEqual({ id: "16505551234", number: "16505551234", name: "Sheena Nelson" });
    expect(m.media).toBeUndefined();
  });

  test("forwarded text is flagged, not quoted", () => {
    const m = msg("text-forwarded");
    expect(m.isForwarded).toBe(true);
    expect(m.quotedExternalId).toBeUndefined();
  });

  test("image, video, audio, document, sticker carry a lazy media handle and the caption", () => {
    expect(msg("image")).toMatchObject({ body: "Black jacket", media: { mime: "image/jpeg" } });
    expect(msg("video")).toMatchObject({ body: "Unboxing", media: { mime: "video/mp4" } });
    expect(msg("audio")).toMatchObject({ body: "", media: { mime: "audio/ogg; codecs=opus" }, data: { voice: true } });
    expect(msg("document")).toMatchObject({ body: "Receipt", media: { mime: "application/pdf", name: "receipt.pdf" } });
    expect(msg("sticker")).toMatchObject({ body: "", media: { mime: "image/webp" }, data: { sticker: true } });
    expect(typeof msg("image").media!.fetch).toBe("function");
  });

  test("location", () => {
    expect(msg("location").location).toEqual({
      latitude: 37.483307,
      longitude: -122.148981,
      name: "Philz Coffee",
      address: "1 Hacker Way, Menlo Park, CA 94025",
    });
  });

  test("contacts become a vCard and the names as body", () => {
    const m = msg("contacts");
    expect(m.body).toBe("Barbara J. Johnson");
    expect(m.vCard).toContain("BEGIN:VCARD");
    expect(m.vCard).toContain("FN:Barbara J. Johnson");
    expect(m.vCard).toContain("TEL;type=HOME;waid=16505551234:+1 (650) 555-1234");
    expect(m.vCard).toContain("EMAIL;type=WORK:bjohnson@luckyshrub.com");
    expect(m.vCard).toContain("ORG:Lucky Shrub;Legal");
  });

  test("interactive button and list replies: the chosen title, quoting the message with the buttons", () => {
    expect(msg("interactive-button-reply")).toMatchObject({
      body: "Cancel",
      quotedExternalId: CTX,
      data: { interactive: { type: "button_reply", button_reply: { id: "cancel-button" } } },
    });
    expect(msg("interactive-list-reply")).toMatchObject({ body: "Priority Mail Express", data: { interactive: { list_reply: { id: "priority_express" } } } });
  });

  test("template quick-reply button; a '+' sender number is stored as digits", () => {
    const m = msg("button");
    expect(m).toMatchObject({ body: "Unsubscribe", quotedExternalId: CTX, data: { button: { payload: "Unsubscribe", text: "Unsubscribe" } } });
    expect(m.chat).toEqual({ id: "16505551234", number: "16505551234", name: "Sheena Nelson" });
  });

  test("reactions, and a reaction without emoji removes it", () => {
    expect(first("reaction") as InboundReaction).toMatchObject({ type: "reaction", externalId: CTX, emoji: "👍", fromMe: false });
    expect(first("reaction-removed") as InboundReaction).toMatchObject({ type: "reaction", externalId: CTX, emoji: "" });
  });

  test("a Click-to-WhatsApp referral gives kind adMetaPreview with the ad", () => {
    const m = msg("referral");
    expect(m.kind).toBe("adMetaPreview");
    expect(m.body).toBe("Hi! Is this still available?");
    expect(m.data!.referral).toMatchObject({
      title: "Chat with us",
      body: "Summer succulents are here!",
      sourceUrl: "https://fb.me/3cr4Wqqkv",
      sourceId: "120226305854810726",
      sourceType: "ad",
      mediaType: "image",
    });
  });

  test("unsupported messages get a readable body", () => {
    const m = msg("unsupported");
    expect(m.body).toBe("[Unsupported WhatsApp message: poll_update] Message type is currently not supported.");
    expect(m.data).toEqual({ unsupported: { type: "poll_update", code: 131051 } });
  });
});

describe("statusToAck", () => {
  const status = (name: string) => waStatusSchema.parse((loadFixture(FIXTURES, name).payload.entry[0].changes[0].value as WaChangeValue).statuses![0]);
  test("sent 1, delivered 2, read 3, played 4", () => {
    expect(statusToAck(status("status-sent"))).toEqual({ externalId: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA", ack: 1 });
    expect(statusToAck(status("status-delivered"))!.ack).toBe(2);
    expect(statusToAck(status("status-read"))!.ack).toBe(3);
    expect(statusToAck({ ...status("status-read"), status: "played" })!.ack).toBe(4);
    expect(statusToAck({ ...status("status-read"), status: "deleted" })).toBeUndefined();
  });
  test("failed carries Meta's error, mapped", () => {
    const f = statusToAck(status("status-failed"))!;
    expect(f.ack).toBe(0);
    expect(f.error).toMatchObject({ code: "NOT_ON_CHANNEL", message: "Message undeliverable: Message Undeliverable. (#131026)" });
    expect(statusToAck(status("status-failed-window"))!.error!.code).toBe("OUTSIDE_WINDOW");
  });
});
