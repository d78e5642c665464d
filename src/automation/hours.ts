/**
 * Business hours: is a week of shifts open at an instant, read on the company's wall clock (never the server's).
 * Each weekday has two shifts (A and B) of HH:mm; an empty shift is no shift, a day with both empty is closed. A shift
 * whose end is not after its start crosses midnight: it runs into the next day until its end (22:00-02:00 on Friday
 * covers Friday 22:00 to Saturday 02:00).
 */
import type { ScheduleEntry } from "../modules/business-hours/schema";
import { wallClock } from "../time-zone";

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type Shift = { start: number; end: number };

function shiftsOf(entry: ScheduleEntry | undefined): Shift[] {
  if (!entry) return [];
  const out: Shift[] = [];
  for (const [s, e] of [
    [entry.startTimeA, entry.endTimeA],
    [entry.startTimeB, entry.endTimeB],
  ] as const) {
    if (s && e) out.push({ start: minutes(s), end: minutes(e) });
  }
  return out;
}

export function isOpenAt(week: readonly ScheduleEntry[], timeZone: string, at: Date): boolean {
  const wall = wallClock(at, timeZone);
  // The weekday of the wall-clock date, whatever the server's zone: the date read as UTC midnight.
  const day = new Date(Date.UTC(Number(wall.year), Number(wall.month) - 1, Number(wall.day))).getUTCDay();
  const now = Number(wall.hour) * 60 + Number(wall.minute);
  const entry = (d: number) => week.find((e) => e.weekdayEn === DAYS[(d + 7) % 7]);
  for (const s of shiftsOf(entry(day))) {
    if (s.start < s.end ? now >= s.start && now < s.end : now >= s.start) return true;
  }
  // Yesterday's shifts that cross midnight reach into today.
  for (const s of shiftsOf(entry(day - 1))) {
    if (s.start >= s.end && now < s.end) return true;
  }
  return false;
}

/** The company's wall-clock date (yyyy-MM-dd) at an instant: collective vacations are whole days. */
export function wallDate(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${w.month}-${w.day}`;
}
