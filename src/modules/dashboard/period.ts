import { validationError } from "../../http/errors";
import { wallClock } from "../../time-zone";
import { dayRange } from "../tickets/day-range";
import type { Period } from "./queries";

/** The longest period a dashboard shows: two years of days keep the charts' series small. */
export const MAX_PERIOD_DAYS = 731;
const DAY_MS = 86_400_000;

/** The company's days dateFrom..dateTo (yyyy-MM-dd, both included) as UTC instants [from, to). */
export function periodOf(dateFrom: string, dateTo: string, timeZone: string): Period {
  if (dateFrom > dateTo) throw validationError({ dateTo: "The period ends before it starts" });
  const days = (Date.parse(`${dateTo}T00:00:00Z`) - Date.parse(`${dateFrom}T00:00:00Z`)) / DAY_MS + 1;
  if (days > MAX_PERIOD_DAYS) throw validationError({ dateTo: `A period spans at most ${MAX_PERIOD_DAYS} days` });
  return { from: dayRange(dateFrom, timeZone).from, to: dayRange(dateTo, timeZone).to };
}

/** Company day (yyyy-MM-dd) and hour (HH) of a UTC hour key yyyy-MM-ddTHH. */
const slots = new Map<string, { day: string; hour: string }>();

export function slotOf(utcHour: string, timeZone: string) {
  const key = `${timeZone}|${utcHour}`;
  let slot = slots.get(key);
  if (!slot) {
    const c = wallClock(new Date(`${utcHour}:00:00Z`), timeZone);
    slot = { day: `${c.year}-${c.month}-${c.day}`, hour: c.hour };
    // Past hours never change their day: a bounded cache spares the time-zone arithmetic on every load.
    if (slots.size >= 50_000) slots.delete(slots.keys().next().value!);
    slots.set(key, slot);
  }
  return slot;
}

/** The company's day (yyyy-MM-dd) at an instant. */
export function dayAt(at: Date, timeZone: string): string {
  const c = wallClock(at, timeZone);
  return `${c.year}-${c.month}-${c.day}`;
}

/** The calendar day `n` days after `day` (yyyy-MM-dd). */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The earlier and the later of two days (yyyy-MM-dd sort as text). */
export const earlierDay = (a: string, b: string) => [a, b].sort()[0]!;
export const laterDay = (a: string, b: string) => [a, b].sort()[1]!;

/**
 * Folds counts per UTC hour into the company's days (or, for a one-day period, its hours), every day or hour of the
 * period present, in order.
 */
export function seriesOf(rows: readonly { hour: string; total: number }[], dateFrom: string, dateTo: string, timeZone: string) {
  const oneDay = dateFrom === dateTo;
  const out = new Map<string, number>();
  if (oneDay) for (let h = 0; h < 24; h++) out.set(String(h).padStart(2, "0"), 0);
  else
    for (let t = Date.parse(`${dateFrom}T00:00:00Z`); t <= Date.parse(`${dateTo}T00:00:00Z`); t += DAY_MS) out.set(new Date(t).toISOString().slice(0, 10), 0);
  for (const r of rows) {
    const slot = slotOf(r.hour, timeZone);
    const key = oneDay ? slot.hour : slot.day;
    if (out.has(key)) out.set(key, (out.get(key) ?? 0) + r.total);
  }
  return { by: oneDay ? ("hour" as const) : ("day" as const), points: [...out].map(([at, total]) => ({ at, total })) };
}
