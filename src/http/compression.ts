import { Elysia } from "elysia";

/** The codings the server sends, in its order of preference when the browser likes them equally. */
export type Coding = "br" | "gzip" | "identity";

/** JSON answers shorter than this go as they are: the bytes saved would not pay for the work. */
const MIN_JSON_BYTES = 1024;
/**
 * On-the-fly gzip stays cheap: on a page of forty tickets (40 KB of JSON) level 2 writes 6,950 bytes in 65 µs where
 * level 4 writes 6,587 in 131 µs and level 1 9,141 in 50 µs; the answer is 5 % larger for half the CPU.
 */
const JSON_GZIP_LEVEL = 2;
/** Field names that say "credential"; an answer carrying one with a text value is never compressed. */
const CREDENTIAL_WORDS = ["token", "secret", "password", "apikey", "api_key", "qrcode"];

/**
 * The coding to send, from the request's Accept-Encoding and the codings at hand (`offered`, best first).
 * q-values decide; `q=0` refuses a coding; `*` stands for every coding not named; `x-gzip` is gzip. Identity is
 * acceptable unless refused (`identity;q=0`, or `*;q=0` without naming it), and when it is not named it comes last.
 * No header at all means identity only. Answers undefined when nothing offered is acceptable.
 */
export function negotiate(acceptEncoding: string | null | undefined, offered: readonly Coding[]): Coding | undefined {
  if (!acceptEncoding) return offered.includes("identity") ? "identity" : undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith("q="));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    const coding = name === "x-gzip" ? "gzip" : name;
    q.set(coding, Number.isFinite(value) && value >= 0 && value <= 1 ? value : 0);
  }
  const star = q.get("*");
  const weight = (c: Coding) => {
    const named = q.get(c);
    if (named !== undefined) return named;
    if (c === "identity") return star === 0 ? 0 : Number.MIN_VALUE;
    return star ?? 0;
  };
  let best: Coding | undefined;
  let bestQ = 0;
  for (const c of offered) {
    const w = weight(c);
    if (w > bestQ) [best, bestQ] = [c, w];
  }
  return best;
}

/** Adds Accept-Encoding to the answer's Vary, keeping what is there. */
export function varyOnEncoding(headers: Record<string, string | number>): void {
  const current = String(headers.vary ?? "");
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) headers.vary = current ? `${current}, Accept-Encoding` : "Accept-Encoding";
}

/**
 * The built file to send for `path`: its brotli or gzip copy (written beside it by the build as `<file>.br` and
 * `<file>.gz`) when the browser takes one, else the file itself. A range request gets the file itself: ranges count
 * the bytes of the representation, and a browser resuming a download asks for the plain file's.
 */
export function pickAssetVariant(
  assets: ReadonlyMap<string, string>,
  path: string,
  request: Request,
): { file: string; coding: Coding; varies: boolean } | undefined {
  const file = assets.get(path);
  if (!file) return undefined;
  const offered: Coding[] = [...(assets.has(`${path}.br`) ? (["br"] as const) : []), ...(assets.has(`${path}.gz`) ? (["gzip"] as const) : [])];
  if (offered.length === 0) return { file, coding: "identity", varies: false };
  const coding = request.headers.has("range") ? "identity" : (negotiate(request.headers.get("accept-encoding"), [...offered, "identity"]) ?? "identity");
  const variant = coding === "br" ? assets.get(`${path}.br`) : coding === "gzip" ? assets.get(`${path}.gz`) : file;
  return { file: variant ?? file, coding, varies: true };
}

/** How many field names the credential check remembers its verdict for (answers may carry names users chose). */
const REMEMBERED_NAMES = 4096;

/**
 * True when a JSON answer carries a credential: a field named like one (token, accessToken, visitorToken, secret,
 * password, apiKey, qrcode…, or a channel plugin's secretFields) whose value is a non-empty text. Read from the answer
 * itself, every field of every nested object, so a new route or field needs no marker to stay uncompressed. Walking
 * the value rather than searching its JSON text: a page of forty tickets costs ~8 µs instead of ~22 µs (the text
 * search held 3.4 % of the server's CPU on bench/tickets.ts), and text inside a message body is never a field name.
 */
export function credentialMatcher(secretFields: readonly string[]): (value: unknown) => boolean {
  const named = [...new Set(secretFields)].filter(Boolean).map((f) => `^${RegExp.escape(f)}$`);
  const credentialName = new RegExp([...CREDENTIAL_WORDS, ...named].join("|"), "i");
  const verdicts = new Map<string, boolean>();
  const isCredential = (name: string) => {
    let verdict = verdicts.get(name);
    if (verdict === undefined) {
      verdict = credentialName.test(name);
      if (verdicts.size < REMEMBERED_NAMES) verdicts.set(name, verdict);
    }
    return verdict;
  };
  const carries = (value: unknown): boolean => {
    if (typeof value !== "object" || value === null) return false;
    if (Array.isArray(value)) return value.some(carries);
    for (const name in value) {
      const field = (value as Record<string, unknown>)[name];
      if (typeof field === "string" ? field !== "" && isCredential(name) : carries(field)) return true;
    }
    return false;
  };
  return carries;
}

/** A value Elysia would answer as JSON: a plain object or an array (not a Response, file, stream or status wrapper). */
function isPlainJson(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * JSON answers of 1 KB or more are gzipped (level 2) when the browser takes gzip; never brotli on the fly (its cheap
 * levels compress JSON no better than gzip). Answers that carry a credential are never compressed (BREACH: a
 * compressed secret beside text an attacker controls leaks through the answer's length). Anything that is not a
 * plain JSON value (files, media ranges, streams, WebSocket upgrades) passes untouched.
 */
export const jsonCompression = (secretFields: readonly string[]) => {
  const carriesCredential = credentialMatcher(secretFields);
  return new Elysia().mapResponse({ as: "global" }, ({ responseValue, set, request }) => {
    if (!isPlainJson(responseValue) || set.headers["content-encoding"] || typeof set.status !== "number") return;
    if (carriesCredential(responseValue)) return;
    const text = JSON.stringify(responseValue);
    varyOnEncoding(set.headers);
    set.headers["content-type"] = "application/json;charset=utf-8";
    const gzipped = text.length >= MIN_JSON_BYTES && negotiate(request.headers.get("accept-encoding"), ["gzip", "identity"]) === "gzip";
    if (gzipped) set.headers["content-encoding"] = "gzip";
    // Bytes, not text: a text body would bring its own content-type. Elysia adds set.headers (and cookies) to this answer.
    return new Response(gzipped ? Bun.gzipSync(text, { level: JSON_GZIP_LEVEL }) : new TextEncoder().encode(text), { status: set.status });
  });
};
