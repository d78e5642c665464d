/**
 * GET /api/version's features follow what the app wires: the composed modules' capabilities and one `channel:<id>` per
 * registered channel plugin, so a plugin added or removed changes the list, and nothing the app lacks is listed.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { channelPlugins } from "../plugins";
import { createTestChannel, TEST_CHANNEL_ID } from "../tests/helpers/test-channel";
import { createTestApp, type TestApp } from "../tests/helpers/test-app";
import { loadConfig } from "./config";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const featuresOf = async (app: TestApp) => (await app.json<{ features: string[] }>("GET", "/api/version")).body.features;

describe("GET /api/version features", () => {
  test("name every registered channel plugin, and a plugin added at start-up too", async () => {
    t = await createTestApp({}, { plugins: [createTestChannel().plugin] });
    const features = await featuresOf(t);
    const product = channelPlugins(loadConfig({})).map((p) => `channel:${p.manifest.id}`);
    expect(product).toEqual(["channel:whatsapp", "channel:whatsappapi", "channel:facebook", "channel:instagram", "channel:webchat"]);
    for (const id of [...product, `channel:${TEST_CHANNEL_ID}`]) expect(features).toContain(id);
  });

  test("list the composed modules' capabilities once each, and none of a module the app does not compose", async () => {
    t = await createTestApp();
    const features = await featuresOf(t);
    expect(new Set(features).size).toBe(features.length);
    for (const f of [
      "auth",
      "signup",
      "passwordReset",
      "users",
      "connections",
      "tickets",
      "messages",
      "media",
      "realtime",
      "externalApi",
      "dashboard",
      "moments",
      "reports",
    ])
      expect(features).toContain(f);
    // Their routes answer: a listed capability is one the server has.
    for (const path of ["/api/users", "/api/tickets", "/api/dashboard", "/api/usersMoments", "/api/ticketreport/reports"])
      expect((await t.request("GET", path)).status).toBe(401);
    // No module gives these yet: their routes are missing, and so are they.
    for (const [feature, path] of [
      ["campaigns", "/api/campaigns"],
      ["helps", "/api/helps/list"],
      ["chats", "/api/chats"],
      ["integrations", "/api/queueIntegration"],
      ["flows", "/api/flowbuilder"],
    ] as const) {
      expect(features).not.toContain(feature);
      expect((await t.request("GET", path)).status).toBe(404);
    }
  });
});
