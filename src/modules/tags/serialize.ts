import type { TagRow } from "./queries";

/** A tag as the API carries it. */
export function serializeTag(row: TagRow) {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    kanban: row.kanban,
    timeLane: row.timeLane,
    nextLaneId: row.nextLaneId,
    rollbackLaneId: row.rollbackLaneId,
    greetingMessageLane: row.greetingMessageLane,
    laneOrder: row.laneOrder,
    userId: row.userId,
    contactsCount: Number(row.contactsCount ?? 0),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
