/**
 * Documented WhatsApp Cloud payloads end to end into the store (the real app: inbound pipeline, media store), acks
 * and failures on the message rows, and a restart that restores the session from the connection row.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { loadFixture } from "./fixtures/load";
import { createWhatsAppCloudPlugin } from "./index";

const APP_SECRET = "wa-store-app-secret-0123456789ab";
const FIXTURES = `${import.meta.dir}/fixtures`;
// A 1x1 PNG: the media store sniffs the bytes and keeps only allowed types.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

let fake: FakeGraph;
let t: ChannelTestApp;
let connectionId: number;
const plugin = () => createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } });

async function post(payload: unknown): Promise<number> {
  const { rawBody, headers } = signedDelivery(payload, APP_SECRET);
  const res = await t.request("POST", `/api/webhooks/whatsappapi/${connectionId}`, { body: rawBody, headers });
  await t.ctx.channels.idle();
  return res.status;
}
const fixture = (name: string) => loadFixture(FIXTURES, name).payload;
const message = (externalId: string) =>
  t.ctx.db.selectFrom("messages").selectAll().where("connectionId", "=", connectionId).where("externalId", "=", externalId).executeTakeFirst();

beforeAll(async () => {
  fake = await FakeGraph.start();
  t = await createChannelTestApp({ plugins: [plugin()] });
  const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
  connectionId = (await createConnection(t.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config })).id;
  await t.ctx.channels.idle(); // sessions start in the background
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("into the store", () => {
  test("the connection row keeps the generated verify token and the number; the secret fields stay write-only", async () => {
    const row = await t.ctx.db.selectFrom("connections").selectAll().where("id", "=", connectionId).executeTakeFirstOrThrow();
    expect(row.status).toBe("CONNECTED");
    expect(row.number).toBe("15550783881");
    const config = JSON.parse(row.config);
    expect(config.verifyToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(t.ctx.channels.registry.redactConfig("whatsappapi", config)).toEqual({
      phoneNumberId: FAKE_IDS.phoneNumberId,
      businessAccountId: FAKE_IDS.wabaId,
      verifyToken: config.verifyToken,
    });
    const verify = await t.request(
      "GET",
      `/api/webhooks/whatsappapi/${connectionId}?hub.mode=subscribe&hub.challenge=987&hub.verify_token=${config.verifyToken}`,
    );
    expect(verify.status).toBe(200);
    expect(await verify.text()).toBe("987");
  });

  test("text: contact named from the profile, pending ticket, message", async () => {
    const payload = fixture("text");
    // Written just now: the reply window (the sends below) counts from the message's own timestamp.
    payload.entry[0].changes[0].value.messages[0].timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    expect(await post(payload)).toBe(200);
    const m = (await message("wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA="))!;
    expect(m).toMatchObject({ body: "Does it come in another color?", fromMe: 0, origin: "contact" });
    const contact = await t.ctx.db.selectFrom("contacts").selectAll().where("id", "=", m.contactId!).executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: "Sheena Nelson", number: "16505551234", identity: "16505551234", channel: "whatsappapi" });
  });

  test("image: downloaded through the Graph API into the media store", async () => {
    const payload = fixture("image");
    const msg = payload.entry[0].changes[0].value.messages[0];
    msg.id = "wamid.store-image";
    fake.addMedia(msg.image.id, PNG, "image/png");
    expect(await post(payload)).toBe(200);
    // Stored at once, downloading; the file follows as a job.
    expect(await message("wamid.store-image")).toMatchObject({ body: "Black jacket", mediaType: "image", mediaKey: null });
    await t.ctx.jobs.runDue();
    const m = (await message("wamid.store-image"))!;
    expect(m).toMatchObject({ body: "Black jacket", mediaType: "image", mimetype: "image/png" });
    expect(m.mediaKey).toBeTruthy();
  });

  test("location, contacts and an ad referral keep their kinds", async () => {
    for (const [name, id] of [
      ["location", "wamid.store-loc"],
      ["contacts", "wamid.store-vcard"],
      ["referral", "wamid.store-ad"],
    ] as const) {
      const payload = fixture(name);
      payload.entry[0].changes[0].value.messages[0].id = id;
      expect(await post(payload)).toBe(200);
    }
    expect(await message("wamid.store-loc")).toMatchObject({ mediaType: "locationMessage" });
    expect(await message("wamid.store-vcard")).toMatchObject({ mediaType: "contactMessage", body: "Barbara J. Johnson" });
    expect((await message("wamid.store-vcard"))!.vCard).toContain("FN:Barbara J. Johnson");
    const ad = (await message("wamid.store-ad"))!;
    expect(ad.mediaType).toBe("adMetaPreview");
    expect(JSON.parse(ad.data!).referral).toMatchObject({ title: "Chat with us", sourceUrl: "https://fb.me/3cr4Wqqkv" });
  });

  test("a redelivery is stored once", async () => {
    expect(await post(fixture("text"))).toBe(200);
    const rows = await t.ctx.db
      .selectFrom("messages")
      .select("id")
      .where("externalId", "=", "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("statuses on our messages", () => {
  test("sent/delivered/read move the ack forward; failed shows Meta's reason on the message", async () => {
    const token = await login(t, ADMIN.email, ADMIN.password);
    const inbound = (await message("wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA="))!;
    expect((await t.json("PUT", `/api/tickets/${inbound.ticketId}`, { token, body: { status: "open" } })).status).toBe(200);
    const send = async (body: string) => {
      const res = await t.json("POST", `/api/messages/${inbound.ticketId}`, { token, body: { body } });
      expect(res.status).toBe(200);
      await t.ctx.channels.idle();
      return t.ctx.db.selectFrom("messages").selectAll().where("id", "=", res.body.message.id).executeTakeFirstOrThrow();
    };
    const ok = await send("Yes, in green.");
    expect(ok).toMatchObject({ sendStatus: "sent", ack: 1 });
    expect(fake.last("POST", `/${FAKE_IDS.phoneNumberId}/messages`)!.json).toMatchObject({ to: "16505551234", text: { body: "Yes, in green." } });
    for (const st of ["delivered", "read"]) {
      const p = fixture(`status-${st}`);
      p.entry[0].changes[0].value.statuses[0].id = ok.externalId;
      expect(await post(p)).toBe(200);
    }
    expect((await message(ok.externalId!))!.ack).toBe(3);

    const doomed = await send("Hello?");
    const failed = fixture("status-failed");
    failed.entry[0].changes[0].value.statuses[0].id = doomed.externalId;
    expect(await post(failed)).toBe(200);
    expect(await message(doomed.externalId!)).toMatchObject({
      sendStatus: "failed",
      errorCode: "NOT_ON_CHANNEL",
      errorMessage: "Message undeliverable: Message Undeliverable. (#131026)",
    });
  });
});

describe("a restart restores the session", () => {
  test("after a restart the webhook is served by the new session, which is CONNECTED again", async () => {
    t = await t.restart();
    await t.ctx.channels.idle();
    const row = await t.ctx.db.selectFrom("connections").selectAll().where("id", "=", connectionId).executeTakeFirstOrThrow();
    expect(row.status).toBe("CONNECTED");
    const payload = fixture("text");
    payload.entry[0].changes[0].value.messages[0].id = "wamid.after-restart";
    expect(await post(payload)).toBe(200);
    expect(await message("wamid.after-restart")).toMatchObject({ body: "Does it come in another color?" });
  });
});
