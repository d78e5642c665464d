/**
 * The import's optional first phase: each waiting row's number checked on the chosen WhatsApp connection before any
 * row is imported. A number not on WhatsApp ends its row as ignored (notOnWhatsApp); every answer is written with
 * the row as it arrives, so a restart goes on at the first unchecked row and never asks about a row twice. Checks on
 * one connection are paced (config CONTACT_IMPORT_CHECK_INTERVAL_MS, one a second by default), shared by every import
 * of this process using it: WhatsApp bans accounts that look numbers up in bulk.
 */
import type { AppContext } from "../../context";
import { addCounts, type ImportRow, markChecked, setRowOutcomes, uncheckedRows } from "./queries";

const PAGE = 100;

/** connection id -> the earliest time its next check may start, per context. */
const nextCheckAt = new WeakMap<AppContext, Map<number, number>>();

async function pace(ctx: AppContext, connectionId: number): Promise<void> {
  const byConnection = nextCheckAt.get(ctx) ?? new Map<number, number>();
  nextCheckAt.set(ctx, byConnection);
  const now = Date.now();
  const at = Math.max(now, byConnection.get(connectionId) ?? 0);
  byConnection.set(connectionId, at + ctx.config.CONTACT_IMPORT_CHECK_INTERVAL_MS);
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

/**
 * Checks the import's unchecked rows until none is left (answers true) or `budgetEnds` (performance.now()) passes
 * (answers false: the caller hands the rest to a new run). Throws while the connection is not connected, so the job
 * tries again later.
 */
export async function checkNumbers(ctx: AppContext, imp: ImportRow, budgetEnds: number): Promise<boolean> {
  const connectionId = imp.whatsappId;
  for (;;) {
    const rows = await uncheckedRows(ctx.db, imp.companyId, imp.id, PAGE);
    if (!rows.length) return true;
    for (const row of rows) {
      const session = connectionId === null ? undefined : ctx.channels.sessions.liveSession(connectionId);
      if (connectionId === null || !session?.checkNumber) throw new Error(`contact import ${imp.id}: its WhatsApp connection is not connected`);
      await pace(ctx, connectionId);
      const { exists } = await session.checkNumber(row.number);
      await ctx.db.transaction().execute(async (trx) => {
        if (!exists) {
          await setRowOutcomes(trx, imp.companyId, imp.id, [{ row, outcome: "ignored", reason: "notOnWhatsApp", contactId: null }]);
          await addCounts(trx, imp.companyId, imp.id, { imported: 0, updated: 0, ignored: 1 });
        }
        await markChecked(trx, imp.companyId, imp.id, row.rowNo);
      });
      ctx.bus.emit("contactImport.progress", { companyId: imp.companyId, importId: imp.id });
      if (performance.now() > budgetEnds) return false;
    }
  }
}
