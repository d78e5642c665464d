import { type Kysely, type RawBuilder, sql } from "kysely";
import { nowText } from "./dialect";

// Frozen in time: this file must never import from src/. Times are ISO-8601 UTC text.
//
// ticket_timers         when each timed rule of the automation is next due on a ticket: one row per ticket and rule
//                       (rule 'plan': work the ticket's rows out again), read by dueAt, so the tick finds the few due
//                       tickets without reading every ticket
// timed_rule_starts     when a timed rule became active for its owner (a connection, a queue, a kanban lane, or the
//                       company itself as owner 0): idle time is counted from no earlier than this, so neither this
//                       upgrade nor switching a rule on later acts on tickets that had been idle before
// ticket_timer_sweeps   per company, the time up to which the tick has worked out the timers of its changed tickets
//                       (tickets changed later, or lanes entered later, are worked out by the next tick)
// queues.roundRobinUserId   the member the queue's round-robin last gave a ticket to (the next one is the one after)
// ticket_tags_created   lanes entered recently (a lane's timer starts when the ticket enters it)
//
// One unit for every time of the automation, minutes: connections.expiresTicket and tags.timeLane were hours, and the
// company setting autoCloseTicketsHours becomes autoCloseTicketsMinutes.
//
// When this migration runs, every live ticket gets a 'plan' row, so the first tick works its timers out.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("ticket_timers")
    .addColumn("ticketId", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("rule", "text", (c) => c.notNull())
    .addColumn("dueAt", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_timers_pk", ["ticketId", "rule"])
    .execute();
  await db.schema.createIndex("ticket_timers_due").on("ticket_timers").columns(["dueAt", "ticketId"]).execute();
  await db.schema
    .createTable("timed_rule_starts")
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("rule", "text", (c) => c.notNull())
    .addColumn("ownerId", "integer", (c) => c.notNull())
    .addColumn("activeSince", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("timed_rule_starts_pk", ["companyId", "rule", "ownerId"])
    .execute();
  await db.schema
    .createTable("ticket_timer_sweeps")
    .addColumn("companyId", "integer", (c) => c.primaryKey().references("companies.id").onDelete("cascade"))
    .addColumn("sweptAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("queues")
    .addColumn("roundRobinUserId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("ticket_tags_created").on("ticket_tags").column("createdAt").where(sql.ref("createdAt"), "is not", null).execute();

  await sql`update connections set "expiresTicket" = "expiresTicket" * 60`.execute(db);
  await sql`update tags set "timeLane" = "timeLane" * 60`.execute(db);
  await sql`insert into company_settings ("companyId", key, value, "updatedAt")
            select "companyId", 'autoCloseTicketsMinutes', cast(cast(value as integer) * 60 as text), "updatedAt"
            from company_settings where key = 'autoCloseTicketsHours'
            on conflict ("companyId", key) do update set value = excluded.value, "updatedAt" = excluded."updatedAt"`.execute(db);
  await sql`delete from company_settings where key = 'autoCloseTicketsHours'`.execute(db);

  const start = (rule: string, select: RawBuilder<unknown>) =>
    sql`insert into timed_rule_starts ("companyId", rule, "ownerId", "activeSince")
        select "companyId", ${rule}, id, ${now} from (${select}) as owners where true on conflict do nothing`.execute(db);
  await start("redirect", sql`select "companyId", id from connections where "deletedAt" is null and "timeSendQueue" > 0 and "sendIdQueue" is not null`);
  await start(
    "inactiveNudge",
    sql`select "companyId", id from connections where "deletedAt" is null and "timeInactiveMessage" > 0 and trim(coalesce("inactiveMessage", '')) <> ''`,
  );
  await start("inactiveClose", sql`select "companyId", id from connections where "deletedAt" is null and "expiresTicket" > 0`);
  await start("roundRobin", sql`select "companyId", id from queues where "ativarRoteador" = 1`);
  await start("lane", sql`select "companyId", id from tags where kanban = 1 and "timeLane" > 0 and "nextLaneId" is not null`);
  await start("laneRollback", sql`select "companyId", id from tags where kanban = 1 and "rollbackLaneId" is not null`);
  // The company's auto-close is on unless set to 0 (24 hours by default).
  await start(
    "autoClose",
    sql`select c.id as "companyId", 0 as id from companies c
        where coalesce((select s.value from company_settings s where s."companyId" = c.id and s.key = 'autoCloseTicketsMinutes'), '1440') <> '0'`,
  );
  await sql`insert into ticket_timer_sweeps ("companyId", "sweptAt") select id, ${now} from companies`.execute(db);
  await sql`insert into ticket_timers ("ticketId", "companyId", rule, "dueAt")
            select id, "companyId", 'plan', ${now} from tickets
            where status in ('open', 'pending') and "deletedAt" is null and "mergedIntoId" is null
            on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`insert into company_settings ("companyId", key, value, "updatedAt")
            select "companyId", 'autoCloseTicketsHours', cast((cast(value as integer) + 59) / 60 as text), "updatedAt"
            from company_settings where key = 'autoCloseTicketsMinutes'
            on conflict ("companyId", key) do update set value = excluded.value, "updatedAt" = excluded."updatedAt"`.execute(db);
  await sql`delete from company_settings where key = 'autoCloseTicketsMinutes'`.execute(db);
  await sql`update tags set "timeLane" = ("timeLane" + 59) / 60`.execute(db);
  await sql`update connections set "expiresTicket" = ("expiresTicket" + 59) / 60`.execute(db);
  await db.schema.dropIndex("ticket_tags_created").execute();
  await db.schema.alterTable("queues").dropColumn("roundRobinUserId").execute();
  await db.schema.dropTable("ticket_timer_sweeps").execute();
  await db.schema.dropTable("timed_rule_starts").execute();
  await db.schema.dropTable("ticket_timers").execute();
}
