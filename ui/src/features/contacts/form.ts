import { email as emailRule, length, type Rule } from "../auth/validation";
import type { ContactRow } from "./queries";

/** The contact dialogs' text fields. */
export type ContactForm = {
  name: string;
  number: string;
  email: string;
};

/** An extra field row; `key` identifies it in the list while rows are added and removed. */
export interface ExtraRow {
  key: number;
  name: string;
  value: string;
}

let nextExtraKey = 0;
export const extraRow = (name = "", value = ""): ExtraRow => ({ key: nextExtraKey++, name, value });
export const extraRowsOf = (c: Pick<ContactRow, "extraInfo"> | undefined): ExtraRow[] => (c?.extraInfo ?? []).map((x) => extraRow(x.name, x.value));

/** Spaces, dashes, dots, brackets and a leading + are formatting: the number is stored as digits (as the server does). */
export const digitsOf = (raw: string) =>
  raw
    .trim()
    .replace(/[\s().-]/g, "")
    .replace(/^\+/, "");

/** A number the server masked for this viewer (LGPD): shown, never sent back. */
export const isMasked = (number: string) => number.includes("*");

const number =
  (requiredToo: boolean): Rule =>
  (v) => {
    if (isMasked(v)) return null;
    const digits = digitsOf(v);
    if (!digits) return requiredToo ? "validation.required" : null;
    if (!/^[0-9]+$/.test(digits)) return "contacts.invalidNumber";
    return length(8, 50)(digits);
  };

/**
 * The contact form's rules: name 2-50 required, number 8-50 digits once formatting is removed (required for a new
 * contact; a channel's contact may have none), email valid when given.
 */
export const contactRules = (isNew: boolean): Record<keyof ContactForm, Rule> => ({
  name: length(2, 50),
  number: number(isNew),
  email: (v) => (v.trim() ? emailRule(v) : null),
});

/** The server's field messages that are not the shared ones, as our keys. */
const SERVER_KEYS: Record<string, string> = { "Invalid number": "contacts.invalidNumber", "Not found": "contacts.notFound" };
export const contactServerErrors = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, SERVER_KEYS[v] ?? v]));

/**
 * The body of POST/PUT /api/contacts: trimmed texts, the extra fields with a name, and the wallet owner only when the
 * form offers it (admins). A masked number is left out: the server keeps the stored one.
 */
export function contactBody(form: ContactForm, extra: readonly ExtraRow[], wallet?: { walletUserId: number | null }) {
  return {
    name: form.name.trim(),
    ...(isMasked(form.number) ? {} : { number: form.number.trim() }),
    email: form.email.trim(),
    extraInfo: extra.filter((x) => x.name.trim()).map((x) => ({ name: x.name.trim(), value: x.value })),
    ...(wallet ?? {}),
  };
}
