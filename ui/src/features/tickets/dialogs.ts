import { proxy, ref } from "valtio";
import type { ContactRow } from "../contacts/queries";
import type { Ticket, TicketStatus } from "./types";

/** Who holds the contact's other open ticket (the ERR_OTHER_OPEN_TICKET answer). */
export interface OpenTicketHolder {
  userId: number | null;
  userName: string;
  queueName: string;
  uuid: string;
  status?: TicketStatus;
}

/** The inbox's one open modal; list items and the conversation header open them alike. */
export type InboxDialog =
  | { kind: "accept"; ticket: Ticket; reopen: boolean }
  | { kind: "resolve"; ticket: Ticket }
  | { kind: "transfer"; ticket: Ticket }
  | { kind: "delete"; ticket: Ticket }
  | { kind: "newTicket"; contact?: ContactRow }
  | { kind: "closeAll"; status: TicketStatus }
  | { kind: "alreadyOpen"; holder: OpenTicketHolder };

export const dialogs = proxy({ current: null as InboxDialog | null });

export function openDialog(d: InboxDialog) {
  // ref(): the ticket is a snapshot to read, not state to track.
  dialogs.current = ref(d);
}

export function closeDialog() {
  dialogs.current = null;
}
