import { SQL } from "bun";
import type { HeldLocks } from "../store";

/** The first half of every lock key this product takes ("M100"), so other applications' advisory locks never collide. */
const NAMESPACE = 0x4d313030;

/**
 * Session-level advisory locks on a connection of their own. The server releases them when that connection ends, so
 * an instance that dies (even by SIGKILL: its sockets close with the process) frees what it held at once. When the
 * connection drops while the instance lives on, its locks are gone with it: `onLost` tells the holder, which must stop
 * using what they guarded; the next lock taken reconnects.
 */
export function openHeldLocks(url: string): HeldLocks {
  const lost = new Set<() => void>();
  let closing = false;
  const conn = new SQL(url, {
    max: 1,
    idleTimeout: 0,
    maxLifetime: 0,
    onclose: () => {
      if (!closing) for (const listener of lost) listener();
    },
  });
  return {
    async tryLock(key) {
      const [row] = await conn`select pg_try_advisory_lock(${NAMESPACE}::int, ${key}::int) as ok`;
      return row?.ok === true;
    },
    async unlock(key) {
      await conn`select pg_advisory_unlock(${NAMESPACE}::int, ${key}::int)`;
    },
    async heldAnywhere() {
      // A lock taken with two integer keys shows in pg_locks as classid, objid and objsubid 2.
      const rows = await conn`
        select objid::int as key from pg_locks
        where locktype = 'advisory' and objsubid = 2 and classid = ${NAMESPACE}::int::oid and granted
          and database = (select oid from pg_database where datname = current_database())`;
      return new Set(rows.map((r: { key: number }) => r.key));
    },
    onLost(listener) {
      lost.add(listener);
    },
    async close() {
      closing = true;
      await conn.close();
    },
  };
}
