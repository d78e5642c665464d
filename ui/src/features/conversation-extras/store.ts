import { proxy } from "valtio";

export type RecorderState = "idle" | "recording" | "sending";
export type ExtrasDialog = "camera" | "contact" | "timeline";

/**
 * Client state of the conversation extras: the voice recorder's state (the input bar disables sending while it is
 * not idle), the open dialog (opened from menus that close on select, so the dialogs live apart), a PDF
 * export in progress, and the forwarding selection (message rows show a checkbox while it is active).
 */
export const extras = proxy({
  recorder: "idle" as RecorderState,
  dialog: null as { kind: ExtrasDialog; ticketId: number } | null,
  exporting: false,
  /** The ticket whose messages are being picked for forwarding; null when not selecting. */
  forwardTicketId: null as number | null,
  forwardIds: [] as number[],
});

export function setRecorderState(state: RecorderState) {
  extras.recorder = state;
}

export function startForwarding(ticketId: number, firstId?: number) {
  extras.forwardTicketId = ticketId;
  extras.forwardIds = firstId ? [firstId] : [];
}

export function toggleForwarded(id: number) {
  const i = extras.forwardIds.indexOf(id);
  if (i >= 0) extras.forwardIds.splice(i, 1);
  else extras.forwardIds.push(id);
}

export function stopForwarding() {
  extras.forwardTicketId = null;
  extras.forwardIds = [];
}

export function openExtrasDialog(kind: ExtrasDialog, ticketId: number) {
  extras.dialog = { kind, ticketId };
}

export function closeExtrasDialog() {
  extras.dialog = null;
}
