/**
 * Messenger and Instagram as Meta defines them, end to end into the store: a person's edit changes the message
 * (message_edits), a sticker is shown as its image like a WhatsApp sticker, and texts go out without WhatsApp's marks
 * (Messenger and Instagram show them literally), the agent's signature as "Name:".
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection } from "../../../src/channels/connections";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN } from "../../../tests/helpers/test-app";
import { type ChannelTestApp, createChannelTestApp } from "../../../tests/helpers/test-channel";
import { PAGE_SUBSCRIBED_FIELDS } from "../_meta-graph/messenger/connect-pages";
import { createMetaPlugins } from "../_meta-graph/plugins";
import { loadFixture } from "../whatsapp-cloud/fixtures/load";
import { createWhatsAppCloudPlugin } from "../whatsapp-cloud/index";

const PSID = "1254459154682919";
const IGSID = "1914111735409283";
const WA_SECRET = "wa-fidelity-secret-0123456789abcd";
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
let fake: FakeGraph;
let t: ChannelTestApp;
const ids: Record<"facebook" | "instagram" | "whatsappapi", number> = { facebook: 0, instagram: 0, whatsappapi: 0 };

const fb = (name: string) => loadFixture(`${import.meta.dir}/fixtures`, name).payload;
const ig = (name: string) => loadFixture(`${import.meta.dir}/../instagram/fixtures`, name).payload;
const wa = (name: string) => loadFixture(`${import.meta.dir}/../whatsapp-cloud/fixtures`, name).payload;
async function post(payload: unknown, path = "/api/webhooks/meta", secret: string = FAKE_IDS.appSecret): Promise<number> {
  const { rawBody, headers } = signedDelivery(payload, secret);
  const res = await t.request("POST", path, { body: rawBody, headers });
  await t.ctx.channels.idle();
  return res.status;
}
const messagesOf = (connectionId: number) => t.ctx.db.selectFrom("messages").selectAll().where("connectionId", "=", connectionId).orderBy("id").execute();

beforeAll(async () => {
  fake = await FakeGraph.start();
  fake.addProfile(PSID, { first_name: "Peter", last_name: "Chang" });
  fake.addProfile(IGSID, { name: "Ana Costa", username: "ana.costa" });
  const meta = createMetaPlugins({ graphUrl: fake.url, appId: FAKE_IDS.appId, appSecret: FAKE_IDS.appSecret });
  t = await createChannelTestApp({ plugins: [meta.facebook, meta.instagram, createWhatsAppCloudPlugin({ env: { graphUrl: fake.url } })] });
  const page = { pageId: FAKE_IDS.pageId, pageAccessToken: FAKE_IDS.pageToken };
  ids.facebook = (await createConnection(t.ctx, 1, { name: "Lucky Shrub", channel: "facebook", config: page })).id;
  ids.instagram = (
    await createConnection(t.ctx, 1, { name: "luckyshrub", channel: "instagram", config: { ...page, instagramAccountId: FAKE_IDS.igAccountId } })
  ).id;
  const cloud = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: WA_SECRET };
  ids.whatsappapi = (await createConnection(t.ctx, 1, { name: "WhatsApp Cloud", channel: "whatsappapi", config: cloud })).id;
  await t.ctx.channels.idle();
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

describe("message_edits", () => {
  test("the Page subscribes to the field", () => {
    expect(PAGE_SUBSCRIBED_FIELDS).toContain("message_edits");
  });

  test.each([
    ["facebook", () => fb("text-quick-reply"), () => fb("message-edit"), "hello, world! (edited)"],
    ["instagram", () => ig("text"), () => ig("message-edit"), "Do you ship to Porto?"],
  ] as const)("%s: an edit changes the stored message (isEdited, the new text); nothing new is stored", async (channel, original, edit, text) => {
    expect(await post(original())).toBe(200);
    const before = await messagesOf(ids[channel]);
    expect(before).toHaveLength(1);
    expect(await post(edit())).toBe(200);
    const after = await messagesOf(ids[channel]);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before[0]!.id, body: text, isEdited: 1 });
  });
});

describe("stickers", () => {
  test("a sticker attachment is stored as the sticker's image, like a WhatsApp sticker", async () => {
    const payload = fb("sticker");
    const attachment = payload.entry[0].messaging[0].message.attachments[0];
    attachment.payload.url = fake.addCdnFile("sticker.png", PNG, "image/png");
    expect(await post(payload)).toBe(200);
    await t.ctx.jobs.runDue();
    const m = (await messagesOf(ids.facebook)).find((r) => r.externalId === "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_S_t")!;
    expect(m).toMatchObject({ body: "", mediaType: "image", mimetype: "image/png" });
    expect(m.mediaKey).toBeTruthy();
    expect(JSON.parse(m.data!)).toMatchObject({ sticker: true });
    // The same shape a WhatsApp Cloud sticker has.
    const waSticker = wa("sticker");
    fake.addMedia(waSticker.entry[0].changes[0].value.messages[0].sticker.id, PNG, "image/webp");
    expect(await post(waSticker, `/api/webhooks/whatsappapi/${ids.whatsappapi}`, WA_SECRET)).toBe(200);
    await t.ctx.jobs.runDue();
    const w = (await messagesOf(ids.whatsappapi)).at(-1)!;
    expect({ mediaType: w.mediaType, sticker: JSON.parse(w.data!).sticker }).toEqual({ mediaType: m.mediaType, sticker: true });
  });

  test("during Meta's transition the sticker also comes as an image attachment: one message, the sticker", async () => {
    const payload = fb("sticker-transition");
    const url = fake.addCdnFile("sticker2.png", PNG, "image/png");
    for (const a of payload.entry[0].messaging[0].message.attachments) a.payload.url = url;
    expect(await post(payload)).toBe(200);
    const rows = (await messagesOf(ids.facebook)).filter((r) => r.externalId!.startsWith("mid.$cAAJdkrCd2ORnva8ErFhjGm0X_S_u"));
    expect(rows.map((r) => [r.externalId, r.mediaType, JSON.parse(r.data!).sticker])).toEqual([["mid.$cAAJdkrCd2ORnva8ErFhjGm0X_S_u", "image", true]]);
  });
});

describe("texts go out as each channel renders them", () => {
  async function reply(channel: keyof typeof ids, body: string) {
    const token = await login(t, ADMIN.email, ADMIN.password);
    expect((await t.json("PUT", "/api/companySettings", { token, body: { column: "sendSignMessage", data: "enabled" } })).status).toBe(200);
    const ticket = await t.ctx.db.selectFrom("tickets").select(["id"]).where("whatsappId", "=", ids[channel]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect((await t.json("PUT", `/api/tickets/${ticket.id}`, { token, body: { status: "open" } })).status).toBe(200);
    const res = await t.json("POST", `/api/messages/${ticket.id}`, { token, body: { body, signMessage: true } });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    await t.ctx.channels.idle();
    return t.ctx.db.selectFrom("messages").select(["body", "sendStatus"]).where("id", "=", res.body.message.id).executeTakeFirstOrThrow();
  }
  const text = "Your order is *ready*: _pick it up_ today, ~not tomorrow~. Code ```A_1```";

  test.each([
    ["facebook", PSID],
    ["instagram", IGSID],
  ] as const)("%s: the signature as 'Name:' and no *bold*, _italic_, ~strike~ or ``` marks", async (channel, recipient) => {
    const ageless = channel === "facebook" ? fb("reply") : ig("reply");
    ageless.entry[0].messaging[0].timestamp = t.clock.now().getTime();
    expect(await post(ageless)).toBe(200);
    const stored = await reply(channel, text);
    expect(stored.sendStatus).toBe("sent");
    const sent = fake.find("POST", `/${FAKE_IDS.pageId}/messages`).filter((r) => r.json?.recipient?.id === recipient && r.json?.message?.text);
    const name = stored.body.slice(1, stored.body.indexOf("*:"));
    expect(sent.at(-1)!.json.message.text).toBe(`${name}:\nYour order is ready: pick it up today, not tomorrow. Code A_1`);
  });

  test("whatsappapi keeps WhatsApp's marks", async () => {
    const payload = wa("text");
    Object.assign(payload.entry[0].changes[0].value.messages[0], { id: "wamid.fidelity-text", timestamp: String(Math.floor(t.clock.now().getTime() / 1000)) });
    expect(await post(payload, `/api/webhooks/whatsappapi/${ids.whatsappapi}`, WA_SECRET)).toBe(200);
    const stored = await reply("whatsappapi", text);
    expect(stored.body.endsWith(text)).toBe(true);
    expect(fake.last("POST", `/${FAKE_IDS.phoneNumberId}/messages`)!.json.text.body).toBe(stored.body);
  });
});
