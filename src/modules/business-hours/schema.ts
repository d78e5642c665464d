import { z } from "zod";
import { row } from "../../http/schemas";

/**
 * A week of business hours, as queues, connections and companies store it: one entry per weekday, each with two
 * shifts (A and B) of HH:mm times. The Portuguese `weekday` label is ours to set from `weekdayEn`.
 */
export const WEEKDAYS = [
  { weekdayEn: "monday", weekday: "Segunda-feira" },
  { weekdayEn: "tuesday", weekday: "Terça-feira" },
  { weekdayEn: "wednesday", weekday: "Quarta-feira" },
  { weekdayEn: "thursday", weekday: "Quinta-feira" },
  { weekdayEn: "friday", weekday: "Sexta-feira" },
  { weekdayEn: "saturday", weekday: "Sábado" },
  { weekdayEn: "sunday", weekday: "Domingo" },
] as const;

type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];
const WEEKDAY_EN = WEEKDAYS.map((d) => d.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];

/** HH:mm, or empty for a shift not used that day. */
const time = z.string({ error: "Invalid time" }).regex(/^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9])?$/, "Invalid time");

/** A shift has both ends or neither. */
const scheduleEntry = z
  .object({
    weekdayEn: z.enum(WEEKDAY_EN, { error: "Invalid weekday" }),
    startTimeA: time,
    endTimeA: time,
    startTimeB: time,
    endTimeB: time,
  })
  .refine((e) => !e.startTimeA === !e.endTimeA, { message: "Required", path: ["endTimeA"] })
  .refine((e) => !e.startTimeB === !e.endTimeB, { message: "Required", path: ["endTimeB"] });

export type ScheduleEntry = { weekday: string } & z.infer<typeof scheduleEntry>;

/**
 * One entry per weekday, in any order; whatever `weekday` label a client sends is ignored. The result is ordered
 * Monday to Sunday with our labels.
 */
export const weekSchedules = z
  .array(scheduleEntry, { error: "Invalid schedules" })
  .refine((list) => list.length === 7 && new Set(list.map((e) => e.weekdayEn)).size === 7, "One entry for each day of the week")
  .transform((list): ScheduleEntry[] => WEEKDAYS.map(({ weekdayEn, weekday }) => ({ weekday, ...list.find((e) => e.weekdayEn === weekdayEn)! })));

/** The week a row has before anyone sets it: 08:00-12:00 and 13:00-18:00 every day. */
export const DEFAULT_SCHEDULES: ScheduleEntry[] = WEEKDAYS.map(({ weekday, weekdayEn }) => ({
  weekday,
  weekdayEn,
  startTimeA: "08:00",
  endTimeA: "12:00",
  startTimeB: "13:00",
  endTimeB: "18:00",
}));

/** A stored `schedules` column: "[]" (never set) or anything but a full week reads as the default week. */
export function storedSchedules(column: string): ScheduleEntry[] {
  try {
    const list = JSON.parse(column) as ScheduleEntry[];
    if (Array.isArray(list) && list.length === WEEKDAYS.length) return list;
  } catch {
    // not JSON: the default week
  }
  return DEFAULT_SCHEDULES;
}

/** A week as the API answers it. */
export const scheduleAnswer = row({
  weekday: z.string(),
  weekdayEn: z.string(),
  startTimeA: z.string(),
  endTimeA: z.string(),
  startTimeB: z.string(),
  endTimeB: z.string(),
}).meta({ id: "ScheduleEntry" });
