import type { Db } from "../../db/database";
import { AppError } from "../../http/errors";
import { companyPlan } from "./queries";

const LIMIT_CODES = {
  users: "ERR_PLAN_LIMIT_USERS",
  queues: "ERR_PLAN_LIMIT_QUEUES",
  connections: "ERR_PLAN_LIMIT_CONNECTIONS",
} as const;

export type PlanLimited = keyof typeof LIMIT_CODES;

/** Refuses one more `resource` when the company's plan caps it (0 means unlimited). Call inside the creating transaction. */
export async function assertBelowPlanLimit(db: Db, companyId: number, resource: PlanLimited, count: () => Promise<number>): Promise<void> {
  const plan = await companyPlan(db, companyId);
  const limit = plan?.[resource] ?? 0;
  if (limit > 0 && (await count()) >= limit) {
    throw new AppError(LIMIT_CODES[resource], 403, `The company's plan allows ${limit} ${resource}`, { limit });
  }
}
