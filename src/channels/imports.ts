/**
 * Import of old messages (history sync), the connection's side: progress on the row, the connections screen's
 * `importMessages-{companyId}` events, and the imported tickets closed at the end or by a person.
 *
 * connections.statusImportMessages holds JSON `{status, processed, total, date}` (date: when this import began):
 *   running                    messages are being imported
 *   renderButtonCloseTickets   done; the tickets it created are still open (the screen offers to close them)
 *   done                       done; its tickets were closed (closedTicketsPostImported)
 * null: no import, or its tickets were closed by a person (POST /api/closedimported/:id).
 * The messages themselves go through the inbound writer (host.importMessage).
 */
import type { AppContext } from "../context";
import type { Db } from "../db/database";
import { forCompany } from "../db/scope";
import type { ImportProgressFrame } from "../realtime/events";
import type { ImportProgress } from "./adapter";

export type ImportState = "running" | "renderButtonCloseTickets" | "done";

export interface ImportStatus {
  status: ImportState;
  processed: number;
  total: number;
  date: string;
}

export function parseImportStatus(text: string | null | undefined): ImportStatus | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<ImportStatus>;
    return v && typeof v.status === "string" && typeof v.date === "string" ? (v as ImportStatus) : undefined;
  } catch {
    return undefined;
  }
}

/** Records one progress report of a connection's import; on `done`, closes its tickets or offers to. */
export async function recordImportProgress(ctx: AppContext, companyId: number, connectionId: number, progress: ImportProgress): Promise<void> {
  const row = await forCompany(ctx.db, companyId)
    .selectFrom("connections")
    .select(["statusImportMessages", "closedTicketsPostImported"])
    .where("id", "=", connectionId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!row) return;
  const nowIso = ctx.clock.now().toISOString();
  const previous = parseImportStatus(row.statusImportMessages);
  const date = previous?.status === "running" ? previous.date : nowIso;
  const counts = { processed: progress.processed, total: Math.max(progress.total, progress.processed) };
  const emit = (frame: ImportProgressFrame) => ctx.bus.emit("connection.importProgress", { companyId, frame });

  if (!progress.done) {
    await setImportStatus(ctx.db, companyId, connectionId, { status: "running", ...counts, date }, nowIso);
    emit({ action: "update", status: { this: counts.processed, all: counts.total, date } });
    return;
  }
  if (row.closedTicketsPostImported === 1) {
    await closeImportedTickets(ctx, companyId, connectionId, null, { status: "done", ...counts, date });
  } else {
    await setImportStatus(ctx.db, companyId, connectionId, { status: "renderButtonCloseTickets", ...counts, date }, nowIso);
    ctx.bus.emit("connection.saved", { companyId, connectionId });
  }
  emit({ action: "update", status: { this: counts.processed, all: counts.total, date } });
  emit({ action: "refresh" });
}

/**
 * Closes the still-open tickets an import created on the connection (one transaction, a `closed` log each) and sets
 * the connection's import status to `next`. `userId`: the person who asked, null when the import closes them itself.
 */
export async function closeImportedTickets(
  ctx: AppContext,
  companyId: number,
  connectionId: number,
  userId: number | null,
  next: ImportStatus | null,
): Promise<number[]> {
  const nowIso = ctx.clock.now().toISOString();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    const s = forCompany(trx, companyId);
    const rows = await s
      .updateTable("tickets")
      .set({ status: "closed", closedAt: nowIso, updatedAt: nowIso, unreadMessages: 0 })
      .where("whatsappId", "=", connectionId)
      .where("imported", "is not", null)
      .where("status", "!=", "closed")
      .returning("id")
      .execute();
    const ids = rows.map((r) => (r as { id: number }).id);
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200).map((ticketId) => ({ companyId, ticketId, type: "closed" as const, userId, createdAt: nowIso }));
      await trx.insertInto("ticket_logs").values(chunk).execute();
    }
    await setImportStatus(trx, companyId, connectionId, next, nowIso);
    return ids;
  });
  for (const ticketId of closed) ctx.bus.emit("ticket.updated", { companyId, ticketId });
  ctx.bus.emit("connection.saved", { companyId, connectionId });
  return closed;
}

async function setImportStatus(db: Db, companyId: number, connectionId: number, status: ImportStatus | null, nowIso: string): Promise<void> {
  await forCompany(db, companyId)
    .updateTable("connections")
    .set({ statusImportMessages: status ? JSON.stringify(status) : null, updatedAt: nowIso })
    .where("id", "=", connectionId)
    .execute();
}
