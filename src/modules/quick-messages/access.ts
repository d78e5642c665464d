import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { DB } from "../../db/schema";
import type { Actor } from "../../http/permissions";

/**
 * Who sees and who changes a quick message: a company-wide (geral) message is every user's to read and use, a
 * personal one only its owner's; admins see all of the company's to manage them. Only the owner or an admin changes or
 * deletes one, except that a personal message whose visibility (visao) is on is edited by its owner alone: an admin may
 * still delete it, and edits it once its owner is gone.
 */
const isAdmin = (actor: Pick<Actor, "profile" | "super">) => actor.profile === "admin" || actor.super;

export function canSee(actor: Actor, row: { userId: number | null; geral: number }): boolean {
  return row.geral === 1 || row.userId === actor.userId || isAdmin(actor);
}

export function canChange(actor: Actor, row: { userId: number | null; geral: number; visao: number }, action: "edit" | "delete"): boolean {
  if (row.userId === actor.userId) return true;
  if (!isAdmin(actor)) return false;
  const ownersAlone = row.visao === 1 && row.geral === 0 && row.userId !== null;
  return action === "delete" || !ownersAlone;
}

/** The same rules as a condition; `use` is the message input's view (active ones, and admins get no more than others). */
export function visibleWhere(actor: Actor, mode: "manage" | "use") {
  return (eb: ExpressionBuilder<DB, "quick_messages">): Expression<SqlBool> => {
    const mine = eb.or([eb("quick_messages.geral", "=", 1), eb("quick_messages.userId", "=", actor.userId)]);
    if (mode === "use") return eb.and([eb("quick_messages.status", "=", 1), mine]);
    return isAdmin(actor) ? eb.and([]) : mine;
  };
}
