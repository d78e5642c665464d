import type { ChannelSession } from "../../channels/adapter";
import type { AppContext } from "../../context";
import { AppError, validationError } from "../../http/errors";
import { CSV_BOM, csvLine } from "../../http/csv";
import { type Actor, assertCan } from "../../http/permissions";
import { recordAudit } from "../audit/record";
import { findConnection } from "../connections/queries";
import { getCompanySetting } from "../settings/queries";
import { checkRow, IGNORE_REASONS } from "./normalize";
import { findImport, ignoredByReason, type ImportRow, insertImport, insertImportRows, type StagedRow, summaryRows } from "./queries";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, readSheet, type SheetRows } from "./read-file";
import { enqueueImport } from "./run-import";
import { IMPORT_FIELDS, type ImportMapping, type PhoneImportInput, type StartImportInput } from "./schema";

const importNotFound = () => new AppError("ERR_NOT_FOUND", 404, "Import not found");
/** The phone's contacts as a sheet the import reads like a file: "+" marks the numbers as already international. */
const PHONE_MAPPING: ImportMapping = { name: 0, number: 1 };
const SUMMARY_PAGE = 1000;

/**
 * The mapping as the import takes it: name and number mapped, each column once, every column inside the file.
 * Refusals name the field: mapping.<field>.
 */
function checkMapping(mapping: ImportMapping, width: number): void {
  const fields: Record<string, string> = {};
  if (mapping.number === undefined) fields["mapping.number"] = "Required";
  if (mapping.name === undefined) fields["mapping.name"] = "Required";
  const taken = new Map<number, string>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined) continue;
    if (column >= width) fields[`mapping.${field}`] = "Unknown column";
    else if (taken.has(column)) fields[`mapping.${field}`] = `Column already mapped to ${taken.get(column)}`;
    else taken.set(column, field);
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/**
 * The file's ticked rows checked one by one: a row refused by checkRow, or repeating a number met on an earlier row,
 * is staged as ignored with its reason; a row whose mapped cells are all empty is left out.
 */
function stageRows(sheet: SheetRows, mapping: ImportMapping, skip: ReadonlySet<number>, countryCode: string): StagedRow[] {
  const cell = (cells: string[], column: number | undefined) => (column === undefined ? "" : (cells[column] ?? ""));
  const seen = new Set<string>();
  const staged: StagedRow[] = [];
  for (let i = 1; i < sheet.length; i++) {
    const rowNo = i + 1;
    if (skip.has(rowNo)) continue;
    const cells = sheet[i]!;
    const typed = { name: cell(cells, mapping.name), number: cell(cells, mapping.number), email: cell(cells, mapping.email), tags: cell(cells, mapping.tags) };
    if (!typed.name && !typed.number && !typed.email && !typed.tags) continue;
    const r = checkRow(typed, countryCode);
    const ignored = { email: "", tags: "", outcome: "ignored", contactId: null, checked: 0 } as const;
    if (!r.ok) staged.push({ ...ignored, rowNo, name: r.name, number: r.number, reason: r.reason });
    else if (seen.has(r.number)) staged.push({ ...ignored, rowNo, name: r.name, number: r.number, reason: "duplicateInFile" });
    else {
      seen.add(r.number);
      staged.push({ rowNo, name: r.name, number: r.number, email: r.email, tags: r.tags.join("\n"), outcome: null, reason: null, contactId: null, checked: 0 });
    }
  }
  return staged;
}

/**
 * Contact imports (admins: contacts:manage). Starting one reads and checks the whole file on the server, stages its
 * rows and queues the durable job (run-import.ts) in the same transaction; the status and the summary follow it.
 */
export function createContactImportService(ctx: AppContext) {
  async function view(imp: ImportRow) {
    const byReason = await ignoredByReason(ctx.db, imp.companyId, imp.id);
    const reasons = Object.fromEntries(IGNORE_REASONS.map((r) => [r, byReason.get(r) ?? 0])) as Record<(typeof IGNORE_REASONS)[number], number>;
    return {
      id: imp.id,
      status: imp.status,
      fileName: imp.fileName,
      total: imp.total,
      processed: imp.processed,
      imported: imp.imported,
      updated: imp.updated,
      ignored: imp.ignored,
      whatsappId: imp.whatsappId,
      toCheck: imp.toCheck,
      checked: imp.checked,
      reasons,
      createdAt: imp.createdAt,
      finishedAt: imp.finishedAt,
    };
  }

  async function owned(actor: Actor, id: number) {
    assertCan(actor, "contacts:manage");
    const imp = await findImport(ctx.db, actor.companyId, id);
    if (!imp) throw importNotFound();
    return imp;
  }

  /** The company's connection (404 for any other), its channel able to `capability`, and connected. */
  async function usableConnection(actor: Actor, id: number, capability: "checkNumber" | "listContacts") {
    const conn = await findConnection(ctx.db, actor.companyId, id);
    if (!conn) throw new AppError("ERR_NOT_FOUND", 404, "Connection not found");
    if (!ctx.channels.registry.get(conn.channel)?.manifest.capabilities[capability]) {
      throw new AppError(
        "ERR_CHANNEL_UNSUPPORTED",
        400,
        `The connection's channel cannot ${capability === "checkNumber" ? "check numbers" : "list its contacts"}`,
      );
    }
    const session: ChannelSession | undefined = ctx.channels.sessions.liveSession(conn.id);
    if (!session?.[capability]) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400, "The connection is not connected");
    return { conn, session };
  }

  /** Stages the sheet's rows, records the import and queues its job, all in one transaction. */
  async function launch(
    actor: Actor,
    p: { fileName: string; sheet: SheetRows; mapping: ImportMapping; skipRows: number[]; checkOn: number | null; audit: Record<string, unknown> },
  ) {
    const countryCode = await getCompanySetting(ctx.db, actor.companyId, "defaultCountryCode");
    const staged = stageRows(p.sheet, p.mapping, new Set(p.skipRows), countryCode);
    if (!staged.length) throw validationError({ skipRows: "No rows selected" });
    const id = await ctx.db.transaction().execute(async (trx) => {
      const at = ctx.clock.now();
      // Rows refused while staging count as done from the start; the others are checked when a connection is chosen.
      const refused = staged.filter((r) => r.outcome === "ignored").length;
      const importId = await insertImport(trx, actor.companyId, {
        userId: actor.userId,
        fileName: p.fileName,
        total: staged.length,
        processed: refused,
        ignored: refused,
        createdAt: at.toISOString(),
        whatsappId: p.checkOn,
        toCheck: p.checkOn === null ? 0 : staged.length - refused,
      });
      await insertImportRows(trx, actor.companyId, importId, staged);
      await recordAudit(trx, at, actor, {
        companyId: actor.companyId,
        entity: "contactImport",
        entityId: importId,
        action: "create",
        after: { fileName: p.fileName, rows: staged.length, ...p.audit, checkOn: p.checkOn, defaultCountryCode: countryCode },
      });
      await enqueueImport(ctx, { companyId: actor.companyId, importId, link: 0 }, trx);
      return importId;
    });
    ctx.bus.emit("contactImport.progress", { companyId: actor.companyId, importId: id });
    return view((await findImport(ctx.db, actor.companyId, id))!);
  }

  return {
    view,

    async start(actor: Actor, input: StartImportInput) {
      assertCan(actor, "contacts:manage");
      if (input.file.size > MAX_IMPORT_BYTES) throw validationError({ file: "File too large" });
      // A part sent without a file name arrives with none at all.
      const fileName = String(input.file.name ?? "").slice(0, 255);
      const sheet = readSheet(new Uint8Array(await input.file.arrayBuffer()), fileName);
      if (!sheet || sheet.length < 2) throw validationError({ file: "Invalid file" });
      if (sheet.length - 1 > MAX_IMPORT_ROWS) throw validationError({ file: `More than ${MAX_IMPORT_ROWS} rows` });
      checkMapping(input.mapping, Math.max(...sheet.map((r) => r.length)));
      const checkOn = input.whatsappId === undefined ? null : (await usableConnection(actor, input.whatsappId, "checkNumber")).conn.id;
      return launch(actor, { fileName, sheet, mapping: input.mapping, skipRows: input.skipRows ?? [], checkOn, audit: { mapping: input.mapping } });
    },

    /** The import of the contacts of the connection's phone (its address book as the channel knows it). */
    async startFromPhone(actor: Actor, input: PhoneImportInput) {
      assertCan(actor, "contacts:manage");
      const { conn, session } = await usableConnection(actor, input.whatsappId, "listContacts");
      const contacts = await session.listContacts!();
      if (contacts.length > MAX_IMPORT_ROWS) throw validationError({ whatsappId: `More than ${MAX_IMPORT_ROWS} contacts` });
      const sheet: SheetRows = [["name", "number"], ...contacts.map((c) => [c.name.trim() || c.number, `+${c.number}`])];
      if (sheet.length < 2) throw validationError({ whatsappId: "The phone has no contacts" });
      const checkOn = input.validate ? conn.id : null;
      return launch(actor, { fileName: conn.name.slice(0, 255), sheet, mapping: PHONE_MAPPING, skipRows: [], checkOn, audit: { whatsappId: conn.id } });
    },

    async status(actor: Actor, id: number) {
      return view(await owned(actor, id));
    },

    /** Every row of the import with what became of it, streamed in file order. */
    async summaryCsv(actor: Actor, id: number): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
      const imp = await owned(actor, id);
      const encoder = new TextEncoder();
      let after = 0;
      let first = true;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (first) {
            first = false;
            controller.enqueue(encoder.encode(CSV_BOM + csvLine(["line", "name", "number", "outcome", "reason", "contactId"])));
            return;
          }
          const rows = await summaryRows(ctx.db, imp.companyId, imp.id, after, SUMMARY_PAGE);
          if (!rows.length) return controller.close();
          after = rows[rows.length - 1]!.rowNo;
          controller.enqueue(encoder.encode(rows.map((r) => csvLine([r.rowNo, r.name, r.number, r.outcome ?? "waiting", r.reason, r.contactId])).join("")));
        },
      });
      return { fileName: `import-${imp.id}-summary.csv`, body };
    },
  };
}
