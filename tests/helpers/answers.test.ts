import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { z } from "zod";
import { answers } from "../../src/http/schemas";
import { answerChecker } from "./answers";

/** What the handler returns by id: one that fits, one that breaks the schema, one with a field the schema would drop. */
const things: Record<string, unknown> = { "1": { id: 1, name: "one" }, "2": { id: "two", name: "two" }, "3": { id: 3, name: "three", extra: true } };
const app = new Elysia()
  .get("/things/:id", ({ params }) => things[params.id] as { id: number; name: string }, {
    response: answers({ 200: z.object({ id: z.number(), name: z.string() }) }),
  })
  .get("/things/special", () => ({ special: true }), { response: answers({ 200: z.object({ special: z.boolean() }) }) })
  .get("/loose", () => ({ id: 1, more: "kept" }), { response: answers({ 200: z.looseObject({ id: z.number() }) }) });
const check = answerChecker(app.routes as never);
const ask = async (path: string) => check("GET", path, await app.handle(new Request(`http://localhost${path}`)));

describe("the test app's answer check", () => {
  test("the server sends the handler's answer as it is: the declared schema documents it, it does not filter it", async () => {
    const res = await app.handle(new Request("http://localhost/things/2"));
    expect(await res.json()).toEqual({ id: "two", name: "two" });
  });

  test("passes an answer that fits its schema, a static route winning over a parameter", async () => {
    await ask("/things/1");
    await ask("/things/special");
    await ask("/loose?x=1");
  });

  test("fails an answer that breaks its schema, and one whose field the schema would drop", async () => {
    await expect(ask("/things/2")).rejects.toThrow("GET /things/:id answered 200 against its schema");
    await expect(ask("/things/3")).rejects.toThrow("fields its schema would drop or change");
  });
});
