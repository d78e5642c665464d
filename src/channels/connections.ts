/**
 * Connection rows as the channels core needs them: creating one (config validated by its plugin, secret token,
 * public widget key for channels that have one) and soft-deleting one (the session is logged out; its tickets stay,
 * read-only). The admin routes (/api/whatsapp…) build on these.
 */
import type { AppContext } from "../context";
import type { ConnectionsTable } from "../db/schema";
import { forCompany } from "../db/scope";
import { validationError } from "../http/errors";
import {
  clearDefault,
  countConnections,
  findConnection,
  findDefault,
  insertConnection,
  replaceConnectionQueues,
  updateConnection,
} from "../modules/connections/queries";
import { assertBelowPlanLimit } from "../modules/plans/limits";
import type { Insertable } from "kysely";
import type { Actor } from "../http/permissions";
import { recordAudit } from "../modules/audit/record";
import { auditedConnection } from "../modules/connections/serialize";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random string of `length` alphanumerics (rejection sampling: no modulo bias). The connection token has 30. */
export function randomAlphanumeric(length = 30): string {
  let out = "";
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (b < 248 && out.length < length) out += ALPHANUMERIC[b % 62];
    }
  }
  return out;
}

export type ConnectionFields = Omit<
  Insertable<ConnectionsTable>,
  "id" | "companyId" | "channel" | "token" | "widgetKey" | "config" | "status" | "qrcode" | "retries" | "deletedAt" | "createdAt" | "updatedAt"
>;

export interface CreateConnectionInput extends Partial<ConnectionFields> {
  name: string;
  channel: string;
  /** Plugin config, validated against the plugin's configSchema. */
  config?: unknown;
  queueIds?: number[];
  /** Launch the session right away (default true); it starts in the background (ctx.channels.idle() waits for it). */
  start?: boolean;
}

/**
 * Creates a connection of the company and launches its session. Ids in the input are resolved within the company.
 * The plan's connection limit applies (403 ERR_PLAN_LIMIT_CONNECTIONS), checked in the creating transaction.
 */
export async function createConnection(
  ctx: AppContext,
  companyId: number,
  input: CreateConnectionInput,
): Promise<{ id: number; token: string; widgetKey: string | null }> {
  const { name, channel, config, queueIds = [], start = true, ...fields } = input;
  const plugin = ctx.channels.registry.get(channel);
  if (!plugin) throw validationError({ channel: "Unknown channel" });
  const parsed = ctx.channels.registry.parseConfig(channel, config ?? {});
  const missing = await forCompany(ctx.db, companyId).missingIds("queues", queueIds);
  if (missing.length) throw validationError({ queueIds: "Unknown queue" });
  const nowIso = ctx.clock.now().toISOString();
  const token = randomAlphanumeric(30);
  const widgetKey = plugin.manifest.publicKey ? randomAlphanumeric(32) : null;
  const id = await ctx.db.transaction().execute(async (trx) => {
    await assertBelowPlanLimit(trx, companyId, "connections", () => countConnections(trx, companyId));
    const hasDefault = await findDefault(trx, companyId);
    const wantsDefault = fields.isDefault === 1 || !hasDefault;
    if (wantsDefault && hasDefault) await clearDefault(trx, companyId);
    const connectionId = await insertConnection(trx, companyId, {
      ...fields,
      name,
      channel,
      token,
      widgetKey,
      config: JSON.stringify(parsed),
      isDefault: wantsDefault ? 1 : 0,
      status: "DISCONNECTED",
      createdAt: nowIso,
      updatedAt: nowIso,
    });
    if (queueIds.length) await replaceConnectionQueues(trx, companyId, connectionId, queueIds);
    return connectionId;
  });
  ctx.bus.emit("connection.updated", { companyId, connectionId: id });
  if (start) await ctx.channels.sessions.launch(id);
  return { id, token, widgetKey };
}

/**
 * Soft delete: the session is logged out and its plugin state cleared; the row stays (deletedAt) so its tickets
 * keep their connection and remain readable; sending on them answers NO_CONNECTION.
 */
export async function deleteConnection(ctx: AppContext, companyId: number, connectionId: number, actor: Actor | null = null): Promise<boolean> {
  if (!(await findConnection(ctx.db, companyId, connectionId))) return false;
  await ctx.channels.sessions.stop(connectionId, { logout: true, persist: false });
  const nowIso = ctx.clock.now().toISOString();
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const row = await findConnection(trx, companyId, connectionId);
    if (!row) return false;
    await updateConnection(trx, companyId, connectionId, { deletedAt: nowIso, isDefault: 0, status: "DISCONNECTED", qrcode: "", updatedAt: nowIso });
    await recordAudit(trx, ctx.clock.now(), actor, {
      companyId,
      entity: "connection",
      entityId: connectionId,
      action: "delete",
      before: auditedConnection(row),
      secretFields: ctx.channels.registry.get(row.channel)?.manifest.secretFields,
    });
    return true;
  });
  if (!deleted) return false;
  ctx.bus.emit("connection.updated", { companyId, connectionId });
  return true;
}
