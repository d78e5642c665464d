/**
 * Route schemas are the one model: every registered route declares the schemas of the input it reads (params,
 * query, body) and of its answers in its route options, and the API document lists every route. Walks app.routes,
 * so a route added later is checked without anyone remembering to.
 *
 * Which input a handler reads is read from its destructured context (`({ actor, params, body }) => …`); a handler
 * that takes the context whole cannot be checked and fails until it destructures what it reads.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** Routes exempt from the rule, each with its reason. */
const ALLOWED: Record<string, { input?: string; answer?: string }> = {
  "GET /*": { input: "the SPA's history fallback: any path is a page", answer: "files of the web app" },
  "ALL /api/*": { input: "the 404 of unknown /api paths", answer: "always ERR_NOT_FOUND" },
  "GET /api/media/:key": { answer: "the file itself, streamed with byte ranges (documented as binary)" },
  "GET /api/whitelabel/:file": { answer: "the logo itself (documented as binary)" },
  "GET /api/contacts/export": { answer: "the xlsx or csv file, streamed (documented as binary and text)" },
  "GET /api/ticketreport/export": { answer: "the xlsx or csv file, streamed (documented as binary and text)" },
  "GET /api/contacts/import/:jobId/summary.csv": { answer: "the csv file, streamed (documented as text)" },
  // Webhooks read the raw body to verify the provider's signature over its exact bytes; the payloads are the
  // provider's own (documented with an example each), answered as the provider expects.
  "GET /api/webhooks/whatsappapi/:connectionId": { input: "provider's verification handshake (hub.* query)", answer: "the challenge as text" },
  "POST /api/webhooks/whatsappapi/:connectionId": { input: "raw body for the signature check", answer: "the provider's acknowledgement" },
  "GET /api/webhooks/meta": { input: "provider's verification handshake (hub.* query)", answer: "the challenge as text" },
  "POST /api/webhooks/meta": { input: "raw body for the signature check", answer: "the provider's acknowledgement" },
};

let t: TestApp;
let routes: { method: string; path: string; handler: unknown; hooks: Record<string, unknown> }[];
beforeAll(async () => {
  t = await createTestApp();
  routes = (t.app.routes as unknown as typeof routes).filter((r) => r.method !== "WS");
});
afterAll(() => t.close());

/** The names a handler destructures from its context, or undefined when it takes the context whole. */
function readsOf(handler: unknown): string[] | undefined {
  const src = String(handler);
  const args = src.match(/^\s*(?:async\s*)?(?:function\s*\w*\s*)?\(([^)]*)\)/)?.[1]?.trim() ?? "";
  if (args === "") return [];
  if (!args.startsWith("{")) return undefined;
  return args
    .replace(/[{}]/g, "")
    .split(",")
    .map((a) => a.split(":")[0]!.trim())
    .filter(Boolean);
}

/** `parse: "none"`: the handler would read the raw body itself. */
const leavesBodyUnread = (parse: unknown) =>
  [parse].flat().some((p) => p === "none" || (typeof p === "object" && p !== null && (p as { fn?: unknown }).fn === "none"));

const hasAnswers = (response: unknown) =>
  response !== undefined && (typeof response !== "object" || response === null || "~standard" in response || Object.keys(response).length > 0);

describe("route schemas", () => {
  test("the walk sees the routes", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("POST /api/messages/send");
    expect(names).toContain("PUT /api/users/:id");
  });

  test("every route that reads params, query or a body declares its schema", () => {
    const failures: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.path}`;
      if (ALLOWED[key]?.input) continue;
      const reads = readsOf(r.handler);
      if (reads === undefined) {
        failures.push(`${key}: the handler takes its context whole; destructure what it reads`);
        continue;
      }
      if (leavesBodyUnread(r.hooks.parse) && !r.hooks.body)
        failures.push(`${key}: leaves the body unparsed to read it by hand; declare a body schema and read it in a parse step`);
      if (r.path.includes(":") && !r.hooks.params) failures.push(`${key}: no params schema`);
      for (const part of ["params", "query", "body"] as const)
        if (reads.includes(part) && !r.hooks[part]) failures.push(`${key}: reads ${part} without a schema`);
    }
    expect(failures).toEqual([]);
  });

  test("every route declares the schema of its answers", () => {
    const failures = routes.filter((r) => !ALLOWED[`${r.method} ${r.path}`]?.answer && !hasAnswers(r.hooks.response)).map((r) => `${r.method} ${r.path}`);
    expect(failures).toEqual([]);
  });

  test("answers are declared through answers(): documented and typed, checked by the suite rather than on every request", () => {
    const raw = routes
      .filter((r) => hasAnswers(r.hooks.response))
      .filter((r) =>
        Object.values(r.hooks.response as Record<string, unknown>).some(
          (declared) => !(typeof declared === "object" && declared !== null && "documents" in declared),
        ),
      )
      .map((r) => `${r.method} ${r.path}`);
    expect(raw).toEqual([]);
  });

  test("the allow-list names only registered routes", () => {
    const names = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(ALLOWED).filter((k) => !names.has(k))).toEqual([]);
  });
});

describe("the API document", () => {
  test("/api/openapi.json lists every registered route but the two catch-alls", async () => {
    const res = await t.json("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const missing = routes
      .filter((r) => r.path !== "/*" && r.method !== "ALL")
      .filter((r) => !paths[r.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  test("authenticated routes carry the bearer requirement and their errors; the integrators' endpoint its token and example", async () => {
    const { paths } = (await t.json("GET", "/api/openapi.json")).body;
    const put = paths["/api/users/{id}"].put;
    expect(put.security).toEqual([{ bearer: [] }]);
    expect(put.description).toContain("users:manage");
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "409"]));
    expect(put.responses["409"].description).toContain("ERR_LAST_ADMIN");
    expect(put.parameters).toEqual([expect.objectContaining({ name: "id", in: "path", required: true })]);
    const send = paths["/api/messages/send"].post;
    expect(send.security).toEqual([{ connectionToken: [] }]);
    expect(send.requestBody.content["application/json"].example).toEqual({ number: "5511999999999", body: "Your order #1234 has shipped." });
    expect(Object.keys(send.requestBody.content)).toContain("multipart/form-data");
    expect(send.responses["200"].content["application/json"].example).toMatchObject({ ticketId: expect.any(Number), messageId: expect.any(Number) });
    expect(paths["/api/health"].get.security).toEqual([]);
    // The webhooks carry an example of the provider's delivery.
    expect(paths["/api/webhooks/meta"].post.requestBody.content["application/json"].example).toMatchObject({ object: "page" });
    expect(paths["/api/webhooks/whatsappapi/{connectionId}"].post.requestBody.content["application/json"].example).toMatchObject({
      object: "whatsapp_business_account",
    });
  });
});
