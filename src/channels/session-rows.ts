import { z } from "zod";
import type { Clock } from "../clock";
import type { Db } from "../db/database";
import type { ChannelPlugin, ConnectionStatus } from "./adapter";

/**
 * The session manager's reads and writes of connection rows, by id across companies: it serves every company's
 * sessions, and the callers that act for a person have resolved the id within that person's company first.
 */

/** Connection columns a plugin receives in its config when its schema declares them (the history import settings). */
const CONFIG_COLUMNS = ["enableImportMessage", "importOldMessages", "importRecentMessages", "importOldMessagesGroups"] as const;

/** What a status write changes besides status, qrcode and retries; undefined leaves a column as it is. */
export interface StatusExtras {
  number?: string;
  droppedAt?: string | null;
  lastError?: string | null;
}

export const liveConnectionIds = async (db: Db) =>
  (await db.selectFrom("connections").select("id").where("deletedAt", "is", null).orderBy("id").execute()).map((r) => r.id);

/** Connections whose session was running or retrying: a session a person stopped (DISCONNECTED, no retry pending) is not. */
export const runningConnectionIds = async (db: Db) =>
  (
    await db
      .selectFrom("connections")
      .select("id")
      .where("deletedAt", "is", null)
      .where((eb) => eb.or([eb("status", "!=", "DISCONNECTED"), eb("retries", ">", 0)]))
      .orderBy("id")
      .execute()
  ).map((r) => r.id);

export type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionRow>>>;

export const sessionRow = (db: Db, connectionId: number) =>
  db
    .selectFrom("connections")
    .select(["id", "companyId", "channel", "config", ...CONFIG_COLUMNS])
    .where("id", "=", connectionId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();

/** The plugin's config: the row's JSON plus the columns its schema declares, parsed by its schema (throws when invalid). */
export function pluginConfig(plugin: ChannelPlugin<any>, row: SessionRow): unknown {
  const declared = plugin.manifest.configSchema instanceof z.ZodObject ? plugin.manifest.configSchema.shape : {};
  const columns = {
    enableImportMessage: row.enableImportMessage === 1,
    importOldMessages: row.importOldMessages,
    importRecentMessages: row.importRecentMessages,
    importOldMessagesGroups: row.importOldMessagesGroups === 1,
  };
  const passed = Object.fromEntries(Object.entries(columns).filter(([key]) => key in declared));
  return plugin.manifest.configSchema.parse({ ...JSON.parse(row.config || "{}"), ...passed });
}

/** Writes a session's status; answers the row as announced (undefined when the connection is not the company's). */
export function writeStatus(
  db: Db,
  clock: Clock,
  at: { companyId: number; connectionId: number },
  status: ConnectionStatus,
  qrcode: string,
  retries: number,
  { number, droppedAt, lastError }: StatusExtras,
) {
  return db
    .updateTable("connections")
    .set({
      status,
      qrcode,
      retries,
      updatedAt: clock.now().toISOString(),
      ...(number ? { number } : {}),
      ...(droppedAt !== undefined ? { droppedAt } : {}),
      ...(lastError !== undefined ? { lastError } : {}),
    })
    .where("id", "=", at.connectionId)
    .where("companyId", "=", at.companyId)
    .returning(["id", "name", "channel", "status", "qrcode", "number", "isDefault", "retries", "droppedAt", "lastError", "updatedAt"])
    .executeTakeFirst();
}

export async function companyOf(db: Db, connectionId: number): Promise<number | undefined> {
  const r = await db.selectFrom("connections").select("companyId").where("id", "=", connectionId).executeTakeFirst();
  return r?.companyId;
}
