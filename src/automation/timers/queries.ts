/**
 * The timed rules' reads and writes. A ticket's facts and timers are read and written through forCompany. The tick's
 * own reads go across companies on purpose (one worker serves them all): the due rows by dueAt and the lanes entered
 * lately by their time; the ids they return come from the store, never from a request.
 */
import { sql } from "kysely";
import type { Db } from "../../db/database";
import type { TimedRuleName, TicketTimersTable } from "../../db/schema";
import { forCompany } from "../../db/scope";

const LIVE = ["open", "pending"] as const;

/** The ticket with the fields of its connection, queue and plan that the rules read. */
export function timerTicket(db: Db, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .innerJoin("companies", "companies.id", "tickets.companyId")
    .innerJoin("plans", "plans.id", "companies.planId")
    .leftJoin("connections", (j) => j.onRef("connections.id", "=", "tickets.whatsappId").on("connections.deletedAt", "is", null))
    .leftJoin("queues", "queues.id", "tickets.queueId")
    .select([
      "tickets.id",
      "tickets.companyId",
      "tickets.status",
      "tickets.userId",
      "tickets.queueId",
      "tickets.contactId",
      "tickets.isGroup",
      "tickets.botStage",
      "tickets.sendInactiveMessage",
      "tickets.createdAt",
      "tickets.deletedAt",
      "tickets.mergedIntoId",
      "plans.useKanban",
      "companies.createdAt as companyCreatedAt",
      "connections.id as connectionId",
      "connections.timeSendQueue",
      "connections.sendIdQueue",
      "connections.expiresTicket",
      "connections.whenExpiresTicket",
      "connections.timeInactiveMessage",
      "connections.inactiveMessage",
      "connections.expiresInactiveMessage",
      "queues.ativarRoteador",
      "queues.tempoRoteador",
      "queues.roundRobinUserId",
    ])
    .where("tickets.id", "=", ticketId)
    .executeTakeFirst();
}
export type TimerTicket = NonNullable<Awaited<ReturnType<typeof timerTicket>>>;

const LANE_COLUMNS = ["tags.id", "tags.timeLane", "tags.nextLaneId", "tags.rollbackLaneId", "tags.greetingMessageLane"] as const;

/** The kanban lane the ticket is in, with when it entered it. */
export function ticketLane(db: Db, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("ticket_tags")
    .innerJoin("tags", "tags.id", "ticket_tags.tagId")
    .select([...LANE_COLUMNS, "ticket_tags.createdAt as enteredAt"])
    .where("ticket_tags.ticketId", "=", ticketId)
    .where("tags.kanban", "=", 1)
    .orderBy("ticket_tags.createdAt", "desc")
    .executeTakeFirst();
}
export type TicketLane = NonNullable<Awaited<ReturnType<typeof ticketLane>>>;

export function lane(db: Db, companyId: number, tagId: number) {
  return forCompany(db, companyId)
    .selectFrom("tags")
    .select([...LANE_COLUMNS, "tags.kanban"])
    .where("tags.id", "=", tagId)
    .executeTakeFirst();
}

/** The ticket's latest message (private notes aside): the conversation's last activity and who spoke last. */
export function lastMessage(db: Db, companyId: number, ticketId: number) {
  return forCompany(db, companyId)
    .selectFrom("messages")
    .select(["id", "createdAt", "fromMe"])
    .where("ticketId", "=", ticketId)
    .where("isPrivate", "=", 0)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** When the contact last wrote on the ticket, or, with `userId`, when that user last sent a message on it. */
export async function lastMessageAt(db: Db, companyId: number, ticketId: number, by: { contact: true } | { userId: number }): Promise<string | null> {
  let q = forCompany(db, companyId).selectFrom("messages").select("createdAt").where("ticketId", "=", ticketId).where("isPrivate", "=", 0);
  q = "contact" in by ? q.where("fromMe", "=", 0) : q.where("fromMe", "=", 1).where("userId", "=", by.userId);
  const row = await q.orderBy("createdAt", "desc").limit(1).executeTakeFirst();
  return row?.createdAt ?? null;
}

/** When the ticket last went to the user (its latest log naming them, visits aside). */
export async function assignedAt(db: Db, companyId: number, ticketId: number, userId: number): Promise<string | null> {
  const row = await forCompany(db, companyId)
    .selectFrom("ticket_logs")
    .select("createdAt")
    .where("ticketId", "=", ticketId)
    .where("userId", "=", userId)
    .where("type", "<>", "access")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.createdAt ?? null;
}

export async function companySetting(db: Db, companyId: number, key: string): Promise<string | undefined> {
  const row = await forCompany(db, companyId).selectFrom("company_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

// -----------------------------------------------------------------------------------------------------------------
// When each rule became active

export function ruleStarts(db: Db, companyId: number) {
  return forCompany(db, companyId).selectFrom("timed_rule_starts").select(["rule", "ownerId", "activeSince"]).execute();
}

/** The rule is on for its owner: it counts from `at` unless it was on already. Answers the time it counts from. */
export async function startRule(db: Db, companyId: number, rule: TimedRuleName, ownerId: number, at: string): Promise<string> {
  const s = forCompany(db, companyId);
  await s
    .insertInto("timed_rule_starts", { rule, ownerId, activeSince: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await s.selectFrom("timed_rule_starts").select("activeSince").where("rule", "=", rule).where("ownerId", "=", ownerId).executeTakeFirst();
  return row?.activeSince ?? at;
}

/** The rule is off for its owner: switched on again later, it counts from then. */
export async function stopRule(db: Db, companyId: number, rule: TimedRuleName, ownerId: number): Promise<void> {
  await forCompany(db, companyId).deleteFrom("timed_rule_starts").where("rule", "=", rule).where("ownerId", "=", ownerId).execute();
}

// -----------------------------------------------------------------------------------------------------------------
// The timers

/** Replaces the ticket's timers by `rows` (none: the ticket has nothing due). */
export async function writeTimers(db: Db, companyId: number, ticketId: number, rows: readonly Pick<TicketTimersTable, "rule" | "dueAt">[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const s = forCompany(trx, companyId);
    let del = s.deleteFrom("ticket_timers").where("ticketId", "=", ticketId);
    if (rows.length) {
      del = del.where(
        "rule",
        "not in",
        rows.map((r) => r.rule),
      );
    }
    await del.execute();
    for (const r of rows) {
      await s
        .insertInto("ticket_timers", { ticketId, rule: r.rule, dueAt: r.dueAt })
        .onConflict((oc) => oc.columns(["ticketId", "rule"]).doUpdateSet({ dueAt: r.dueAt }))
        .execute();
    }
  });
}

/** The earliest due rows of every company. */
export function dueTimers(db: Db, nowIso: string, limit: number) {
  return db
    .selectFrom("ticket_timers")
    .select(["ticketId", "companyId"])
    .where("dueAt", "<=", nowIso)
    .orderBy("dueAt")
    .orderBy("ticketId")
    .limit(limit)
    .execute();
}

/** When the next timer of any company is due. */
export async function nextDueAt(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("ticket_timers")
    .select((eb) => eb.fn.min("dueAt").as("at"))
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Asks the tick to work out the timers of the company's live tickets that `filter` picks (a switch changed for them). */
export async function planTickets(
  db: Db,
  companyId: number,
  filter: { connectionId: number } | { queueId: number } | { laneId: number } | { status: "open" },
  nowIso: string,
): Promise<void> {
  let picked = forCompany(db, companyId)
    .selectFrom("tickets")
    .select(["tickets.id", "tickets.companyId", sql.lit("plan").as("rule"), sql<string>`${nowIso}`.as("dueAt")])
    .where("tickets.deletedAt", "is", null);
  if ("connectionId" in filter) picked = picked.where("tickets.whatsappId", "=", filter.connectionId).where("tickets.status", "in", LIVE);
  else if ("queueId" in filter) picked = picked.where("tickets.queueId", "=", filter.queueId).where("tickets.status", "in", LIVE);
  else if ("laneId" in filter)
    picked = picked
      .innerJoin("ticket_tags", "ticket_tags.ticketId", "tickets.id")
      .where("ticket_tags.tagId", "=", filter.laneId)
      .where("tickets.status", "in", LIVE);
  else picked = picked.where("tickets.status", "=", filter.status);
  await db
    .insertInto("ticket_timers")
    .columns(["ticketId", "companyId", "rule", "dueAt"])
    .expression(picked)
    .onConflict((oc) => oc.columns(["ticketId", "rule"]).doUpdateSet({ dueAt: nowIso }))
    .execute();
}

/** The company's queues that hand tickets out in turn among their online members, of which the user is one. */
export async function roundRobinQueuesOf(db: Db, companyId: number, userId: number): Promise<number[]> {
  const rows = await forCompany(db, companyId)
    .selectFrom("user_queues")
    .innerJoin("queues", "queues.id", "user_queues.queueId")
    .select("queues.id")
    .where("user_queues.userId", "=", userId)
    .where("queues.ativarRoteador", "=", 1)
    .execute();
  return rows.map((r) => r.id);
}

// -----------------------------------------------------------------------------------------------------------------
// Catching up with changed tickets

export async function companyIds(db: Db): Promise<number[]> {
  return (await db.selectFrom("companies").select("id").orderBy("id").execute()).map((r) => r.id);
}

export async function sweptAt(db: Db, companyId: number): Promise<string | undefined> {
  return (await forCompany(db, companyId).selectFrom("ticket_timer_sweeps").select("sweptAt").executeTakeFirst())?.sweptAt;
}

export async function setSweptAt(db: Db, companyId: number, at: string): Promise<void> {
  await forCompany(db, companyId)
    .insertInto("ticket_timer_sweeps", { sweptAt: at })
    .onConflict((oc) => oc.column("companyId").doUpdateSet({ sweptAt: at }))
    .execute();
}

/** The company's live tickets changed after `since` (the tickets list's index), oldest change first. */
export function changedTickets(db: Db, companyId: number, since: string, limit: number) {
  return forCompany(db, companyId)
    .selectFrom("tickets")
    .select(["id", "updatedAt as at"])
    .where("status", "in", LIVE)
    .where("updatedAt", ">", since)
    .orderBy("updatedAt")
    .limit(limit)
    .execute();
}

/** Tickets of the company that entered a lane after `since`. */
export function laneEntries(db: Db, companyId: number, since: string, limit: number) {
  return forCompany(db, companyId)
    .selectFrom("ticket_tags")
    .select(["ticketId", "createdAt as at"])
    .where("createdAt", ">", since)
    .orderBy("createdAt")
    .limit(limit)
    .execute();
}

// -----------------------------------------------------------------------------------------------------------------
// What the rules write with their turn

/** Nobody but the bot wrote on the ticket after message `lastId` (null: after nothing). */
export async function quietSince(db: Db, companyId: number, ticketId: number, lastId: number | null): Promise<boolean> {
  let q = forCompany(db, companyId)
    .selectFrom("messages")
    .select("id")
    .where("ticketId", "=", ticketId)
    .where("isPrivate", "=", 0)
    .where("origin", "<>", "bot");
  if (lastId !== null) q = q.where("id", ">", lastId);
  return (await q.limit(1).executeTakeFirst()) === undefined;
}

/** The ticket leaves lane `from` for lane `to`, entering it now. False when it was no longer in `from`. */
export async function moveLane(db: Db, companyId: number, ticketId: number, from: number, to: number, at: string): Promise<boolean> {
  const s = forCompany(db, companyId);
  const left = await s.deleteFrom("ticket_tags").where("ticketId", "=", ticketId).where("tagId", "=", from).executeTakeFirst();
  if (Number(left.numDeletedRows) !== 1) return false;
  await s
    .insertInto("ticket_tags", { ticketId, tagId: to, createdAt: at })
    .onConflict((oc) => oc.columns(["ticketId", "tagId"]).doUpdateSet({ createdAt: at }))
    .execute();
  return true;
}

export async function setRoundRobinUser(db: Db, companyId: number, queueId: number, userId: number): Promise<void> {
  await forCompany(db, companyId).updateTable("queues").set({ roundRobinUserId: userId }).where("id", "=", queueId).execute();
}

/** The contact answered: the next silence may get its inactivity warning again. */
export async function clearInactiveWarning(db: Db, companyId: number, ticketId: number): Promise<void> {
  await forCompany(db, companyId).updateTable("tickets").set({ sendInactiveMessage: 0 }).where("id", "=", ticketId).execute();
}

/** Whether any of the company's lanes sends its tickets back when the contact answers. */
export async function hasRollbackLanes(db: Db, companyId: number): Promise<boolean> {
  const row = await forCompany(db, companyId)
    .selectFrom("tags")
    .select("id")
    .where("kanban", "=", 1)
    .where("rollbackLaneId", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the ticket is in a lane that a contact's answer moves back. */
export async function inRollbackLane(db: Db, companyId: number, ticketId: number): Promise<boolean> {
  const row = await forCompany(db, companyId)
    .selectFrom("ticket_tags")
    .innerJoin("tags", "tags.id", "ticket_tags.tagId")
    .select("tags.id")
    .where("ticket_tags.ticketId", "=", ticketId)
    .where("tags.kanban", "=", 1)
    .where("tags.rollbackLaneId", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner rows whose fields switch the rules on. */
export function connectionSwitches(db: Db, companyId: number, connectionId: number) {
  return forCompany(db, companyId)
    .selectFrom("connections")
    .select(["id", "timeSendQueue", "sendIdQueue", "expiresTicket", "timeInactiveMessage", "inactiveMessage", "deletedAt"])
    .where("id", "=", connectionId)
    .executeTakeFirst();
}

export function queueSwitches(db: Db, companyId: number, queueId: number) {
  return forCompany(db, companyId).selectFrom("queues").select(["id", "ativarRoteador", "tempoRoteador"]).where("id", "=", queueId).executeTakeFirst();
}
