import type { Db } from "../../db/database";

export function listPlans(db: Db, onlyPublic: boolean) {
  let q = db.selectFrom("plans").selectAll().orderBy("amount").orderBy("id");
  if (onlyPublic) q = q.where("isPublic", "=", 1);
  return q.execute();
}

export function companyPlan(db: Db, companyId: number) {
  return db
    .selectFrom("companies")
    .innerJoin("plans", "plans.id", "companies.planId")
    .selectAll("plans")
    .where("companies.id", "=", companyId)
    .executeTakeFirst();
}
