/**
 * Baileys' authentication state kept in the host's key-value store (SQLite, per connection), never in files.
 * Modelled on Baileys' useMultiFileAuthState: one entry for the credentials ("creds") and one per signal key
 * ("<type>-<id>", e.g. "pre-key-12", "session-5511999998888.0", "lid-mapping-123_reverse"), each value the
 * BufferJSON text of the object so Buffers survive the round trip.
 */
import { BufferJSON, initAuthCreds, proto, type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap } from "baileys";
import type { KeyValueStore } from "../../../src/channels/adapter";

export const CREDS_KEY = "creds";

export interface StoredAuthState {
  state: AuthenticationState;
  /** Writes the (mutated) credentials; writes are serialised so the last one wins. */
  saveCreds(): Promise<void>;
  /** Forgets everything (logged out); later saves are ignored until a new state is loaded. */
  clear(): Promise<void>;
  /** Resolves when pending credential writes are done. */
  settled(): Promise<void>;
  /**
   * Replaces credentials that never got linked (a pairing code asked but not entered) with fresh ones, in place:
   * Baileys would otherwise try to log in as the half-paired identity. No-op for linked or untouched credentials.
   */
  renewUnlinked(): void;
}

/** Loads the credentials from the store (fresh ones when none, or when a pairing never completed). */
export async function loadKeyValueAuthState(store: KeyValueStore): Promise<StoredAuthState> {
  const saved = revive<AuthenticationCreds>(await store.get(CREDS_KEY));
  const creds = saved && isLoggedIn(saved) ? saved : initAuthCreds();
  let cleared = false;
  let writes: Promise<void> = Promise.resolve();

  const keys = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found = await store.getMany(ids.map((id) => signalKey(type, id)));
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        let value = revive<SignalDataTypeMap[T]>(found[signalKey(type, id)]);
        if (value === undefined || value === null) continue;
        if (type === "app-state-sync-key") value = proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T];
        out[id] = value;
      }
      return out;
    },
    async set(data: SignalDataSet) {
      if (cleared) return;
      const entries: Record<string, string | null> = {};
      for (const [type, byId] of Object.entries(data)) {
        for (const [id, value] of Object.entries(byId ?? {})) entries[signalKey(type, id)] = value ? serialize(value) : null;
      }
      await store.setMany(entries);
    },
    async clear() {
      await store.clear();
    },
  };

  return {
    state: { creds, keys },
    saveCreds() {
      writes = writes.catch(() => undefined).then(() => (cleared ? undefined : store.set(CREDS_KEY, serialize(creds))));
      return writes;
    },
    async clear() {
      cleared = true;
      await writes.catch(() => undefined);
      await store.clear();
    },
    settled() {
      return writes.catch(() => undefined);
    },
    renewUnlinked() {
      if (isLoggedIn(creds) || !creds.me) return;
      const target = creds as unknown as Record<string, unknown>;
      for (const k of Object.keys(target)) delete target[k];
      Object.assign(creds, initAuthCreds());
    },
  };
}

/** True when the credentials belong to a linked device (QR scanned, or a pairing code entered on the phone). */
export function isLoggedIn(creds: Partial<AuthenticationCreds>): boolean {
  if (!creds.me?.id) return false;
  // requestPairingCode writes `me` before the phone confirms; until then the device is not registered.
  return creds.registered === true || !creds.pairingCode;
}

export function signalKey(type: string, id: string): string {
  return `${type}-${id}`;
}

export function serialize(value: unknown): string {
  return JSON.stringify(value, BufferJSON.replacer);
}

/** The stored text back to an object with Buffers (also accepts a value some other writer stored as plain JSON). */
export function revive<T>(stored: unknown): T | undefined {
  if (stored === undefined || stored === null) return undefined;
  const text = typeof stored === "string" ? stored : JSON.stringify(stored);
  return JSON.parse(text, BufferJSON.reviver) as T;
}
