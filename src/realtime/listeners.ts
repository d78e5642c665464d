import type { AppContext } from "../context";
import type { Actor } from "../http/permissions";
import { audienceOf, connectionViews } from "../modules/connections/serialize";
import { contactTags, findContact } from "../modules/contacts/queries";
import { contactForViewer, serializeContact } from "../modules/contacts/serialize";
import { loadMessageView, messageForViewer } from "../modules/messages/serialize";
import { registerFileListListeners } from "../modules/files/realtime";
import { registerQuickMessageListeners } from "../modules/quick-messages/realtime";
import { findQueue } from "../modules/queues/queries";
import { createSettingsService } from "../modules/settings/service";
import { serializeQueue } from "../modules/queues/serialize";
import { registerTagListeners } from "../modules/tags/realtime";
import { type LgpdPolicy, masksNumbersFor, readLgpd } from "../modules/tickets/lgpd";
import { canSeeTicket } from "../modules/tickets/visibility";
import { loadTicketView, ticketForViewer, type TicketView } from "../modules/tickets/serialize";
import type { BusEvents } from "./events";
import { companyEvent } from "./hub";
import { PUBLIC_SETTINGS_EVENT } from "./public-socket";
import { userPayload } from "./queries";

/**
 * Turns module events (ids) into socket frames: rows read now, tenant-scoped, shaped like the REST answer where the module has a serializer. Registered once per context;
 * the bus logs a failing listener and carries on.
 */
export function registerRealtimeListeners(ctx: AppContext): void {
  const { bus, hub, db } = ctx;
  const settings = createSettingsService(ctx);

  bus.onEveryInstance("auth.sessionEnded", ({ userId, reason }) => hub.endUserSessions(userId, reason));
  registerTagListeners(ctx);
  registerQuickMessageListeners(ctx);
  registerFileListListeners(ctx);

  bus.onEveryInstance("user.created", async ({ companyId, userId }) => {
    const user = await userPayload(db, companyId, userId);
    if (user) hub.emit(companyId, companyEvent(companyId, "user"), { action: "create", user });
  });
  bus.onEveryInstance("user.updated", async ({ companyId, userId }) => {
    await hub.refreshUser(userId);
    const user = await userPayload(db, companyId, userId);
    if (user) hub.emit(companyId, companyEvent(companyId, "user"), { action: "update", user });
  });
  bus.onEveryInstance("user.deleted", async ({ companyId, userId }) => {
    hub.emit(companyId, companyEvent(companyId, "user"), { action: "delete", userId });
    await hub.refreshUser(userId);
  });
  bus.onEveryInstance("user.presence", async ({ companyId, userId, online }) => {
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
  bus.onEveryInstance("queue.created", queueChanged("create"));
  bus.onEveryInstance("queue.updated", queueChanged("update"));
  bus.onEveryInstance("queue.deleted", ({ companyId, queueId }) => hub.emit(companyId, companyEvent(companyId, "queue"), { action: "delete", queueId }));

  // Settings of a connection (status changes are announced by the channels core's session manager). Each recipient gets
  // the shape the REST answer would give them: secrets only for connections-page:addConnection holders.
  bus.onEveryInstance("connection.saved", async ({ companyId, connectionId }) => {
    const views = await connectionViews(ctx, companyId, connectionId);
    if (!views) return;
    const frames = {
      manager: { action: "update", whatsapp: views.manager },
      viewer: { action: "update", whatsapp: views.viewer },
      picker: { action: "update", whatsapp: views.picker },
    } as const;
    hub.emit(companyId, companyEvent(companyId, "whatsapp"), frames.manager, { shape: (actor) => frames[audienceOf(actor, companyId)] });
  });
  bus.onEveryInstance("connection.deleted", ({ companyId, connectionId }) =>
    hub.emit(companyId, companyEvent(companyId, "whatsapp"), { action: "delete", whatsappId: connectionId }),
  );

  bus.onEveryInstance("settings.updated", async ({ companyId, key }) => {
    for (const id of companyId === null ? hub.companyIds() : [companyId]) hub.emit(id, companyEvent(id, "settings"), { action: "update", key });
    if (companyId !== null) return;
    // Sessionless sockets (the login page) get the new values of the public settings the change altered.
    const changed = await settings.publicChanges(key);
    if (changed.length) hub.emitPublic(PUBLIC_SETTINGS_EVENT, changed);
  });

  registerTicketListeners(ctx);
}

/** A viewer without the LGPD exemptions (profile user): the masked variant of a payload is built once per event. */
const PLAIN_USER = { profile: "user", super: false } as const;

/**
 * Tickets, messages and contacts. Ticket and message frames go to every socket whose user may see the
 * ticket (hub.audience: canSeeTicket per online user), whatever rooms it joined: a list of one status must hear of a ticket
 * that just moved into it. Each recipient gets the REST shape for them (LGPD masking for plain users). Whoever could
 * see a ticket before a reassignment or its deletion and cannot now gets {action: 'delete', ticketId}, so the ticket
 * leaves their lists and their open conversation. Nothing is read for a company with no socket.
 */
function registerTicketListeners(ctx: AppContext): void {
  const { bus, hub, db } = ctx;
  const online = (companyId: number) => hub.companyIds().includes(companyId);
  const ticketEvent = (companyId: number) => companyEvent(companyId, "ticket");
  const audience = (companyId: number, t: { userId: number | null; queueId: number | null; isGroup: number | boolean }) => {
    const ticket = { companyId, userId: t.userId, queueId: t.queueId, isGroup: t.isGroup };
    return hub.audience(companyId, (actor, queueIds) => canSeeTicket(actor, ticket, queueIds));
  };
  // The company's LGPD policy, known until one of its settings changes (each frame's masking depends on it).
  const policies = new Map<number, Promise<LgpdPolicy>>();
  bus.onEveryInstance("settings.updated", ({ companyId }) => (companyId === null ? policies.clear() : void policies.delete(companyId)));
  const lgpdOf = (companyId: number) => {
    let policy = policies.get(companyId);
    if (!policy) {
      policy = readLgpd(db, companyId);
      policies.set(companyId, policy);
      policy.catch(() => policies.delete(companyId));
    }
    return policy;
  };
  /** The payload for masked and unmasked viewers, built once each. */
  const variants = <T>(lgpd: LgpdPolicy, build: (viewer: Pick<Actor, "profile" | "super">) => T) => {
    const full = build({ profile: "admin", super: false });
    const masked = lgpd.hideNumber ? build(PLAIN_USER) : full;
    return (actor: Actor) => (masksNumbersFor(actor, lgpd) ? masked : full);
  };

  const ticketChanged = async ({ companyId, ticketId, withMessage }: BusEvents["ticket.updated"]) => {
    // A change that came with a new message: that message's frame carries the ticket, to the same audience.
    if (withMessage || !online(companyId)) return;
    const view = await loadTicketView(db, companyId, ticketId);
    if (!view) return;
    const [users, lgpd] = await Promise.all([audience(companyId, view), lgpdOf(companyId)]);
    const shape = variants(lgpd, (viewer) => ({ action: "update", ticket: ticketForViewer(view, viewer, lgpd) }));
    hub.emit(companyId, ticketEvent(companyId), null, { users, shape });
  };
  bus.onEveryInstance("ticket.created", ticketChanged);
  bus.onEveryInstance("ticket.updated", ticketChanged);

  const dropFor = (companyId: number, ticketId: number, users: number[]) => {
    if (users.length) hub.emit(companyId, ticketEvent(companyId), { action: "delete", ticketId }, { users });
  };
  bus.onEveryInstance("ticket.reassigned", async ({ companyId, ticketId, previous }) => {
    if (!online(companyId)) return;
    const view = await loadTicketView(db, companyId, ticketId);
    const before = await audience(companyId, previous);
    const now = new Set(view ? await audience(companyId, view) : []);
    dropFor(
      companyId,
      ticketId,
      before.filter((u) => !now.has(u)),
    );
  });
  bus.onEveryInstance("ticket.read", async ({ companyId, ticketId, ticket }) => {
    if (online(companyId)) hub.emit(companyId, ticketEvent(companyId), { action: "updateUnread", ticketId }, { users: await audience(companyId, ticket) });
  });
  bus.onEveryInstance("ticket.deleted", async ({ companyId, ticketId, previous }) => {
    if (online(companyId)) dropFor(companyId, ticketId, await audience(companyId, previous));
  });

  const messageChanged =
    (action: "create" | "update") =>
    async ({ companyId, ticketId, messageId }: BusEvents["message.created"]) => {
      if (!online(companyId)) return;
      const [message, ticket, lgpd] = await Promise.all([
        loadMessageView(ctx, companyId, messageId),
        loadTicketView(db, companyId, ticketId),
        lgpdOf(companyId),
      ]);
      if (!message || !ticket) return;
      const users = await audience(companyId, ticket);
      const shape = variants(lgpd, (viewer) => {
        const t: TicketView = ticketForViewer(ticket, viewer, lgpd);
        return { action, message: messageForViewer(message, viewer, lgpd), ticket: t, contact: t.contact };
      });
      hub.emit(companyId, companyEvent(companyId, "appMessage"), null, { users, shape });
    };
  bus.onEveryInstance("message.created", messageChanged("create"));
  bus.onEveryInstance("message.updated", messageChanged("update"));

  // Contacts are the company's (every user reaches the contacts page); only LGPD shapes them, as in the REST answer.
  const contactChanged = async ({ companyId, contactId }: BusEvents["contact.updated"]) => {
    if (!online(companyId)) return;
    const [row, tags, lgpd] = await Promise.all([findContact(db, companyId, contactId), contactTags(db, companyId, [contactId]), lgpdOf(companyId)]);
    if (!row) return;
    const view = serializeContact(row, tags.get(contactId));
    const shape = variants(lgpd, (viewer) => ({ action: "update", contact: contactForViewer(view, viewer, lgpd) }));
    hub.emit(companyId, companyEvent(companyId, "contact"), null, { shape });
  };
  bus.onEveryInstance("contact.created", contactChanged);
  bus.onEveryInstance("contact.updated", contactChanged);
  bus.onEveryInstance("contact.deleted", ({ companyId, contactId }) =>
    hub.emit(companyId, companyEvent(companyId, "contact"), { action: "delete", contactId }),
  );
}
