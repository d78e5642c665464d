import { z } from "zod";
import { pageNumberSchema } from "../../http/paging";
import { pageOf, row } from "../../http/schemas";
import { tagRef } from "../tags/schema";
import { boolish, listOf } from "../tickets/schema";

const id = z.coerce.number({ error: "Invalid id" }).int("Invalid id").positive("Invalid id").max(Number.MAX_SAFE_INTEGER, "Invalid id");

/** The channels a contact can belong to (ARCHITECTURE.md, Channel ids). */
export const CONTACT_CHANNELS = ["whatsapp", "whatsappapi", "facebook", "instagram", "webchat"] as const;

/** Spaces, dashes, dots, brackets and a leading + are formatting, not part of the number. */
export const normalizeNumber = (raw: string) => raw.replace(/[\s().-]/g, "").replace(/^\+/, "");

/** 8 to 50 characters; digits only once formatting is removed (stored without mask or special characters). */
export const contactNumber = z
  .string({ error: "Required" })
  .transform(normalizeNumber)
  .pipe(
    z
      .string()
      .min(1, "Required")
      .min(8, "Too Short!")
      .max(50, "Too Long!")
      .regex(/^[0-9]+$/, "Invalid number"),
  );

const name = z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");
const email = z.union([z.literal(""), z.email("Invalid email").max(254, "Too Long!")], { error: "Invalid email" });

const extraInfo = z
  .array(
    z.object({
      name: z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!"),
      value: z.string({ error: "Invalid value" }).max(1000, "Too Long!").default(""),
    }),
    { error: "Invalid value" },
  )
  .max(50, "Too many fields");

const fields = {
  email: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), email),
  channel: z.enum(CONTACT_CHANNELS, { error: "Invalid channel" }),
  /** The connection the contact is reached through; resolved within the company. */
  whatsappId: id.nullable(),
  /** The wallet owner, a user of the company; set by admins only (ignored from anyone else). */
  walletUserId: id.nullable(),
  disableBot: z.boolean({ error: "Invalid value" }),
  acceptAudioMessage: z.boolean({ error: "Invalid value" }),
  extraInfo,
};

export const createContactBody = z.object(fields).partial().extend({ name, number: contactNumber });
/** The number is checked by the service only when it changes (contacts from a channel may hold none or another kind of id). */
export const updateContactBody = z.object({ ...fields, name, number: z.string({ error: "Invalid value" }).max(200, "Too Long!") }).partial();
export type CreateContactInput = z.infer<typeof createContactBody>;
export type UpdateContactInput = z.infer<typeof updateContactBody>;

export const listContactsQuery = z.object({
  searchParam: z.string({ error: "Invalid value" }).trim().max(100, "Too Long!").default(""),
  pageNumber: pageNumberSchema,
  channel: z.enum(CONTACT_CHANNELS, { error: "Invalid channel" }).optional(),
  isGroup: boolish.optional(),
  /** Contacts carrying every one of these tags. */
  contactTag: listOf(id).optional(),
});
export type ListContactsQuery = z.infer<typeof listContactsQuery>;

export const pickerQuery = z.object({ searchParam: z.string({ error: "Invalid value" }).trim().max(100, "Too Long!").default("") });

export const blockBody = z.object({ active: z.boolean({ error: "Required" }) });

export const contactAnswer = row({
  id: z.number(),
  name: z.string(),
  number: z.string().meta({ description: "Masked for plain users when the company's LGPD setting hides numbers" }),
  email: z.string().nullable(),
  channel: z.string(),
  isGroup: z.boolean(),
  active: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  urlPicture: z.string().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: row({ id: z.number(), name: z.string(), channel: z.string().nullable() }).nullable(),
  walletUserId: z.number().nullable().meta({ description: "The wallet owner: the user of the company who answers for this contact" }),
  tags: z.array(tagRef),
  extraInfo: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })).optional(),
  companyId: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Contact" });
export const contactsPageAnswer = pageOf("contacts", contactAnswer);
