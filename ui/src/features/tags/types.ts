/** A tag or kanban lane as GET /api/tags answers it (the fields the tags page reads). */
export interface Tag {
  id: number;
  name: string;
  color: string;
  /** 1 for a kanban lane (put on tickets), 0 for a contact tag. */
  kanban: number;
  laneOrder: number | null;
  contactsCount: number;
}

export interface TagsPage {
  tags: Tag[];
  count: number;
  hasMore: boolean;
}

/**
 * The tag dialog: the fields whose effect exists. A lane's timer fields (timeLane, nextLaneId, rollbackLaneId,
 * greetingMessageLane) are not offered until the code that moves tickets between lanes lands (docs/settings.md, Tag fields).
 */
export interface TagForm {
  name: string;
  color: string;
  kanban: boolean;
  laneOrder: string;
}

export const TAG_DEFAULTS: TagForm = { name: "", color: "", kanban: false, laneOrder: "" };

export const formFromTag = (t: Tag): TagForm => ({
  name: t.name,
  color: t.color,
  kanban: t.kanban === 1,
  laneOrder: t.laneOrder === null ? "" : String(t.laneOrder),
});

/**
 * The body of POST/PUT /api/tags. Without the plan's useKanban the kind is not sent (the server refuses any lane
 * write then); a contact tag has no lane order, and an empty order is none.
 */
export function bodyFromForm(f: TagForm, useKanban: boolean) {
  const body: { name: string; color: string; kanban?: 0 | 1; laneOrder?: number | null } = { name: f.name.trim(), color: f.color.trim() };
  if (!useKanban) return body;
  body.kanban = f.kanban ? 1 : 0;
  body.laneOrder = f.kanban && f.laneOrder.trim() !== "" ? Number(f.laneOrder) : null;
  return body;
}

/** The spec's name rule: at least 3 characters. */
export const TAG_NAME_MIN = 3;
/** The server's limits: a name up to 100 characters, a colour of 3 to 9. */
export const TAG_NAME_MAX = 100;
