import type { ConnectionForm } from "./form";
import { isShown } from "./hidden";

/**
 * The server's cross-field rules (src/modules/connections/validation.ts) that need nothing but the form, checked before
 * sending so the admin sees them at once, with the server's messages: a greeting when the connection has more than one
 * queue (it heads the queue menu), both vacation dates with a vacation message, an end not before the start. The rules
 * measured against today (the vacation's 10 days back, the import window) stay the server's alone.
 */
export function formRuleErrors(f: ConnectionForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (new Set(f.queueIds).size > 1 && !f.greetingMessage.trim()) errors.greetingMessage = "ERR_WAPP_GREETING_REQUIRED";
  if (f.collectiveVacationMessage.trim()) {
    if (!f.collectiveVacationStart) errors.collectiveVacationStart = "Required";
    if (!f.collectiveVacationEnd) errors.collectiveVacationEnd = "Required";
  }
  if (f.collectiveVacationStart && f.collectiveVacationEnd && f.collectiveVacationEnd < f.collectiveVacationStart) {
    errors.collectiveVacationEnd = "errorCollectiveVacationEnd";
  }
  return Object.fromEntries(Object.entries(errors).filter(([field]) => isShown(field)));
}

/** The fields these rules read: a change to one of them checks again the rule messages on show. */
export const RULE_INPUTS: ReadonlySet<string> = new Set([
  "queueIds",
  "greetingMessage",
  "collectiveVacationMessage",
  "collectiveVacationStart",
  "collectiveVacationEnd",
]);

/**
 * The messages shown after a change to `next`: a rule message shown goes when its rule passes and follows the rule
 * while it fails; other messages are left as they are (the server's go with a change of their own field).
 */
export function recheckRules(shown: Record<string, string>, next: ConnectionForm): Record<string, string> {
  const now = formRuleErrors(next);
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(shown)) {
    if (!RULE_FIELDS.has(field)) out[field] = message;
    else if (now[field]) out[field] = now[field]!;
  }
  return out;
}

const RULE_FIELDS: ReadonlySet<string> = new Set(["greetingMessage", "collectiveVacationStart", "collectiveVacationEnd"]);
