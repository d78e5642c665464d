import type { AppContext } from "../context";

/**
 * Runs of a recurring job asked for "within a minute": at most one run per minute, whoever asks and however often
 * (the run's unique key names its minute, so instances and restarts never add a second one). Asking costs nothing
 * when this instance has already asked for that minute.
 */
export class MinuteRuns {
  private asked = new Set<string>();
  constructor(
    private ctx: AppContext,
    private job: string,
  ) {}

  /** A run at the start of the minute after `at` (or at `at` when it starts a minute). */
  async at(at: Date): Promise<void> {
    const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
    const key = `${this.job}:${minute.toISOString()}`;
    if (this.asked.has(key)) return;
    this.asked.add(key);
    if (this.asked.size > 100) this.asked.delete(this.asked.values().next().value!);
    try {
      await this.ctx.jobs.enqueue(this.job, {}, { runAt: minute, uniqueKey: key });
    } catch (err) {
      this.asked.delete(key);
      throw err;
    }
  }

  /** Something changed now: a run within a minute works it out. */
  soon(): Promise<void> {
    return this.at(new Date(this.ctx.clock.now().getTime() + 1));
  }
}
