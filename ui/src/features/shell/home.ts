import { canUser } from "../auth/permissions";
import type { SessionUser } from "../auth/types";

/**
 * The start page the app's own links lead to: the dashboard for those who may see it, the inbox for the others. A
 * login still lands on /tickets, as the specification says.
 */
export const homePath = (user: SessionUser | null | undefined) => (canUser(user, "dashboard:view") ? "/" : "/tickets");
