import type { AppContext } from "../context";
import { audienceOf, connectionViews } from "../modules/connections/serialize";
import { findQueue } from "../modules/queues/queries";
import { serializeQueue } from "../modules/queues/serialize";
import type { BusEvents } from "./events";
import { companyEvent } from "./hub";
import { userPayload } from "./queries";

/**
 * Turns module events (ids) into socket frames: rows read now, tenant-scoped, shaped like the REST answer where the module has a serializer. Registered once per context;
 * the bus logs a failing listener and carries on.
 */
export function registerRealtimeListeners(ctx: AppContext): void {
  const { bus, hub, db } = ctx;

  bus.on("auth.sessionEnded", ({ userId, reason }) => hub.endUserSessions(userId, reason));

  bus.on("user.created", async ({ companyId, userId }) => {
    const user = await userPayload(db, companyId, userId);
    if (user) hub.emit(companyId, companyEvent(companyId, "user"), { action: "create", user });
  });
  bus.on("user.updated", async ({ companyId, userId }) => {
    await hub.refreshUser(userId);
    const user = await userPayload(db, companyId, userId);
    if (user) hub.emit(companyId, companyEvent(companyId, "user"), { action: "update", user });
  });
  bus.on("user.deleted", async ({ companyId, userId }) => {
    hub.emit(companyId, companyEvent(companyId, "user"), { action: "delete", userId });
    await hub.refreshUser(userId);
  });
  bus.on("user.presence", async ({ companyId, userId, online }) => {
    const user = await userPayload(db, companyId, userId);
    // `online` comes from the event, not the row: a quick reconnect may already have flipped the row again.
    if (user) hub.emit(companyId, companyEvent(companyId, "user"), { action: "update", user: { id: user.id, name: user.name, online } });
  });

  const queueChanged =
    (action: "create" | "update") =>
    async ({ companyId, queueId }: BusEvents["queue.created"]) => {
      const queue = await findQueue(db, companyId, queueId);
      if (queue) hub.emit(companyId, companyEvent(companyId, "queue"), { action, queue: serializeQueue(queue) });
    };
  bus.on("queue.created", queueChanged("create"));
  bus.on("queue.updated", queueChanged("update"));
  bus.on("queue.deleted", ({ companyId, queueId }) => hub.emit(companyId, companyEvent(companyId, "queue"), { action: "delete", queueId }));

  // Settings of a connection (status changes are announced by the channels core's session manager). Each recipient gets
  // the shape the REST answer would give them: secrets only for connections-page:addConnection holders.
  bus.on("connection.saved", async ({ companyId, connectionId }) => {
    const views = await connectionViews(ctx, companyId, connectionId);
    if (!views) return;
    const frames = {
      manager: { action: "update", whatsapp: views.manager },
      viewer: { action: "update", whatsapp: views.viewer },
      picker: { action: "update", whatsapp: views.picker },
    } as const;
    hub.emit(companyId, companyEvent(companyId, "whatsapp"), frames.manager, { shape: (actor) => frames[audienceOf(actor, companyId)] });
  });
  bus.on("connection.deleted", ({ companyId, connectionId }) =>
    hub.emit(companyId, companyEvent(companyId, "whatsapp"), { action: "delete", whatsappId: connectionId }),
  );

  bus.on("settings.updated", ({ companyId, key }) => {
    for (const id of companyId === null ? hub.companyIds() : [companyId]) hub.emit(id, companyEvent(id, "settings"), { action: "update", key });
  });
}
