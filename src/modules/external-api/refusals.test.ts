/**
 * POST /api/messages/send: a refused request writes nothing — no contact, ticket, ticket log, message or file — whatever
 * refuses it (the 24-hour window of the Cloud API against the fake Graph, the plan, the ids, the number, the files).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadFixture } from "../../../plugins/channels/whatsapp-cloud/fixtures/load";
import { FAKE_IDS, FakeGraph, signedDelivery } from "../../../tests/fakes/meta-graph";
import { createChannelTestApp, createTestChannel } from "../../../tests/helpers/test-channel";
import type { TestApp } from "../../../tests/helpers/test-app";
import { createConnection, deleteConnection } from "../../channels/connections";

const HOUR = 3600_000;
const APP_SECRET = "external-api-refusals-secret-0123";
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

/** Rows and files a send could leave behind. */
async function footprint(app: TestApp) {
  const count = async (table: "contacts" | "tickets" | "ticket_logs" | "messages" | "media") =>
    Number(
      (
        await app.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const mediaDir = join(app.dataDir, "media");
  let files = 0;
  try {
    files = readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  } catch {
    files = 0;
  }
  return {
    contacts: await count("contacts"),
    tickets: await count("tickets"),
    logs: await count("ticket_logs"),
    messages: await count("messages"),
    media: await count("media"),
    files,
  };
}

const post = (app: TestApp, token: string, body: unknown) => app.json("POST", "/api/messages/send", { token, body });
function form(fields: Record<string, string>, files: { bytes: Uint8Array<ArrayBuffer>; name: string }[]) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const file of files) f.append("medias", new File([file.bytes], file.name));
  return f;
}

describe("outside the 24-hour window (Cloud API)", () => {
  async function cloudApp() {
    t = await createChannelTestApp({ env: { META_GRAPH_URL: fake.url, META_APP_ID: FAKE_IDS.appId, META_APP_SECRET: FAKE_IDS.appSecret } });
    const config = { phoneNumberId: FAKE_IDS.phoneNumberId, businessAccountId: FAKE_IDS.wabaId, accessToken: FAKE_IDS.waToken, appSecret: APP_SECRET };
    const conn = await createConnection(t.ctx, 1, { name: "Cloud API", channel: "whatsappapi", config });
    await t.ctx.channels.idle();
    return { app: t, conn };
  }

  test("a new number: ERR_OUTSIDE_WINDOW, and no contact, no ticket held by the user, no message, no file", async () => {
    const { app, conn } = await cloudApp();
    const before = await footprint(app);
    const refused = await post(app, conn.token, { number: "5511987654321", body: "Olá", userId: 1 });
    expect(refused).toMatchObject({ status: 400, body: { error: "ERR_OUTSIDE_WINDOW" } });
    const withFile = await app.json("POST", "/api/messages/send", {
      token: conn.token,
      body: form({ number: "5511987654321", userId: "1" }, [{ bytes: PNG, name: "a.png" }]),
    });
    expect(withFile).toMatchObject({ status: 400, body: { error: "ERR_OUTSIDE_WINDOW" } });
    expect(await footprint(app)).toEqual(before);
  });

  test("a contact whose window closed: its pending ticket is not taken by the user; once it writes again the same request goes out", async () => {
    const { app, conn } = await cloudApp();
    const payload = loadFixture(`${import.meta.dir}/../../../plugins/channels/whatsapp-cloud/fixtures`, "text").payload;
    const deliver = async (p: unknown) => {
      const { rawBody, headers } = signedDelivery(p, APP_SECRET);
      expect((await app.request("POST", `/api/webhooks/whatsappapi/${conn.id}`, { body: rawBody, headers })).status).toBe(200);
      await app.ctx.channels.idle();
    };
    await deliver(payload);
    const number = payload.entry[0].changes[0].value.messages[0].from as string;
    const ticket = () => app.ctx.db.selectFrom("tickets").select(["id", "status", "userId"]).executeTakeFirstOrThrow();
    expect(await ticket()).toMatchObject({ status: "pending", userId: null });

    app.clock.advance(25 * HOUR);
    const before = await footprint(app);
    expect(await post(app, conn.token, { number, body: "Ainda aí?", userId: 1 })).toMatchObject({ status: 400, body: { error: "ERR_OUTSIDE_WINDOW" } });
    expect(await footprint(app)).toEqual(before);
    expect(await ticket()).toMatchObject({ status: "pending", userId: null });

    // The contact writes again (a new message id, now): the window is open and the same request is sent.
    const again = structuredClone(payload);
    again.entry[0].changes[0].value.messages[0].id = "wamid.walk-again";
    again.entry[0].changes[0].value.messages[0].timestamp = String(Math.floor(app.clock.now().getTime() / 1000));
    await deliver(again);
    const sent = await post(app, conn.token, { number, body: "Ainda aí?", userId: 1 });
    expect(sent.status).toBe(200);
    expect(await ticket()).toMatchObject({ status: "open", userId: 1 });
  });
});

describe("the other refusals", () => {
  test("plan, number, ids, files and a deleted connection: the answer is a 4xx and nothing is written", async () => {
    const chan = createTestChannel();
    t = await createChannelTestApp({ plugins: [chan.plugin] });
    const app = t;
    const conn = await createConnection(app.ctx, 1, { name: "Phone line", channel: "testchan" });
    const gone = await createConnection(app.ctx, 1, { name: "Gone", channel: "testchan" });
    await deleteConnection(app.ctx, 1, gone.id);
    const before = await footprint(app);
    const cases: [string, () => Promise<{ status: number; body: { error?: string } }>, string][] = [
      ["bad number", () => post(app, conn.token, { number: "+55 11 98765", body: "x", userId: 1 }), "ERR_VALIDATION"],
      ["unknown user", () => post(app, conn.token, { number: "5511987654321", body: "x", userId: 999 }), "ERR_VALIDATION"],
      ["unknown queue", () => post(app, conn.token, { number: "5511987654321", body: "x", queueId: 999 }), "ERR_VALIDATION"],
      ["blank body", () => post(app, conn.token, { number: "5511987654321", body: " " }), "ERR_VALIDATION"],
      ["deleted connection", () => post(app, gone.token, { number: "5511987654321", body: "x" }), "ERR_UNAUTHORIZED"],
      [
        "a refused second file",
        () =>
          app.json("POST", "/api/messages/send", {
            token: conn.token,
            body: form({ number: "5511987654321", userId: "1" }, [
              { bytes: PNG, name: "a.png" },
              { bytes: HTML, name: "b.png" },
            ]),
          }),
        "ERR_MEDIA_TYPE_NOT_ALLOWED",
      ],
    ];
    for (const [name, call, error] of cases) {
      const r = await call();
      expect({ name, status: r.status < 500 && r.status >= 400, error: r.body.error }).toEqual({ name, status: true, error });
      expect({ name, ...(await footprint(app)) }).toEqual({ name, ...before });
    }
    await app.ctx.db.updateTable("plans").set({ useExternalApi: 0 }).execute();
    expect((await post(app, conn.token, { number: "5511987654321", body: "x", userId: 1 })).body.error).toBe("ERR_PLAN_FEATURE_DISABLED");
    expect(await footprint(app)).toEqual(before);
  });
});
