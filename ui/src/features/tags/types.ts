/** A tag or kanban lane as GET /api/tags answers it (the fields the tags page reads). */
export interface Tag {
  id: number;
  name: string;
  color: string;
  /** 1 for a kanban lane (put on tickets), 0 for a contact tag. */
  kanban: number;
  laneOrder: number | null;
  /** A lane's timer: idle minutes before an open ticket whose agent spoke last moves on to nextLaneId (0: none). */
  timeLane: number;
  nextLaneId: number | null;
  /** The lane a ticket goes back to when the contact answers. */
  rollbackLaneId: number | null;
  /** Sent to the contact when a lane's timer brings a ticket into this lane. */
  greetingMessageLane: string | null;
  contactsCount: number;
}

export interface TagsPage {
  tags: Tag[];
  count: number;
  hasMore: boolean;
}

/** The tag dialog's fields; a lane's ids are kept as text ("" for none), as the pickers hold them. */
export interface TagForm {
  name: string;
  color: string;
  kanban: boolean;
  laneOrder: string;
  timeLane: string;
  nextLaneId: string;
  rollbackLaneId: string;
  greetingMessageLane: string;
}

export const TAG_DEFAULTS: TagForm = {
  name: "",
  color: "",
  kanban: false,
  laneOrder: "",
  timeLane: "0",
  nextLaneId: "",
  rollbackLaneId: "",
  greetingMessageLane: "",
};

const idText = (id: number | null) => (id === null ? "" : String(id));
const idOf = (text: string) => (text === "" ? null : Number(text));

export const formFromTag = (t: Tag): TagForm => ({
  name: t.name,
  color: t.color,
  kanban: t.kanban === 1,
  laneOrder: t.laneOrder === null ? "" : String(t.laneOrder),
  timeLane: String(t.timeLane),
  nextLaneId: idText(t.nextLaneId),
  rollbackLaneId: idText(t.rollbackLaneId),
  greetingMessageLane: t.greetingMessageLane ?? "",
});

interface TagBody {
  name: string;
  color: string;
  kanban?: 0 | 1;
  laneOrder?: number | null;
  timeLane?: number;
  nextLaneId?: number | null;
  rollbackLaneId?: number | null;
  greetingMessageLane?: string | null;
}

/**
 * The body of POST/PUT /api/tags. Without the plan's useKanban the kind is not sent (the server refuses any lane
 * write then); a contact tag has no lane order nor timer, and an empty order is none.
 */
export function bodyFromForm(f: TagForm, useKanban: boolean): TagBody {
  const body: TagBody = { name: f.name.trim(), color: f.color.trim() };
  if (!useKanban) return body;
  body.kanban = f.kanban ? 1 : 0;
  body.laneOrder = f.kanban && f.laneOrder.trim() !== "" ? Number(f.laneOrder) : null;
  if (!f.kanban) return body;
  body.timeLane = f.timeLane.trim() === "" ? 0 : Number(f.timeLane);
  body.nextLaneId = idOf(f.nextLaneId);
  body.rollbackLaneId = idOf(f.rollbackLaneId);
  body.greetingMessageLane = f.greetingMessageLane.trim() === "" ? null : f.greetingMessageLane;
  return body;
}

/** The spec's name rule: at least 3 characters. */
export const TAG_NAME_MIN = 3;
/** The server's limits: a name up to 100 characters, a colour of 3 to 9. */
export const TAG_NAME_MAX = 100;
