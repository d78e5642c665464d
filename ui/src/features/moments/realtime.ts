import { keys } from "../../api/keys";
import { type RefetchDelay, useRefetchOnEvents } from "../../realtime/useRefetchOnEvents";

/**
 * The panel reads again 400 ms after the last ticket or message event (within 2 s of the first): its answer is up to
 * 500 tickets, too much to read per frame.
 */
const MOMENTS_REFETCH: RefetchDelay = { wait: 400, maxWait: 2000 };
const EVENTS = ["ticket", "appMessage"] as const;

/** Keeps the panel live: every ticket or message event of the company, and a reconnect, read it again. */
export function useMomentsRealtime() {
  useRefetchOnEvents(keys.moments, EVENTS, MOMENTS_REFETCH);
}
