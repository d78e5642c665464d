import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { pageOf, row } from "../../http/schemas";
import { boolish } from "../tickets/schema";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id");

/** At least 3 characters; the tags page says 'Mensaje muy corta', the contact drawer 'Tag muito curta!'. */
const tagName = (tooShort: string) => z.string({ error: "Required" }).trim().min(1, "Required").min(3, tooShort).max(100, "Too Long!");

/** 0 for contact tags, 1 for kanban lanes (the web app sends either a number or a boolean). */
const kanban = z.union([z.literal(0), z.literal(1), z.boolean()], { error: "Invalid value" }).transform((v) => (v === true || v === 1 ? 1 : 0));

const fields = {
  name: tagName("Mensaje muy corta"),
  color: z
    .string({ error: "Required" })
    .trim()
    .min(3, "Too Short!")
    .max(9, "Too Long!")
    .regex(/^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]+)$/, "Invalid colour"),
  kanban,
  /** Kanban lanes: minutes an open ticket whose agent spoke last may stay idle before moving to nextLaneId (0: never). */
  timeLane: z.number({ error: "Invalid number" }).int("Invalid number").min(0, "Invalid number").max(100_000, "Invalid number"),
  nextLaneId: id.nullable(),
  rollbackLaneId: id.nullable(),
  greetingMessageLane: z.string({ error: "Invalid value" }).max(10_000, "Too Long!").nullable(),
  /** Kanban lanes: the lane's place on the board and in the lane pickers (lowest first, none last); contact tags have none. */
  laneOrder: z.number({ error: "Invalid number" }).int("Invalid number").min(0, "Invalid number").max(1_000_000, "Invalid number").nullable(),
};

export const updateTagBody = z.object(fields).partial();
export const createTagBody = updateTagBody.extend({ name: fields.name });
export type TagInput = z.infer<typeof updateTagBody>;

export const listTagsQuery = z.object({
  searchParam: z.string({ error: "Invalid value" }).trim().max(100, "Too Long!").default(""),
  pageNumber: pageNumberSchema,
  kanban: boolish.optional(),
  tagId: id.optional(),
});
export type ListTagsQuery = z.infer<typeof listTagsQuery>;

export const pickerQuery = z.object({ kanban: boolish.optional() });

/** POST /api/tags/sync: the contact's tags become exactly these; unknown names are created. */
export const syncBody = z.object({
  contactId: id,
  tags: z
    .array(
      z
        .object({ id: id.optional(), name: tagName("Tag muito curta!").optional() })
        .refine((t) => t.id !== undefined || t.name !== undefined, "Expected an id or a name"),
      { error: "Invalid value" },
    )
    .max(100, "Too many tags"),
});
export type SyncInput = z.infer<typeof syncBody>;

/** A tag as pickers, contacts and tickets carry it. */
export const tagRef = row({ id: z.number(), name: z.string(), color: z.string(), kanban: z.number() }).meta({ id: "TagRef" });
export const tagAnswer = row({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  kanban: z.number(),
  timeLane: z.number(),
  nextLaneId: z.number().nullable(),
  rollbackLaneId: z.number().nullable(),
  greetingMessageLane: z.string().nullable(),
  laneOrder: z.number().nullable(),
  userId: z.number().nullable(),
  contactsCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Tag" });
export const tagsPageAnswer = pageOf("tags", tagAnswer);
