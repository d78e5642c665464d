import { afterEach, describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { createCompany, createUser, login } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { EXPORT_COLUMNS } from "./service";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sheetOf = async (res: Response) => {
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
};

async function seed(app: TestApp, token: string) {
  const tag = await app.json("POST", "/api/tags", { token, body: { name: "Clientes", color: "#00ff00" } });
  const made = [];
  for (const [name, number] of [
    ['Zé <&> "aspas"', "5511900000001"],
    ['=HYPERLINK("x")', "5511900000002"],
    ["Ana", "5511900000003"],
  ]) {
    made.push((await app.json("POST", "/api/contacts", { token, body: { name, number, email: `${number}@mail.com` } })).body);
  }
  await app.ctx.db.insertInto("contact_tags").values({ contactId: made[2].id, tagId: tag.body.id, companyId: 1 }).execute();
  return { made, tagId: tag.body.id as number };
}

describe("GET /api/contacts/export", () => {
  test("the xlsx reopens with the list's rows in its order, text kept as typed; csv holds the same rows with formulas defused; filters apply", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const { made, tagId } = await seed(t, admin);
    const res = await t.request("GET", "/api/contacts/export?format=xlsx", { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="contacts-\d{4}-\d\d-\d\d\.xlsx"/);
    const rows = await sheetOf(res);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    const list = (await t.json("GET", "/api/contacts", { token: admin })).body.contacts;
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3]])).toEqual(list.map((c: any) => [String(c.id), c.name, c.number, c.email]));
    expect(rows.find((r) => r[1] === "Ana")![4]).toBe("Clientes");

    const csv = await t.request("GET", "/api/contacts/export?format=csv", { token: admin });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines.length).toBe(4);
    expect(lines.some((l) => l.startsWith(`${made[1].id},"'=HYPERLINK(""x"")"`))).toBe(true);

    const tagged = await sheetOf(await t.request("GET", `/api/contacts/export?contactTag=${tagId}`, { token: admin }));
    expect(tagged.slice(1).map((r) => r[1])).toEqual(["Ana"]);
    const searched = await sheetOf(await t.request("GET", "/api/contacts/export?searchParam=0000001", { token: admin }));
    expect(searched.slice(1).map((r) => r[2])).toEqual(["5511900000001"]);

    const audit = await t.ctx.db.selectFrom("audit_log").select(["entity", "action", "after", "userId"]).where("entity", "=", "contactExport").execute();
    expect(audit.length).toBe(4);
    expect(JSON.parse(audit[2]!.after!)).toMatchObject({ format: "xlsx", contactTag: [tagId] });
  });

  test("a plain user gets the numbers masked when lgpdHideNumber is on; another company's tag is refused; a bad format is a validation error", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const plain = await createUser(t, { companyId: 1, name: "Plain" });
    const other = await createCompany(t, { name: "Outra" });
    await seed(t, admin);
    await t.json("PUT", "/api/settings/enableLGPD", { token: admin, body: { value: "enabled" } });
    await t.json("PUT", "/api/settings/lgpdHideNumber", { token: admin, body: { value: "enabled" } });

    const mine = await sheetOf(await t.request("GET", "/api/contacts/export", { token: plain.token }));
    const listed = (await t.json("GET", "/api/contacts", { token: plain.token })).body.contacts.map((c: any) => c.number);
    expect(mine.slice(1).map((r) => r[2])).toEqual(listed);
    for (const r of mine.slice(1)) expect(r[2]).toMatch(/^5511\*+\d\d$/);
    const adminSheet = await sheetOf(await t.request("GET", "/api/contacts/export?format=xlsx", { token: admin }));
    for (const r of adminSheet.slice(1)) expect(r[2]).toMatch(/^5511900000\d{3}$/);

    const foreignTag = await t.json("POST", "/api/tags", { token: other.admin.token, body: { name: "Delas", color: "#000000" } });
    const refused = await t.json("GET", `/api/contacts/export?contactTag=${foreignTag.body.id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ contactTag: "Unknown tag" });
    expect((await t.json("GET", "/api/contacts/export?format=pdf", { token: admin })).body.fields).toHaveProperty("format");
    const theirs = await sheetOf(await t.request("GET", "/api/contacts/export", { token: other.admin.token }));
    expect(theirs.length).toBe(1);
  });
});
