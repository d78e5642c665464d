import type { AppContext } from "../../context";
import type { Connection } from "../../db/schema";
import { type Actor, can } from "../../http/permissions";
import { storedSchedules } from "../business-hours/schema";
import { findConnection, type MediaRef, mediaByKey, type QueueRef, queuesOfConnections } from "./queries";

/**
 * Who sees what of a connection (ARCHITECTURE.md, Channels; docs/decisions.md, Connections):
 *   manager  connections-page:addConnection, own company: everything, with the token and the plugin's secret fields;
 *   viewer   connections-page:view (or the super user looking at another company): everything but the secrets;
 *   picker   anyone else, and every picker route: id, name, channel, status, isDefault.
 */
export type Audience = "manager" | "viewer" | "picker";

export function audienceOf(actor: Actor, companyId: number = actor.companyId): Audience {
  if (companyId !== actor.companyId) return actor.super ? "viewer" : "picker";
  if (can(actor, "connections-page:addConnection")) return "manager";
  if (can(actor, "connections-page:view")) return "viewer";
  return "picker";
}

export function storedConfig(row: Pick<Connection, "config">): Record<string, unknown> {
  try {
    const v = JSON.parse(row.config || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

export function pickerShape(row: Pick<Connection, "id" | "name" | "channel" | "status" | "isDefault">) {
  return { id: row.id, name: row.name, channel: row.channel, status: row.status, isDefault: row.isDefault === 1 };
}
export type ConnectionPicker = ReturnType<typeof pickerShape>;

export interface SerializeOptions {
  audience: Exclude<Audience, "picker">;
  /** false: leave the session data (qrcode) out (GET ?session=0). */
  session?: boolean;
}

/** A connection as the API carries it, built field by field so nothing unlisted (or secret, for a viewer) leaks. */
export function serializeConnection(
  ctx: Pick<AppContext, "media" | "channels">,
  row: Connection,
  queues: QueueRef[],
  media: MediaRef | undefined,
  opts: SerializeOptions,
) {
  const manager = opts.audience === "manager";
  const config = storedConfig(row);
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    channel: row.channel,
    number: row.number,
    status: row.status,
    ...(opts.session === false ? {} : { qrcode: row.qrcode }),
    retries: row.retries,
    /** When the CONNECTED session last dropped (null while connected or after a deliberate disconnect). */
    droppedAt: row.droppedAt,
    /** Why the session last failed or was lost, in the plugin's words (null once a code shows or it connects). */
    lastError: row.lastError,
    isDefault: row.isDefault === 1,
    ...(manager ? { token: row.token } : {}),
    widgetKey: row.widgetKey,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    provider: row.provider,
    expiresTicket: row.expiresTicket,
    whenExpiresTicket: row.whenExpiresTicket,
    allowGroup: row.allowGroup === 1,
    groupAsTicket: row.groupAsTicket,
    enableImportMessage: row.enableImportMessage === 1,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    timeSendQueue: row.timeSendQueue,
    sendIdQueue: row.sendIdQueue,
    expiresTicketNPS: row.expiresTicketNPS,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNPS,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
    timeCreateNewTicket: row.timeCreateNewTicket,
    /** The greeting attachment's file name; its signed link and type beside it. */
    greetingMediaAttachment: media ? media.name : null,
    greetingMediaUrl: media ? ctx.media.url(row.companyId, media.key) : null,
    greetingMediaType: media ? media.mime : null,
    importOldMessages: row.importOldMessages,
    importRecentMessages: row.importRecentMessages,
    importOldMessagesGroups: row.importOldMessagesGroups === 1,
    closedTicketsPostImported: row.closedTicketsPostImported === 1,
    queueIdImportMessages: row.queueIdImportMessages,
    statusImportMessages: row.statusImportMessages,
    integrationId: row.integrationId,
    promptId: row.promptId,
    flowIdWelcome: row.flowIdWelcome,
    flowIdNotPhrase: row.flowIdNotPhrase,
    collectiveVacationStart: row.collectiveVacationStart,
    collectiveVacationEnd: row.collectiveVacationEnd,
    collectiveVacationMessage: row.collectiveVacationMessage,
    schedules: storedSchedules(row.schedules),
    queueIds: queues.map((q) => q.id),
    queues,
    /** The plugin's settings; its secretFields only for a manager. */
    config: manager ? config : ctx.channels.registry.redactConfig(row.channel, config),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ConnectionView = ReturnType<typeof serializeConnection>;

/** Rows with their queues and greeting media, each shaped for the audience. */
export async function serializeConnections(
  ctx: Pick<AppContext, "db" | "media" | "channels">,
  companyId: number,
  rows: Connection[],
  audience: Audience,
  session = true,
): Promise<Array<ConnectionView | ConnectionPicker>> {
  if (audience === "picker") return rows.map(pickerShape);
  const [queues, media] = await Promise.all([
    queuesOfConnections(
      ctx.db,
      companyId,
      rows.map((r) => r.id),
    ),
    mediaByKey(
      ctx.db,
      companyId,
      rows.map((r) => r.greetingMediaAttachment),
    ),
  ]);
  return rows.map((r) =>
    serializeConnection(ctx, r, queues.get(r.id) ?? [], r.greetingMediaAttachment ? media.get(r.greetingMediaAttachment) : undefined, { audience, session }),
  );
}

/** One connection in every audience's shape (the real-time listener picks one per recipient). */
export async function connectionViews(ctx: Pick<AppContext, "db" | "media" | "channels">, companyId: number, id: number) {
  const row = await findConnection(ctx.db, companyId, id);
  if (!row) return undefined;
  const [manager, viewer] = (await Promise.all([
    serializeConnections(ctx, companyId, [row], "manager"),
    serializeConnections(ctx, companyId, [row], "viewer"),
  ])) as [ConnectionView[], ConnectionView[]];
  return { manager: manager[0]!, viewer: viewer[0]!, picker: pickerShape(row) };
}

/**
 * A connection as the audit log keeps it: the plugin's config as an object, so its secret fields are redacted by name
 * with the token; without the session's own state (status, QR code, retries, last error, the phone number it reports,
 * when it dropped), which the channel changes as it connects and drops, not a person.
 */
export function auditedConnection(row: Connection, queueIds?: readonly number[]) {
  const { config, qrcode: _qrcode, status: _status, retries: _retries, lastError: _lastError, number: _number, droppedAt: _droppedAt, ...columns } = row;
  return { ...columns, config: storedConfig({ config }), ...(queueIds && { queueIds: [...queueIds].sort((a, b) => a - b) }) };
}
