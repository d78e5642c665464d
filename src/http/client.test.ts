import { describe, expect, test } from "bun:test";
import { loadConfig } from "../config";
import { foreignOrigin } from "./client";

const request = (origin: string | null, headers: Record<string, string> = {}) =>
  new Request("http://chat.internal:8080/api/webchat/x/config", { headers: { ...(origin ? { origin } : {}), host: "chat.internal:8080", ...headers } });

describe("foreignOrigin: which site's page a request comes from", () => {
  test("our own pages and clients without an Origin are not another site", () => {
    const config = loadConfig({});
    expect(foreignOrigin(config, request(null))).toBeUndefined();
    expect(foreignOrigin(config, request("http://chat.internal:8080"))).toBeUndefined();
    expect(foreignOrigin(config, request("https://shop.example.com"))).toBe("https://shop.example.com");
    expect(foreignOrigin(config, request("null"))).toBe("null");
  });

  test("behind a proxy: PUBLIC_URL's host, and X-Forwarded-Host only when TRUST_PROXY says so", () => {
    const proxied = request("https://support.example.com", { "x-forwarded-host": "support.example.com" });
    expect(foreignOrigin(loadConfig({}), proxied)).toBe("https://support.example.com");
    expect(foreignOrigin(loadConfig({ PUBLIC_URL: "https://support.example.com" }), proxied)).toBeUndefined();
    expect(foreignOrigin(loadConfig({ TRUST_PROXY: "true" }), proxied)).toBeUndefined();
  });
});
