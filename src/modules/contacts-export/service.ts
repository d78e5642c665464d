import type { AppContext } from "../../context";
import { CSV_BOM, csvLine } from "../../http/csv";
import { validationError } from "../../http/errors";
import type { Actor } from "../../http/permissions";
import { forCompany } from "../../db/scope";
import { recordAudit } from "../audit/record";
import { contactFilter } from "../contacts/queries";
import { type LgpdPolicy, maskContact, masksNumbersFor, readLgpd } from "../tickets/lgpd";
import { type ExportCursor, type ExportRow, exportPage } from "./queries";
import type { ExportQuery } from "./schema";
import { XlsxStream } from "./xlsx-stream";

/** Rows read per page: larger pages mean fewer trips to the read pool but a higher heap peak (bench/contacts.ts measures both). */
const PAGE = 1000;
/** The columns, named as the import's fields where they are one, so an exported file imports back as it is. */
export const EXPORT_COLUMNS = ["id", "name", "number", "email", "tags", "channel", "connection", "active", "createdAt"] as const;

/** A row as this viewer may see it: the list's LGPD masking (name and number) for plain users. */
function cells(row: ExportRow, masked: boolean): string[] {
  const shown = masked ? maskContact({ name: row.name, number: row.number, isGroup: row.isGroup === 1 }) : row;
  return [String(row.id), shown.name, shown.number, row.email, row.tags ?? "", row.channel, row.connection ?? "", row.active === 1 ? "1" : "0", row.createdAt];
}

/**
 * The contacts list under its filters as xlsx or csv, streamed page by page from the read pool (the request thread
 * only formats and compresses), masked as the caller sees the list. Every user of the company may export what they
 * may list; each export is audited with its filters.
 */
export function createContactExportService(ctx: AppContext) {
  return {
    async export(actor: Actor, q: ExportQuery): Promise<{ fileName: string; contentType: string; body: ReadableStream<Uint8Array> }> {
      if (q.contactTag?.length && (await forCompany(ctx.db, actor.companyId).missingIds("tags", q.contactTag)).length) {
        throw validationError({ contactTag: "Unknown tag" });
      }
      const filter = contactFilter(ctx.db, { searchParam: q.searchParam, channel: q.channel, isGroup: q.isGroup, tagIds: q.contactTag });
      const lgpd: LgpdPolicy = await readLgpd(ctx.db, actor.companyId);
      const masked = masksNumbersFor(actor, lgpd);
      await recordAudit(ctx.db, ctx.clock.now(), actor, {
        companyId: actor.companyId,
        entity: "contactExport",
        entityId: q.format,
        action: "export",
        after: { format: q.format, searchParam: q.searchParam, channel: q.channel ?? null, isGroup: q.isGroup ?? null, contactTag: q.contactTag ?? [], masked },
      });

      let cursor: ExportCursor | undefined;
      /** The next page's rows as cells; undefined once the list is through. */
      const nextPage = async (): Promise<string[][] | undefined> => {
        const rows = await ctx.reads.read(exportPage(ctx.db, actor.companyId, filter, cursor, PAGE));
        if (!rows.length) return undefined;
        const last = rows[rows.length - 1]!;
        cursor = { name: last.name, id: last.id };
        return rows.map((r) => cells(r, masked));
      };
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      if (q.format === "csv") return { fileName: `contacts-${stamp}.csv`, contentType: "text/csv; charset=utf-8", body: csvBody(nextPage) };
      return {
        fileName: `contacts-${stamp}.xlsx`,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        body: xlsxBody(nextPage),
      };
    },
  };
}

function csvBody(nextPage: () => Promise<string[][] | undefined>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(EXPORT_COLUMNS)));
      },
      async pull(controller) {
        const rows = await nextPage();
        if (!rows) return controller.close();
        controller.enqueue(encoder.encode(rows.map(csvLine).join("")));
      },
    },
    { highWaterMark: 1 },
  );
}

function xlsxBody(nextPage: () => Promise<string[][] | undefined>): ReadableStream<Uint8Array> {
  let xlsx: XlsxStream;
  let emitted = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        xlsx = new XlsxStream(
          "Contacts",
          (chunk) => {
            emitted++;
            controller.enqueue(chunk);
          },
          (err) => controller.error(err),
        );
        xlsx.rows([[...EXPORT_COLUMNS]]);
      },
      // The compressor holds small pages back: read on until it hands out a chunk, as a pull that enqueues nothing
      // is not called again.
      async pull(controller) {
        const before = emitted;
        while (emitted === before) {
          const rows = await nextPage();
          if (!rows) {
            xlsx.end();
            return controller.close();
          }
          xlsx.rows(rows);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
