import { sql } from "kysely";
import type { TestApp } from "./test-app";

/**
 * Makes every insert into `table` fail (as a full disk or a constraint of the store would), on either store; answers
 * the function that lifts it.
 */
export async function refuseInserts(t: TestApp, table: string): Promise<() => Promise<void>> {
  const name = sql.raw(`${table}_refused`);
  const on = sql.table(table);
  if (t.ctx.store.kind === "sqlite") {
    await sql`create trigger ${name} before insert on ${on} begin select raise(abort, 'insert refused'); end`.execute(t.ctx.db);
    return async () => void (await sql`drop trigger ${name}`.execute(t.ctx.db));
  }
  await sql`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`.execute(t.ctx.db);
  await sql`create trigger ${name} before insert on ${on} for each row execute function ${name}()`.execute(t.ctx.db);
  return async () => {
    await sql`drop trigger ${name} on ${on}`.execute(t.ctx.db);
    await sql`drop function ${name}()`.execute(t.ctx.db);
  };
}
