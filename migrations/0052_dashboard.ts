import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { doubleType, serialId } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// What the dashboard reads, so that no figure scans the history on a load:
//   tickets.initiatedBy   'contact' (the contact wrote first: a passive ticket) or 'company' (an agent, the API or a
//                         forward opened it: an active ticket); backfilled from the ticket's `create` log, which names
//                         a user when an agent opened it
//   ticket_cycles         the cycles of a ticket that a reopen ended: a copy of the ticket's figures (firstQueuedAt,
//                         firstAcceptedAt, firstResponseAt, its close) as they stood, with its queue, user and
//                         connection, so a close in January still counts in January after a reopen in March. The
//                         ticket's own row holds its current cycle. Earlier cycles of tickets reopened before this
//                         migration are not known (their figures were cleared by the reopen).
//   message_counts        messages (private notes aside) per company, UTC hour (yyyy-MM-ddTHH) and direction, added by the roll-up (a job run
//                         at most once a minute while messages arrive); rollup_marks.lastId is the last message id
//                         counted, horizonId the highest id seen by the previous run (ids are only counted once a run
//                         has seen them before: on PostgreSQL an id may commit after a higher one).
//                         Backfilled here from the messages (an empty store gets no mark: nothing is counted yet).
//   dashboard_days        the period figures per company day (in its time zone), queue and user (0: none), for the
//                         days that are over, built by a job (src/modules/dashboard/days.ts); dashboard_builds says
//                         up to which day (exclusive) and in which time zone each company's days are built
// and the indexes the period figures read (closing, accepting, creation, rating times per company; the live tickets
// by status, queue and user, read from the index alone).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("tickets")
    .addColumn("initiatedBy", "text", (c) => c.notNull().defaultTo("contact"))
    .execute();
  await sql`
    UPDATE tickets SET "initiatedBy" = 'company'
    WHERE EXISTS (SELECT 1 FROM ticket_logs l WHERE l."ticketId" = tickets.id AND l.type = 'create' AND l."userId" IS NOT NULL)
  `.execute(db);

  await db.schema
    .createTable("ticket_cycles")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("ticketId", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("queueId", "integer")
    .addColumn("userId", "integer")
    .addColumn("whatsappId", "integer")
    .addColumn("isGroup", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("firstQueuedAt", "text")
    .addColumn("firstAcceptedAt", "text")
    .addColumn("firstResponseAt", "text")
    .addColumn("closedAt", "text")
    .addColumn("endedAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticket_cycles_ticket").on("ticket_cycles").columns(["ticketId"]).execute();
  await db.schema.createIndex("ticket_cycles_closed").on("ticket_cycles").columns(["companyId", "closedAt"]).execute();
  await db.schema.createIndex("ticket_cycles_accepted").on("ticket_cycles").columns(["companyId", "firstAcceptedAt"]).execute();

  await db.schema.createIndex("tickets_company_closed").on("tickets").columns(["companyId", "lastClosedAt"]).execute();
  await db.schema.createIndex("tickets_company_accepted").on("tickets").columns(["companyId", "firstAcceptedAt"]).execute();
  await db.schema.createIndex("tickets_company_created").on("tickets").columns(["companyId", "createdAt"]).execute();
  await db.schema.createIndex("contacts_company_created").on("contacts").columns(["companyId", "createdAt", "isGroup"]).execute();
  await db.schema.createIndex("tickets_company_live").on("tickets").columns(["companyId", "status", "isGroup", "queueId", "userId"]).execute();

  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  let days = db.schema
    .createTable("dashboard_days")
    .addColumn("companyId", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("queueId", "integer", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.notNull());
  for (const name of ["created", "createdActive", "accepted", "waitN", "closed", "serviceN", "ratings", "rateSum", "promoters", "detractors"])
    days = days.addColumn(name, "integer", zero);
  for (const name of ["waitSum", "serviceSum"]) days = days.addColumn(name, doubleType(db), zero);
  await days.addPrimaryKeyConstraint("dashboard_days_pk", ["companyId", "day", "queueId", "userId"]).execute();
  await db.schema
    .createTable("dashboard_builds")
    .addColumn("companyId", "integer", (c) => c.primaryKey())
    .addColumn("timeZone", "text", (c) => c.notNull())
    .addColumn("builtTo", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticket_ratings_company_created").on("ticket_ratings").columns(["companyId", "createdAt"]).execute();

  await db.schema
    .createTable("message_counts")
    .addColumn("companyId", "integer", (c) => c.notNull())
    .addColumn("hour", "text", (c) => c.notNull())
    .addColumn("fromMe", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("message_counts_pk", ["companyId", "hour", "fromMe"])
    .execute();
  await db.schema
    .createTable("rollup_marks")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("lastId", "integer", (c) => c.notNull())
    .addColumn("horizonId", "integer", (c) => c.notNull())
    .execute();
  await sql`
    INSERT INTO message_counts ("companyId", hour, "fromMe", count)
    SELECT "companyId", substr("createdAt", 1, 13), "fromMe", count(*) FROM messages WHERE "isPrivate" = 0 GROUP BY 1, 2, 3
  `.execute(db);
  await sql`
    INSERT INTO rollup_marks (name, "lastId", "horizonId")
    SELECT 'messages', max(id), max(id) FROM messages HAVING count(*) > 0
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("dashboard_builds").execute();
  await db.schema.dropTable("dashboard_days").execute();
  await db.schema.dropIndex("tickets_company_live").execute();
  await db.schema.dropTable("rollup_marks").execute();
  await db.schema.dropTable("message_counts").execute();
  for (const index of ["tickets_company_closed", "tickets_company_accepted", "tickets_company_created"]) await db.schema.dropIndex(index).execute();
  await db.schema.dropIndex("contacts_company_created").execute();
  await db.schema.dropIndex("ticket_ratings_company_created").execute();
  await db.schema.dropTable("ticket_cycles").execute();
  await db.schema.alterTable("tickets").dropColumn("initiatedBy").execute();
}
