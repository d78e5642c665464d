import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { verifySignature } from "../../../plugins/channels/_meta-graph/verify-signature";
import { deliver, metaStringify, signedDelivery } from "./deliver";
import { FAKE_IDS, FakeGraph } from "./server";

let fake: FakeGraph;
beforeAll(async () => {
  fake = await FakeGraph.start();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const wa = (body: unknown, token: string = FAKE_IDS.waToken) =>
  fetch(`${fake.url}/${FAKE_IDS.phoneNumberId}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("deliveries signed like Meta", () => {
  test("metaStringify escapes '/' and every non-ASCII UTF-16 unit", () => {
    expect(metaStringify({ t: "café / 🌱" })).toBe('{"t":"caf\\u00e9 \\/ \\ud83c\\udf31"}');
    expect(JSON.parse(metaStringify({ t: "café / 🌱" }))).toEqual({ t: "café / 🌱" });
  });

  test("the signature covers the escaped bytes", () => {
    const { rawBody, headers } = signedDelivery({ text: "é/" }, "s3cret");
    expect(rawBody).toBe('{"text":"\\u00e9\\/"}');
    expect(verifySignature(rawBody, headers["x-hub-signature-256"], "s3cret")).toBe(true);
    expect(signedDelivery({}, "s", { signature: null }).headers["x-hub-signature-256"]).toBeUndefined();
  });

  test("deliver POSTs exactly those bytes", async () => {
    let got = "";
    let sig = "";
    const srv = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(req) {
        got = await req.text();
        sig = req.headers.get("x-hub-signature-256") ?? "";
        return new Response("ok");
      },
    });
    await deliver(`http://127.0.0.1:${srv.port}/hook`, { a: "ü/" }, "k");
    expect(got).toBe('{"a":"\\u00fc\\/"}');
    expect(verifySignature(got, sig, "k")).toBe(true);
    await srv.stop(true);
  });
});

describe("the fake Graph API checks what Meta checks", () => {
  test("WhatsApp send: documented answer with a wamid and the contact", async () => {
    const res = await wa({ messaging_product: "whatsapp", to: "16505551234", type: "text", text: { body: "hi" } });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      messaging_product: "whatsapp",
      contacts: [{ input: "16505551234", wa_id: "16505551234" }],
      messages: [{ message_status: "accepted" }],
    });
    expect(body.messages[0].id).toStartWith("wamid.");
  });

  test("missing messaging_product, unknown token, revoked token, unknown template", async () => {
    expect(((await (await wa({ to: "16505551234", type: "text", text: { body: "x" } })).json()) as any).error.code).toBe(100);
    const bad = await wa({ messaging_product: "whatsapp", to: "1", type: "text", text: { body: "x" } }, "nope");
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).error.code).toBe(190);
    fake.revokeToken(FAKE_IDS.waToken);
    expect(
      ((await (await wa({ messaging_product: "whatsapp", to: "16505551234", type: "text", text: { body: "x" } })).json()) as any).error.error_subcode,
    ).toBe(463);
    fake.revokedTokens.clear();
    const tpl = await wa({
      messaging_product: "whatsapp",
      to: "16505551234",
      type: "template",
      template: { name: "pending_review", language: { code: "en_US" } },
    });
    expect(((await tpl.json()) as any).error.code).toBe(132001);
  });

  test("failNext answers the preset the given number of times, then behaves", async () => {
    fake.failNext({ path: `/${FAKE_IDS.phoneNumberId}/messages` }, "reengagement", 1);
    const first = await wa({ messaging_product: "whatsapp", to: "16505551234", type: "text", text: { body: "x" } });
    expect(first.status).toBe(400);
    expect(((await first.json()) as any).error).toMatchObject({ code: 131047, error_data: { messaging_product: "whatsapp" } });
    expect((await wa({ messaging_product: "whatsapp", to: "16505551234", type: "text", text: { body: "x" } })).status).toBe(200);
    expect(fake.requests.map((r) => r.status)).toEqual([400, 200]);
  });

  test("an unknown object is Meta's 100/33", async () => {
    const res = await fetch(`${fake.url}/123456789?access_token=x`);
    expect(((await res.json()) as any).error).toMatchObject({ code: 100, error_subcode: 33, type: "GraphMethodException" });
  });

  test("Send API: sender_action and message are exclusive; MESSAGE_TAG needs a tag", async () => {
    const send = (body: unknown) =>
      fetch(`${fake.url}/${FAKE_IDS.pageId}/messages?access_token=${FAKE_IDS.pageToken}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await send({ recipient: { id: "1" }, sender_action: "mark_seen", message: { text: "x" } })).status).toBe(400);
    expect((await send({ recipient: { id: "1" }, messaging_type: "MESSAGE_TAG", message: { text: "x" } })).status).toBe(400);
    const ok = await send({ recipient: { id: "1" }, messaging_type: "RESPONSE", message: { text: "x" } });
    expect(await ok.json()).toMatchObject({ recipient_id: "1" });
  });
});
