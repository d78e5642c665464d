import type { Plan } from "../../db/schema";
import { PLAN_FLAGS } from "../../http/permissions";

export function serializePlan(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    amount: plan.amount,
    isPublic: plan.isPublic === 1,
    ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, plan[f] === 1])),
  };
}
