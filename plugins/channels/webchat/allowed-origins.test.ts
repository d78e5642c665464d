/**
 * A web-chat connection's allowed origins (empty: any site): the visitor API answers another site's page 403
 * ERR_ORIGIN_NOT_ALLOWED and its socket closes 4003; the widget page is framed only by those sites (CSP
 * frame-ancestors); the list is validated field by field when the connection is saved.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assetsFromDir, buildWidget } from "../../../scripts/build-ui";
import { Peer, within } from "../../../tests/helpers/socket-peer";
import { http, startWebchatServer, type WebchatTestServer } from "./test-server";

let h: WebchatTestServer | undefined;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "multi100-widget-origins-"));
  await buildWidget(dist);
  h = await startWebchatServer();
  for (const [k, v] of assetsFromDir(dist)) h.t.ctx.assets.set(k, v);
}, 30_000);
afterAll(async () => {
  await h?.stop();
  rmSync(dist, { recursive: true, force: true });
});

const SHOP = "https://shop.example.com";

/** A web-chat connection created through the API, as the connection form saves it. */
async function connection(allowedOrigins?: string[]) {
  const r = await http("POST", `${h!.base}/api/whatsapp`, {
    token: h!.admin,
    body: { name: "Shop", channel: "webchat", ...(allowedOrigins ? { config: { allowedOrigins } } : {}) },
  });
  expect(r.status).toBe(201);
  return r.body as { id: number; widgetKey: string; config: { allowedOrigins: string[] } };
}

const startSession = (key: string, origin?: string) =>
  http("POST", `${h!.base}/api/webchat/${key}/sessions`, { body: { name: "Visitor" }, headers: origin ? { origin } : {} });

describe("allowed origins", () => {
  test("with a list, another site's page gets 403 ERR_ORIGIN_NOT_ALLOWED; the listed sites, our own page and Origin-less clients pass", async () => {
    const c = await connection([`${SHOP}/`, "http://localhost:3000"]);
    expect(c.config.allowedOrigins).toEqual([SHOP, "http://localhost:3000"]);
    const refused = await startSession(c.widgetKey, "https://evil.example");
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("ERR_ORIGIN_NOT_ALLOWED");
    expect((await http("GET", `${h!.base}/api/webchat/${c.widgetKey}/config`, { headers: { origin: "null" } })).status).toBe(403);

    expect((await startSession(c.widgetKey, SHOP)).status).toBe(200);
    expect((await startSession(c.widgetKey, "http://localhost:3000")).status).toBe(200);
    // The widget page itself (our origin) and clients that send no Origin.
    const own = await startSession(c.widgetKey, h!.base);
    expect(own.status).toBe(200);
    expect((await startSession(c.widgetKey)).status).toBe(200);

    // Every route of the visitor API, the socket included.
    const token = own.body.visitorToken as string;
    const read = await http("GET", `${h!.base}/api/webchat/${c.widgetKey}/messages`, { token, headers: { origin: "https://evil.example" } });
    expect(read.status).toBe(403);
    const post = await http("POST", `${h!.base}/api/webchat/${c.widgetKey}/messages`, {
      token,
      body: { body: "hi" },
      headers: { origin: "https://evil.example" },
    });
    expect(post.status).toBe(403);
    const url = `${h!.base.replace("http", "ws")}/api/webchat/socket?visitorToken=${encodeURIComponent(token)}`;
    const foreign = new Peer(new WebSocket(url, { headers: { origin: "https://evil.example" } } as any));
    h!.peers.push(foreign);
    expect(await within(foreign.closed, 2000, "foreign socket")).toEqual({ code: 4003, reason: "ERR_ORIGIN_NOT_ALLOWED" });
    const listed = new Peer(new WebSocket(url, { headers: { origin: SHOP } } as any));
    h!.peers.push(listed);
    expect((await listed.next("ready")).visitorId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("without a list any site may use the chat", async () => {
    const c = await connection();
    expect(c.config.allowedOrigins).toEqual([]);
    expect((await startSession(c.widgetKey, "https://anyone.example")).status).toBe(200);
  });

  test("/widget/:widgetKey is framed by the listed sites only (CSP frame-ancestors), by any site without a list", async () => {
    const listed = await connection([SHOP, "http://127.0.0.1:8081"]);
    const page = await http("GET", `${h!.base}/widget/${listed.widgetKey}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${SHOP} http://127.0.0.1:8081;`);
    const open = await connection();
    expect((await http("GET", `${h!.base}/widget/${open.widgetKey}`)).headers.get("content-security-policy")).toContain("frame-ancestors *;");
  });

  test("a changed list applies at once; invalid origins are field errors and change nothing", async () => {
    const c = await connection();
    const bad = await http("PUT", `${h!.base}/api/whatsapp/${c.id}`, {
      token: h!.admin,
      body: { config: { allowedOrigins: [SHOP, "shop.example.com", "https://a.com/path", "https://*.a.com", "https://a.com;script-src *"] } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");
    expect(bad.body.fields).toEqual({
      "config.allowedOrigins.1": "Invalid origin",
      "config.allowedOrigins.2": "Invalid origin",
      "config.allowedOrigins.3": "Invalid origin",
      "config.allowedOrigins.4": "Invalid origin",
    });
    expect((await startSession(c.widgetKey, "https://evil.example")).status).toBe(200);

    const saved = await http("PUT", `${h!.base}/api/whatsapp/${c.id}`, { token: h!.admin, body: { config: { allowedOrigins: [SHOP] } } });
    expect(saved.status).toBe(200);
    expect((await startSession(c.widgetKey, "https://evil.example")).status).toBe(403);
    expect((await http("GET", `${h!.base}/widget/${c.widgetKey}`)).headers.get("content-security-policy")).toContain(`frame-ancestors ${SHOP};`);
  });
});
