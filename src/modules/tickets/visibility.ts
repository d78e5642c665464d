/**
 * Who may see a ticket: own tickets, the user's queues, no-queue tickets with allTicket, groups with allowGroup,
 * everything for admins or with allUserChat (see canSeeTicket). One rule, three forms kept side by side:
 * `canSeeTicket` for one row (ticket-scoped routes, socket payloads), `ticketVisibilityWhere` for lists (a Kysely
 * condition) and `personalViewScope` for the message index. visibility.test.ts checks that the first two agree on
 * every combination; search.test.ts that searches through the third answer what the first allows.
 *
 * The rule (our reading of "not shown", docs/decisions.md):
 *   - another company's ticket: never (routes answer 404 before asking);
 *   - admins, super users and users with allUserChat enabled see every ticket of their company (show-all);
 *   - everyone sees their own tickets (userId = theirs);
 *   - group tickets: users with allowGroup;
 *   - a ticket assigned to someone else: no;
 *   - an unassigned ticket: when its queue is one of the user's queues, or it has no queue and allTicket is 'enable'.
 *
 * Lists add the show-all toggle: without it (or without the right to it) everyone, admins included, gets the
 * personal view — the rules above minus the show-all line.
 */
import type { Expression, SqlBool } from "kysely";
import { can, type Actor } from "../../http/permissions";
import type { TicketFilter } from "./list-queries";

export type VisibilityActor = Pick<Actor, "userId" | "companyId" | "profile" | "super" | "flags">;

export interface VisibilityTicket {
  companyId: number;
  userId: number | null;
  queueId: number | null;
  isGroup: number | boolean;
}

/** The show-all right: admins, super users, allUserChat enabled. */
export function canShowAll(actor: VisibilityActor): boolean {
  return can(actor, "tickets-manager:showall");
}

/** The personal view (no show-all): own, groups with allowGroup, unassigned in the user's queues or without queue with allTicket. */
export function inPersonalView(actor: VisibilityActor, ticket: VisibilityTicket, queueIds: readonly number[]): boolean {
  if (ticket.companyId !== actor.companyId) return false;
  if (ticket.userId === actor.userId) return true;
  if (ticket.isGroup === 1 || ticket.isGroup === true) return actor.flags.allowGroup;
  if (ticket.userId !== null) return false;
  if (ticket.queueId === null) return actor.flags.allTicket === "enable";
  return queueIds.includes(ticket.queueId);
}

/** Whether the actor may see this ticket at all (every ticket-scoped route asks this). */
export function canSeeTicket(actor: VisibilityActor, ticket: VisibilityTicket, queueIds: readonly number[]): boolean {
  if (ticket.companyId !== actor.companyId) return false;
  return canShowAll(actor) || inPersonalView(actor, ticket, queueIds);
}

/** What the personal view of one user depends on: who they are, their queues and two of their flags. */
export type PersonalView = {
  userId: number;
  queueIds: readonly number[];
  allTicket: boolean;
  allowGroup: boolean;
};

export function personalView(actor: VisibilityActor, queueIds: readonly number[]): PersonalView {
  return { userId: actor.userId, queueIds, allTicket: actor.flags.allTicket === "enable", allowGroup: actor.flags.allowGroup };
}

/**
 * inPersonalView as disjoint conditions over `tickets`, one per way a ticket is in the view: the user's own, someone
 * else's group ticket (allowGroup), an unassigned one of their queues (or without a queue, with allTicket). The list
 * reads each through its own index; their OR is personalViewWhere.
 */
export function personalViewBranches(view: PersonalView): TicketFilter[] {
  const branches: TicketFilter[] = [(eb) => eb("tickets.userId", "=", view.userId)];
  if (view.allowGroup) branches.push((eb) => eb.and([eb("tickets.isGroup", "=", 1), eb("tickets.userId", "is distinct from", view.userId)]));
  if (view.queueIds.length || view.allTicket) {
    branches.push((eb) => {
      const queues: Expression<SqlBool>[] = [];
      if (view.queueIds.length) queues.push(eb("tickets.queueId", "in", [...view.queueIds]));
      if (view.allTicket) queues.push(eb("tickets.queueId", "is", null));
      return eb.and([eb("tickets.isGroup", "=", 0), eb("tickets.userId", "is", null), eb.or(queues)]);
    });
  }
  return branches;
}

/** inPersonalView as a condition over `tickets` (the query is already scoped to the actor's company). */
export function personalViewWhere(view: PersonalView): TicketFilter {
  const branches = personalViewBranches(view);
  return (eb) => eb.or(branches.map((branch) => branch(eb)));
}

/**
 * The personal view in the form of the message index's scope (migration 0050): a ticket assigned to a user has
 * `u<userId>`, a group ticket `g<companyId>` (and its user's token), any other unassigned ticket `w<companyId>`. A
 * message is a candidate when its ticket's scope holds one of these tokens; the index only narrows a search, which
 * still applies personalViewWhere (the queues among it) to each hit.
 */
export function personalViewScope(companyId: number, view: PersonalView): string[] {
  const tokens = [`u${view.userId}`];
  if (view.allowGroup) tokens.push(`g${companyId}`);
  if (view.queueIds.length || view.allTicket) tokens.push(`w${companyId}`);
  return tokens;
}

/** canSeeTicket as a condition over `tickets` (the query is scoped to the actor's company); undefined when it filters nothing. */
export function ticketVisibilityWhere(actor: VisibilityActor, queueIds: readonly number[]): TicketFilter | undefined {
  const view = listView(actor, queueIds, true);
  return view && personalViewWhere(view);
}

/** The list's view: show-all when asked for and allowed (undefined: nothing filtered out), otherwise the personal view. */
export function listView(actor: VisibilityActor, queueIds: readonly number[], showAll: boolean): PersonalView | undefined {
  return showAll && canShowAll(actor) ? undefined : personalView(actor, queueIds);
}
