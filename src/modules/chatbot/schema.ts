import { z } from "zod";
import { row } from "../../http/schemas";

export const CHATBOT_TYPES = ["text", "attendent", "queue", "integration", "file"] as const;

/** Field messages the web app translates. */
export const MSG = {
  required: "Required",
  notFound: "Not found",
  parentNeedsMessage: "The parent option needs a message",
  messageHoldsChildren: "Required while the option has sub-options",
} as const;

/** "Required" when the field is missing, "Invalid id" for anything but a positive integer. */
const bodyId = z
  .number({ error: (issue) => (issue.input === undefined ? MSG.required : "Invalid id") })
  .int("Invalid id")
  .positive("Invalid id")
  .max(Number.MAX_SAFE_INTEGER, "Invalid id");

/** The same as a query parameter (text). */
const queryId = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.required : "Invalid id") })
  .regex(/^[1-9][0-9]{0,15}$/, "Invalid id")
  .transform(Number)
  .refine(Number.isSafeInteger, "Invalid id");

/** The message that shows the next level's menu; blank is none. */
const greetingMessage = z
  .string({ error: "Invalid value" })
  .max(4000, "Too Long!")
  .nullable()
  .transform((v) => (v?.trim() ? v : null));

const fields = {
  name: z.string({ error: MSG.required }).trim().min(1, MSG.required).min(4, "Too Short!").max(50, "Too Long!"),
  greetingMessage,
  queueType: z.enum(CHATBOT_TYPES, { error: (issue) => (issue.input === undefined ? MSG.required : "Invalid value") }),
  optQueueId: bodyId.nullable(),
  optUserId: bodyId.nullable(),
  optIntegrationId: bodyId.nullable(),
  optFileId: bodyId.nullable(),
  closeTicket: z.boolean({ error: "Invalid value" }),
  order: z.number({ error: "Invalid number" }).int("Invalid number").min(0, "Invalid number").max(1_000_000, "Invalid number"),
};

/** An edit: the option's own fields; its queue and parent stay as they are (other keys are ignored). */
export const updateChatbotBody = z.object(fields).partial();
export const createChatbotBody = updateChatbotBody.extend({
  queueId: bodyId,
  parentId: bodyId.nullable().optional(),
  name: fields.name,
  queueType: fields.queueType,
});
export const listChatbotsQuery = z.object({ queueId: queryId });

export type CreateChatbotInput = z.infer<typeof createChatbotBody>;
export type UpdateChatbotInput = z.infer<typeof updateChatbotBody>;

const optionShape = {
  id: z.number(),
  companyId: z.number(),
  queueId: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  greetingMessage: z.string().nullable(),
  queueType: z.enum(CHATBOT_TYPES),
  optQueueId: z.number().nullable(),
  optUserId: z.number().nullable(),
  optIntegrationId: z.number().nullable(),
  optFileId: z.number().nullable(),
  closeTicket: z.boolean(),
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export type ChatbotOption = { [K in keyof typeof optionShape]: z.infer<(typeof optionShape)[K]> } & { options: ChatbotOption[] };

/** An option with its sub-options, each sorted by order then id, to any depth. */
export const chatbotAnswer: z.ZodType<ChatbotOption> = row({
  ...optionShape,
  get options() {
    return z.array(chatbotAnswer);
  },
}).meta({ id: "ChatbotOption" });
