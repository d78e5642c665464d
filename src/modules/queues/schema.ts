import { z } from "zod";
import { pathId, row } from "../../http/schemas";
import { scheduleAnswer, weekSchedules } from "../business-hours/schema";

export const ROUND_ROBIN_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60] as const;

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
  schedules: weekSchedules,
  integrationId: notYetLinkable,
  fileListId: notYetLinkable,
  promptId: notYetLinkable,
  closeTicket: z.boolean({ error: "Invalid value" }),
  ativarRoteador: z.boolean({ error: "Invalid value" }),
  tempoRoteador: z.literal(ROUND_ROBIN_MINUTES, { error: "Invalid value" }),
};

export const updateQueueBody = z.object(fields).partial();
export const createQueueBody = updateQueueBody.extend({ name: fields.name, color: fields.color });

/** Where a deleted queue's tickets that are not closed go: another queue of the company. */
export const deleteQueueQuery = z.object({ targetQueueId: pathId.optional() });

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
  schedules: z.array(scheduleAnswer),
  closeTicket: z.boolean(),
  ativarRoteador: z.boolean(),
  tempoRoteador: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Queue" });
