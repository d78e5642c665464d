import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { isUniqueViolation } from "./errors";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failure = async (write: () => Promise<unknown>) => {
  try {
    await write();
  } catch (err) {
    return err;
  }
  throw new Error("the write did not fail");
};

test("a unique constraint's refusal is recognised on the store of the run; other refusals are not", async () => {
  await t.ctx.db.insertInto("store_secrets").values({ name: "k", value: "1" }).execute();
  expect(isUniqueViolation(await failure(() => t.ctx.db.insertInto("store_secrets").values({ name: "k", value: "2" }).execute()))).toBe(true);
  const notNull = await failure(() =>
    t.ctx.db
      .insertInto("store_secrets")
      .values({ name: "other", value: null as unknown as string })
      .execute(),
  );
  expect(isUniqueViolation(notNull)).toBe(false);
  expect(isUniqueViolation(new Error("something else"))).toBe(false);
  expect(isUniqueViolation(undefined)).toBe(false);
});
