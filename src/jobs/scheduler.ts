// PLACEHOLDER: replaced by the jobs work in this session.
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { Logger } from "../log";

export type JobHandler = (payload: any, job: { id: number; attempts: number; companyId: number | null }) => Promise<void>;

export class Scheduler {
  constructor(private opts: { db: Db; clock: Clock; log: Logger; leaseMs?: number; pollMs?: number }) {}
  register(_name: string, _handler: JobHandler, _opts?: { maxAttempts?: number; leaseMs?: number }): void {}
  async enqueue(_name: string, _payload: unknown, _opts?: { runAt?: Date; companyId?: number; uniqueKey?: string; maxAttempts?: number }): Promise<number> {
    return 0;
  }
  async runDue(): Promise<number> {
    return 0;
  }
  start(): void {}
  async stop(): Promise<void> {}
}
