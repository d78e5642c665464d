import { afterEach, expect, test } from "bun:test";
import { ADMIN, createTestApp, type TestApp } from "../tests/helpers/test-app";
import { ensureFirstStart } from "./bootstrap";

let t: TestApp | undefined;
afterEach(() => t?.close());

test("the first start hashes the admin's password with argon2id, reuses the plan and company, and runs once", async () => {
  // The test app's own first start used a cheap fixture hash; without its admin the store is back to a first start.
  t = await createTestApp();
  await t.ctx.db.deleteFrom("users").execute();
  expect(await ensureFirstStart(t.ctx)).toMatchObject({ created: true, email: ADMIN.email });
  const admin = await t.ctx.db.selectFrom("users").selectAll().executeTakeFirstOrThrow();
  expect(admin).toMatchObject({ companyId: 1, profile: "admin", super: 1 });
  expect(admin.passwordHash.startsWith("$argon2id$")).toBe(true);
  expect(await Bun.password.verify(ADMIN.password, admin.passwordHash)).toBe(true);
  expect(await t.ctx.db.selectFrom("plans").select("id").execute()).toHaveLength(1);
  expect(await t.ctx.db.selectFrom("companies").select("id").execute()).toHaveLength(1);
  expect(await ensureFirstStart(t.ctx)).toEqual({ created: false });
  expect((await t.json("POST", "/api/auth/login", { body: ADMIN })).status).toBe(200);
});
