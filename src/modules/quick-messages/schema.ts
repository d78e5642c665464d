import { z } from "zod";
import { pageOf, row } from "../../http/schemas";
import { pageNumberSchema } from "../../http/paging";

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)], { error: "Invalid value" }).transform((v) => v === true || v === 1);

const fields = {
  shortcode: z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!"),
  message: z.string({ error: "Invalid value" }).max(10_000, "Too Long!"),
  /** Company-wide: every user of the company may use it. Otherwise only its owner sees it. */
  geral: flag,
  /** The form's visibility switch, stored as given. */
  visao: flag,
  /** Active: offered in the message input. */
  status: flag,
};

/** mediaPath and isMedia of the spec's body are not read: media comes only through the upload route. */
export const updateQuickMessageBody = z.object(fields).partial();
export const createQuickMessageBody = updateQuickMessageBody.extend({ shortcode: fields.shortcode });
export type QuickMessageInput = z.infer<typeof updateQuickMessageBody>;

export const listQuickMessagesQuery = z.object({
  searchParam: z.string({ error: "Invalid value" }).trim().max(100, "Too Long!").default(""),
  pageNumber: pageNumberSchema,
});

export const mediaUploadBody = z.object({ file: z.instanceof(File, { error: "Required" }) });

export const quickMessageAnswer = row({
  id: z.number(),
  shortcode: z.string(),
  message: z.string().nullable(),
  geral: z.boolean(),
  visao: z.boolean(),
  status: z.boolean(),
  userId: z.number().nullable(),
  isMedia: z.boolean(),
  mediaPath: z.string().nullable().meta({ description: "A signed media link, valid for one hour" }),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "QuickMessage" });
export const quickMessagesPageAnswer = pageOf("records", quickMessageAnswer);
