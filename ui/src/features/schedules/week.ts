/**
 * A week of business hours as the server keeps it for a company, a queue or a connection: seven entries, Monday to
 * Sunday, each with two shifts (A and B) of HH:MM times; a shift left empty at both ends is closed that day.
 */

import type { ScheduleEntry } from "../../../../src/modules/business-hours/schema";

/** The server's shape of one day (type-only import: nothing of the server is bundled). */
export type { ScheduleEntry };

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const satisfies readonly ScheduleEntry["weekdayEn"][];

/** The times of a day, in the order the editor shows them: shift A start and end, then shift B. */
export const SHIFT_FIELDS = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"] as const satisfies readonly (keyof ScheduleEntry)[];
export type ShiftField = (typeof SHIFT_FIELDS)[number];

/** 08:00-12:00 and 13:00-18:00 every day: the week of a company, queue or connection until someone sets it. */
export const DEFAULT_WEEK: ScheduleEntry[] = WEEKDAYS.map((weekdayEn) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTimeA: "08:00",
  endTimeA: "12:00",
  startTimeB: "13:00",
  endTimeB: "18:00",
}));

/** ##:## as the person types: digits only, a colon after the hours. */
export function maskTime(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** The week with one time changed (masked), the other days and times as they were. */
export function setTime(week: ScheduleEntry[], day: number, field: ShiftField, raw: string): ScheduleEntry[] {
  return week.map((e, i) => (i === day ? { ...e, [field]: maskTime(raw) } : e));
}

/** Why a time is refused: not a time of day, or one end of a shift without the other. */
export type TimeError = "invalidTime" | "required";

/** The key of one time of the week, as the server names it under `schedules`: "2.endTimeB". */
export const timeKey = (day: number, field: ShiftField) => `${day}.${field}`;

const TIME = /^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9])?$/;

/**
 * The refusals the server would give, checked before saving: each time HH:MM or empty, each shift both ends or
 * neither (the missing end is the one marked).
 */
export function weekErrors(week: ScheduleEntry[]): Record<string, TimeError> {
  const out: Record<string, TimeError> = {};
  week.forEach((entry, day) => {
    for (const field of SHIFT_FIELDS) if (!TIME.test(entry[field])) out[timeKey(day, field)] = "invalidTime";
    for (const [start, end] of [
      ["startTimeA", "endTimeA"],
      ["startTimeB", "endTimeB"],
    ] as const) {
      const missing = !entry[start] && entry[end] ? start : entry[start] && !entry[end] ? end : null;
      if (missing) out[timeKey(day, missing)] = "required";
    }
  });
  return out;
}

/** The server's field refusals under `prefix` ("schedules.2.endTimeB": "Invalid time") as the editor's keys. */
export function serverTimeErrors(fields: Record<string, string>, prefix = "schedules"): Record<string, TimeError> {
  const out: Record<string, TimeError> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = new RegExp(`^${prefix}\\.([0-6])\\.(${SHIFT_FIELDS.join("|")})$`).exec(path);
    if (m) out[timeKey(Number(m[1]), m[2] as ShiftField)] = message === "Required" ? "required" : "invalidTime";
  }
  return out;
}

/** What the server takes: the weekday and the four times of each day (it sets the labels itself). */
export function weekBody(week: ScheduleEntry[]) {
  return week.map(({ weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB }) => ({ weekdayEn, startTimeA, endTimeA, startTimeB, endTimeB }));
}
