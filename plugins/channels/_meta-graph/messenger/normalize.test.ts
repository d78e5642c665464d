import { describe, expect, test } from "bun:test";
import type { InboundMessage } from "../../../../src/channels/adapter";
import { normalizeMessagingEvent } from "./normalize";

const media = { media: (url: string) => ({ name: url.split("/").pop(), fetch: async () => new Uint8Array() }) };

describe("normalizeMessagingEvent", () => {
  // https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/messages ("Message with attachment",
  // several attachments in one message)
  test("several attachments: one message each; the first keeps the mid and the text", () => {
    const a = normalizeMessagingEvent(
      {
        sender: { id: "1254459154682919" },
        recipient: { id: "682498302938465" },
        timestamp: 1518479195308,
        message: {
          mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c",
          text: "two photos",
          attachments: [
            { type: "image", payload: { url: "https://cdn.example/a.jpg" } },
            { type: "image", payload: { url: "https://cdn.example/b.jpg" } },
          ],
        },
      },
      media,
    );
    expect(a.kind).toBe("events");
    const events = (a as { events: InboundMessage[] }).events;
    expect(events.map((e) => [e.externalId, e.body, e.media?.name])).toEqual([
      ["mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c", "two photos", "a.jpg"],
      ["mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_c#2", "", "b.jpg"],
    ]);
  });

  test("an m.me referral without an ad, an optin and a sender-less event are ignored", () => {
    expect(
      normalizeMessagingEvent({ sender: { id: "1" }, recipient: { id: "2" }, referral: { ref: "x", source: "SHORTLINK", type: "OPEN_THREAD" } }, media).kind,
    ).toBe("ignored");
    expect(normalizeMessagingEvent({ sender: { id: "1" }, recipient: { id: "2" } }, media).kind).toBe("ignored");
    expect(normalizeMessagingEvent({ sender: { user_ref: "u" }, recipient: { id: "2" }, postback: { title: "x" } }, media).kind).toBe("ignored");
  });

  test("a reaction without emoji takes it from the reaction name", () => {
    const a = normalizeMessagingEvent({ sender: { id: "1" }, recipient: { id: "2" }, reaction: { mid: "m_1", action: "react", reaction: "like" } }, media);
    expect((a as { events: { emoji: string }[] }).events[0]!.emoji).toBe("👍");
  });
});
