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
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { MinuteRuns } from "../../jobs/minute-runs";
import * as q from "./queries";

export const MESSAGE_ROLLUP_JOB = "dashboard.messages.rollup";
/** Ids counted per statement, so a run after a long stop never holds the writer for long. */
const BATCH = 50_000;

/** Counts the messages up to the previous run's horizon; answers how many ids it moved past. */
export async function rollUpMessages(db: Db): Promise<number> {
  let moved = 0;
  for (;;) {
    const step = await db.transaction().execute(async (trx) => {
      const mark = await q.messageMark(trx);
      const lastId = mark?.lastId ?? 0;
      const upTo = Math.min(mark?.horizonId ?? 0, lastId + BATCH);
      if (upTo > lastId) await q.countMessagesInto(trx, lastId, upTo);
      // The horizon only moves once the ids below it are counted: the next run starts where this one stopped.
      const horizonId = upTo < (mark?.horizonId ?? 0) ? (mark?.horizonId ?? 0) : Math.max(upTo, await q.highestMessageId(trx));
      await q.writeMessageMark(trx, upTo, horizonId);
      return upTo - lastId;
    });
    moved += step;
    if (step < BATCH) return moved;
  }
}

/** Messages of the company in the period, by direction: the rolled-up hours plus the ids above the mark. */
export async function messageCounts(db: Db, companyId: number, p: q.Period): Promise<{ received: number; sent: number }> {
  const mark = await q.messageMark(db);
  const fromHour = p.from.slice(0, 13);
  const toHour = p.to.slice(0, 13);
  const [hours, tail] = await Promise.all([
    q.rolledUpMessages(db, companyId, fromHour, toHour),
    q.messagesAfterMark(db, companyId, mark?.lastId ?? 0, fromHour, toHour),
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
    const mark = await q.messageMark(ctx.db);
    if (mark && mark.horizonId > mark.lastId) await runs.at(new Date(ctx.clock.now().getTime() + 60_000));
    if (moved) ctx.log.debug("messages rolled up", { moved });
  });
  ctx.bus.on("message.created", () => runs.soon());
}
