import type { Db } from "../../db/database";
import { AppError } from "../../http/errors";
import { releaseThrottle, takeThrottle, throttleRow } from "./queries";

export interface ThrottleRule {
  max: number;
  windowS: number;
}

/** What reserve() took: handed back to release() when the attempt turns out to be a success. */
export interface Reservation {
  keys: string[];
  windowStart: Map<string, string>;
}

/**
 * Counts attempts per key (an account or a client IP) in a fixed window kept in the store, so a restart does not reset
 * an attacker's budget. An attempt is reserved before the secret is checked, each key by one conditional upsert, in
 * one transaction for all the keys: a burst of parallel guesses is held to the budget exactly as a sequence is,
 * because no request can be checked on a count that another request has not yet written.
 */
export class Throttle {
  constructor(
    private db: Db,
    private rule: ThrottleRule,
  ) {}

  /** Takes one attempt from each key's budget, or throws 429 without taking any. */
  async reserve(keys: string[], now: Date): Promise<Reservation> {
    const iso = now.toISOString();
    const cutoff = new Date(now.getTime() - this.rule.windowS * 1000).toISOString();
    const windowStart = new Map<string, string>();
    // One transaction, keys in a fixed order: all or none are taken, and two requests never wait on each other's keys.
    await this.db.transaction().execute(async (trx) => {
      for (const key of [...keys].sort()) {
        const start = await takeThrottle(trx, key, { now: iso, cutoff, max: this.rule.max });
        if (start === undefined) {
          const row = await throttleRow(trx, key);
          const since = row ? Date.parse(row.windowStart) : now.getTime();
          const retryAfter = Math.ceil(this.rule.windowS - (now.getTime() - since) / 1000);
          throw new AppError("ERR_RATE_LIMITED", 429, "Too many attempts, try again later", { retryAfter });
        }
        windowStart.set(key, start);
      }
    });
    return { keys, windowStart };
  }

  /** A success gives back only its own attempt (in the window it was taken from); failures before it still count. */
  async release(reservation: Reservation): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const key of reservation.keys) {
        const start = reservation.windowStart.get(key);
        if (start) await releaseThrottle(trx, key, start);
      }
    });
  }
}
