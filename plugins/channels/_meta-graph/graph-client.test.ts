import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { FAKE_IDS, FakeGraph } from "../../../tests/fakes/meta-graph";
import { GraphClient } from "./graph-client";
import type { GraphError } from "./graph-error";

let fake: FakeGraph;
beforeAll(async () => {
  fake = await FakeGraph.start();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe("GraphClient", () => {
  test("bearer auth: the token travels in the Authorization header, never in the URL", async () => {
    const graph = new GraphClient({ baseUrl: fake.url, accessToken: FAKE_IDS.waToken, auth: "bearer" });
    const res = await graph.get(`/${FAKE_IDS.phoneNumberId}`, { fields: "display_phone_number,verified_name" });
    expect(res.display_phone_number).toBe("+1 555-078-3881");
    const req = fake.last("GET", `/${FAKE_IDS.phoneNumberId}`)!;
    expect(req.headers.authorization).toBe(`Bearer ${FAKE_IDS.waToken}`);
    expect(req.query.access_token).toBeUndefined();
    expect(req.query.fields).toBe("display_phone_number,verified_name");
  });

  test("query auth with app secret: access_token and appsecret_proof parameters", async () => {
    const graph = new GraphClient({ baseUrl: fake.url, accessToken: FAKE_IDS.pageToken, auth: "query", appSecret: FAKE_IDS.appSecret });
    await graph.get(`/${FAKE_IDS.pageId}`, { fields: "id,name" });
    const req = fake.last("GET", `/${FAKE_IDS.pageId}`)!;
    expect(req.query.access_token).toBe(FAKE_IDS.pageToken);
    expect(req.query.appsecret_proof).toBe(createHmac("sha256", FAKE_IDS.appSecret).update(FAKE_IDS.pageToken).digest("hex"));
    const wrong = new GraphClient({ baseUrl: fake.url, accessToken: FAKE_IDS.pageToken, auth: "query", appSecret: "not-the-secret" });
    await expect(wrong.get(`/${FAKE_IDS.pageId}`)).rejects.toMatchObject({
      code: "UNKNOWN",
      message: "Invalid appsecret_proof provided in the API argument (#100)",
    });
  });

  test("Graph error bodies become channel errors; onError sees each", async () => {
    const seen: GraphError[] = [];
    const graph = new GraphClient({ baseUrl: fake.url, accessToken: FAKE_IDS.waToken, onError: (e) => seen.push(e) });
    fake.failNext({ method: "POST", path: `/${FAKE_IDS.phoneNumberId}/messages` }, "tokenExpired");
    await expect(graph.post(`/${FAKE_IDS.phoneNumberId}/messages`, { messaging_product: "whatsapp" })).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    fake.revokeToken("EAAJB-revoked");
    const revoked = graph.withToken("EAAJB-revoked");
    await expect(revoked.get(`/${FAKE_IDS.phoneNumberId}`)).rejects.toMatchObject({ code: "AUTH_EXPIRED" });
    expect(seen.map((e) => e.code)).toEqual(["AUTH_EXPIRED", "AUTH_EXPIRED"]);
    expect(seen[0]!.graph.status).toBe(401);
  });

  test("an unreachable Graph is TEMPORARY", async () => {
    const graph = new GraphClient({ baseUrl: "http://127.0.0.1:9/v21.0", accessToken: "x", timeoutMs: 2_000 });
    await expect(graph.get("/me")).rejects.toMatchObject({ code: "TEMPORARY" });
  });

  test("a Graph that takes the request and never answers is UNKNOWN (it may have been carried out)", async () => {
    const silent = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Promise<Response>(() => {}) });
    const graph = new GraphClient({ baseUrl: `http://127.0.0.1:${silent.port}/v21.0`, accessToken: "x", timeoutMs: 200 });
    await expect(graph.post("/1/messages", { text: "hi" })).rejects.toMatchObject({ code: "UNKNOWN" });
    await silent.stop(true);
  });

  test("absolute URLs (paging links, media) are used as given", async () => {
    fake.addMedia("778899", new Uint8Array([1, 2, 3]), "image/jpeg");
    const graph = new GraphClient({ baseUrl: fake.url, accessToken: FAKE_IDS.waToken });
    const info = await graph.get<{ url: string }>("/778899");
    const file = await graph.download(info.url);
    expect([...file.bytes]).toEqual([1, 2, 3]);
    expect(file.mime).toBe("image/jpeg");
    await expect(new GraphClient({ baseUrl: fake.url }).download(info.url)).rejects.toMatchObject({ code: "UNKNOWN" });
  });
});
