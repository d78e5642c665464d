import { describe, expect, test } from "bun:test";
import { ChannelRegistry } from "../../../src/channels/registry";
import facebook from "../facebook";
import instagram from "../instagram";
import whatsappCloud from "../whatsapp-cloud";
import { resolveMetaEnv } from "./env";
import { metaVerifyToken } from "./messenger/verify-token";
import { createMetaPlugins } from "./plugins";

describe("the Meta plugins as the registry sees them", () => {
  test("default instances: ids, connect modes, secret fields, capabilities, JSON schemas for the form", () => {
    const registry = new ChannelRegistry([whatsappCloud, facebook, instagram]);
    const views = Object.fromEntries(registry.manifests().map((m) => [m.id, m]));
    expect(views.whatsappapi).toMatchObject({ connect: "token", secretFields: ["accessToken", "appSecret"], planFlag: "useWhatsapp" });
    expect(views.whatsappapi!.capabilities).toEqual({ react: true, edit: false, delete: false, markRead: true, groups: false, checkNumber: false, window24h: true });
    expect(views.facebook).toMatchObject({ connect: "oauth", secretFields: ["pageAccessToken"], planFlag: "useFacebook" });
    expect(views.instagram).toMatchObject({ connect: "oauth", secretFields: ["pageAccessToken"], planFlag: "useInstagram" });
    const schema = views.whatsappapi!.configSchema as { properties: Record<string, { default?: unknown }>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(["phoneNumberId", "businessAccountId", "accessToken", "appSecret", "verifyToken"]);
    // The form gets a freshly generated verify token as the field's default.
    expect(schema.properties.verifyToken!.default).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  test("config validation names the fields", () => {
    const registry = new ChannelRegistry([whatsappCloud, facebook, instagram]);
    expect(() => registry.parseConfig("whatsappapi", { phoneNumberId: "abc" })).toThrow();
    try {
      registry.parseConfig("instagram", { pageId: "682498302938465", pageAccessToken: "EAAJB-0123456789012345" });
    } catch (err) {
      expect(JSON.stringify(err)).toContain("config.instagramAccountId");
    }
    expect(registry.parseConfig("facebook", { pageId: "682498302938465", pageAccessToken: "EAAJB-0123456789012345" })).toEqual({
      pageId: "682498302938465",
      pageAccessToken: "EAAJB-0123456789012345",
      humanAgentTag: false,
    });
  });

  test("createMetaPlugins shares one hub between facebook and instagram", () => {
    const meta = createMetaPlugins({ graphUrl: "http://127.0.0.1:1/v21.0", appSecret: "s3cret" });
    expect(meta.whatsappapi.manifest.id).toBe("whatsappapi");
    expect(meta.facebook.manifest.id).toBe("facebook");
    expect(meta.instagram.manifest.id).toBe("instagram");
    expect(meta.metaVerifyToken()).toBe(metaVerifyToken({ appSecret: "s3cret" }));
  });

  test("the environment: META_* variables and defaults; META_VERIFY_TOKEN wins over the derived token", () => {
    const env = resolveMetaEnv({}, { META_GRAPH_URL: "https://graph.facebook.com/v22.0/", META_APP_ID: "1", META_APP_SECRET: "x", PUBLIC_URL: "https://desk.example.com" });
    expect(env).toMatchObject({ graphUrl: "https://graph.facebook.com/v22.0", appId: "1", appSecret: "x", publicUrl: "https://desk.example.com", downloadInstagramMedia: false });
    expect(resolveMetaEnv({}, {}).graphUrl).toBe("https://graph.facebook.com/v21.0");
    expect(metaVerifyToken({ appSecret: "x", verifyToken: "mine" })).toBe("mine");
    expect(metaVerifyToken({})).toBeUndefined();
  });
});
