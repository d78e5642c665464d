/**
 * Messages received and sent per company and hour, for the dashboard: counting a year of messages on every load would
 * read a year of rows. A job, run at most once a minute while messages arrive, adds the messages stored since its
 * last run to message_counts (private notes are not messages of the conversation); the dashboard reads the hours of its period there and counts the few messages not yet
 * rolled up (ids above the mark) directly.
 *
 * A run counts the ids up to the highest id the previous run saw (its horizon), never beyond: on PostgreSQL an id is
 * taken when a message is inserted and becomes visible at its transaction's commit, so a higher id may be visible
 * before a lower one. An insert's transaction lasts milliseconds, far less than the minute between runs. Messages
 * are never counted twice: the counts and the mark move in one transaction.
 */
import { sql } from "kysely";
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { forCompany } from "../../db/scope";
import { MinuteRuns } from "../../jobs/minute-runs";
import type { Period } from "./queries";

export const MESSAGE_ROLLUP_JOB = "dashboard.messages.rollup";
const MARK = "messages";
/** Ids counted per statement, so a run after a long stop never holds the writer for long. */
const BATCH = 50_000;

/** Counts the messages up to the previous run's horizon; answers how many ids it moved past. */
export async function rollUpMessages(db: Db): Promise<number> {
  let moved = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const mark = await trx.selectFrom("rollup_marks").select(["lastId", "horizonId"]).where("name", "=", MARK).executeTakeFirst();
      const lastId = mark?.lastId ?? 0;
      const upTo = Math.min(mark?.horizonId ?? 0, lastId + BATCH);
      if (upTo > lastId) {
        await sql`
          INSERT INTO message_counts ("companyId", hour, "fromMe", count)
          SELECT "companyId", substr("createdAt", 1, 13), "fromMe", count(*) FROM messages
          WHERE id > ${lastId} AND id <= ${upTo} AND "isPrivate" = 0 GROUP BY 1, 2, 3
          ON CONFLICT ("companyId", hour, "fromMe") DO UPDATE SET count = message_counts.count + excluded.count
        `.execute(trx);
      }
      const top = await trx
        .selectFrom("messages")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      // The horizon only moves once the ids below it are counted: the next run starts where this one stopped.
      const horizonId = upTo < (mark?.horizonId ?? 0) ? (mark?.horizonId ?? 0) : Math.max(upTo, Number(top?.id ?? 0));
      await trx
        .insertInto("rollup_marks")
        .values({ name: MARK, lastId: upTo, horizonId })
        .onConflict((oc) => oc.column("name").doUpdateSet({ lastId: upTo, horizonId }))
        .execute();
      return upTo - lastId;
    });
    moved += step;
    if (step < BATCH) return moved;
  }
}

/** Messages of the company in the period, by direction: the rolled-up hours plus the ids above the mark. */
export async function messageCounts(db: Db, companyId: number, p: Period): Promise<{ received: number; sent: number }> {
  const mark = await db.selectFrom("rollup_marks").select("lastId").where("name", "=", MARK).executeTakeFirst();
  const fromHour = p.from.slice(0, 13);
  const toHour = p.to.slice(0, 13);
  const [hours, tail] = await Promise.all([
    forCompany(db, companyId)
      .selectFrom("message_counts")
      .select(["fromMe", (eb) => eb.fn.sum<number>("count").as("n")])
      .where("hour", ">=", fromHour)
      .where("hour", "<", toHour)
      .groupBy("fromMe")
      .execute(),
    forCompany(db, companyId)
      .selectFrom("messages")
      .select(["fromMe", (eb) => eb.fn.countAll<number>().as("n")])
      .where("id", ">", mark?.lastId ?? 0)
      .where("isPrivate", "=", 0)
      .where("createdAt", ">=", `${fromHour}`)
      .where("createdAt", "<", `${toHour}`)
      .groupBy("fromMe")
      .execute(),
  ]);
  const out = { received: 0, sent: 0 };
  for (const r of [...hours, ...tail]) out[r.fromMe ? "sent" : "received"] += Number(r.n);
  return out;
}

/** The roll-up's job, asked for within a minute of every new message. */
export function registerMessageRollup(ctx: AppContext): void {
  const runs = new MinuteRuns(ctx, MESSAGE_ROLLUP_JOB);
  ctx.jobs.register(MESSAGE_ROLLUP_JOB, async () => {
    const moved = await rollUpMessages(ctx.db);
    // Ids seen by this run but not yet counted: the next run counts them.
    const mark = await ctx.db.selectFrom("rollup_marks").select(["lastId", "horizonId"]).where("name", "=", MARK).executeTakeFirst();
    if (mark && mark.horizonId > mark.lastId) await runs.at(new Date(ctx.clock.now().getTime() + 60_000));
    if (moved) ctx.log.debug("messages rolled up", { moved });
  });
  ctx.bus.on("message.created", () => runs.soon());
}
