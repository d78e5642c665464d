import { describe, expect, test } from "bun:test";
import { MovableClock } from "../../../tests/helpers/clock";
import { loadConfig } from "../../../src/config";
import { webchatRatesOf } from "../../index";
import { RateLimiter, webchatLimits } from "./rate-limit";
import { VISITOR_TOKEN_TTL_S, VisitorTokens } from "./token";

describe("visitor tokens", () => {
  const tokens = new VisitorTokens("app-secret-0123456789abcdef");
  const visitor = crypto.randomUUID();
  const now = Date.UTC(2030, 0, 1);

  test("a signed token verifies with its claims until it expires", () => {
    const token = tokens.sign(visitor, 7, now);
    expect(tokens.verify(token, now)).toEqual({ visitorId: visitor, connectionId: 7, expiresAt: now / 1000 + VISITOR_TOKEN_TTL_S });
    expect(tokens.verify(token, now + (VISITOR_TOKEN_TTL_S - 1) * 1000)).toBeDefined();
    expect(tokens.verify(token, now + VISITOR_TOKEN_TTL_S * 1000)).toBeUndefined();
  });

  test("tampered, foreign, malformed and non-string tokens are refused", () => {
    const token = tokens.sign(visitor, 7, now);
    const [payload, sig] = token.split(".");
    const other = Buffer.from(JSON.stringify({ v: visitor, c: 8, e: now / 1000 + 3600 })).toString("base64url");
    const cases: unknown[] = [
      `${other}.${sig}`,
      `${payload}.${sig!.slice(0, -2)}`,
      `${payload}.`,
      `.${sig}`,
      `${payload}.${sig}.x`,
      new VisitorTokens("another-secret-0123456789abcdef").sign(visitor, 7, now),
      `${Buffer.from(JSON.stringify({ v: "not-a-uuid", c: 7, e: 9e9 })).toString("base64url")}.x`,
      "x".repeat(600),
      "",
      undefined,
      42,
    ];
    for (const c of cases) expect(tokens.verify(c, now)).toBeUndefined();
  });

  test("a token signed with a forged payload under a valid signature shape does not verify", () => {
    const forged = Buffer.from(JSON.stringify({ v: visitor, c: 7, e: 9_999_999_999 })).toString("base64url");
    const real = tokens.sign(visitor, 7, now).split(".")[1];
    expect(tokens.verify(`${forged}.${real}`, now)).toBeUndefined();
  });
});

describe("rate limiter", () => {
  test("counts per key within a sliding minute and refuses without counting", () => {
    const clock = new MovableClock(new Date(Date.UTC(2030, 0, 1, 0, 0, 0)));
    const limiter = new RateLimiter(clock);
    const take = (...keys: [string, number][]) => limiter.take(keys.map(([key, limit]) => ({ key, limit })));
    for (let i = 0; i < 3; i++) expect(take(["a", 3], ["ip", 5])).toEqual({ ok: true });
    const over = take(["a", 3], ["ip", 5]);
    expect(over.ok).toBe(false);
    // The refused hit did not use the address's budget: two more for another visitor.
    expect(take(["b", 3], ["ip", 5]).ok).toBe(true);
    expect(take(["b", 3], ["ip", 5]).ok).toBe(true);
    expect(take(["b", 3], ["ip", 5]).ok).toBe(false);
    // Half a minute into the next window, half of the previous one still counts (3 * 0.5 = 1.5 < 3).
    clock.advance(90_000);
    expect(take(["a", 3]).ok).toBe(true);
    clock.advance(120_000);
    for (let i = 0; i < 3; i++) expect(take(["a", 3]).ok).toBe(true);
  });

  test("limits come from the configuration, with defaults", () => {
    expect(webchatLimits(webchatRatesOf(loadConfig({})))).toEqual({ messagesPerVisitor: 30, messagesPerIp: 120, sessionsPerIp: 10, readsPerIp: 480 });
    expect(webchatLimits(webchatRatesOf(loadConfig({ WEBCHAT_RATE_PER_MIN: "5", WEBCHAT_RATE_PER_MIN_IP: "50", WEBCHAT_SESSIONS_PER_MIN_IP: "2" })))).toEqual({
      messagesPerVisitor: 5,
      messagesPerIp: 50,
      sessionsPerIp: 2,
      readsPerIp: 200,
    });
    expect(() => loadConfig({ WEBCHAT_RATE_PER_MIN: "lots" })).toThrow(/WEBCHAT_RATE_PER_MIN/);
  });
});
