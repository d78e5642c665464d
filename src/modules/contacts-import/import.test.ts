import { afterEach, describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { flush, listen, shutdown } from "../../../tests/helpers/socket-peer";
import { ADMIN, createTestApp, sqliteOf, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HEADER = ["Nome", "Telefone", "E-mail", "Etiquetas"];
const MAPPING = { name: 0, number: 1, email: 2, tags: 3 };

function xlsxFile(rows: (string | number)[][], name = "contatos.xlsx"): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), "Contatos");
  return new File([XLSX.write(book, { type: "array", bookType: "xlsx" })], name);
}

function form(file: File, mapping: unknown = MAPPING, skipRows?: number[]): FormData {
  const f = new FormData();
  f.append("file", file);
  f.append("mapping", JSON.stringify(mapping));
  if (skipRows) f.append("skipRows", JSON.stringify(skipRows));
  return f;
}

const start = (app: TestApp, token: string, body: FormData) => app.json("POST", "/api/contacts/import", { token, body });

/** Runs due jobs until the import has finished. */
async function finish(app: TestApp, token: string, id: number) {
  for (let i = 0; i < 50; i++) {
    await app.ctx.jobs.runDue();
    const s = await app.json("GET", `/api/contacts/import/${id}`, { token });
    if (s.body.status === "done") return s.body;
  }
  throw new Error("the import did not finish");
}

const contactsOf = (app: TestApp, companyId: number) =>
  app.ctx.db.selectFrom("contacts").select(["id", "name", "number", "email"]).where("companyId", "=", companyId).orderBy("id").execute();

describe("POST /api/contacts/import: the file and the mapping", () => {
  test("name and number must be mapped, a column once and inside the file; a bad or empty file and no ticked row are refused", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const file = xlsxFile([["Ana", "11987654321", "", ""]]);
    const fields = async (body: FormData) => {
      const r = await start(t!, admin, body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("ERR_VALIDATION");
      return r.body.fields;
    };
    expect(await fields(form(file, { name: 0 }))).toEqual({ "mapping.number": "Required" });
    expect(await fields(form(file, { number: 1 }))).toEqual({ "mapping.name": "Required" });
    expect(await fields(form(file, { name: 0, number: 0 }))).toEqual({ "mapping.number": "Column already mapped to name" });
    expect(await fields(form(file, { name: 0, number: 1, email: 9 }))).toEqual({ "mapping.email": "Unknown column" });
    expect(await fields(form(file, { name: -1, number: 1 }))).toHaveProperty(["mapping.name"]);
    expect(await fields(form(file, MAPPING, [2]))).toEqual({ skipRows: "No rows selected" });
    expect(await fields(form(new File([new Uint8Array([1, 2, 3, 4])], "x.xlsx")))).toEqual({ file: "Invalid file" });
    expect(await fields(form(new File(["a,b\n1,2"], "x.pdf")))).toEqual({ file: "Invalid file" });
    expect(await fields(form(new File(["Nome,Telefone\n"], "x.csv")))).toEqual({ file: "Invalid file" });
    const notJson = new FormData();
    notJson.append("file", file);
    notJson.append("mapping", "{name:0");
    expect(await fields(notJson)).toHaveProperty("mapping");
    expect(await t.ctx.db.selectFrom("contact_imports").select("id").execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom("jobs").select("id").where("name", "=", "contacts.import").execute()).toEqual([]);
  });

  test("a plain user may not import nor read an import; another company's import is not found", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const plain = await createUser(t, { companyId: 1, name: "Plain" });
    const other = await createCompany(t, { name: "Outra" });
    const denied = await start(t, plain.token, form(xlsxFile([["Ana", "11987654321", "", ""]])));
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");

    const mine = await start(t, admin, form(xlsxFile([["Ana", "11987654321", "", ""]])));
    expect(mine.status).toBe(202);
    expect((await t.json("GET", `/api/contacts/import/${mine.body.id}`, { token: plain.token })).status).toBe(403);
    const foreign = await t.json("GET", `/api/contacts/import/${mine.body.id}`, { token: other.admin.token });
    expect(foreign.status).toBe(404);
    expect((await t.request("GET", `/api/contacts/import/${mine.body.id}/summary.csv`, { token: other.admin.token })).status).toBe(404);

    // The other company's import of the same number creates its own contact and leaves company 1's alone.
    await finish(t, admin, mine.body.id);
    const theirs = await start(t, other.admin.token, form(xlsxFile([["Outra Ana", "11987654321", "", ""]])));
    const done = await finish(t, other.admin.token, theirs.body.id);
    expect(done).toMatchObject({ imported: 1, updated: 0 });
    expect((await contactsOf(t, 1)).map((c) => c.name)).toEqual(["Ana"]);
    expect((await contactsOf(t, other.companyId)).map((c) => c.name)).toEqual(["Outra Ana"]);
  });
});

describe("the import job: normalisation, matching, duplicates", () => {
  test("numbers become digits with the company's country code; a row matching a contact fills its empty fields and adds tags but keeps a typed name", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    expect((await t.json("PUT", "/api/settings/defaultCountryCode", { token: admin, body: { value: "351" } })).status).toBe(200);
    const typed = await t.json("POST", "/api/contacts", { token: admin, body: { name: "Maria Typed", number: "351912345678" } });
    const unnamed = await t.json("POST", "/api/contacts", { token: admin, body: { name: "351911111111", number: "351911111111", email: "keep@mail.com" } });
    const complete = await t.json("POST", "/api/contacts", { token: admin, body: { name: "Rui", number: "351922222222", email: "rui@mail.com" } });
    const r = await start(
      t,
      admin,
      form(
        xlsxFile([
          ["Maria From File", "912 345 678", "maria@mail.com", "VIP, Lead"],
          ["Named Now", "+351 911 111 111", "other@mail.com", ""],
          ["Rui Again", "922222222", "", ""],
          ["Nova", 913333333, "nova@mail.com", "vip"],
          ["", "914444444", "", ""],
          ["Sem Numero", "", "", ""],
          ["Mau", "12ab", "", ""],
        ]),
      ),
    );
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: "queued", total: 7, processed: 3, ignored: 3 });
    const done = await finish(t, admin, r.body.id);
    expect(done).toMatchObject({ total: 7, processed: 7, imported: 1, updated: 2, ignored: 4 });
    expect(done.reasons).toMatchObject({ missingName: 1, missingNumber: 1, invalidNumber: 1, alreadyExists: 1, duplicateInFile: 0 });

    const maria = await t.json("GET", `/api/contacts/${typed.body.id}`, { token: admin });
    expect(maria.body).toMatchObject({ name: "Maria Typed", email: "maria@mail.com" });
    expect(maria.body.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(["Lead", "VIP"]);
    expect((await t.json("GET", `/api/contacts/${unnamed.body.id}`, { token: admin })).body).toMatchObject({ name: "Named Now", email: "keep@mail.com" });
    expect((await t.json("GET", `/api/contacts/${complete.body.id}`, { token: admin })).body).toMatchObject({ name: "Rui", email: "rui@mail.com" });
    const nova = (await contactsOf(t, 1)).find((c) => c.name === "Nova")!;
    expect(nova).toMatchObject({ number: "351913333333", email: "nova@mail.com" });
    // "vip" is the tag the file's first row created, matched ignoring case.
    expect((await t.json("GET", `/api/contactTags/${nova.id}`, { token: admin })).body.map((tag: { name: string }) => tag.name)).toEqual(["VIP"]);

    const audit = await t.ctx.db
      .selectFrom("audit_log")
      .select(["entity", "entityId", "action", "after"])
      .where("entity", "in", ["contact", "contactImport", "tag"])
      .execute();
    expect(audit.filter((a) => a.entity === "contactImport").map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit.filter((a) => a.entity === "tag").length).toBe(2);
    expect(audit.find((a) => a.entity === "contact" && a.entityId === String(nova.id))).toMatchObject({ action: "create" });
    const mariaUpdate = audit.find((a) => a.entity === "contact" && a.entityId === String(typed.body.id) && a.action === "update")!;
    expect(JSON.parse(mariaUpdate.after!)).toMatchObject({ email: "maria@mail.com" });
  });

  test("a number repeated in the file is imported once and its later rows reported; the summary csv lists every row with its outcome", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const csv = "Nome;Telefone\nAna;11 98765-4321\nAna 2;+55 (11) 98765-4321\n=cmd;11 97777-0000\nBia;11 96666-0000\n";
    const r = await start(t, admin, form(new File([csv], "lista.csv"), { name: 0, number: 1 }, [5]));
    expect(r.status).toBe(202);
    const done = await finish(t, admin, r.body.id);
    expect(done).toMatchObject({ total: 3, imported: 2, ignored: 1, reasons: { duplicateInFile: 1 } });
    expect((await contactsOf(t, 1)).map((c) => c.number)).toEqual(["5511987654321", "5511977770000"]);

    const res = await t.request("GET", `/api/contacts/import/${r.body.id}/summary.csv`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("line,name,number,outcome,reason,contactId");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 5).join(","))).toEqual([
      "2,Ana,5511987654321,imported,",
      "3,Ana 2,+55 (11) 98765-4321,ignored,duplicateInFile".replace("+55 (11) 98765-4321", "5511987654321"),
      "4,'=cmd,5511977770000,imported,",
    ]);
  });
});

describe("the import job: progress and restarts", () => {
  test("progress arrives over the company socket to whoever may import, ending with a done frame", async () => {
    t = await createTestApp();
    const connect = listen(t);
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const plain = await createUser(t, { companyId: 1, name: "Plain" });
    const adminPeer = connect(admin);
    const plainPeer = connect(plain.token);
    await Promise.all([adminPeer.opened, plainPeer.opened]);
    const rows = Array.from({ length: 1200 }, (_, i) => [`Pessoa ${i}`, `1190000${String(i).padStart(4, "0")}`, "", ""]);
    const r = await start(t, admin, form(xlsxFile(rows)));
    await t.ctx.jobs.runDue();
    const event = "company-1-contactImport";
    const done = await adminPeer.next(event, (d) => d.action === "done");
    expect(done.import).toMatchObject({ id: r.body.id, status: "done", processed: 1200, imported: 1200 });
    const progress = adminPeer.received(event, (d) => d.action === "progress").map((f) => f.data.import.processed);
    expect(progress).toEqual([0, 500, 1000, 1200]);
    await flush(t, plainPeer, 1);
    expect(plainPeer.received(event)).toEqual([]);
    await shutdown(t, [adminPeer, plainPeer]);
    t = undefined;
  }, 30_000);

  test("a process stopped mid-import: a new one on the same database finishes the job with each contact once", async () => {
    // The death is SQLite's read-only switch, thrown synchronously at the right moment: this runs on SQLite.
    const first = await createTestApp({}, { store: "sqlite" });
    const admin = await login(first, ADMIN.email, ADMIN.password);
    const rows = Array.from({ length: 1700 }, (_, i) => [`Pessoa ${i}`, `1190000${String(i).padStart(4, "0")}`, "", "Lote"]);
    const r = await start(first, admin, form(xlsxFile(rows)));
    // The process dies once the first batch is committed: from then on its connection writes nothing more.
    first.ctx.bus.on("contactImport.progress", () => void sqliteOf(first).exec("PRAGMA query_only = ON"));
    await first.ctx.jobs.runDue();
    await first.ctx.close().catch(() => undefined);

    t = await createTestApp({}, { dataDir: first.dataDir, clock: first.clock });
    const token = await login(t, ADMIN.email, ADMIN.password);
    const midway = await t.json("GET", `/api/contacts/import/${r.body.id}`, { token });
    expect(midway.body.status).toBe("running");
    expect(midway.body.processed).toBeGreaterThan(0);
    expect(midway.body.processed).toBeLessThan(1700);
    // The dead process's lease runs out; the new process takes the job over.
    t.clock.advance(61_000);
    const done = await finish(t, token, r.body.id);
    expect(done).toMatchObject({ processed: 1700, imported: 1700, ignored: 0 });
    const contacts = await contactsOf(t, 1);
    expect(contacts.length).toBe(1700);
    expect(new Set(contacts.map((c) => c.number)).size).toBe(1700);
    const tagged = await t.ctx.db.selectFrom("contact_tags").select("contactId").execute();
    expect(tagged.length).toBe(1700);
    expect((await t.ctx.db.selectFrom("tags").select("name").where("companyId", "=", 1).execute()).map((x) => x.name)).toEqual(["Lote"]);
  }, 30_000);
});
