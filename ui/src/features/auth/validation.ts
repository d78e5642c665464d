import { useCallback, useRef, useState } from "react";

/**
 * The forms' field rules. Each answers a translation key: validation.tooShort, validation.tooLong,
 * validation.required, validation.invalidEmail (English 'Too Short!', 'Too Long!', 'Required', 'Invalid email').
 */
export type Rule = (v: string) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const required: Rule = (v) => (v.trim() ? null : "validation.required");
export const length =
  (min: number, max: number, requiredToo = true): Rule =>
  (v) => {
    const s = v.trim();
    if (!s) return requiredToo ? "validation.required" : null;
    if (s.length < min) return "validation.tooShort";
    if (s.length > max) return "validation.tooLong";
    return null;
  };
export const email: Rule = (v) => (!v.trim() ? "validation.required" : EMAIL.test(v.trim()) ? null : "validation.invalidEmail");

/** Runs the rules of each field; the answer maps a field to its message key. */
export function validate<T extends Record<string, string>>(values: T, rules: Partial<Record<keyof T, Rule>>): Partial<Record<keyof T, string>> {
  const out: Partial<Record<keyof T, string>> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const msg = rules[key]!(values[key] ?? "");
    if (msg) out[key] = msg;
  }
  return out;
}

/**
 * A form's field errors (message keys). Once a field shows an error, each change of its value runs its rule again, so
 * the message goes as soon as the value is valid and follows it while it is not; an error without a rule here (the
 * server's) goes with the first change.
 */
export function useFieldErrors<K extends string>(rules: Partial<Record<K, Rule>> = {}) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const current = useRef(rules);
  current.current = rules;
  const recheck = useCallback(
    (field: K, value: string) =>
      setErrors((shown) => {
        if (!shown[field]) return shown;
        const next = { ...shown };
        const message = current.current[field]?.(value) ?? null;
        if (message) next[field] = message;
        else delete next[field];
        return next;
      }),
    [],
  );
  return { errors, setErrors, recheck };
}

/** Server field messages ('Too Short!'…) mapped back to our keys so they are shown translated. */
const SERVER_MESSAGES: Record<string, string> = {
  "Too Short!": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  Required: "validation.required",
  "Invalid email": "validation.invalidEmail",
};
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, SERVER_MESSAGES[v] ?? v]));
}
