import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { KeyValueStore } from "./adapter";

/** A plugin's private key-value state for one connection, in the channel_state table (values are JSON). */
export function createStateStore(db: Db, connectionId: number, clock: Clock): KeyValueStore {
  const now = () => clock.now().toISOString();
  const decode = (value: string | undefined) => (value === undefined ? undefined : JSON.parse(value));

  return {
    async get<T>(key: string) {
      const row = await db.selectFrom("channel_state").select("value").where("connectionId", "=", connectionId).where("key", "=", key).executeTakeFirst();
      return decode(row?.value) as T | undefined;
    },
    async getMany<T>(keys: readonly string[]) {
      const out: Record<string, T | undefined> = {};
      for (const k of keys) out[k] = undefined;
      // SQLite limits bound parameters; read in slices.
      for (let i = 0; i < keys.length; i += 500) {
        const slice = keys.slice(i, i + 500);
        const rows = await db.selectFrom("channel_state").select(["key", "value"]).where("connectionId", "=", connectionId).where("key", "in", slice).execute();
        for (const r of rows) out[r.key] = decode(r.value) as T;
      }
      return out;
    },
    async set(key, value) {
      if (value === undefined || value === null) return this.delete(key);
      await db
        .insertInto("channel_state")
        .values({ connectionId, key, value: JSON.stringify(value), updatedAt: now() })
        .onConflict((oc) => oc.columns(["connectionId", "key"]).doUpdateSet({ value: JSON.stringify(value), updatedAt: now() }))
        .execute();
    },
    async setMany(entries) {
      const list = Object.entries(entries);
      if (!list.length) return;
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of list) {
          if (value === undefined || value === null) {
            await trx.deleteFrom("channel_state").where("connectionId", "=", connectionId).where("key", "=", key).execute();
          } else {
            const text = JSON.stringify(value);
            await trx
              .insertInto("channel_state")
              .values({ connectionId, key, value: text, updatedAt: now() })
              .onConflict((oc) => oc.columns(["connectionId", "key"]).doUpdateSet({ value: text, updatedAt: now() }))
              .execute();
          }
        }
      });
    },
    async delete(key) {
      await db.deleteFrom("channel_state").where("connectionId", "=", connectionId).where("key", "=", key).execute();
    },
    async clear() {
      await db.deleteFrom("channel_state").where("connectionId", "=", connectionId).execute();
    },
  };
}
