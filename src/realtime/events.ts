/**
 * Dotted in-process events, published by modules after their transaction commits.
 * Listeners (the real-time hub, automation, reports) subscribe by name. Payloads carry ids, not rows:
 * each listener reads what it needs, shaped for its recipient.
 */
export interface BusEvents {
  "user.created": { companyId: number; userId: number };
  "user.updated": { companyId: number; userId: number };
  "user.deleted": { companyId: number; userId: number };
  "user.presence": { companyId: number; userId: number; online: boolean };
  "queue.created": { companyId: number; queueId: number };
  "queue.updated": { companyId: number; queueId: number };
  "queue.deleted": { companyId: number; queueId: number };
  "settings.updated": { companyId: number | null; key: string };
  /** A login elsewhere, a logout or a password reset: the user's older tokens and sockets end. */
  "auth.sessionEnded": { companyId: number; userId: number; reason: "login" | "logout" | "reset" };
}

export type BusEventName = keyof BusEvents;
