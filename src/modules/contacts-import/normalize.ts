import { z } from "zod";

/** Why a row of the file created or changed nothing. */
export const IGNORE_REASONS = ["missingName", "missingNumber", "invalidName", "invalidNumber", "duplicateInFile", "alreadyExists", "notOnWhatsApp"] as const;
export type IgnoreReason = (typeof IGNORE_REASONS)[number];

/** E.164: at most 15 digits with the country code; fewer than 8 is no phone number. */
const MIN_DIGITS = 8;
const MAX_DIGITS = 15;
/** The shortest national number with its area code (10 in Brazil, the US, the UK...): shorter ones after a country code still lack one. */
const NATIONAL_DIGITS = 10;
/** From 12 digits on, a number typed without + already carries a country code (no national plan is that long). */
const INTERNATIONAL_DIGITS = 12;

/**
 * A typed phone number as digits with its country code. "+" or "00" in front marks an international number, kept as
 * typed; any other number lacking a country code gets the company's (`countryCode`), after its trunk zeros. A number
 * already starting with that code and long enough to hold a national number after it is taken as carrying it.
 * Undefined when it holds letters or has too few or too many digits.
 */
export function importNumber(raw: string, countryCode: string): string | undefined {
  const text = raw.trim();
  if (/\p{L}/u.test(text)) return undefined;
  let digits = text.replace(/\D/g, "");
  if (/^(\+|00)/.test(text)) digits = digits.replace(/^00/, "");
  else {
    digits = digits.replace(/^0+/, "");
    const carriesCode = digits.length >= INTERNATIONAL_DIGITS || (digits.startsWith(countryCode) && digits.length >= countryCode.length + NATIONAL_DIGITS);
    if (!carriesCode) digits = countryCode + digits;
  }
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS ? digits : undefined;
}

const email = z.email().max(254);
const NAME_MAX = 50;
const TAG_MAX = 50;

/** The mapped cells of one row, as text. */
export interface RowCells {
  name: string;
  number: string;
  email: string;
  tags: string;
}

export type CheckedRow =
  | { ok: true; name: string; number: string; email: string; tags: string[] }
  | { ok: false; reason: IgnoreReason; name: string; number: string };

/**
 * One row as the import takes it: a name (2+ characters, cut at 50) and a number are required; an email that is not
 * one is left out; tags are the names separated by commas, semicolons or line breaks, each once.
 */
export function checkRow(cells: RowCells, countryCode: string): CheckedRow {
  const name = cells.name.replace(/\s+/g, " ").trim().slice(0, NAME_MAX);
  const typed = cells.number.trim();
  if (!name) return { ok: false, reason: "missingName", name, number: typed };
  if (!typed) return { ok: false, reason: "missingNumber", name, number: typed };
  if (name.length < 2) return { ok: false, reason: "invalidName", name, number: typed };
  const number = importNumber(typed, countryCode);
  if (!number) return { ok: false, reason: "invalidNumber", name, number: typed };
  const mail = cells.email.trim().toLowerCase();
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of cells.tags.split(/[,;\n]/)) {
    const tag = raw.trim().slice(0, TAG_MAX);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return { ok: true, name, number, email: email.safeParse(mail).success ? mail : "", tags };
}
