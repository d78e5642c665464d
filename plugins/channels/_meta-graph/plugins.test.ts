import { describe, expect, test } from "bun:test";
import { channelPlugins, metaEnvOf } from "../..";
import { ChannelRegistry } from "../../../src/channels/registry";
import { loadConfig } from "../../../src/config";
import { resolveMetaEnv } from "./env";
import { metaVerifyToken } from "./messenger/verify-token";
import { createMetaPlugins } from "./plugins";

const meta = createMetaPlugins({ graphUrl: "http://127.0.0.1:1/v21.0", appSecret: "s3cret" });

describe("the Meta plugins as the registry sees them", () => {
  test("ids, connect modes, secret fields, capabilities, JSON schemas for the form", () => {
    const registry = new ChannelRegistry([meta.whatsappapi, meta.facebook, meta.instagram]);
    const views = Object.fromEntries(registry.manifests().map((m) => [m.id, m]));
    expect(views.whatsappapi).toMatchObject({ connect: "token", secretFields: ["accessToken", "appSecret"], planFlag: "useWhatsapp" });
    for (const id of ["whatsappapi", "facebook", "instagram"]) {
      expect(views[id]!.capabilities).toEqual({ react: true, edit: false, delete: false, markRead: true, groups: false, checkNumber: false, window24h: true });
    }
    expect(views.facebook).toMatchObject({ connect: "oauth", secretFields: ["pageAccessToken"], planFlag: "useFacebook" });
    expect(views.instagram).toMatchObject({ connect: "oauth", secretFields: ["pageAccessToken"], planFlag: "useInstagram" });
    const schema = views.whatsappapi!.configSchema as { properties: Record<string, { default?: unknown }>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(["phoneNumberId", "businessAccountId", "accessToken", "appSecret", "verifyToken"]);
    // The form gets a freshly generated verify token as the field's default; a field with a default is not required.
    expect(schema.properties.verifyToken!.default).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(schema.required).toEqual(["phoneNumberId", "businessAccountId", "accessToken", "appSecret"]);
    expect((views.facebook!.configSchema as { required: string[] }).required).toEqual(["pageId", "pageAccessToken"]);
  });

  test("config validation names the fields", () => {
    const registry = new ChannelRegistry([meta.whatsappapi, meta.facebook, meta.instagram]);
    expect(() => registry.parseConfig("whatsappapi", { phoneNumberId: "abc" })).toThrow();
    // Caught here rather than with toThrow so the test fails when nothing is thrown, and reads the error's field keys.
    let err: unknown;
    try {
      registry.parseConfig("instagram", { pageId: "682498302938465", pageAccessToken: "EAAJB-0123456789012345" });
    } catch (e) {
      err = e;
    }
    expect(err).toBeDefined();
    expect(JSON.stringify(err)).toContain("config.instagramAccountId");
    expect(registry.parseConfig("facebook", { pageId: "682498302938465", pageAccessToken: "EAAJB-0123456789012345" })).toEqual({
      pageId: "682498302938465",
      pageAccessToken: "EAAJB-0123456789012345",
      humanAgentTag: false,
    });
  });

  test("createMetaPlugins: facebook and instagram share the /api/webhooks/meta endpoint; the reply window follows HUMAN_AGENT", () => {
    expect(meta.whatsappapi.manifest.id).toBe("whatsappapi");
    expect(meta.facebook.sharedWebhooks?.name).toBe("meta");
    expect(meta.instagram.sharedWebhooks?.name).toBe("meta");
    expect(meta.facebook.webhooks).toBeUndefined();
    expect(meta.facebook.accounts!.verifyToken()).toBe(metaVerifyToken({ appSecret: "s3cret" }));
    expect(meta.instagram.accounts!.verifyToken()).toBe(metaVerifyToken({ appSecret: "s3cret" }));
    expect(meta.whatsappapi.accounts).toBeUndefined();
    const config = { pageId: "682498302938465", pageAccessToken: "EAAJB-0123456789012345" };
    expect(meta.facebook.replyWindowHours!({ ...config, humanAgentTag: false })).toBe(24);
    expect(meta.instagram.replyWindowHours!({ ...config, instagramAccountId: "17841405822304914", humanAgentTag: true })).toBe(168);
    expect(meta.whatsappapi.templates).toBeDefined();
  });

  test("the environment comes from the app config (never the process environment); META_VERIFY_TOKEN wins over the derived token", () => {
    const config = loadConfig({
      META_GRAPH_URL: "https://graph.facebook.com/v22.0/",
      META_APP_ID: "1",
      META_APP_SECRET: "x",
      META_VERIFY_TOKEN: "mine",
      PUBLIC_URL: "https://desk.example.com",
    });
    const env = resolveMetaEnv(metaEnvOf(config));
    expect(env).toMatchObject({
      graphUrl: "https://graph.facebook.com/v22.0",
      appId: "1",
      appSecret: "x",
      verifyToken: "mine",
      publicUrl: "https://desk.example.com",
      downloadInstagramMedia: false,
    });
    expect(resolveMetaEnv().graphUrl).toBe("https://graph.facebook.com/v21.0");
    expect(resolveMetaEnv()).toMatchObject({ appId: undefined, appSecret: undefined });
    expect(metaVerifyToken(env)).toBe("mine");
    expect(metaVerifyToken({ appSecret: "x" })).toMatch(/^[0-9a-f]{32}$/);
    expect(metaVerifyToken({})).toBeUndefined();
    expect(channelPlugins(config).map((p) => p.manifest.id)).toEqual(["whatsapp", "whatsappapi", "facebook", "instagram", "webchat"]);
  });
});
