import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { setPlatformSetting } from "../modules/settings/queries";
import { ADMIN, createTestApp, type TestApp } from "../../tests/helpers/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2030-01-01T12:00:00.000Z"));
});
afterEach(() => t.close());

// Tiny but real files: each starts with its format's magic bytes.
const bytes = (s: string) => new TextEncoder().encode(s);
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const PDF = bytes("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
/** One Ogg page whose first packet is an Opus header: what a WhatsApp voice note starts with. */
const OGG = (() => {
  const b = new Uint8Array(28 + 19);
  b.set(bytes("OggS"), 0);
  b[5] = 2; // beginning of stream
  b[26] = 1; // one segment
  b[27] = 19;
  b.set(bytes("OpusHead"), 28);
  b[36] = 1; // version
  b[37] = 1; // channels
  return b;
})();
const HTML = bytes("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function addCompany(name = "Other") {
  return (await t.ctx.db.insertInto("companies").values({ name, planId: 1 }).returning("id").executeTakeFirstOrThrow()).id;
}
const get = (url: string, headers: Record<string, string> = {}) => t.request("GET", url, { headers });
const onDisk = (key: string) => existsSync(join(t.dataDir, "media", key.slice(0, 2), key));

describe("save", () => {
  test.each([
    ["photo.png", PNG, "image/png"],
    ["photo.jpeg", JPEG, "image/jpeg"],
    ["voice.ogg", OGG, "audio/ogg; codecs=opus"],
    ["contract.pdf", PDF, "application/pdf"],
  ] as const)("%s round-trips by its bytes", async (name, data, mime) => {
    const saved = await t.ctx.media.save(1, { data, name });
    expect(saved).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), mime, size: data.byteLength, name });
    expect(onDisk(saved.key)).toBe(true);

    const res = await get(t.ctx.media.url(1, saved.key));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(mime);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);
  });

  test("the type comes from the bytes: a mislabelled file is stored as what it is, with a matching extension", async () => {
    const saved = await t.ctx.media.save(1, { data: new Blob([PNG], { type: "application/pdf" }), name: "scan.pdf" });
    expect(saved).toMatchObject({ mime: "image/png", name: "scan.pdf.png" });
    const row = await t.ctx.db.selectFrom("media").selectAll().where("key", "=", saved.key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ companyId: 1, mime: "image/png", size: PNG.byteLength, name: "scan.pdf.png", createdAt: "2030-01-01T12:00:00.000Z" });
  });

  test("accepts a Blob, an ArrayBuffer or bytes; the name is cleaned of paths and control or bidi characters", async () => {
    expect((await t.ctx.media.save(1, { data: new Blob([JPEG]), name: "C:\\Users\\ana\\me.jpg" })).name).toBe("me.jpg");
    expect((await t.ctx.media.save(1, { data: JPEG.slice().buffer, name: "../../etc/passwd" })).name).toBe("passwd.jpg");
    expect((await t.ctx.media.save(1, { data: JPEG, name: "evil\u202Egpj.exe" })).name).toBe("evilgpj.exe.jpg");
    expect((await t.ctx.media.save(1, { data: JPEG, name: "  \n " })).name).toBe("file.jpg");
  });

  test("uploads with an empty or hostile file name are stored under a random key, named by what is left of it", async () => {
    const token = (await t.json("POST", "/api/auth/login", { body: ADMIN })).body.token;
    await t.ctx.db
      .insertInto("connections")
      .values({ companyId: 1, name: "Line", channel: "nochannel", token: "T".repeat(30) })
      .execute();
    const upload = async (path: string, field: string, name: string) => {
      const form = new FormData();
      // Bun gives a part sent with filename="" a File whose name is undefined.
      form.append(field, new File([PNG], name));
      const r = await t.json("POST", path, { token, body: form });
      expect({ path, name, status: r.status }).toEqual({ path, name, status: 200 });
      const owner = path.startsWith("/api/users")
        ? await t.ctx.db.selectFrom("users").select("profileImage as key").where("id", "=", 1).executeTakeFirstOrThrow()
        : await t.ctx.db.selectFrom("connections").select("greetingMediaAttachment as key").where("id", "=", 1).executeTakeFirstOrThrow();
      return (await t.ctx.db.selectFrom("media").select("name").where("key", "=", owner.key!).executeTakeFirstOrThrow()).name;
    };
    for (const [path, field] of [
      ["/api/users/1/media-upload", "profileImage"],
      ["/api/whatsapp/1/media-upload", "file"],
    ] as const) {
      expect(await upload(path, field, "")).toBe("file.png");
      expect(await upload(path, field, "../../etc/passwd")).toBe("passwd.png");
      const withNul = await upload(path, field, "a\u0000b.png");
      expect(withNul).not.toContain("\u0000");
      expect(withNul).toMatch(/^a.*\.png$/);
      expect(await upload(path, field, "...")).toBe("....png");
      expect((await upload(path, field, "x".repeat(1024))).length).toBe(204);
    }
    // Every file on disk is a random key under media/<2 hex>/.
    const files = readdirSync(join(t.dataDir, "media"), { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f.name).toMatch(/^[0-9a-f]{32}$/);
  });

  test("HTML claiming to be a PNG is refused, whatever the allow-list", async () => {
    for (const allow of [["image"], undefined] as const) {
      const err = await t.ctx.media.save(1, { data: new Blob([HTML], { type: "image/png" }), name: "cat.png" }, { allow }).catch((e) => e);
      expect(err).toMatchObject({ code: "ERR_MEDIA_TYPE_NOT_ALLOWED", status: 415 });
    }
    expect(readdirSync(join(t.dataDir)).includes("media")).toBe(false);
  });

  test("SVG is never accepted, as an image or as a document", async () => {
    for (const allow of [["image"], ["document"]] as const) {
      await expect(t.ctx.media.save(1, { data: SVG, name: "logo.svg" }, { allow })).rejects.toMatchObject({ code: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    }
    const xmlSvg = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(t.ctx.media.save(1, { data: xmlSvg, name: "logo.svg" })).rejects.toMatchObject({ code: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
  });

  test("the allow-list is by kind: a PDF is not an image, a voice note is audio", async () => {
    await expect(t.ctx.media.save(1, { data: PDF, name: "x.pdf" }, { allow: ["image"] })).rejects.toMatchObject({ status: 415 });
    await expect(t.ctx.media.save(1, { data: PNG, name: "x.png" }, { allow: ["audio", "video"] })).rejects.toMatchObject({ status: 415 });
    expect((await t.ctx.media.save(1, { data: OGG, name: "v.ogg" }, { allow: ["audio"] })).mime).toBe("audio/ogg; codecs=opus");
  });

  test("text: valid UTF-8 without NUL and not markup is text/plain (text/csv by name); anything else is refused", async () => {
    const txt = await t.ctx.media.save(1, { data: bytes("Olá, mundo!\r\nLinha 2\t✓\n"), name: "notes" });
    expect(txt).toMatchObject({ mime: "text/plain", name: "notes.txt" });
    const csv = await t.ctx.media.save(1, { data: bytes("\uFEFFname;phone\nAna;5511999999999\n"), name: "contacts.CSV" });
    expect(csv).toMatchObject({ mime: "text/csv", name: "contacts.CSV" });
    const vcard = await t.ctx.media.save(1, { data: bytes("BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nEND:VCARD\n"), name: "ana.vcf" });
    expect(vcard).toMatchObject({ mime: "text/plain", name: "ana.vcf.txt" });

    const refused = [
      bytes("hello\0world"), // NUL
      new Uint8Array([0x68, 0x69, 0xff, 0xfe, 0x0a]), // not UTF-8
      new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]), // UTF-16
      bytes("\n\n   <html><p>hi</p></html>"), // markup after white space
      bytes("\uFEFF<script>alert(1)</script>"),
      new Uint8Array(0),
    ];
    for (const data of refused) {
      await expect(t.ctx.media.save(1, { data, name: "a.txt" })).rejects.toMatchObject({ code: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    }
    await expect(t.ctx.media.save(1, { data: bytes("plain"), name: "a.txt" }, { allow: ["image", "audio", "video"] })).rejects.toMatchObject({
      status: 415,
    });
  });

  test("size: over maxBytes, or over the platform downloadLimit by default, is 413", async () => {
    await expect(t.ctx.media.save(1, { data: PNG, name: "a.png" }, { maxBytes: PNG.byteLength - 1 })).rejects.toMatchObject({
      code: "ERR_MEDIA_TOO_LARGE",
      status: 413,
    });
    expect((await t.ctx.media.save(1, { data: PNG, name: "a.png" }, { maxBytes: PNG.byteLength })).size).toBe(PNG.byteLength);

    await setPlatformSetting(t.ctx.db, "downloadLimit", "32", t.clock.now().toISOString());
    const big = new Uint8Array(32 * 1024 * 1024 + 1);
    big.set(PNG);
    await expect(t.ctx.media.save(1, { data: big, name: "big.png" })).rejects.toMatchObject({
      code: "ERR_MEDIA_TOO_LARGE",
      message: expect.stringContaining("32 MB"),
    });
    expect((await t.ctx.media.save(1, { data: big.subarray(0, 32 * 1024 * 1024), name: "ok.png" })).size).toBe(32 * 1024 * 1024);
  });

  test("no temporary file is left behind", async () => {
    const saved = await t.ctx.media.save(1, { data: PDF, name: "a.pdf" });
    expect(readdirSync(join(t.dataDir, "media", saved.key.slice(0, 2)))).toEqual([saved.key]);
  });
});

describe("GET /api/media/:key", () => {
  test("an image is inline, with the safety and cache headers", async () => {
    const { key } = await t.ctx.media.save(1, { data: PNG, name: "me.png" });
    const url = t.ctx.media.url(1, key);
    expect(url).toMatch(new RegExp(`^/api/media/${key}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    const exp = Number(new URL(url, "http://x").searchParams.get("exp"));
    expect(exp - t.clock.now().getTime() / 1000).toBeGreaterThanOrEqual(3600);
    expect(res.headers.get("cache-control")).toBe(`private, max-age=${exp - t.clock.now().getTime() / 1000}`);
  });

  test("a PDF or a text file is an attachment with a safe file name", async () => {
    const pdf = await t.ctx.media.save(1, { data: PDF, name: 'Contrato "final" – São Paulo.pdf' });
    const res = await get(t.ctx.media.url(1, pdf.key));
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Contrato _final_ _ S_o Paulo.pdf"; filename*=UTF-8''Contrato%20%22final%22%20%E2%80%93%20S%C3%A3o%20Paulo.pdf`,
    );
    expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");

    const txt = await t.ctx.media.save(1, { data: bytes("hi"), name: "a.txt" });
    expect((await get(t.ctx.media.url(1, txt.key))).headers.get("content-disposition")).toStartWith("attachment;");
  });

  test("the link works until it expires, then is refused", async () => {
    const { key } = await t.ctx.media.save(1, { data: PNG, name: "a.png" });
    const url = t.ctx.media.url(1, key, 60);
    const exp = Number(new URL(url, "http://x").searchParams.get("exp"));
    t.clock.set(new Date(exp * 1000));
    expect((await get(url)).status).toBe(200);
    t.clock.advance(1000);
    const res = await t.json("GET", url);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_MEDIA_LINK_INVALID");
  });

  test("forged, tampered, foreign and malformed links are all the same 403", async () => {
    const other = await addCompany();
    const { key } = await t.ctx.media.save(1, { data: PNG, name: "a.png" });
    const theirs = await t.ctx.media.save(other, { data: JPEG, name: "b.jpg" });
    const good = new URL(t.ctx.media.url(1, key), "http://x");
    const exp = good.searchParams.get("exp")!;
    const sig = good.searchParams.get("sig")!;
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "a" ? "b" : "a") + s.slice(i + 1);

    const bad = [
      `/api/media/${key}?exp=${exp}&sig=${"A".repeat(43)}`, // forged
      `/api/media/${key}?exp=${exp}&sig=${flip(sig, 5)}`,
      `/api/media/${key}?exp=${Number(exp) + 300}&sig=${sig}`, // extended expiry
      `/api/media/${flip(key, 0)}?exp=${exp}&sig=${sig}`, // tampered key
      t.ctx.media.url(other, key), // signed for company 2, key of company 1
      t.ctx.media.url(1, theirs.key), // signed for company 1, key of company 2
      t.ctx.media.url(1, "0".repeat(32)), // unknown key, valid signature
      `/api/media/${key}`,
      `/api/media/${key}?exp=${exp}`,
      `/api/media/${key}?exp=soon&sig=${sig}`,
      `/api/media/${key}?exp=${"9".repeat(40)}&sig=${sig}`,
      `/api/media/..%2F..%2Fmulti100.db?exp=${exp}&sig=${sig}`,
      `/api/media/${key.toUpperCase()}?exp=${exp}&sig=${sig}`,
    ];
    for (const url of bad) {
      const res = await t.json("GET", url);
      expect({ url, status: res.status, error: res.body?.error }).toEqual({ url, status: 403, error: "ERR_MEDIA_LINK_INVALID" });
    }
    expect((await get(t.ctx.media.url(other, theirs.key))).status).toBe(200);
  });

  test("ranges: 206 with the slice, 416 past the end, the whole file otherwise", async () => {
    const { key } = await t.ctx.media.save(1, { data: OGG, name: "v.ogg" });
    const url = t.ctx.media.url(1, key);

    let res = await get(url, { range: "bytes=0-3" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-3/${OGG.byteLength}`);
    expect(res.headers.get("content-type")).toBe("audio/ogg; codecs=opus");
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(await res.text()).toBe("OggS");

    res = await get(url, { range: "bytes=-8" });
    expect(res.status).toBe(206);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(OGG.slice(-8));

    res = await get(url, { range: "bytes=28-" });
    expect(res.headers.get("content-range")).toBe(`bytes 28-${OGG.byteLength - 1}/${OGG.byteLength}`);
    expect((await res.text()).slice(0, 8)).toBe("OpusHead");

    res = await get(url, { range: `bytes=${OGG.byteLength}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${OGG.byteLength}`);

    for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=5-2"]) {
      res = await get(url, { range });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(OGG.byteLength);
    }
  });

  test("a file removed from disk behind the store's back is 404 to a valid link", async () => {
    const { key } = await t.ctx.media.save(1, { data: PNG, name: "a.png" });
    await Bun.file(join(t.dataDir, "media", key.slice(0, 2), key)).delete();
    const res = await t.json("GET", t.ctx.media.url(1, key));
    expect(res.status).toBe(404);
  });
});

describe("get and delete are scoped by company", () => {
  test("another company's key is not found and not deleted", async () => {
    const other = await addCompany();
    const mine = await t.ctx.media.save(1, { data: PNG, name: "a.png" });

    expect(await t.ctx.media.get(other, mine.key)).toBeUndefined();
    expect(await t.ctx.media.delete(other, mine.key)).toBe(false);
    expect(onDisk(mine.key)).toBe(true);

    const found = await t.ctx.media.get(1, mine.key);
    expect(found?.media).toEqual({ ...mine, companyId: 1 });
    expect(new Uint8Array(await found!.file.arrayBuffer())).toEqual(PNG);

    expect(await t.ctx.media.delete(1, mine.key)).toBe(true);
    expect(onDisk(mine.key)).toBe(false);
    expect(await t.ctx.media.get(1, mine.key)).toBeUndefined();
    expect(await t.ctx.media.delete(1, mine.key)).toBe(false);
    expect((await get(t.ctx.media.url(1, mine.key))).status).toBe(403);
    expect(await t.ctx.media.delete(1, "../../multi100.db")).toBe(false);
  });
});
