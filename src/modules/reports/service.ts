/**
 * The tickets report (docs/decisions.md, "The tickets report"): the tickets created in a period of the company's
 * days, with who held them, where they came from, their times and their latest rating; paged for the page, streamed
 * whole for the export. For dashboard:view (admins, users with showDashboard), over the tickets the caller's inbox
 * shows them (everything for those who may show all), masked by LGPD as in their ticket list.
 */
import type { AppContext } from "../../context";
import { refuseForeignIds } from "../../http/company-ids";
import { type ExportFile, exportFile } from "../../http/export-file";
import { PAGE_SIZE, pageOf, pageWindow } from "../../http/paging";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { periodOf } from "../dashboard/period";
import { narrowingIds } from "../dashboard/queries";
import { getCompanySetting } from "../settings/queries";
import { maskContact, masksNumbersFor, readLgpd } from "../tickets/lgpd";
import { tagsOf, userQueueIds } from "../tickets/queries";
import { ticketVisibilityWhere } from "../tickets/visibility";
import { type ReportCursor, type ReportRow, type ReportWhere, reportCount, reportRows } from "./queries";
import type { ReportExportQuery, ReportFilter, ReportQuery, ReportTicket } from "./schema";

/** Rows read per export page: fewer trips to the read pool against a small heap peak (bench/dashboard.ts times the export). */
const EXPORT_PAGE = 1000;

/** The export's columns, named as the answer's fields. */
export const REPORT_COLUMNS = [
  "id",
  "createdAt",
  "contact",
  "number",
  "connection",
  "channel",
  "queue",
  "user",
  "status",
  "tags",
  "firstQueuedAt",
  "firstAcceptedAt",
  "lastClosedAt",
  "waitMinutes",
  "serviceMinutes",
  "rating",
] as const;

type Tag = ReportTicket["tags"][number];

/** Minutes from one time to a later one, to one decimal; none when either is missing or they run backwards (a reopen). */
function minutesBetween(from: string | null, to: string | null): number | null {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return ms >= 0 ? Math.round(ms / 6000) / 10 : null;
}

/** A row as the caller may see it: wait is queue to acceptance, service acceptance to close (the dashboard's). */
function shape(r: ReportRow, tags: Tag[], masked: boolean): ReportTicket {
  const contact = { id: r.contactId, name: r.contactName, number: r.contactNumber };
  return {
    id: r.id,
    uuid: r.uuid,
    contact: masked ? maskContact(contact) : contact,
    connection: r.connection,
    channel: r.channel,
    queue: r.queue,
    user: r.user,
    status: r.status,
    tags,
    createdAt: r.createdAt,
    firstQueuedAt: r.firstQueuedAt,
    firstAcceptedAt: r.firstAcceptedAt,
    lastClosedAt: r.lastClosedAt,
    waitMinutes: minutesBetween(r.firstQueuedAt, r.firstAcceptedAt),
    serviceMinutes: minutesBetween(r.firstAcceptedAt, r.lastClosedAt),
    rating: r.rating === null ? null : Number(r.rating),
  };
}

const text = (v: string | number | null) => (v === null ? "" : String(v));

/** A ticket as a line of the export, in REPORT_COLUMNS' order. */
function cells(t: ReportTicket): string[] {
  return [
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
  ];
}

export function createReportsService(ctx: AppContext) {
  const { db } = ctx;

  /** The caller's right, the filter resolved within the company, and whether numbers are masked for the caller. */
  async function prepare(actor: Actor, f: ReportFilter): Promise<{ where: ReportWhere; masked: boolean }> {
    assertCan(actor, "dashboard:view");
    const tagIds = [...new Set([...(f.tagIds ?? []), ...(f.tagId === undefined ? [] : [f.tagId])])];
    await refuseForeignIds(db, actor.companyId, [
      ...narrowingIds(f),
      [f.tagIds?.length ? "tagIds" : "tagId", "tags", tagIds, "Unknown tag"],
      ["whatsappId", "connections", f.whatsappId === undefined ? undefined : [f.whatsappId], "Unknown connection"],
    ]);
    const [timeZone, lgpd, queueIds] = await Promise.all([
      getCompanySetting(db, actor.companyId, "timezone"),
      readLgpd(db, actor.companyId),
      userQueueIds(db, actor.userId),
    ]);
    const where: ReportWhere = {
      companyId: actor.companyId,
      period: periodOf(f.dateFrom, f.dateTo, timeZone),
      queueIds: f.queueIds,
      userId: f.userId,
      tagIds,
      status: f.status,
      whatsappId: f.whatsappId,
      channel: f.channel,
      visible: ticketVisibilityWhere(actor, queueIds),
    };
    return { where, masked: masksNumbersFor(actor, lgpd) };
  }

  /** The rows shaped for the caller, with their tags (one query for all of them). */
  async function shaped(rows: ReportRow[], companyId: number, masked: boolean): Promise<ReportTicket[]> {
    const tags = new Map<number, Tag[]>();
    if (rows.length) {
      for (const t of await ctx.reads.read(tagsOf(db, { companyId, ticketIds: rows.map((r) => r.id) }).compile())) {
        const list = tags.get(t.ticketId) ?? [];
        list.push({ id: t.id, name: t.name, color: t.color });
        tags.set(t.ticketId, list);
      }
    }
    return rows.map((r) => shape(r, tags.get(r.id) ?? [], masked));
  }

  return {
    /** GET /api/ticketreport/reports: one page (40 tickets, newest first) and the report's total. */
    async page(actor: Actor, q: ReportQuery) {
      const { where, masked } = await prepare(actor, q);
      const { limit, offset, size } = pageWindow(q.pageNumber, PAGE_SIZE.tickets);
      const [rows, [total]] = await Promise.all([ctx.reads.read(reportRows(db, where, { limit, offset })), ctx.reads.read(reportCount(db, where))]);
      const page = pageOf(rows, size);
      return { tickets: await shaped(page.rows, actor.companyId, masked), count: Number(total?.n ?? 0), hasMore: page.hasMore };
    },

    /**
     * GET /api/ticketreport/export: the whole report in the page's order as xlsx or csv, read page by page on the
     * read pool by keyset (createdAt, id) as the file is sent, masked as the page is. Audited with its filters.
     */
    async export(actor: Actor, q: ReportExportQuery): Promise<ExportFile> {
      const { where, masked } = await prepare(actor, q);
      await recordAudit(db, ctx.clock.now(), actor, {
        companyId: actor.companyId,
        entity: "ticketReport",
        entityId: q.format,
        action: "export",
        after: {
          format: q.format,
          dateFrom: q.dateFrom,
          dateTo: q.dateTo,
          queueIds: where.queueIds ?? [],
          userId: where.userId ?? null,
          tagIds: where.tagIds ?? [],
          status: where.status ?? null,
          whatsappId: where.whatsappId ?? null,
          channel: where.channel ?? null,
          masked,
        },
      });
      const read = (cursor: ReportCursor | undefined) => {
        const rows = ctx.reads.read(reportRows(db, where, { cursor, limit: EXPORT_PAGE }));
        // Awaited by the next pull; a download abandoned before it must not leave an unhandled rejection behind.
        rows.catch(() => {});
        return rows;
      };
      // The next page is read while this one is formatted and compressed (on SQLite the read pool is another thread);
      // a short page is the last one.
      let next: Promise<ReportRow[]> | undefined;
      let started = false;
      const nextPage = async (): Promise<string[][] | undefined> => {
        if (!started) {
          started = true;
          next = read(undefined);
        }
        const rows = next ? await next : [];
        const last = rows[rows.length - 1];
        next = last && rows.length === EXPORT_PAGE ? read({ createdAt: last.createdAt, id: last.id }) : undefined;
        if (!rows.length) return undefined;
        return (await shaped(rows, actor.companyId, masked)).map(cells);
      };
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      return exportFile({ format: q.format, baseName: "tickets", stamp, sheetName: "Tickets", columns: REPORT_COLUMNS, nextPage });
    },
  };
}
