import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { until } from "../../../tests/helpers/socket-peer";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { getPlatformSetting } from "../settings/queries";

const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
/** 1x1 images as browsers and file-type know them. */
const PNG = bytes("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==");
const WEBP = bytes("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
/** An icon directory of one 16x16 32-bit image (header and entry; the pixel data does not matter to the check). */
const ICO = new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 4, 0, 0, 22, 0, 0, 0, ...new Array(64).fill(0)]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
const SVG_WITH_PROLOG = `\uFEFF  <?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n${SVG}`;

let t: TestApp;
let superToken: string;
/** An admin of company 1 without the super flag, and company B's admin. */
let admin: TestUser;
let other: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  superToken = await login(t, ADMIN.email, ADMIN.password);
  admin = await createUser(t, { companyId: 1, profile: "admin" });
  other = (await createCompany(t, { name: "Beta" })).admin;
});
afterEach(() => t.close());

function upload(mode: string | undefined, data: BlobPart, opts: { token?: string; name?: string; type?: string } = {}) {
  const form = new FormData();
  if (mode !== undefined) form.append("mode", mode);
  form.append("file", new File([data], opts.name ?? "logo.png", { type: opts.type ?? "image/png" }));
  return t.json("POST", "/api/settings-whitelabel/logo", { token: opts.token ?? superToken, body: form });
}

const stored = () =>
  readdirSync(join(t.dataDir, "whitelabel"), { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
const storedOrNone = () => {
  try {
    return stored();
  } catch {
    return [];
  }
};

describe("POST /api/settings-whitelabel/logo", () => {
  test("PNG, WebP and ICO are stored under their sniffed type and set the mode's setting to the file's public address", async () => {
    const cases = [
      { mode: "light", data: PNG, key: "appLogoLight", ext: "png", mime: "image/png" },
      { mode: "dark", data: WEBP, key: "appLogoDark", ext: "webp", mime: "image/webp" },
      { mode: "favicon", data: ICO, key: "appLogoFavicon", ext: "ico", mime: "image/x-icon" },
    ];
    for (const c of cases) {
      // The client's name and type say nothing: the bytes decide.
      const r = await upload(c.mode, c.data, { name: "whatever.gif", type: "text/html" });
      expect(r.status).toBe(200);
      expect(r.body.key).toBe(c.key);
      expect(r.body.value).toMatch(new RegExp(`^/api/whitelabel/[0-9a-f]{32}\\.${c.ext}$`));
      expect((await t.json("GET", `/api/public-settings/${c.key}`)).body).toEqual({ key: c.key, value: r.body.value });

      const served = await t.request("GET", r.body.value);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(c.mime);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(c.data);
    }
    expect(stored()).toHaveLength(3);
  });

  test("each upload is audited as a change of its setting, by the super user", async () => {
    const r = await upload("light", PNG);
    const entries = await t.ctx.db.selectFrom("audit_log").selectAll().where("entityId", "=", "appLogoLight").execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: 1, entity: "setting", action: "update" });
    expect(JSON.parse(entries[0]!.before!)).toEqual({ appLogoLight: "" });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ appLogoLight: r.body.value });
  });

  test("SVG is refused with its own code, whatever its name, type or prolog, and nothing is stored", async () => {
    for (const svg of [SVG, SVG_WITH_PROLOG]) {
      const r = await upload("light", svg, { name: "logo.png", type: "image/png" });
      expect(r.status).toBe(415);
      expect(r.body.error).toBe("ERR_LOGO_SVG_NOT_ALLOWED");
      expect(r.body.message).toContain("SVG");
    }
    expect(await getPlatformSetting(t.ctx.db, "appLogoLight")).toBe("");
    expect(storedOrNone()).toEqual([]);
  });

  test("other types (garbage, text, JPEG, an empty file) are refused and nothing is stored", async () => {
    for (const data of [new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), "just text", "<html><body>x</body></html>", JPEG, new Uint8Array()]) {
      const r = await upload("favicon", data);
      expect(r.status).toBe(415);
      expect(r.body.error).toBe("ERR_LOGO_TYPE_NOT_ALLOWED");
    }
    expect(await getPlatformSetting(t.ctx.db, "appLogoFavicon")).toBe("");
    expect(storedOrNone()).toEqual([]);
  });

  test("a file over 1 MB is refused with 413; exactly 1 MB is taken", async () => {
    const sized = (n: number) => {
      const b = new Uint8Array(n);
      b.set(PNG);
      return b;
    };
    const over = await upload("light", sized(1024 * 1024 + 1));
    expect(over.status).toBe(413);
    expect(over.body.error).toBe("ERR_LOGO_TOO_LARGE");
    expect(storedOrNone()).toEqual([]);
    expect((await upload("light", sized(1024 * 1024))).status).toBe(200);
  });

  test("a missing or unknown mode and a missing file are validation errors", async () => {
    expect((await upload(undefined, PNG)).body.fields).toEqual({ mode: "Invalid value" });
    expect((await upload("banner", PNG)).body.fields).toEqual({ mode: "Invalid value" });
    const form = new FormData();
    form.append("mode", "light");
    const noFile = await t.json("POST", "/api/settings-whitelabel/logo", { token: superToken, body: form });
    expect(noFile.body.error).toBe("ERR_VALIDATION");
    expect(noFile.body.fields).toEqual({ file: "Required" });
  });

  test("only the super user: a company admin of any company gets 403, no token 401; nothing is stored", async () => {
    for (const token of [admin.token, other.token]) {
      const r = await upload("light", PNG, { token });
      expect(r.status).toBe(403);
      expect(r.body.error).toBe("ERR_NO_PERMISSION");
    }
    const form = new FormData();
    form.append("mode", "light");
    form.append("file", new File([PNG], "logo.png"));
    expect((await t.json("POST", "/api/settings-whitelabel/logo", { body: form })).status).toBe(401);
    expect(await getPlatformSetting(t.ctx.db, "appLogoLight")).toBe("");
    expect(storedOrNone()).toEqual([]);
  });

  test("a new upload replaces the file; clearing the setting (PUT value '') removes it; the other logos stay", async () => {
    const first = (await upload("light", PNG)).body.value;
    const dark = (await upload("dark", WEBP)).body.value;
    const second = (await upload("light", PNG)).body.value;
    expect(second).not.toBe(first);
    await until(async () => (await t.request("GET", first)).status === 404, "the replaced file removed");
    expect((await t.request("GET", second)).status).toBe(200);

    const cleared = await t.json("PUT", "/api/settings/appLogoLight", { token: superToken, body: { value: "" } });
    expect(cleared.body).toEqual({ key: "appLogoLight", value: "" });
    expect((await t.json("GET", "/api/public-settings/appLogoLight")).body.value).toBe("");
    await until(async () => (await t.request("GET", second)).status === 404, "the cleared file removed");
    expect((await t.request("GET", dark)).status).toBe(200);
    expect(stored()).toEqual([dark.split("/").pop()]);
  });
});

describe("GET /api/whitelabel/:file", () => {
  test("answers only names the store made: anything else, and a removed file, is 404 ERR_NOT_FOUND", async () => {
    for (const name of ["nothing.png", `${"a".repeat(32)}.png`, `${"a".repeat(32)}.svg`, "..%2Fsecrets.json", "%2e%2e%2fmulti100.db"]) {
      const r = await t.json("GET", `/api/whitelabel/${name}`);
      expect({ name, status: r.status, error: r.body.error }).toEqual({ name, status: 404, error: "ERR_NOT_FOUND" });
    }
  });
});
