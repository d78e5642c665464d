import { type Kysely, sql } from "kysely";

// Frozen in time: this file must never import from src/.
//
// A ticket's figures for the dashboard and reports, kept as events happen. A cycle is the ticket's life from its
// creation or its latest reopen (a `reopen` log) on:
//   firstQueuedAt    the first time the ticket was in a queue in this cycle (its first log of this cycle that names a
//                    queue, except the logs of closing, viewing and the sending side of a transfer)
//   firstAcceptedAt  the first time an agent took it in this cycle (`open`; `create`, `reopen` or `receivedTransfer`
//                    naming a user)
//   firstResponseAt  the first agent's message (not a private note) after the contact's first message of this cycle
//   lastClosedAt     the latest close, kept across reopens (closedAt is cleared by a reopen)
// Backfilled here from the ticket logs (and, for the first response, from the messages).
const COLUMNS = ["firstQueuedAt", "firstAcceptedAt", "firstResponseAt", "lastClosedAt"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("tickets").addColumn(column, "text").execute();

  const cycleStart = sql`coalesce((SELECT max(r.id) FROM ticket_logs r WHERE r."ticketId" = t.id AND r."companyId" = t."companyId" AND r.type = 'reopen'), 0)`;
  const cycleStartAt = sql`coalesce((SELECT max(r."createdAt") FROM ticket_logs r WHERE r."ticketId" = t.id AND r."companyId" = t."companyId" AND r.type = 'reopen'), '')`;
  await sql`
    UPDATE tickets AS t SET
      "firstQueuedAt" = (
        SELECT min(l."createdAt") FROM ticket_logs l
        WHERE l."ticketId" = t.id AND l."companyId" = t."companyId" AND l.id >= ${cycleStart}
          AND l."queueId" IS NOT NULL AND l.type NOT IN ('closed', 'access', 'transfered')),
      "firstAcceptedAt" = (
        SELECT min(l."createdAt") FROM ticket_logs l
        WHERE l."ticketId" = t.id AND l."companyId" = t."companyId" AND l.id >= ${cycleStart}
          AND (l.type = 'open' OR (l.type IN ('create', 'reopen', 'receivedTransfer') AND l."userId" IS NOT NULL))),
      "firstResponseAt" = (
        SELECT min(a."createdAt") FROM messages a
        WHERE a."ticketId" = t.id AND a."companyId" = t."companyId" AND a."fromMe" = 1 AND a."isPrivate" = 0 AND a.origin = 'agent'
          AND a."createdAt" >= (
            SELECT min(c."createdAt") FROM messages c
            WHERE c."ticketId" = t.id AND c."companyId" = t."companyId" AND c."fromMe" = 0 AND c."createdAt" >= ${cycleStartAt})),
      "lastClosedAt" = coalesce(
        (SELECT max(l."createdAt") FROM ticket_logs l WHERE l."ticketId" = t.id AND l."companyId" = t."companyId" AND l.type = 'closed'),
        t."closedAt")
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("tickets").dropColumn(column).execute();
}
