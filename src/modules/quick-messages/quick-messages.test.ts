import { afterEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { loadActor } from "../../http/auth";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function setup() {
  t = await createTestApp();
  const admin = await login(t, ADMIN.email, ADMIN.password);
  const ana = await createUser(t, { companyId: 1, name: "Ana" });
  const bia = await createUser(t, { companyId: 1, name: "Bia" });
  return { t, admin, ana, bia };
}

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

describe("quick messages", () => {
  test("create with the owner; validation; shape", async () => {
    const { t, ana } = await setup();
    const r = await t.json("POST", "/api/quick-messages", {
      token: ana.token,
      body: { shortcode: " oi ", message: "Olá! Como posso ajudar?", geral: true, visao: true, mediaPath: "/etc/passwd", userId: 999 },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      shortcode: "oi",
      message: "Olá! Como posso ajudar?",
      geral: true,
      visao: true,
      status: true,
      userId: ana.id,
      isMedia: false,
      mediaPath: null,
    });
    const missing = await t.json("POST", "/api/quick-messages", { token: ana.token, body: { message: "sem atalho" } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.shortcode).toBe("Required");
    expect((await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "  " } })).body.fields.shortcode).toBe("Required");
    expect((await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "x", geral: "sim" } })).body.fields.geral).toBe("Invalid value");
  });

  test("personal ones are their owner's (and the admins'); company-wide ones everyone's; /list offers the active usable ones", async () => {
    const { t, admin, ana, bia } = await setup();
    const create = async (token: string, body: object) => (await t.json("POST", "/api/quick-messages", { token, body })).body.id as number;
    const anaPersonal = await create(ana.token, { shortcode: "ana", message: "da Ana" });
    const anaShared = await create(ana.token, { shortcode: "todos", message: "para todos", geral: true });
    const biaPersonal = await create(bia.token, { shortcode: "bia", message: "da Bia" });
    const anaInactive = await create(ana.token, { shortcode: "velha", message: "inativa", status: false });

    const ids = async (token: string, path: string) => {
      const r = await t.json("GET", path, { token });
      return (Array.isArray(r.body) ? r.body : r.body.records).map((q: { id: number }) => q.id).sort();
    };
    expect(await ids(ana.token, "/api/quick-messages/list")).toEqual([anaPersonal, anaShared].sort());
    expect(await ids(bia.token, "/api/quick-messages/list")).toEqual([anaShared, biaPersonal].sort());
    expect(await ids(admin, "/api/quick-messages/list")).toEqual([anaShared]);
    expect(await ids(ana.token, "/api/quick-messages")).toEqual([anaPersonal, anaShared, anaInactive].sort());
    expect(await ids(bia.token, "/api/quick-messages")).toEqual([anaShared, biaPersonal].sort());
    expect(await ids(admin, "/api/quick-messages")).toEqual([anaPersonal, anaShared, biaPersonal, anaInactive].sort());
    expect(await ids(bia.token, "/api/quick-messages?searchParam=TODOS")).toEqual([anaShared]);
    expect(await ids(bia.token, "/api/quick-messages?searchParam=%25")).toEqual([]);

    expect((await t.json("GET", `/api/quick-messages/${anaPersonal}`, { token: bia.token })).status).toBe(404);
    expect((await t.json("GET", `/api/quick-messages/${anaShared}`, { token: bia.token })).body.shortcode).toBe("todos");
    expect((await t.json("GET", `/api/quick-messages/${anaPersonal}`, { token: admin })).status).toBe(200);
  });

  test("only the owner or an admin edits and deletes", async () => {
    const { t, admin, ana, bia } = await setup();
    const shared = (await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "todos", message: "v1", geral: true } })).body.id;
    const personal = (await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "minha", message: "v1" } })).body.id;
    const byBia = await t.json("PUT", `/api/quick-messages/${shared}`, { token: bia.token, body: { message: "da Bia" } });
    expect(byBia.status).toBe(403);
    expect((await t.json("PUT", `/api/quick-messages/${personal}`, { token: bia.token, body: { message: "da Bia" } })).status).toBe(404);
    expect((await t.json("DELETE", `/api/quick-messages/${shared}`, { token: bia.token })).status).toBe(403);
    const byAna = await t.json("PUT", `/api/quick-messages/${shared}`, { token: ana.token, body: { message: "v2", status: false } });
    expect(byAna.body).toMatchObject({ message: "v2", status: false, geral: true, shortcode: "todos" });
    expect((await t.json("PUT", `/api/quick-messages/${shared}`, { token: admin, body: { message: "pelo admin" } })).body.message).toBe("pelo admin");
    expect((await t.json("PUT", `/api/quick-messages/${personal}`, { token: ana.token, body: { shortcode: "" } })).status).toBe(400);
    expect((await t.json("DELETE", `/api/quick-messages/${personal}`, { token: admin })).status).toBe(200);
    expect((await t.json("DELETE", `/api/quick-messages/${shared}`, { token: ana.token })).status).toBe(200);
    expect(await t.ctx.db.selectFrom("quick_messages").selectAll().execute()).toEqual([]);
  });

  test("a personal message with visibility on is edited by its owner alone; with it off, or once the owner is gone, by admins too", async () => {
    const { t, admin, ana } = await setup();
    const create = async (body: object) => (await t.json("POST", "/api/quick-messages", { token: ana.token, body })).body.id as number;
    const locked = await create({ shortcode: "minha", message: "v1", visao: true, geral: false });
    const open = await create({ shortcode: "aberta", message: "v1", visao: false, geral: false });
    const form = new FormData();
    form.append("file", new File([PNG], "x.png"));
    for (const [method, path, body] of [
      ["PUT", `/api/quick-messages/${locked}`, { message: "pelo admin" }],
      ["POST", `/api/quick-messages/${locked}/media-upload`, form],
      ["DELETE", `/api/quick-messages/${locked}/media-upload`],
    ] as const) {
      const r = await t.json(method, path, { token: admin, body });
      expect({ method, path, status: r.status, error: r.body.error }).toEqual({ method, path, status: 403, error: "ERR_NO_PERMISSION" });
    }
    expect((await t.json("GET", `/api/quick-messages/${locked}`, { token: admin })).body).toMatchObject({ message: "v1", isMedia: false });
    expect((await t.json("PUT", `/api/quick-messages/${locked}`, { token: ana.token, body: { message: "v2" } })).body.message).toBe("v2");
    expect((await t.json("PUT", `/api/quick-messages/${open}`, { token: admin, body: { message: "pelo admin" } })).body.message).toBe("pelo admin");

    await t.ctx.db.deleteFrom("users").where("id", "=", ana.id).execute();
    expect((await t.json("PUT", `/api/quick-messages/${locked}`, { token: admin, body: { message: "sem dona" } })).body.message).toBe("sem dona");
    expect((await t.json("DELETE", `/api/quick-messages/${locked}`, { token: admin })).status).toBe(200);
  });

  test("media: upload (sniffed, replaced), signed link in the answer, removal; deleted with the message", async () => {
    const { t, ana, bia } = await setup();
    const id = (await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "foto", geral: true } })).body.id;
    const form = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const f = new FormData();
      f.append("file", new File([bytes], name));
      f.append("typeArch", "quickMessage");
      return f;
    };
    const up = await t.json("POST", `/api/quick-messages/${id}/media-upload`, { token: ana.token, body: form(PNG, "logo.png") });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ isMedia: true, mediaName: "logo.png", mediaType: "image/png" });
    expect(up.body.mediaPath).toMatch(/^\/api\/media\/[0-9a-f]{32}\?exp=\d+&sig=/);
    const file = await t.request("GET", up.body.mediaPath);
    expect(file.status).toBe(200);
    const firstKey = (await t.ctx.db.selectFrom("quick_messages").select("mediaKey").where("id", "=", id).executeTakeFirstOrThrow()).mediaKey!;

    expect((await t.json("POST", `/api/quick-messages/${id}/media-upload`, { token: bia.token, body: form(PNG, "b.png") })).status).toBe(403);
    expect(
      (await t.json("POST", `/api/quick-messages/${id}/media-upload`, { token: ana.token, body: form(new TextEncoder().encode("<svg/>"), "x.svg") })).status,
    ).toBe(415);
    expect((await t.json("POST", `/api/quick-messages/${id}/media-upload`, { token: ana.token, body: {} })).status).toBe(400);

    const replaced = await t.json("POST", `/api/quick-messages/${id}/media-upload`, { token: ana.token, body: form(PNG, "novo.png") });
    expect(replaced.body.mediaName).toBe("novo.png");
    expect(await t.ctx.db.selectFrom("media").select("key").where("key", "=", firstKey).execute()).toEqual([]);

    const cleared = await t.json("DELETE", `/api/quick-messages/${id}/media-upload`, { token: ana.token });
    expect(cleared.body).toMatchObject({ isMedia: false, mediaPath: null, mediaName: null });
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);

    await t.json("POST", `/api/quick-messages/${id}/media-upload`, { token: ana.token, body: form(PNG, "outra.png") });
    await t.json("DELETE", `/api/quick-messages/${id}`, { token: ana.token });
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
  });

  test("another company's quick messages answer 404 and stay unchanged", async () => {
    const { t, ana } = await setup();
    const id = (await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "oi", geral: true } })).body.id;
    const other = await createCompany(t, { name: "Other" });
    const token = other.admin.token;
    for (const [method, path, body] of [
      ["GET", `/api/quick-messages/${id}`],
      ["PUT", `/api/quick-messages/${id}`, { message: "Hacked" }],
      ["DELETE", `/api/quick-messages/${id}`],
      ["DELETE", `/api/quick-messages/${id}/media-upload`],
    ] as const) {
      expect({ method, path, status: (await t.json(method, path, { token, body })).status }).toEqual({ method, path, status: 404 });
    }
    expect((await t.json("GET", "/api/quick-messages/list", { token })).body).toEqual([]);
    expect((await t.json("GET", "/api/quick-messages", { token })).body).toMatchObject({ records: [], count: 0, hasMore: false });
    expect((await t.ctx.db.selectFrom("quick_messages").select("message").where("id", "=", id).executeTakeFirstOrThrow()).message).toBe("");
  });

  test("company-{id}-quickemessage frames reach only those who may see the message", async () => {
    const { t, ana, bia } = await setup();
    const sent: { event: string; data: any; shape?: (actor: any, data: any) => unknown }[] = [];
    const emit = t.ctx.hub.emit.bind(t.ctx.hub);
    t.ctx.hub.emit = ((companyId: number, event: string, data: unknown, opts?: { shape?: (actor: any, data: any) => unknown }) => {
      sent.push({ event, data, shape: opts?.shape });
      return emit(companyId, event, data, opts as never);
    }) as typeof t.ctx.hub.emit;
    const personal = (await t.json("POST", "/api/quick-messages", { token: ana.token, body: { shortcode: "minha" } })).body.id;
    await t.json("DELETE", `/api/quick-messages/${personal}`, { token: ana.token });
    await Bun.sleep(20);
    const frames = sent.filter((f) => f.event === "company-1-quickemessage");
    expect(frames.map((f) => f.data.action)).toEqual(["create", "delete"]);
    const [forAna, forBia, forAdmin] = await Promise.all([loadActor(t.ctx, ana.id), loadActor(t.ctx, bia.id), loadActor(t.ctx, 1)]);
    for (const f of frames) {
      expect(f.shape!(forAna, f.data)).toEqual(f.data);
      expect(f.shape!(forAdmin, f.data)).toEqual(f.data);
      expect(f.shape!(forBia, f.data)).toBeUndefined();
    }
  });
});
