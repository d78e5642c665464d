import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { createConnection } from "../channels/connections";
import { ADMIN, createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { login } from "../../tests/helpers/factories";
import { credentialMatcher, negotiate } from "./compression";

describe("Accept-Encoding negotiation", () => {
  const all = ["br", "gzip", "identity"] as const;
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["GZIP;Q=1", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.8, gzip;q=0.5", "br"],
    ["br;q=0.5, gzip;q=0.9", "gzip"],
    ["gzip;q=0.4", "gzip"],
    ["deflate", "identity"],
    ["identity", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.3, br;q=0", "gzip"],
    ["*;q=0, identity", "identity"],
    ["gzip;q=abc", "identity"],
    ["gzip;q=2", "identity"],
    ["", "identity"],
  ] as const)("%p -> %p", (header, expected) => {
    expect(negotiate(header, all)).toBe(expected);
  });

  test("no header means identity; refusing identity and every other coding leaves nothing acceptable", () => {
    expect(negotiate(null, all)).toBe("identity");
    expect(negotiate(undefined, ["gzip", "identity"])).toBe("identity");
    expect(negotiate("*;q=0", all)).toBeUndefined();
    expect(negotiate("identity;q=0, br", all)).toBe("br");
    expect(negotiate("identity;q=0", ["identity"])).toBeUndefined();
  });
});

describe("the credential rule", () => {
  const carries = credentialMatcher(["pageAccessToken", "signingKey"]);
  test.each([
    ['{"token":"eyJ"}', true],
    ['{"user":{"id":1},"token":"abc"}', true],
    ['{"visitorToken":"v1"}', true],
    ['{"config":{"accessToken":"EAAB"}}', true],
    ['{"appSecret":"s"}', true],
    ['{"password":"x"}', true],
    ['{"apiKey":"k"}', true],
    ['{"qrcode":"2@abc"}', true],
    ['{"signingKey":"plugin secret field"}', true],
    ['{"token":""}', false],
    ['{"token":null}', false],
    ['{"securitySchemes":{"visitorToken":{"type":"http"}}}', false],
    ['{"body":"she wrote \\"token\\":\\"abc\\" in the chat"}', false],
    ['{"tokenVersion":3}', false],
    ['{"name":"Ana","tickets":[1,2]}', false],
  ])("%s -> %p", (json, expected) => {
    expect(carries(JSON.parse(json))).toBe(expected);
  });
});

describe("compression through the app", () => {
  let t: TestApp;
  const js = `export const big = ${JSON.stringify("lorem ipsum dolor sit amet ".repeat(400))};\n`;
  const get = (path: string, headers: Record<string, string> = {}) => t.request("GET", path, { headers });
  const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  beforeAll(async () => {
    t = await createTestApp();
    // A built web app as scripts/build-ui.ts leaves it: a hashed script with its brotli and gzip copies, index.html.
    const dist = join(t.dataDir, "dist");
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(join(dist, "assets", "app-abc123.js"), js);
    writeFileSync(join(dist, "assets", "app-abc123.js.br"), brotliCompressSync(js));
    writeFileSync(join(dist, "assets", "app-abc123.js.gz"), gzipSync(js));
    writeFileSync(join(dist, "assets", "plain-def456.js"), "export const x = 1;\n");
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Multi100</title>");
    for (const f of ["assets/app-abc123.js", "assets/app-abc123.js.br", "assets/app-abc123.js.gz", "assets/plain-def456.js", "index.html"])
      t.ctx.assets.set(`/${f}`, join(dist, f));
  });
  afterAll(() => t.close());

  test("a hashed file goes as the best copy the browser takes, with Vary and immutable caching", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("accept-ranges")).toBeNull();
    expect(new TextDecoder().decode(brotliDecompressSync(await bytes(br)))).toBe(js);

    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toBe("Accept-Encoding");
    expect(new TextDecoder().decode(gunzipSync(await bytes(gz)))).toBe(js);

    for (const accept of [undefined, "identity", "deflate", "br;q=0, gzip;q=0"]) {
      const plain = await get("/assets/app-abc123.js", accept ? { "accept-encoding": accept } : {});
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(new TextDecoder().decode(await bytes(plain))).toBe(js);
    }
  });

  test("a range request gets the plain file's bytes; a file without copies goes as it is, with no Vary", async () => {
    const range = await get("/assets/app-abc123.js", { "accept-encoding": "br, gzip", range: "bytes=0-5" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-encoding")).toBeNull();
    expect(new TextDecoder().decode(await bytes(range))).toBe(js.slice(0, 6));

    const small = await get("/assets/plain-def456.js", { "accept-encoding": "br, gzip" });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBeNull();
    expect(small.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("index.html is revalidated at every load, as a deep link and by its own name", async () => {
    for (const path of ["/", "/tickets/42", "/index.html"]) {
      const res = await get(path, { "accept-encoding": "br, gzip" });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(await res.text()).toContain("<title>Multi100</title>");
    }
  });

  test("JSON of 1 KB or more is gzipped on the fly (never brotli); smaller or unaccepted goes as it is, always with Vary", async () => {
    const gz = await get("/api/openapi.json", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(gz.status).toBe(200);
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("content-type")).toBe("application/json;charset=utf-8");
    expect(gz.headers.get("vary")).toBe("Accept-Encoding");
    expect(gz.headers.get("x-content-type-options")).toBe("nosniff");
    const sent = await bytes(gz);
    const raw = gunzipSync(sent);
    expect(JSON.parse(raw.toString()).openapi).toBe("3.1.0");
    expect(sent.length).toBeLessThan(raw.length / 5);

    for (const accept of ["br", "identity", "gzip;q=0"]) {
      const plain = await get("/api/openapi.json", { "accept-encoding": accept });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      expect(JSON.parse(await plain.text()).openapi).toBe("3.1.0");
    }
    const small = await get("/api/version", { "accept-encoding": "gzip" });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBe("Accept-Encoding");
    expect((await small.json()).version).toBeString();
  });

  test("answers that carry a token or a secret are never compressed, however large", async () => {
    const gzip = { "accept-encoding": "gzip, br" };
    const loginRes = await t.request("POST", "/api/auth/login", { body: ADMIN, headers: gzip });
    const loginBody = await loginRes.text();
    expect(loginRes.status).toBe(200);
    expect(loginBody.length).toBeGreaterThan(1024);
    expect(loginRes.headers.get("content-encoding")).toBeNull();
    expect(loginRes.headers.get("vary")).toBeNull();
    expect(loginRes.headers.get("set-cookie")).toContain("jrt=");
    expect(JSON.parse(loginBody).token).toBeString();

    const refresh = await t.request("POST", "/api/auth/refresh_token", { headers: { ...gzip, cookie: loginRes.headers.get("set-cookie")!.split(";")[0]! } });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get("content-encoding")).toBeNull();
    expect((await refresh.json()).token).toBeString();

    // A connection as its manager sees it: its API token and the plugin's settings.
    const conn = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat" });
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const manager = await t.request("GET", `/api/whatsapp/${conn.id}`, { token: admin, headers: gzip });
    const managerBody = await manager.text();
    expect(manager.status).toBe(200);
    expect(managerBody.length).toBeGreaterThan(1024);
    expect(JSON.parse(managerBody).token).toBeString();
    expect(manager.headers.get("content-encoding")).toBeNull();

    // The web-chat visitor's session answer carries the visitor token.
    const visitor = await t.request("POST", `/api/webchat/${conn.widgetKey}/sessions`, { body: { name: "Visitor" }, headers: gzip });
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("content-encoding")).toBeNull();
    expect((await visitor.json()).visitorToken).toBeString();
  });

  test("a cookie set beside an answer the compression step rewrote survives", async () => {
    const token = await login(t, ADMIN.email, ADMIN.password);
    const res = await t.request("DELETE", "/api/auth/logout", { token, headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("set-cookie")).toMatch(/^jrt=;/);
  });

  test("media streams keep their byte ranges and are not re-encoded", async () => {
    const text = "Relatório de atendimento\n".repeat(200);
    const saved = await t.ctx.media.save(1, { data: new Blob([text]), name: "report.txt" });
    const url = t.ctx.media.url(1, saved.key);
    const range = await get(url, { "accept-encoding": "gzip, br", range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-encoding")).toBeNull();
    expect((await bytes(range)).length).toBe(10);
    const whole = await get(url, { "accept-encoding": "gzip, br" });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-encoding")).toBeNull();
    expect(await whole.text()).toBe(text);
  });
});
