/**
 * An agent's send and a forward that are refused write nothing: no file, message, ticket or job is left behind (the
 * Cloud API's 24-hour window against the fake Graph, a refused file).
 */
import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadFixture } from "../../../plugins/channels/whatsapp-cloud/fixtures/load";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { createConnection } from "../../channels/connections";

const HOUR = 3600_000;
const APP_SECRET = "messages-refusals-secret-01234567";
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const HTML = new TextEncoder().encode("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");

let fake: FakeGraph;
let t: TestApp | undefined;
beforeAll(async () => {
  fake = await FakeGraph.start();
});
afterAll(() => fake.stop());
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Rows and files a send or a forward could leave behind. */
async function footprint(app: TestApp) {
  const count = async (table: "tickets" | "ticket_logs" | "messages" | "media" | "jobs") =>
    Number(
      (
        await app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let files = 0;
  try {
    files = readdirSync(join(app.dataDir, "media"), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  } catch {
    files = 0;
  }
  return {
    tickets: await count("tickets"),
    logs: await count("ticket_logs"),
    messages: await count("messages"),
    media: await count("media"),
    jobs: await count("jobs"),
    files,
  };
}

/** A Cloud API connection; its contact wrote (Meta's text example) and the admin took the ticket. */
async function conversation() {
  t = await createTestApp({ META_GRAPH_URL: fake.url, META_APP_ID: FAKE_IDS.appId, META_APP_SECRET: FAKE_IDS.appSecret });
  const app = t;
  const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
  const conn = await createConnection(app.ctx, 1, { name: "Cloud API", channel: "whatsappapi", config });
  await app.ctx.channels.idle();
  const payload = loadFixture(`${import.meta.dir}/../../../plugins/channels/whatsapp-cloud/fixtures`, "text").payload;
  payload.entry[0].changes[0].value.messages[0].timestamp = String(Math.floor(app.clock.now().getTime() / 1000));
  const { rawBody, headers } = signedDelivery(payload, APP_SECRET);
  expect((await app.request("POST", `/api/webhooks/whatsappapi/${conn.id}`, { body: rawBody, headers })).status).toBe(200);
  await app.ctx.channels.idle();
  const inbound = await app.ctx.db.selectFrom("messages").select(["id", "ticketId"]).executeTakeFirstOrThrow();
  const token = await login(app, ADMIN.email, ADMIN.password);
  expect((await app.json("PUT", `/api/tickets/${inbound.ticketId}`, { token, body: { status: "open" } })).status).toBe(200);
  return { app, conn, token, ticketId: inbound.ticketId, messageId: inbound.id };
}

const files = (...list: { bytes: Uint8Array<ArrayBuffer>; name: string }[]) => {
  const form = new FormData();
  form.set("body", "segue");
  for (const f of list) form.append("medias", new File([f.bytes], f.name));
  return form;
};

test("an agent's files on a closed reply window, or with one refused file: 4xx, and no file or message is left", async () => {
  const { app, token, ticketId } = await conversation();
  const before = await footprint(app);
  const refusedFile = await app.json("POST", `/api/messages/${ticketId}`, {
    token,
    body: files({ bytes: PNG, name: "a.png" }, { bytes: HTML, name: "b.png" }),
  });
  expect(refusedFile).toMatchObject({ status: 415, body: { error: "ERR_MEDIA_TYPE_NOT_ALLOWED" } });
  expect(await footprint(app)).toEqual(before);

  app.clock.advance(25 * HOUR);
  const later = await login(app, ADMIN.email, ADMIN.password);
  const outside = await app.json("POST", `/api/messages/${ticketId}`, {
    token: later,
    body: files({ bytes: PNG, name: "a.png" }, { bytes: PNG, name: "b.png" }),
  });
  expect(outside).toMatchObject({ status: 400, body: { error: "ERR_OUTSIDE_WINDOW" } });
  expect(await footprint(app)).toEqual(before);
});

test("a forward to a contact whose reply window is closed: ERR_OUTSIDE_WINDOW, and no ticket is opened, nothing is queued", async () => {
  const { app, conn, token, messageId } = await conversation();
  const quiet = await app.ctx.db
    .insertInto("contacts")
    .values({ companyId: 1, name: "Never wrote", number: "5511977770000", channel: "whatsappapi", whatsappId: conn.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const before = await footprint(app);
  const r = await app.json("POST", "/api/message/forward", { token, body: { messageId: [messageId], contactId: quiet.id } });
  expect(r).toMatchObject({ status: 400, body: { error: "ERR_OUTSIDE_WINDOW" } });
  expect(await footprint(app)).toEqual(before);
});
