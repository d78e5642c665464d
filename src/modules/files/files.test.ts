import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loadActor } from "../../http/auth";
import { setPlatformSetting } from "../settings/queries";

let t: TestApp;
let admin: string;
let agent: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  admin = await login(t, ADMIN.email, ADMIN.password);
  agent = await createUser(t, { companyId: 1, name: "Ana", profile: "user" });
});
afterEach(() => t.close());

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

const create = (body: Record<string, unknown>, token = admin) => t.json("POST", "/api/files", { token, body });
const upload = (fileId: number, optionId: number | string, bytes: Uint8Array<ArrayBuffer>, name: string, token = admin) => {
  const form = new FormData();
  form.append("fileId", String(fileId));
  form.append("typeArch", "fileList");
  form.append("id", String(optionId));
  form.append("files", new File([bytes], name));
  return t.json("POST", `/api/files/uploadList/${fileId}`, { token, body: form });
};
const catalogue = { name: "Catálogo", message: "Segue o catálogo", options: [{ name: "Tabela de preços" }, { name: "Logo" }] };

describe("file lists", () => {
  test("create with named files, upload each, read back with signed links; list, search, show", async () => {
    const r = await create({ ...catalogue, name: "  Catálogo  ", userId: 999, companyId: 2 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: "Catálogo", message: "Segue o catálogo", userId: 1, companyId: 1 });
    expect(r.body.options.map((o: { name: string; path: null }) => [o.name, o.path])).toEqual([
      ["Tabela de preços", null],
      ["Logo", null],
    ]);
    const [prices, logo] = r.body.options;
    const up = await upload(r.body.id, prices.id, PDF, "precos.pdf");
    expect(up.status).toBe(200);
    expect(up.body.options[0]).toMatchObject({
      id: prices.id,
      name: "Tabela de preços",
      mediaType: "application/pdf",
      file: "precos.pdf",
      size: PDF.byteLength,
    });
    expect(up.body.options[0].path).toMatch(/^\/api\/media\/[0-9a-f]{32}\?exp=\d+&sig=/);
    await upload(r.body.id, logo.id, PNG, "logo");
    await create({ name: "Boas-vindas", message: "Olá" });

    const page = await t.json("GET", "/api/files", { token: admin });
    expect(page.body).toMatchObject({ count: 2, hasMore: false });
    expect(page.body.files.map((f: { name: string; options: unknown[] }) => [f.name, f.options.length])).toEqual([
      ["Boas-vindas", 0],
      ["Catálogo", 2],
    ]);
    expect((await t.json("GET", "/api/files?searchParam=cat", { token: admin })).body.files.map((f: { id: number }) => f.id)).toEqual([r.body.id]);
    expect((await t.json("GET", "/api/files?searchParam=%25", { token: admin })).body.files).toEqual([]);
    const shown = await t.json("GET", `/api/files/${r.body.id}`, { token: admin });
    expect(shown.body.options.map((o: { file: string; mediaType: string }) => [o.file, o.mediaType])).toEqual([
      ["precos.pdf", "application/pdf"],
      ["logo.png", "image/png"],
    ]);
    expect((await t.json("GET", "/api/files/list", { token: admin })).body).toEqual([
      { id: expect.any(Number), name: "Boas-vindas" },
      { id: r.body.id, name: "Catálogo" },
    ]);
  });

  test("the served files: a document downloads as an attachment, an image is inline; both nosniff and sandboxed", async () => {
    const list = (await create(catalogue)).body;
    await upload(list.id, list.options[0].id, PDF, "preços.pdf");
    const up = await upload(list.id, list.options[1].id, PNG, "logo.png");
    const pdf = await t.request("GET", up.body.options[0].path);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="pre_os.pdf"; filename*=UTF-8''pre%C3%A7os.pdf`);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(PDF);
    const png = await t.request("GET", up.body.options[1].path);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe("inline");
    for (const res of [pdf, png]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    }
  });

  test("uploads: types sniffed from the bytes, the platform's size limit, a replaced file is deleted, the option must be the list's", async () => {
    const list = (await create(catalogue)).body;
    const optionId = list.options[0].id;
    const html = await upload(list.id, optionId, new TextEncoder().encode("<html><script>alert(1)</script></html>"), "page.png");
    expect({ status: html.status, error: html.body.error }).toEqual({ status: 415, error: "ERR_MEDIA_TYPE_NOT_ALLOWED" });
    const svg = await upload(list.id, optionId, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "x.svg");
    expect(svg.status).toBe(415);
    await setPlatformSetting(t.ctx.db, "downloadLimit", "1", t.clock.now().toISOString());
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PDF);
    const tooLarge = await upload(list.id, optionId, big, "big.pdf");
    expect({ status: tooLarge.status, error: tooLarge.body.error }).toEqual({ status: 413, error: "ERR_MEDIA_TOO_LARGE" });
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);

    const other = (await create({ name: "Outra lista", message: "x", options: [{ name: "A" }] })).body;
    expect((await upload(list.id, other.options[0].id, PNG, "a.png")).body.fields).toEqual({ id: "Not found" });
    expect((await upload(list.id, "abc", PNG, "a.png")).body.fields).toEqual({ id: "Invalid id" });
    const noFile = await t.json("POST", `/api/files/uploadList/${list.id}`, { token: admin, body: { id: String(optionId) } });
    expect({ status: noFile.status, fields: noFile.body.fields }).toEqual({ status: 400, fields: { files: "Required" } });

    await upload(list.id, optionId, PNG, "a.png");
    const first = (await t.ctx.db.selectFrom("file_list_options").select("mediaKey").where("id", "=", optionId).executeTakeFirstOrThrow()).mediaKey;
    await upload(list.id, optionId, PDF, "b.pdf");
    const keys = (await t.ctx.db.selectFrom("media").select("key").execute()).map((m) => m.key);
    expect(keys).toHaveLength(1);
    expect(keys).not.toContain(first);
  });

  test("validation: the spec's messages per field, nothing stored", async () => {
    const cases: Array<[body: Record<string, unknown>, fields: Record<string, string>]> = [
      [{}, { name: "Required", message: "Required" }],
      [{ name: "ab", message: "x" }, { name: "Nombre muy corto" }],
      [{ name: "   ", message: "x" }, { name: "Required" }],
      [{ name: "Lista", message: "  " }, { message: "Required" }],
      [{ name: "Lista", message: "x", options: [{ name: "" }] }, { "options.0.name": "Required" }],
      [{ name: "Lista", message: "x", options: "a" }, { options: "Invalid value" }],
      [{ name: "Lista", message: "x", options: Array.from({ length: 51 }, () => ({ name: "a" })) }, { options: "At most 50 files" }],
      [{ name: 5, message: "x" }, { name: "Required" }],
    ];
    for (const [body, fields] of cases) {
      const r = await create(body);
      expect({ body, status: r.status, fields: r.body.fields }).toEqual({ body, status: 400, fields });
    }
    expect(await t.ctx.db.selectFrom("file_lists").selectAll().execute()).toEqual([]);
  });

  test("edit: rename, reorder, add and remove files; a removed file's upload is deleted; an id of another list is refused", async () => {
    const list = (await create(catalogue)).body;
    const [prices, logo] = list.options;
    await upload(list.id, prices.id, PDF, "precos.pdf");
    const other = (await create({ name: "Outra lista", message: "x", options: [{ name: "A" }] })).body;
    const foreign = await t.json("PUT", `/api/files/${list.id}`, { token: admin, body: { options: [{ id: other.options[0].id, name: "Roubada" }] } });
    expect({ status: foreign.status, fields: foreign.body.fields }).toEqual({ status: 400, fields: { "options.0.id": "Not found" } });

    const r = await t.json("PUT", `/api/files/${list.id}`, {
      token: admin,
      body: { name: "Catálogo 2026", options: [{ id: logo.id, name: "Logotipo" }, { name: "Vídeo" }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Catálogo 2026", message: "Segue o catálogo" });
    expect(r.body.options.map((o: { id: number; name: string }) => o.name)).toEqual(["Logotipo", "Vídeo"]);
    expect(r.body.options[0].id).toBe(logo.id);
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
    expect((await t.json("PUT", `/api/files/${list.id}`, { token: admin, body: { name: "x" } })).body.fields).toEqual({ name: "Nombre muy corto" });
  });

  test("delete removes the list, its files and their uploads", async () => {
    const list = (await create(catalogue)).body;
    await upload(list.id, list.options[0].id, PDF, "precos.pdf");
    const r = await t.json("DELETE", `/api/files/${list.id}`, { token: admin });
    expect(r.body).toEqual({ message: "File list deleted" });
    expect(await t.ctx.db.selectFrom("file_list_options").selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
    expect((await t.json("GET", `/api/files/${list.id}`, { token: admin })).status).toBe(404);
  });

  test("a plain user is refused every route (403); no token is 401", async () => {
    const list = (await create(catalogue)).body;
    const form = new FormData();
    form.append("id", String(list.options[0].id));
    form.append("files", new File([PNG], "a.png"));
    for (const [method, path, body] of [
      ["GET", "/api/files"],
      ["GET", "/api/files/list"],
      ["GET", `/api/files/${list.id}`],
      ["POST", "/api/files", catalogue],
      ["PUT", `/api/files/${list.id}`, { name: "Hacked" }],
      ["POST", `/api/files/uploadList/${list.id}`, form],
      ["DELETE", `/api/files/${list.id}`],
    ] as const) {
      const r = await t.json(method, path, { token: agent.token, body });
      expect({ method, path, status: r.status, error: r.body.error }).toEqual({ method, path, status: 403, error: "ERR_NO_PERMISSION" });
      expect((await t.json(method, path, { body })).status).toBe(401);
    }
    expect((await t.ctx.db.selectFrom("file_lists").selectAll().execute()).map((l) => l.name)).toEqual(["Catálogo"]);
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
  });

  test("tenancy: another company's lists answer 404 in paths, its option ids are not found in bodies, nothing changes", async () => {
    const list = (await create(catalogue)).body;
    const other = await createCompany(t, { name: "Other" });
    const token = other.admin.token;
    for (const [method, path, body] of [
      ["GET", `/api/files/${list.id}`],
      ["PUT", `/api/files/${list.id}`, { name: "Hacked" }],
      ["DELETE", `/api/files/${list.id}`],
    ] as const) {
      expect({ method, path, status: (await t.json(method, path, { token, body })).status }).toEqual({ method, path, status: 404 });
    }
    expect((await upload(list.id, list.options[0].id, PNG, "a.png", token)).status).toBe(404);
    const theirs = (await create({ name: "Deles", message: "x", options: [{ name: "B" }] }, token)).body;
    expect(theirs.companyId).toBe(other.companyId);
    expect((await upload(theirs.id, list.options[0].id, PNG, "a.png", token)).body.fields).toEqual({ id: "Not found" });
    const stolen = await t.json("PUT", `/api/files/${theirs.id}`, { token, body: { options: [{ id: list.options[0].id, name: "Roubada" }] } });
    expect(stolen.body.fields).toEqual({ "options.0.id": "Not found" });
    expect((await t.json("GET", "/api/files", { token })).body.files.map((f: { name: string }) => f.name)).toEqual(["Deles"]);
    expect((await t.json("GET", `/api/files/${list.id}`, { token: admin })).body).toEqual(list);
  });

  test("audit: create, edit, upload and delete write their entries", async () => {
    const list = (await create(catalogue)).body;
    await t.json("PUT", `/api/files/${list.id}`, { token: admin, body: { message: "Novo texto" } });
    await upload(list.id, list.options[0].id, PDF, "precos.pdf");
    await t.json("DELETE", `/api/files/${list.id}`, { token: admin });
    const entries = await t.ctx.db.selectFrom("audit_log").selectAll().where("entity", "=", "fileList").orderBy("id").execute();
    expect(entries.map((e) => [e.action, e.userId, e.entityId])).toEqual([
      ["create", 1, String(list.id)],
      ["update", 1, String(list.id)],
      ["update", 1, String(list.id)],
      ["delete", 1, String(list.id)],
    ]);
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ name: "Catálogo", options: [{ name: "Tabela de preços" }, { name: "Logo" }] });
    expect(JSON.parse(entries[1]!.before!)).toEqual({ message: "Segue o catálogo" });
    expect(JSON.parse(entries[2]!.after!).options[0]).toMatchObject({ name: "Tabela de preços", file: "precos.pdf" });
    // A refused write leaves no entry.
    await create({ name: "x", message: "y" });
    expect(await t.ctx.db.selectFrom("audit_log").selectAll().where("entity", "=", "fileList").execute()).toHaveLength(4);
  });

  test("company-{id}-file frames: create/update carry the list, delete its id; only managers get them", async () => {
    const sent: { event: string; data: any; shape?: (actor: any, data: any) => unknown }[] = [];
    const emit = t.ctx.hub.emit.bind(t.ctx.hub);
    t.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: { shape?: (actor: any, data: any) => unknown }) => {
      sent.push({ event, data, shape: opts?.shape });
      return emit(companyId, event, data, opts as never);
    }) as typeof t.ctx.hub.emit;
    const list = (await create(catalogue)).body;
    await upload(list.id, list.options[0].id, PNG, "a.png");
    await t.json("DELETE", `/api/files/${list.id}`, { token: admin });
    await Bun.sleep(20);
    const frames = sent.filter((f) => f.event === "company-1-file");
    expect(frames.map((f) => f.data.action)).toEqual(["create", "update", "delete"]);
    expect(frames[0]!.data.files).toMatchObject({ id: list.id, name: "Catálogo" });
    expect(frames[1]!.data.files.options[0]).toMatchObject({ file: "a.png", mediaType: "image/png" });
    expect(frames[2]!.data).toEqual({ action: "delete", fileId: list.id });
    const [forAgent, forAdmin] = await Promise.all([loadActor(t.ctx, agent.id), loadActor(t.ctx, 1)]);
    for (const f of frames) {
      expect(f.shape!(forAdmin, f.data)).toEqual(f.data);
      expect(f.shape!(forAgent, f.data)).toBeUndefined();
    }
  });
});
