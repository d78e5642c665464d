/**
 * The whatsappapi plugin end to end against the fake Graph API: signed deliveries of documented payloads through
 * the plugin's webhook routes into a recording host, and every outbound kind checked against the exact request
 * the fake received.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { ChannelSession, OutboundMessage } from "../../../src/channels/adapter";
import {
  createFakeHost,
  deliver,
  FAKE_IDS,
  FakeGraph,
  serveWebhooks,
  verifySubscription,
  type FakeHost,
  type WebhookServer,
} from "../../../tests/fakes/meta-graph";
import { loadFixture } from "./fixtures/load";
import { createWhatsAppCloudPlugin, type WhatsAppCloudPlugin, whatsappCloudConfigSchema } from "./index";

const FIXTURES = `${import.meta.dir}/fixtures`;
const APP_SECRET = "wa-app-secret-5f1c9d2e7a3b4c6d";
const VERIFY = "verify-token-for-connection-7";
const USER = "16505551234";

let fake: FakeGraph;
let plugin: WhatsAppCloudPlugin;
let server: WebhookServer;
let fh: FakeHost;
let session: ChannelSession;
let url: string;

const config = whatsappCloudConfigSchema.parse({
  phoneNumberId: FAKE_IDS.phoneNumberId,
  businessAccountId: FAKE_IDS.wabaId,
  accessToken: FAKE_IDS.waToken,
  appSecret: APP_SECRET,
  verifyToken: VERIFY,
});

const out = (o: Partial<OutboundMessage> = {}): OutboundMessage => ({
  messageId: 1,
  ticketId: 1,
  to: { chatId: USER, isGroup: false, number: USER },
  body: "",
  ...o,
});
const fixture = (name: string) => loadFixture(FIXTURES, name).payload;

beforeAll(async () => {
  fake = await FakeGraph.start();
  plugin = createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } });
  server = serveWebhooks({ whatsappapi: plugin.webhooks! });
  url = `${server.urlFor("whatsappapi")}/7`;
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  fake.closedWindows.clear();
  fh = createFakeHost({ id: 7, companyId: 3, channel: "whatsappapi" });
  session = plugin.createSession(fh.host, config);
  await session.start();
});
afterEach(() => session.stop());

describe("session lifecycle", () => {
  test("start checks the number, subscribes the app to the business account and reports CONNECTED with the number", () => {
    expect(fh.statuses).toEqual([{ status: "OPENING" }, { status: "CONNECTED", info: { number: "15550783881" } }]);
    expect(fake.last("GET", `/${FAKE_IDS.phoneNumberId}`)!.headers.authorization).toBe(`Bearer ${FAKE_IDS.waToken}`);
    expect(fake.find("POST", `/${FAKE_IDS.wabaId}/subscribed_apps`)).toHaveLength(1);
    expect(plugin.registry.get(7)).toBeDefined();
  });

  test("a revoked token fails start with AUTH_EXPIRED (thrown, not reported as lost) and leaves nothing registered", async () => {
    await session.stop();
    fake.revokeToken("EAAJB-revoked-token-0000000000000000");
    const h = createFakeHost({ id: 8, channel: "whatsappapi" });
    const s = plugin.createSession(h.host, { ...config, accessToken: "EAAJB-revoked-token-0000000000000000" });
    await expect(s.start()).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    expect(h.lost).toEqual([]);
    expect(plugin.registry.get(8)).toBeUndefined();
  });

  test("a verify token is generated when the form leaves it empty", () => {
    const parsed = whatsappCloudConfigSchema.parse({ ...config, verifyToken: undefined });
    expect(parsed.verifyToken).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  test("with PUBLIC_URL, start points the account's callback at this connection (Meta verifies it first)", async () => {
    // The server first, then the plugin with the server's URL as its public URL, then the plugin's routes on it.
    const own = serveWebhooks({});
    const p = createWhatsAppCloudPlugin({ env: { graphUrl: fake.url, publicUrl: `${own.url}/` } });
    own.mount("whatsappapi", p.webhooks!);
    const h = createFakeHost({ id: 9, channel: "whatsappapi" });
    const s = p.createSession(h.host, config);
    await s.start();
    const sub = fake.last("POST", `/${FAKE_IDS.wabaId}/subscribed_apps`)!;
    expect(sub.json).toEqual({ override_callback_uri: `${own.url}/api/webhooks/whatsappapi/9`, verify_token: VERIFY });
    expect(sub.status).toBe(200);
    expect(fake.callbackOverrides.get(FAKE_IDS.wabaId)).toBe(`${own.url}/api/webhooks/whatsappapi/9`);
    await s.stop();
    await own.stop();

    // A public URL Meta cannot verify: logged, the connection still works.
    const q = createWhatsAppCloudPlugin({ env: { graphUrl: fake.url, publicUrl: "http://127.0.0.1:9" } });
    const h2 = createFakeHost({ id: 10, channel: "whatsappapi" });
    const s2 = q.createSession(h2.host, config);
    await s2.start();
    expect(h2.statuses.at(-1)!.status).toBe("CONNECTED");
    expect(h2.logs.some((l) => l.includes("could not subscribe the app") && l.includes("#2200"))).toBe(true);
    await s2.stop();
  });

  test("after stop the webhook answers 404", async () => {
    await session.stop();
    expect((await deliver(url, fixture("text"), APP_SECRET)).status).toBe(404);
    expect((await verifySubscription(url, VERIFY)).status).toBe(404);
  });
});

describe("webhook verification and signatures", () => {
  test("GET verification echoes the challenge for the connection's verify token, 403 otherwise", async () => {
    const ok = await verifySubscription(url, VERIFY, "1158201444");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toBe("1158201444");
    expect((await verifySubscription(url, "not-the-token")).status).toBe(403);
  });

  test("missing signature 401, wrong secret 403, tampered body 403: logged, never processed", async () => {
    expect((await deliver(url, fixture("text"), APP_SECRET, { signature: null })).status).toBe(401);
    expect((await deliver(url, fixture("text"), "another-secret")).status).toBe(403);
    const { metaStringify } = await import("../../../tests/fakes/meta-graph/deliver");
    const raw = metaStringify(fixture("text"));
    const { signBody } = await import("../../../tests/fakes/meta-graph/deliver");
    const res = await deliver(url, null, APP_SECRET, { rawBody: raw.replace("another color", "another colour"), signature: signBody(raw, APP_SECRET) });
    expect(res.status).toBe(403);
    expect(fh.inbound).toEqual([]);
    expect(fh.logs.filter((l) => l.includes("webhook refused"))).toHaveLength(3);
  });

  test("a body with Meta's escapes (\\/ and \\u00e9) is verified over its raw bytes and decoded", async () => {
    const payload = fixture("text");
    payload.entry[0].changes[0].value.messages[0].text.body = "Olá, é café? https://luckyshrub.com/menu 🌱";
    const res = await deliver(url, payload, APP_SECRET);
    expect(res.status).toBe(200);
    expect(fh.inbound[0]).toMatchObject({ type: "message", body: "Olá, é café? https://luckyshrub.com/menu 🌱" });
  });

  test("changes for another phone number id are skipped", async () => {
    const payload = fixture("text");
    payload.entry[0].changes[0].value.metadata.phone_number_id = "999999999999";
    expect((await deliver(url, payload, APP_SECRET)).status).toBe(200);
    expect(fh.inbound).toEqual([]);
  });

  test("a processing failure answers 500 so Meta delivers again", async () => {
    const host = fh.host as { inbound: (e: unknown) => Promise<unknown> };
    const original = host.inbound;
    host.inbound = async () => {
      throw new Error("database is locked");
    };
    expect((await deliver(url, fixture("text"), APP_SECRET)).status).toBe(500);
    host.inbound = original;
  });
});

describe("inbound: every documented message type", () => {
  const KINDS: [string, Record<string, unknown>][] = [
    ["text", { body: "Does it come in another color?" }],
    ["location", { location: { latitude: 37.483307, longitude: -122.148981, name: "Philz Coffee", address: "1 Hacker Way, Menlo Park, CA 94025" } }],
    ["contacts", { body: "Barbara J. Johnson" }],
    ["interactive-button-reply", { body: "Cancel" }],
    ["interactive-list-reply", { body: "Priority Mail Express" }],
    ["button", { body: "Unsubscribe" }],
    ["referral", { kind: "adMetaPreview" }],
    ["unsupported", { body: "[Unsupported WhatsApp message: poll_update] Message type is currently not supported." }],
  ];
  for (const [name, expected] of KINDS) {
    test(name, async () => {
      expect((await deliver(url, fixture(name), APP_SECRET)).status).toBe(200);
      expect(fh.inbound).toHaveLength(1);
      expect(fh.inbound[0]).toMatchObject({ type: "message", fromMe: false, chat: { id: USER, name: "Sheena Nelson", number: USER }, ...expected });
    });
  }

  for (const [name, mime] of [
    ["image", "image/jpeg"],
    ["audio", "audio/ogg; codecs=opus"],
    ["video", "video/mp4"],
    ["document", "application/pdf"],
    ["sticker", "image/webp"],
  ] as const) {
    test(`${name}: media downloaded through GET /{media-id} then the URL, with the bearer token`, async () => {
      const payload = fixture(name);
      const mediaId = payload.entry[0].changes[0].value.messages[0][name].id as string;
      const bytes = new TextEncoder().encode(`${name} bytes`);
      fake.addMedia(mediaId, bytes, mime);
      expect((await deliver(url, payload, APP_SECRET)).status).toBe(200);
      const ev = fh.inbound[0]!;
      expect(ev).toMatchObject({ type: "message", media: { mime } });
      expect(fh.media.get(ev.externalId)).toEqual(bytes);
      const info = fake.last("GET", `/${mediaId}`)!;
      expect(info.query.phone_number_id).toBe(FAKE_IDS.phoneNumberId);
      expect(info.headers.authorization).toBe(`Bearer ${FAKE_IDS.waToken}`);
      expect(fake.last("GET", "/whatsapp_business/attachments/")!.headers.authorization).toBe(`Bearer ${FAKE_IDS.waToken}`);
    });
  }

  test("reactions (and their removal)", async () => {
    await deliver(url, fixture("reaction"), APP_SECRET);
    await deliver(url, fixture("reaction-removed"), APP_SECRET);
    expect(fh.inbound.map((e) => (e.type === "reaction" ? e.emoji : null))).toEqual(["👍", ""]);
  });
});

describe("statuses become acks", () => {
  test("sent 1, delivered 2, read 3", async () => {
    for (const name of ["status-sent", "status-delivered", "status-read"]) expect((await deliver(url, fixture(name), APP_SECRET)).status).toBe(200);
    expect(fh.acks.map((a) => a.ack)).toEqual([1, 2, 3]);
    expect(new Set(fh.acks.map((a) => a.externalId)).size).toBe(1);
  });

  test("failed marks the message failed with Meta's reason", async () => {
    await deliver(url, fixture("status-failed"), APP_SECRET);
    await deliver(url, fixture("status-failed-window"), APP_SECRET);
    expect(fh.acks.map((a) => [a.ack, a.error?.code, a.error?.message])).toEqual([
      [0, "NOT_ON_CHANNEL", "Message undeliverable: Message Undeliverable. (#131026)"],
      [
        0,
        "OUTSIDE_WINDOW",
        "Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number. (#131047)",
      ],
    ]);
  });
});

describe("outbound: the exact requests", () => {
  const sent = () => fake.last("POST", `/${FAKE_IDS.phoneNumberId}/messages`)!;

  test("text", async () => {
    const { externalId } = await session.send(out({ body: "Yes, in green and blue." }));
    expect(externalId).toStartWith("wamid.");
    expect(sent().headers.authorization).toBe(`Bearer ${FAKE_IDS.waToken}`);
    expect(sent().json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: USER,
      type: "text",
      text: { preview_url: false, body: "Yes, in green and blue." },
    });
  });

  test("a reply carries context.message_id; links turn the preview on", async () => {
    await session.send(out({ body: "See https://luckyshrub.com", quoted: { externalId: "wamid.QUOTED", chatId: USER, fromMe: false } }));
    expect(sent().json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: USER,
      context: { message_id: "wamid.QUOTED" },
      type: "text",
      text: { preview_url: true, body: "See https://luckyshrub.com" },
    });
  });

  test("image: uploaded (multipart) then sent by id with the caption", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await session.send(
      out({
        body: "Our catalogue",
        media: { mime: "image/jpeg", name: "catalogue.jpg", size: bytes.length, kind: "image", read: async () => bytes, url: "/api/media/k?exp=1&sig=s" },
      }),
    );
    const upload = fake.last("POST", `/${FAKE_IDS.phoneNumberId}/media`)!;
    expect(upload.form!.messaging_product).toBe("whatsapp");
    expect(upload.form!.type).toBe("image/jpeg");
    expect(upload.form!.file).toEqual({ name: "catalogue.jpg", type: "image/jpeg", bytes });
    const mediaId = (upload.response as { id: string }).id;
    expect(sent().json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: USER,
      type: "image",
      image: { id: mediaId, caption: "Our catalogue" },
    });
  });

  test("document keeps its file name; audio takes no caption", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4");
    await session.send(
      out({
        body: "invoice.pdf",
        media: { mime: "application/pdf", name: "invoice.pdf", size: pdf.length, kind: "application", read: async () => pdf, url: "/m" },
      }),
    );
    expect(sent().json).toMatchObject({ type: "document", document: { filename: "invoice.pdf" } });
    expect(sent().json.document.caption).toBeUndefined();
    await session.send(
      out({ body: "listen", media: { mime: "audio/ogg", name: "note.ogg", size: 3, kind: "audio", read: async () => new Uint8Array([1, 2, 3]), url: "/m" } }),
    );
    expect(sent().json).toMatchObject({ type: "audio" });
    expect(sent().json.audio.caption).toBeUndefined();
  });

  test("contact card (vCard) as a contacts message", async () => {
    const vCard = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Johnson;Barbara;;;\r\nFN:Barbara Johnson\r\nTEL;type=CELL;waid=16505551234:+1 650-555-1234\r\nEND:VCARD";
    await session.send(out({ body: "", vCard }));
    expect(sent().json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: USER,
      type: "contacts",
      contacts: [
        {
          name: { last_name: "Johnson", first_name: "Barbara", formatted_name: "Barbara Johnson" },
          phones: [{ phone: "+1 650-555-1234", type: "CELL", wa_id: "16505551234" }],
        },
      ],
    });
  });

  test("template (the core's template send)", async () => {
    await session.send({
      ...out({ body: "Olá Maria, seu pedido #1234 foi enviado." }),
      template: {
        name: "order_update",
        language: "pt_BR",
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "#1234" },
            ],
          },
        ],
      },
    } as OutboundMessage);
    expect(sent().json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: USER,
      type: "template",
      template: {
        name: "order_update",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "#1234" },
            ],
          },
        ],
      },
    });
  });

  test("reaction and its removal", async () => {
    await session.react!({ externalId: "wamid.THEIRS", chatId: USER, fromMe: false }, "❤️");
    expect(sent().json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: USER,
      type: "reaction",
      reaction: { message_id: "wamid.THEIRS", emoji: "❤️" },
    });
    await session.react!({ externalId: "wamid.THEIRS", chatId: USER, fromMe: false }, "");
    expect(sent().json.reaction).toEqual({ message_id: "wamid.THEIRS", emoji: "" });
  });

  test("markRead: one status=read per chat, for its newest incoming message", async () => {
    await session.markRead!([
      { externalId: "wamid.A", chatId: USER, fromMe: false },
      { externalId: "wamid.MINE", chatId: USER, fromMe: true },
      { externalId: "wamid.B", chatId: USER, fromMe: false },
    ]);
    const reads = fake.find("POST", `/${FAKE_IDS.phoneNumberId}/messages`);
    expect(reads.map((r) => r.json)).toEqual([{ messaging_product: "whatsapp", status: "read", message_id: "wamid.B" }]);
  });

  test("groups are not a Cloud API thing", async () => {
    await expect(session.send(out({ to: { chatId: "120363025246125486@g.us", isGroup: true }, body: "hi" }))).rejects.toMatchObject({ code: "UNSUPPORTED" });
  });
});

describe("errors", () => {
  test("outside the 24-hour window text is refused with 131047 (OUTSIDE_WINDOW); a template still goes", async () => {
    fake.closeWindow(USER);
    await expect(session.send(out({ body: "Are you there?" }))).rejects.toMatchObject({ code: "OUTSIDE_WINDOW" });
    const { externalId } = await session.send({ ...out({ body: "Hello World" }), template: { name: "hello_world", language: "en_US" } } as OutboundMessage);
    expect(externalId).toStartWith("wamid.");
  });

  test("190 on a send: AUTH_EXPIRED thrown and the lost authorisation reported once", async () => {
    fake.failNext({ method: "POST", path: /\/messages$/ }, "tokenExpired", 2);
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    expect(fh.lost.map((e) => e.code)).toEqual(["AUTH_EXPIRED"]);
  });

  test("rate limits carry a retry hint; 131026 is NOT_ON_CHANNEL", async () => {
    fake.failNext({ path: /\/messages$/ }, "throughputLimit");
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfterMs: 5_000 });
    fake.failNext({ path: /\/messages$/ }, "pairRateLimit");
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({ code: "RATE_LIMITED", retryAfterMs: 6_000 });
    fake.failNext({ path: /\/messages$/ }, "wabaRateLimit");
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({ code: "RATE_LIMITED" });
    fake.failNext({ path: /\/messages$/ }, "undeliverable");
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({
      code: "NOT_ON_CHANNEL",
      message: "(#131026) Message Undeliverable: Message Undeliverable.",
    });
    expect(fh.lost).toEqual([]);
  });

  test("a 5xx is TEMPORARY", async () => {
    fake.failNext({ path: /\/messages$/ }, "serverError");
    await expect(session.send(out({ body: "hi" }))).rejects.toMatchObject({ code: "TEMPORARY" });
  });
});

describe("templates", () => {
  test("templates.list answers the approved ones with their components", async () => {
    const list = await plugin.templates!.list(config);
    expect(list.map((t) => `${t.name}/${t.language}`)).toEqual(["hello_world/en_US", "order_update/pt_BR"]);
    expect(list[1]!.components).toEqual([{ type: "BODY", text: "Olá {{1}}, seu pedido {{2}} foi enviado.", example: { body_text: [["Maria", "#1234"]] } }]);
    const req = fake.last("GET", `/${FAKE_IDS.wabaId}/message_templates`)!;
    expect(req.query).toMatchObject({ status: "APPROVED", limit: "100" });
    expect(req.headers.authorization).toBe(`Bearer ${FAKE_IDS.waToken}`);
  });

  test("every page is followed", async () => {
    const local = await FakeGraph.start();
    for (let i = 0; i < 130; i++)
      local.addTemplate(FAKE_IDS.wabaId, { id: String(9000 + i), name: `t_${i}`, language: "es", status: "APPROVED", category: "UTILITY", components: [] });
    const p = createWhatsAppCloudPlugin({ env: { graphUrl: local.url } });
    const list = await p.templates!.list(config);
    expect(list).toHaveLength(132);
    expect(local.find("GET", `/${FAKE_IDS.wabaId}/message_templates`)).toHaveLength(2);
    await local.stop();
  });

  test("templates.render: the BODY with the body parameters sent (text, currency and date fallbacks)", async () => {
    const [hello, order] = await plugin.templates!.list(config);
    const body = (...parameters: unknown[]) => [
      { type: "header", parameters: [{ type: "text", text: "not the body" }] },
      { type: "body", parameters },
    ];
    expect(plugin.templates!.render(order!, body({ type: "text", text: "Maria" }, { type: "text", text: "#1234" }))).toBe(
      "Olá Maria, seu pedido #1234 foi enviado.",
    );
    expect(plugin.templates!.render(order!, body({ type: "currency", currency: { fallback_value: "R$ 10,00", code: "BRL", amount_1000: 10000 } }))).toBe(
      "Olá R$ 10,00, seu pedido {{2}} foi enviado.",
    );
    expect(plugin.templates!.render(order!)).toBe("Olá {{1}}, seu pedido {{2}} foi enviado.");
    expect(plugin.templates!.render(hello!)).toStartWith("Welcome and congratulations!!");
  });
});
