/** GET /api/ticketreport/export against the desk of tests/helpers/report-desk.ts: the file reopens as the report's rows. */
import { afterEach, describe, expect, test } from "bun:test";
import { MARCH, type ReportDesk, reportDesk } from "../../../tests/helpers/report-desk";
import { readSheet } from "../contacts-import/read-file";
import { REPORT_COLUMNS } from "./service";

let d: ReportDesk | undefined;
afterEach(async () => {
  await d?.w.t.close();
  d = undefined;
});

type Ticket = {
  id: number;
  createdAt: string;
  contact: { name: string; number: string };
  connection: string | null;
  channel: string;
  queue: string | null;
  user: string | null;
  status: string;
  tags: { name: string }[];
  firstQueuedAt: string | null;
  firstAcceptedAt: string | null;
  lastClosedAt: string | null;
  waitMinutes: number | null;
  serviceMinutes: number | null;
  rating: number | null;
};

/**
 * Every page of the report as the file's lines should hold them, in REPORT_COLUMNS' order. Written out here rather
 * than taken from the service, so the file is checked against the page's answer, not against the code that wrote it.
 */
async function reportLines(query: string, token: string): Promise<string[][]> {
  const lines: string[][] = [];
  for (let page = 1; ; page++) {
    const res = await d!.w.t.json("GET", `/api/ticketreport/reports?${query}&pageNumber=${page}`, { token });
    expect(res.status).toBe(200);
    const text = (v: string | number | null) => (v === null ? "" : String(v));
    for (const t of res.body.tickets as Ticket[]) {
      lines.push([
        String(t.id),
        t.createdAt,
        t.contact.name,
        t.contact.number,
        text(t.connection),
        t.channel,
        text(t.queue),
        text(t.user),
        t.status,
        t.tags.map((g) => g.name).join(", "),
        text(t.firstQueuedAt),
        text(t.firstAcceptedAt),
        text(t.lastClosedAt),
        text(t.waitMinutes),
        text(t.serviceMinutes),
        text(t.rating),
      ]);
    }
    if (!res.body.hasMore) return lines;
  }
}

/** The downloaded file read back with the contacts import's reader (xlsx by its bytes, csv by its text). */
async function reopen(query: string, token: string, format: "csv" | "xlsx") {
  const res = await d!.w.t.request("GET", `/api/ticketreport/export?${query}&format=${format}`, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-disposition")).toMatch(new RegExp(`attachment; filename="tickets-\\d{4}-\\d\\d-\\d\\d\\.${format}"`));
  expect(res.headers.get("content-type")).toContain(format === "csv" ? "text/csv" : "spreadsheetml");
  const rows = readSheet(new Uint8Array(await res.arrayBuffer()), `report.${format}`);
  expect(rows).toBeDefined();
  return rows!;
}

describe("GET /api/ticketreport/export", () => {
  test("csv and xlsx reopen with the report's rows in its order, over more than one read page, filters applied; each export audited", async () => {
    d = await reportDesk();
    const { w } = d;
    const db = w.t.ctx.db;
    // Past one export page (1000 rows), so the keyset walk from page to page is read back too.
    const contact = await db.insertInto("contacts").values({ companyId: 1, name: "Volume", number: "5511988887777" }).returning("id").executeTakeFirstOrThrow();
    const bulk = Array.from({ length: 1100 }, (_, i) => ({
      uuid: crypto.randomUUID(),
      companyId: 1,
      contactId: contact.id,
      status: "closed" as const,
      queueId: w.q2,
      createdAt: new Date(Date.UTC(2026, 2, 3, 12, 0, Math.floor(i / 3))).toISOString(),
    }));
    for (let i = 0; i < bulk.length; i += 200)
      await db
        .insertInto("tickets")
        .values(bulk.slice(i, i + 200))
        .execute();

    const expected = await reportLines(MARCH, w.admin.token);
    expect(expected).toHaveLength(1104);
    for (const format of ["csv", "xlsx"] as const) {
      const rows = await reopen(MARCH, w.admin.token, format);
      expect(rows[0]).toEqual([...REPORT_COLUMNS]);
      expect(rows.slice(1)).toEqual(expected);
    }
    const maria = expected.find((l) => l[2] === "Maria")!;
    expect(maria.slice(9)).toEqual(["VIP", "2026-03-05T12:00:00.000Z", "2026-03-05T12:30:00.000Z", "2026-03-05T13:15:00.000Z", "30", "45", "9"]);

    const filter = `${MARCH}&tagIds=${d.vip}&status=open`;
    const narrowed = await reopen(filter, w.admin.token, "csv");
    expect(narrowed.slice(1)).toEqual(await reportLines(filter, w.admin.token));
    expect(narrowed.slice(1).map((r) => Number(r[0]))).toEqual([d.t2]);
    expect(narrowed[1]![9]).toBe("Suporte, VIP");

    const audit = await db.selectFrom("audit_log").select(["action", "after", "userId"]).where("entity", "=", "ticketReport").orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["export", "export", "export"]);
    expect(JSON.parse(audit[2]!.after!)).toMatchObject({ format: "csv", dateFrom: "2026-03-01", tagIds: [d.vip], status: "open", masked: false });
    expect(audit[2]!.userId).toBe(w.admin.id);
  });

  test("a plain manager's file is masked as the report shows it to them; refusals as the report's; another company's rows never in it", async () => {
    d = await reportDesk();
    const { w, other } = d;
    // Bruno (Q2) sees his own T2 only: his file holds it, masked.
    await w.t.ctx.db.updateTable("users").set({ showDashboard: "enabled" }).where("id", "=", w.agent2.id).execute();
    await w.setting("enableLGPD", "enabled");
    await w.setting("lgpdHideNumber", "enabled");
    const expected = await reportLines(MARCH, w.agent2.token);
    expect(expected.map((r) => Number(r[0]))).toEqual([d.t2]);
    for (const format of ["csv", "xlsx"] as const) {
      const rows = await reopen(MARCH, w.agent2.token, format);
      expect(rows.slice(1)).toEqual(expected);
      for (const r of rows.slice(1)) expect(r[3]).toMatch(/^5511\*{7}\d\d$/);
      expect(rows.slice(1).map((r) => Number(r[0]))).not.toContain(other.ticketId);
    }
    const audit = await w.t.ctx.db.selectFrom("audit_log").select("after").where("entity", "=", "ticketReport").execute();
    expect(audit.map((a) => JSON.parse(a.after!).masked)).toEqual([true, true]);

    const admin = await reopen(MARCH, w.admin.token, "xlsx");
    expect(admin.find((r) => r[2] === "Maria")![3]).toBe("5511000000001");
    const theirs = await reopen(MARCH, other.admin.token, "csv");
    expect(theirs.slice(1).map((r) => Number(r[0]))).toEqual([other.ticketId]);

    expect((await w.t.json("GET", `/api/ticketreport/export?${MARCH}`, {})).status).toBe(401);
    const agent = await w.t.json("GET", `/api/ticketreport/export?${MARCH}`, { token: w.agent.token });
    expect(agent.status).toBe(403);
    expect(agent.body.error).toBe("ERR_NO_PERMISSION");
    expect((await w.t.json("GET", `/api/ticketreport/export?${MARCH}&format=pdf`, { token: w.admin.token })).body.fields).toHaveProperty("format");
    const unknown = await w.t.json("GET", `/api/ticketreport/export?${MARCH}&tagId=999999`, { token: w.admin.token });
    expect(unknown.body.fields).toEqual({ tagId: "Unknown tag" });
    // Refused exports are not audited: only the four files above were made.
    expect((await w.t.ctx.db.selectFrom("audit_log").select("id").where("entity", "=", "ticketReport").execute()).length).toBe(4);
  });
});
