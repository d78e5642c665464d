import { z } from "zod";
import { row } from "../../http/schemas";

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

export const ROUND_ROBIN_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

/** HH:mm, or empty for a period the queue does not use that day. */
const time = z.string({ error: "Invalid time" }).regex(/^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9])?$/, "Invalid time");

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
 * One entry per weekday, in any order; the Portuguese `weekday` label is ours to set (from weekdayEn),
 * so whatever label a client sends is ignored. The answer is ordered Monday to Sunday.
 */
const schedules = z
  .array(scheduleEntry, { error: "Invalid schedules" })
  .refine((list) => list.length === 7 && new Set(list.map((e) => e.weekdayEn)).size === 7, "One entry for each day of the week")
  .transform((list): ScheduleEntry[] => WEEKDAYS.map(({ weekdayEn, weekday }) => ({ weekday, ...list.find((e) => e.weekdayEn === weekdayEn)! })));

export const DEFAULT_SCHEDULES: ScheduleEntry[] = WEEKDAYS.map(({ weekday, weekdayEn }) => ({
  weekday,
  weekdayEn,
  startTimeA: "08:00",
  endTimeA: "12:00",
  startTimeB: "13:00",
  endTimeB: "18:00",
}));

const message = z.string({ error: "Invalid value" }).max(10_000, "Too Long!").nullable();
/** Integrations, file lists and prompts have no tables yet, so no id can name a row of the company. */
const notYetLinkable = z.null({ error: "Not found" });

const fields = {
  name: z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!"),
  color: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .min(3, "Too Short!")
    .max(9, "Too Long!")
    .regex(/^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]+)$/, "Invalid colour"),
  greetingMessage: message,
  outOfHoursMessage: message,
  orderQueue: z.number({ error: "Invalid number" }).int("Invalid number").min(0, "Invalid number").max(1_000_000, "Invalid number").nullable(),
  schedules,
  integrationId: notYetLinkable,
  fileListId: notYetLinkable,
  promptId: notYetLinkable,
  closeTicket: z.boolean({ error: "Invalid value" }),
  ativarRoteador: z.boolean({ error: "Invalid value" }),
  tempoRoteador: z.literal(ROUND_ROBIN_MINUTES, { error: "Invalid value" }),
};

export const updateQueueBody = z.object(fields).partial();
export const createQueueBody = updateQueueBody.extend({ name: fields.name, color: fields.color });

export type CreateQueueInput = z.infer<typeof createQueueBody>;
export type UpdateQueueInput = z.infer<typeof updateQueueBody>;

export const queueAnswer = row({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  outOfHoursMessage: z.string().nullable(),
  orderQueue: z.number().nullable(),
  schedules: z.array(
    row({ weekday: z.string(), weekdayEn: z.string(), startTimeA: z.string(), endTimeA: z.string(), startTimeB: z.string(), endTimeB: z.string() }),
  ),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Queue" });
