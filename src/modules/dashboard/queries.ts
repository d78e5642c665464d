/**
 * The dashboard's SQL, the two roll-ups' included. Every figure is read through an index on the time it is counted at (tickets and archived
 * cycles by close, acceptance and creation; ratings and contacts by creation; messages from the hourly roll-up), so a
 * load costs what its period holds, never the whole history. Times are ISO-8601 UTC text, compared as text.
 */
import { type Expression, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import { isPostgres } from "../../../migrations/dialect";
import type { Db } from "../../db/database";
import type { DB } from "../../db/schema";
import { forCompany } from "../../db/scope";
import { type DashboardDaysTable, TALLY_FIELDS } from "../../db/tables/dashboard";
import type { IdField } from "../../http/company-ids";

export interface Period {
  from: string;
  to: string;
}

/** The parameters narrowing the ticket figures. */
export interface Narrowing {
  queueIds?: readonly number[];
  userId?: number;
}

/** A narrowing's ids as fields to check against the caller's company (the tickets report narrows the same way). */
export const narrowingIds = (n: Narrowing): IdField[] => [
  ["queueIds", "queues", n.queueIds, "Unknown queue"],
  ["userId", "users", n.userId === undefined ? undefined : [n.userId], "Unknown user"],
];

/** Minutes from `a` to `b` (ISO text) in the store's own date arithmetic. */
function minutesBetween(db: Db, a: Expression<string | null>, b: Expression<string | null>): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(extract(epoch from (${b}::timestamptz - ${a}::timestamptz)) / 60.0)`
    : sql<number>`((julianday(${b}) - julianday(${a})) * 1440.0)`;
}

function narrowed<Q extends SelectQueryBuilder<DB, any, any>>(q: Q, table: "tickets" | "ticket_cycles", n: Narrowing): Q {
  let out = q;
  if (n.queueIds?.length) out = out.where(sql.ref(`${table}.queueId`), "in", n.queueIds) as Q;
  if (n.userId !== undefined) out = out.where(sql.ref(`${table}.userId`), "=", n.userId) as Q;
  return out;
}

/** The live tickets now, by status (groups apart): read from the status index alone. */
export async function liveCounts(db: Db, companyId: number, n: Narrowing) {
  const q = forCompany(db, companyId)
    .selectFrom("tickets")
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere("status", "=", "open").filterWhere("isGroup", "=", 0).as("open"),
      eb.fn.countAll<number>().filterWhere("status", "=", "pending").filterWhere("isGroup", "=", 0).as("pending"),
      eb.fn.countAll<number>().filterWhere("status", "=", "nps").as("nps"),
      eb.fn.countAll<number>().filterWhere("isGroup", "=", 1).as("groups"),
    ])
    .where("status", "in", ["open", "pending", "group", "nps", "lgpd"]);
  const row = await narrowed(q, "tickets", n).executeTakeFirstOrThrow();
  return { open: Number(row.open), pending: Number(row.pending), nps: Number(row.nps), groups: Number(row.groups) };
}

/** Figures of one UTC hour (yyyy-MM-ddTHH), queue and user (null: none). */
export interface Slot {
  hour: string;
  queueId: number | null;
  userId: number | null;
}

/** Intervals ending in a slot: how many, and the sum and number of those that were measured (see `intervals`). */
export interface IntervalRow extends Slot {
  count: number;
  minutes: number;
  timed: number;
}

/** A time of a cycle: its column in the ticket's row (the current cycle) and in ticket_cycles (a cycle a reopen ended). */
export type CycleTime = readonly [current: "firstQueuedAt" | "firstAcceptedAt" | "lastClosedAt", archived: "firstQueuedAt" | "firstAcceptedAt" | "closedAt"];
export const QUEUED: CycleTime = ["firstQueuedAt", "firstQueuedAt"];
export const ACCEPTED: CycleTime = ["firstAcceptedAt", "firstAcceptedAt"];
export const CLOSED: CycleTime = ["lastClosedAt", "closedAt"];

/**
 * Cycles whose `end` falls in the period, with the minutes from their `start` to it: the current cycle of each ticket
 * and the cycles a reopen archived. Served is ACCEPTED to CLOSED, waited QUEUED to ACCEPTED.
 */
export function intervalRows(db: Db, companyId: number, p: Period, n: Narrowing, start: CycleTime, end: CycleTime): Promise<IntervalRow[]> {
  const scope = forCompany(db, companyId);
  const cycle = (table: "tickets" | "ticket_cycles", at: 0 | 1) => {
    const endAt = sql.ref<string | null>(`${table}.${end[at]}`);
    return scope
      .selectFrom(table)
      .select([
        sql.ref<number | null>(`${table}.queueId`).as("queueId"),
        sql.ref<number | null>(`${table}.userId`).as("userId"),
        sql.ref<string | null>(`${table}.${start[at]}`).as("startAt"),
        endAt.as("endAt"),
      ])
      .where(endAt, ">=", p.from)
      .where(endAt, "<", p.to)
      .where(sql.ref(`${table}.isGroup`), "=", 0);
  };
  let current = cycle("tickets", 0);
  // A ticket keeps its latest close across reopens: that close ends its current cycle only while it is closed.
  if (end[0] === "lastClosedAt") current = current.where(sql.ref("tickets.status"), "=", "closed");
  return intervals(db, narrowed(current, "tickets", n).unionAll(narrowed(cycle("ticket_cycles", 1), "ticket_cycles", n)));
}

/**
 * Per slot of the interval's end: rows, and the sum and number of the intervals startAt -> endAt that exist and last:
 * a cycle taken the moment it entered a queue (an agent's own ticket, a reopen) never waited, and is no sample of
 * waiting.
 */
async function intervals(
  db: Db,
  rows: SelectQueryBuilder<DB, any, { queueId: number | null; userId: number | null; startAt: string | null; endAt: string | null }>,
): Promise<IntervalRow[]> {
  const minutes = minutesBetween(db, sql.ref("c.startAt"), sql.ref("c.endAt"));
  const timed = sql<boolean>`(c."startAt" is not null and c."startAt" < c."endAt")`;
  const hour = sql<string>`substr(c."endAt", 1, 13)`;
  const out = await db
    .selectFrom(rows.as("c"))
    .select((eb) => [
      hour.as("hour"),
      "c.queueId",
      "c.userId",
      eb.fn.countAll<number>().as("count"),
      sql<number>`coalesce(sum(case when ${timed} then ${minutes} end), 0)`.as("minutes"),
      sql<number>`count(case when ${timed} then 1 end)`.as("timed"),
    ])
    .groupBy([hour, "c.queueId", "c.userId"])
    .execute();
  return out.map((r) => ({ hour: r.hour, queueId: r.queueId, userId: r.userId, count: Number(r.count), minutes: Number(r.minutes), timed: Number(r.timed) }));
}

export interface CreatedRow extends Slot {
  total: number;
  active: number;
}

/** Tickets created in the period (groups apart), and how many of them the company opened. */
export async function createdRows(db: Db, companyId: number, p: Period, n: Narrowing): Promise<CreatedRow[]> {
  const hour = sql<string>`substr(${sql.ref("tickets.createdAt")}, 1, 13)`;
  const q = forCompany(db, companyId)
    .selectFrom("tickets")
    .select((eb) => [
      hour.as("hour"),
      "tickets.queueId",
      "tickets.userId",
      eb.fn.countAll<number>().filterWhere("initiatedBy", "=", "company").as("active"),
      eb.fn.countAll<number>().as("total"),
    ])
    .where("tickets.createdAt", ">=", p.from)
    .where("tickets.createdAt", "<", p.to)
    .where("tickets.isGroup", "=", 0)
    .groupBy([hour, "tickets.queueId", "tickets.userId"]);
  const rows = await narrowed(q, "tickets", n).execute();
  return rows.map((r) => ({ hour: r.hour, queueId: r.queueId, userId: r.userId, active: Number(r.active), total: Number(r.total) }));
}

export interface RatingRow extends Slot {
  count: number;
  sum: number;
  promoters: number;
  detractors: number;
}

/** Ratings given in the period, by the agent rated and the rated ticket's queue. */
export async function ratingRows(db: Db, companyId: number, p: Period, n: Narrowing): Promise<RatingRow[]> {
  const hour = sql<string>`substr(${sql.ref("ticket_ratings.createdAt")}, 1, 13)`;
  let q = forCompany(db, companyId)
    .selectFrom("ticket_ratings")
    .innerJoin("tickets", "tickets.id", "ticket_ratings.ticketId")
    .select((eb) => [
      hour.as("hour"),
      "tickets.queueId",
      "ticket_ratings.userId",
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("ticket_ratings.rate").as("sum"),
      eb.fn.countAll<number>().filterWhere("ticket_ratings.rate", ">=", 9).as("promoters"),
      eb.fn.countAll<number>().filterWhere("ticket_ratings.rate", "<=", 6).as("detractors"),
    ])
    .where("ticket_ratings.createdAt", ">=", p.from)
    .where("ticket_ratings.createdAt", "<", p.to)
    .groupBy([hour, "tickets.queueId", "ticket_ratings.userId"]);
  if (n.userId !== undefined) q = q.where("ticket_ratings.userId", "=", n.userId);
  if (n.queueIds?.length) q = q.where("tickets.queueId", "in", n.queueIds);
  const rows = await q.execute();
  return rows.map((r) => ({
    hour: r.hour,
    queueId: r.queueId,
    userId: r.userId,
    count: Number(r.count),
    sum: Number(r.sum ?? 0),
    promoters: Number(r.promoters),
    detractors: Number(r.detractors),
  }));
}

/** Contacts (not groups) created in the period. */
export async function newContacts(db: Db, companyId: number, p: Period): Promise<number> {
  const row = await forCompany(db, companyId)
    .selectFrom("contacts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("createdAt", ">=", p.from)
    .where("createdAt", "<", p.to)
    .where("isGroup", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The company's users who may be shown as attendants, narrowed to a user or to members of the queues. */
export function attendants(db: Db, companyId: number, n: Narrowing) {
  let q = forCompany(db, companyId).selectFrom("users").select(["users.id", "users.name", "users.online"]).orderBy("users.name").orderBy("users.id");
  if (n.userId !== undefined) q = q.where("users.id", "=", n.userId);
  if (n.queueIds?.length) {
    const queueIds = n.queueIds;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("user_queues").select("user_queues.userId").whereRef("user_queues.userId", "=", "users.id").where("user_queues.queueId", "in", queueIds),
      ),
    );
  }
  return q.execute();
}

// The message roll-up (rollup.ts): hourly counts per company and direction, and the mark of the ids counted so far.

const MARK = "messages";

/** The ids counted so far (lastId) and the highest id the last run saw (horizonId). */
export function messageMark(db: Db) {
  return db.selectFrom("rollup_marks").select(["lastId", "horizonId"]).where("name", "=", MARK).executeTakeFirst();
}

/** Adds the messages with ids in (lastId, upTo] to the hourly counts (private notes are not messages of the conversation). */
export async function countMessagesInto(db: Db, lastId: number, upTo: number): Promise<void> {
  await sql`
    INSERT INTO message_counts ("companyId", hour, "fromMe", count)
    SELECT "companyId", substr("createdAt", 1, 13), "fromMe", count(*) FROM messages
    WHERE id > ${lastId} AND id <= ${upTo} AND "isPrivate" = 0 GROUP BY 1, 2, 3
    ON CONFLICT ("companyId", hour, "fromMe") DO UPDATE SET count = message_counts.count + excluded.count
  `.execute(db);
}

export async function highestMessageId(db: Db): Promise<number> {
  const top = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(top?.id ?? 0);
}

export async function writeMessageMark(db: Db, lastId: number, horizonId: number): Promise<void> {
  await db
    .insertInto("rollup_marks")
    .values({ name: MARK, lastId, horizonId })
    .onConflict((oc) => oc.column("name").doUpdateSet({ lastId, horizonId }))
    .execute();
}

/** Rolled-up messages of the company in [fromHour, toHour) (UTC hours, yyyy-MM-ddTHH), by direction. */
export function rolledUpMessages(db: Db, companyId: number, fromHour: string, toHour: string) {
  return forCompany(db, companyId)
    .selectFrom("message_counts")
    .select(["fromMe", (eb) => eb.fn.sum<number>("count").as("n")])
    .where("hour", ">=", fromHour)
    .where("hour", "<", toHour)
    .groupBy("fromMe")
    .execute();
}

/** Messages of the company in [fromHour, toHour) not rolled up yet (ids above the mark), by direction. */
export function messagesAfterMark(db: Db, companyId: number, lastId: number, fromHour: string, toHour: string) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select(["fromMe", (eb) => eb.fn.countAll<number>().as("n")])
    .where("id", ">", lastId)
    .where("isPrivate", "=", 0)
    .where("createdAt", ">=", fromHour)
    .where("createdAt", "<", toHour)
    .groupBy("fromMe")
    .execute();
}

// The daily roll-up (days.ts): dashboard_days and how far it is built.

/** Days before `builtTo` (yyyy-MM-dd, exclusive) are in the roll-up, counted in `timeZone`. */
export function buildState(db: Db, companyId: number): Promise<{ timeZone: string; builtTo: string } | undefined> {
  return forCompany(db, companyId).selectFrom("dashboard_builds").select(["timeZone", "builtTo"]).executeTakeFirst();
}

/** The built days' figures in [fromDay, toDay), added up per user or per day. */
export function builtTallyRows(db: Db, companyId: number, fromDay: string, toDay: string, n: Narrowing, by: "userId" | "day") {
  let q = forCompany(db, companyId)
    .selectFrom("dashboard_days")
    .select((eb) => [by === "day" ? "day as key" : "userId as key", ...TALLY_FIELDS.map((f) => eb.fn.sum<number>(f).as(f))])
    .where("day", ">=", fromDay)
    .where("day", "<", toDay)
    .groupBy(by);
  if (n.queueIds?.length) q = q.where("queueId", "in", n.queueIds);
  if (n.userId !== undefined) q = q.where("userId", "=", n.userId);
  return q.execute();
}

/** When the company's first ticket was created (on tickets_company_created). */
export async function firstTicketAt(db: Db, companyId: number): Promise<string | null> {
  const first = await forCompany(db, companyId)
    .selectFrom("tickets")
    .select((eb) => eb.fn.min("createdAt").as("at"))
    .executeTakeFirst();
  return first?.at ?? null;
}

/** Drops the company's built days and starts the build again from `builtTo` in `timeZone`. */
export async function restartBuild(db: Db, companyId: number, timeZone: string, builtTo: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await forCompany(trx, companyId).deleteFrom("dashboard_days").execute();
    await forCompany(trx, companyId).deleteFrom("dashboard_builds").execute();
    await forCompany(trx, companyId).insertInto("dashboard_builds", { timeZone, builtTo }).execute();
  });
}

/** Replaces the days in [from, to) with `rows` and marks them built, in one transaction. */
export async function writeBuiltDays(db: Db, companyId: number, from: string, to: string, rows: DashboardDaysTable[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const t = forCompany(trx, companyId);
    await t.deleteFrom("dashboard_days").where("day", ">=", from).where("day", "<", to).execute();
    // Parameters per statement stay far under both stores' limits.
    // Two builds of one company may overlap (two instances, two time zones asked for in a day): the later one's
    // rows replace the earlier one's instead of failing on the key.
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto("dashboard_days")
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(["companyId", "day", "queueId", "userId"]).doUpdateSet((eb) => Object.fromEntries(TALLY_FIELDS.map((f) => [f, eb.ref(`excluded.${f}`)]))),
        )
        .execute();
    }
    await t.updateTable("dashboard_builds").set({ builtTo: to }).execute();
  });
}
