import { describe, expect, test } from "bun:test";
import { GRAPH_ERRORS } from "../../../tests/fakes/meta-graph/errors";
import { GraphError } from "./graph-error";
import { mapGraphError, mapStatusError, networkError } from "./map-graph-error";

const fromPreset = (e: { status: number; body: unknown }, headers?: Headers) => mapGraphError({ status: e.status, body: e.body, headers });

describe("mapGraphError", () => {
  test("190 (expired or invalid token) is AUTH_EXPIRED", () => {
    const e = fromPreset(GRAPH_ERRORS.tokenExpired());
    expect(e).toBeInstanceOf(GraphError);
    expect(e.code).toBe("AUTH_EXPIRED");
    expect(e.graph.code).toBe(190);
    expect(e.graph.subcode).toBe(463);
    expect(e.message).toContain("Session has expired");
    expect(fromPreset(GRAPH_ERRORS.invalidToken()).code).toBe("AUTH_EXPIRED");
  });

  test("rate limits 4, 80007, 130429, 131056 are RATE_LIMITED with a retry hint", () => {
    const cases: [ReturnType<(typeof GRAPH_ERRORS)["appRateLimit"]>, number][] = [
      [GRAPH_ERRORS.appRateLimit(), 60_000],
      [GRAPH_ERRORS.wabaRateLimit(), 60_000],
      [GRAPH_ERRORS.throughputLimit(), 5_000],
      [GRAPH_ERRORS.pairRateLimit(), 6_000],
    ];
    for (const [preset, hint] of cases) {
      const e = fromPreset(preset);
      expect(e.code).toBe("RATE_LIMITED");
      expect(e.retryAfterMs).toBe(hint);
    }
    expect(fromPreset(GRAPH_ERRORS.throughputLimit()).message).toBe(
      "(#130429) Rate limit hit: Message failed to send because there were too many messages sent from this phone number in a short period of time",
    );
  });

  test("the retry hint prefers Retry-After, then the usage headers' estimated_time_to_regain_access", () => {
    expect(fromPreset(GRAPH_ERRORS.appRateLimit(), new Headers({ "retry-after": "12" })).retryAfterMs).toBe(12_000);
    const usage = JSON.stringify({ "102290129340398": [{ type: "whatsapp", call_count: 100, estimated_time_to_regain_access: 3 }] });
    expect(fromPreset(GRAPH_ERRORS.wabaRateLimit(), new Headers({ "x-business-use-case-usage": usage })).retryAfterMs).toBe(180_000);
  });

  test("131026, 551 and 100/2018001 are NOT_ON_CHANNEL", () => {
    expect(fromPreset(GRAPH_ERRORS.undeliverable()).code).toBe("NOT_ON_CHANNEL");
    expect(fromPreset(GRAPH_ERRORS.personUnavailable()).code).toBe("NOT_ON_CHANNEL");
    expect(fromPreset(GRAPH_ERRORS.noMatchingUser()).code).toBe("NOT_ON_CHANNEL");
  });

  test("131047 and Messenger's 10/2018278 are OUTSIDE_WINDOW, with Meta's readable reason", () => {
    const wa = fromPreset(GRAPH_ERRORS.reengagement());
    expect(wa.code).toBe("OUTSIDE_WINDOW");
    expect(wa.message).toBe(
      "(#131047) Re-engagement message: Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    );
    expect(fromPreset(GRAPH_ERRORS.outsideWindow()).code).toBe("OUTSIDE_WINDOW");
  });

  test("5xx, transient codes and network failures are TEMPORARY", () => {
    expect(fromPreset(GRAPH_ERRORS.serverError()).code).toBe("TEMPORARY");
    expect(mapGraphError({ status: 502, body: { error: { message: "<html>Bad gateway</html>" } } }).code).toBe("TEMPORARY");
    expect(mapGraphError({ status: 400, body: { error: { code: 131000, message: "Something went wrong" } } }).code).toBe("TEMPORARY");
    const net = networkError(new Error("connect ECONNREFUSED 127.0.0.1:9"));
    expect(net.code).toBe("TEMPORARY");
    expect(net.retryAfterMs).toBe(5_000);
  });

  test("a timeout is UNKNOWN, not TEMPORARY: Meta may have carried the request out, so the core never resends it", () => {
    const late = networkError(new DOMException("The operation timed out.", "TimeoutError"));
    expect(late.code).toBe("UNKNOWN");
    expect(late.message).toContain("may have been carried out");
    expect(late.retryAfterMs).toBeUndefined();
  });

  test("anything else is UNKNOWN and keeps Meta's message", () => {
    const e = fromPreset(GRAPH_ERRORS.templateMissing());
    expect(e.code).toBe("UNKNOWN");
    expect(e.message).toBe("(#132001) Template name does not exist in the translation: template name (x) does not exist in en_US");
    expect(mapGraphError({ status: 400, body: undefined }).message).toBe("Meta answered HTTP 400");
  });

  test("status webhook errors map with the same table", () => {
    const e = mapStatusError({
      code: 131026,
      title: "Message undeliverable",
      message: "Message undeliverable",
      error_data: { details: "Message Undeliverable." },
    });
    expect(e.code).toBe("NOT_ON_CHANNEL");
    expect(e.message).toBe("Message undeliverable: Message Undeliverable. (#131026)");
    expect(mapStatusError({ code: 131047, title: "Re-engagement message" }).code).toBe("OUTSIDE_WINDOW");
  });
});
