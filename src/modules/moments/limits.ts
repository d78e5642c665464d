/**
 * The panel's bounds, shared with the web app (which says when the panel shows only the most recent tickets).
 * At most MOMENTS_CAP tickets, the most recently active first: an install can have thousands of open tickets, and the
 * panel is read again on every ticket event.
 */
export const MOMENTS_CAP = 500;
/** The dashboard's moments never reach further back than this (by the ticket's last activity). */
export const MOMENTS_WINDOW_DAYS = 30;
