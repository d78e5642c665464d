import type { AppContext } from "../../context";
import { validationError } from "../../http/errors";
import { type ExportFile, exportFile } from "../../http/export-file";
import type { Actor } from "../../http/permissions";
import { forCompany } from "../../db/scope";
import { recordAudit } from "../audit/record";
import { contactFilter } from "../contacts/queries";
import { type LgpdPolicy, maskContact, masksNumbersFor, readLgpd } from "../tickets/lgpd";
import { type ExportCursor, type ExportRow, exportPage } from "./queries";
import type { ExportQuery } from "./schema";

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
    async export(actor: Actor, q: ExportQuery): Promise<ExportFile> {
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
      return exportFile({ format: q.format, baseName: "contacts", stamp, sheetName: "Contacts", columns: EXPORT_COLUMNS, nextPage });
    },
  };
}
