import type { NewUser } from "../../src/db/schema";
import type { TestApp } from "./test-app";

export interface TestUser {
  id: number;
  email: string;
  password: string;
  /** Access token from a real login. A later login of the same user ends it (one session per user). */
  token: string;
}

let sequence = 0;
const unique = (prefix: string) => `${prefix.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${++sequence}`;

/**
 * A password hash for fixtures: Bun.password.verify reads the algorithm from the hash, so a cheap bcrypt keeps
 * fixtures fast (the product's argon2id costs ~250 ms to hash and as much to verify) and login real.
 */
export const fixtureHash = (password: string) => Bun.password.hash(password, { algorithm: "bcrypt", cost: 4 });

/** Logs in through POST /api/auth/login and answers the access token. */
export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const r = await t.json("POST", "/api/auth/login", { body: { email, password } });
  if (r.status !== 200) throw new Error(`login of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.token;
}

/** Inserts a user straight into the store (no plan limit, no whitelist) and logs them in. */
export async function createUser(
  t: TestApp,
  opts: { companyId: number; password?: string } & Partial<Omit<NewUser, "companyId" | "passwordHash">>,
): Promise<TestUser> {
  const { companyId, password = "secret1", ...fields } = opts;
  const email = fields.email ?? `${unique(fields.name ?? "user")}@test.local`;
  const passwordHash = await fixtureHash(password);
  const row = await t.ctx.db
    .insertInto("users")
    .values({ name: "User", ...fields, companyId, email, passwordHash })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password, token: await login(t, email, password) };
}

/** A second (third, …) company on the first plan, active until 2999, with one admin who is logged in. */
export async function createCompany(t: TestApp, opts: { name: string; planId?: number }): Promise<{ companyId: number; admin: TestUser }> {
  const planId = opts.planId ?? (await t.ctx.db.selectFrom("plans").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const company = await t.ctx.db
    .insertInto("companies")
    .values({ name: opts.name, planId, dueDate: "2999-12-31", status: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const admin = await createUser(t, { companyId: company.id, name: `Admin ${opts.name}`, profile: "admin" });
  return { companyId: company.id, admin };
}
