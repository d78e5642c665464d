/**
 * Every JSON answer the API suite receives through the test app is checked against the schema its route declares
 * (src/http/schemas.ts `answers`): the server does not run those schemas on each answer, so this is where an answer
 * that breaks its documented shape is caught. The check also fails when parsing would drop or change a field: the
 * server sends the serializer's object as it is, so such a schema documents an answer other than the one sent.
 */
import { z } from "zod";
import { answerSchema } from "../../src/http/schemas";

interface RouteEntry {
  method: string;
  path: string;
  hooks: { response?: unknown };
}

interface Matcher {
  method: string;
  pattern: RegExp;
  /** Static routes win over routes with parameters, which win over wildcards (Elysia's order). */
  rank: number;
  response: unknown;
  name: string;
}

function matcherOf(r: RouteEntry): Matcher {
  let rank = 0;
  const source = r.path
    .split("/")
    .map((segment) => {
      if (segment === "*") {
        rank += 1000;
        return ".*";
      }
      if (segment.startsWith(":")) {
        rank += 1;
        return segment.endsWith("?") ? "?[^/]*" : "[^/]+";
      }
      return RegExp.escape(segment);
    })
    .join("/");
  return { method: r.method, pattern: new RegExp(`^${source}$`), rank, response: r.hooks.response, name: `${r.method} ${r.path}` };
}

/** Answers a checker for one app's routes: call it with each request's method, path and answer. */
export function answerChecker(routes: readonly RouteEntry[]) {
  const matchers = routes
    .filter((r) => r.method !== "WS")
    .map(matcherOf)
    .sort((a, b) => a.rank - b.rank);
  return async (method: string, url: string, res: Response): Promise<void> => {
    if (!res.headers.get("content-type")?.includes("application/json")) return;
    const path = url.split("?")[0]!;
    const route = matchers.find((m) => (m.method === method || m.method === "ALL") && m.pattern.test(path));
    const declared = (route?.response as Record<number, unknown> | undefined)?.[res.status];
    const schema = answerSchema(declared);
    if (!route || !(schema instanceof z.ZodType)) return;
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    // A test that asks for gzip gets the answer as the browser does: it is checked all the same.
    const text = new TextDecoder().decode(res.headers.get("content-encoding") === "gzip" ? Bun.gunzipSync(bytes) : bytes);
    const body: unknown = text ? JSON.parse(text) : undefined;
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new Error(`${route.name} answered ${res.status} against its schema: ${z.prettifyError(parsed.error)}`);
    if (!Bun.deepEquals(parsed.data, body)) {
      throw new Error(`${route.name} answered ${res.status} with fields its schema would drop or change: ${JSON.stringify(body).slice(0, 500)}`);
    }
  };
}
