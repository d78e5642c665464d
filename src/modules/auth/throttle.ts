import type { Db } from "../../db/database";
import { AppError } from "../../http/errors";
import { deleteThrottles, restartThrottle, setThrottleCount, throttleRow, throttleRows } from "./queries";

export interface ThrottleRule {
  max: number;
  windowS: number;
}

/**
 * Counts failures per key (an account or a client IP) in a fixed window kept in SQLite,
 * so a restart does not reset an attacker's budget.
 */
export class Throttle {
  constructor(
    private db: Db,
    private rule: ThrottleRule,
  ) {}

  async assertAllowed(keys: string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    const rows = await throttleRows(this.db, keys);
    for (const row of rows) {
      const age = (now.getTime() - Date.parse(row.windowStart)) / 1000;
      if (age < this.rule.windowS && row.count >= this.rule.max) {
        const retryAfter = Math.ceil(this.rule.windowS - age);
        throw new AppError("ERR_RATE_LIMITED", 429, "Too many attempts, try again later", { retryAfter });
      }
    }
  }

  async fail(keys: string[], now: Date): Promise<void> {
    const iso = now.toISOString();
    const windowStartCutoff = new Date(now.getTime() - this.rule.windowS * 1000).toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const key of keys) {
        const row = await throttleRow(trx, key);
        if (!row || row.windowStart < windowStartCutoff) await restartThrottle(trx, key, iso);
        else await setThrottleCount(trx, key, row.count + 1);
      }
    });
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await deleteThrottles(this.db, keys);
  }
}
