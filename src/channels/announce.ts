import type { AppContext } from "../context";
import { type Actor, can } from "../http/permissions";

/**
 * The connections screen's live frames, sent by every instance to its own sockets: a session's status (whoever
 * manages connections gets the whole row; everyone else sees that, and since when, a connection is down, since their
 * messages on it wait until it is back) and a history import's progress (to those who see the connections page).
 */
export function registerConnectionAnnouncements(ctx: AppContext): void {
  const { bus, hub } = ctx;
  const manager = (actor: Actor) => can(actor, "connections-page:addConnection");

  bus.onEveryInstance("connection.status", ({ companyId, connection: row }) => {
    const full = { ...row, isDefault: row.isDefault === 1 };
    const picker = { id: row.id, name: row.name, channel: row.channel, status: row.status, isDefault: row.isDefault === 1 };
    const brief = { action: "update", session: { id: row.id, status: row.status, droppedAt: row.droppedAt, updatedAt: row.updatedAt } };
    hub.emit(
      companyId,
      `company-${companyId}-whatsappSession`,
      { action: "update", session: full },
      { shape: (actor, data) => (manager(actor) ? data : brief) },
    );
    hub.emit(
      companyId,
      `company-${companyId}-whatsapp`,
      { action: "update", whatsapp: full },
      { shape: (actor, data) => (manager(actor) ? data : { action: "update", whatsapp: picker }) },
    );
  });

  bus.onEveryInstance("connection.importProgress", ({ companyId, frame }) =>
    hub.emit(companyId, `importMessages-${companyId}`, frame, { shape: (actor, d) => (can(actor, "connections-page:view") ? d : undefined) }),
  );
}
