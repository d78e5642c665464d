import { describe, expect, test } from "bun:test";
import { answerVerification, hubParams } from "./answer-verification";

// https://developers.facebook.com/docs/graph-api/webhooks/getting-started#verification-requests
const params = (o: Record<string, string>) => new URLSearchParams(o);

describe("answerVerification", () => {
  test("a matching verify token echoes hub.challenge as text/plain 200", async () => {
    const res = answerVerification(params({ "hub.mode": "subscribe", "hub.challenge": "1158201444", "hub.verify_token": "meatyhamhock" }), "meatyhamhock");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toBe("1158201444");
  });

  test("a wrong token, a wrong mode, a missing challenge or no expected token answer 403", () => {
    expect(answerVerification(params({ "hub.mode": "subscribe", "hub.challenge": "1", "hub.verify_token": "nope" }), "meatyhamhock").status).toBe(403);
    expect(answerVerification(params({ "hub.mode": "unsubscribe", "hub.challenge": "1", "hub.verify_token": "meatyhamhock" }), "meatyhamhock").status).toBe(
      403,
    );
    expect(answerVerification(params({ "hub.mode": "subscribe", "hub.verify_token": "meatyhamhock" }), "meatyhamhock").status).toBe(403);
    expect(answerVerification(params({ "hub.mode": "subscribe", "hub.challenge": "1", "hub.verify_token": "" }), undefined).status).toBe(403);
  });

  test("hubParams reads the dotted keys from the URL even when a router nested them", () => {
    const req = new Request("http://x/api/webhooks/meta?hub.mode=subscribe&hub.challenge=42&hub.verify_token=t");
    const p = hubParams(req, { hub: "[object]" } as Record<string, string>);
    expect(p.get("hub.challenge")).toBe("42");
  });
});
