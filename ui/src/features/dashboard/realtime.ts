import { keys } from "../../api/keys";
import { type RefetchDelay, useRefetchOnEvents } from "../../realtime/useRefetchOnEvents";

/**
 * The figures and charts read again a second after the last ticket event (within 3 s of the first): a ticket
 * created, accepted, transferred or closed moves the counters, a second's delay is no loss to a manager's view, and a
 * burst of events costs one read of the period.
 */
const DASHBOARD_REFETCH: RefetchDelay = { wait: 1000, maxWait: 3000 };
/** A ticket a contact's message opens is announced by that message's frame (it carries the ticket), not a ticket frame. */
const EVENTS = ["ticket", "appMessage"] as const;

/** Keeps the dashboard live on the company's ticket and message events and a reconnect. */
export function useDashboardRealtime() {
  useRefetchOnEvents(keys.dashboard.all, EVENTS, DASHBOARD_REFETCH);
}
