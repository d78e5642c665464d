import { type Kysely, sql } from "kysely";
import { isPostgres } from "./dialect";

// Frozen in time: this file must never import from src/.
//
// tickets_company_live gains deletedAt, so an agent's count of the unassigned tickets of their queues is read from the
// index alone: the list counts only live (not deleted) tickets, and without the column every counted entry cost a
// read of its table row.
//
// On SQLite the planner statistics are dropped once: they were sampled from the first 1,000 entries of each index,
// which on an index led by companyId are a single company's, so the planner believed a company has about 1,000
// tickets. The server gathers them again when it starts, with the larger sample it now uses (src/db/statistics.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_company_live").execute();
  await db.schema.createIndex("tickets_company_live").on("tickets").columns(["companyId", "status", "isGroup", "queueId", "userId", "deletedAt"]).execute();
  if (!isPostgres(db)) {
    const stat = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (Number(stat.rows[0]?.n) > 0) await sql`delete from sqlite_stat1`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("tickets_company_live").execute();
  await db.schema.createIndex("tickets_company_live").on("tickets").columns(["companyId", "status", "isGroup", "queueId", "userId"]).execute();
}
