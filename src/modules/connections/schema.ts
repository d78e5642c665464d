import { z } from "zod";
import { row } from "../../http/schemas";
import { weekSchedules } from "../business-hours/schema";

/**
 * Field messages of the connection form. They are keys the web app translates: the spec's own (errorRatingMessage,
 * errorExpiresNPS, errorSendQueue, ERR_WAPP_GREETING_REQUIRED), the generic ones every form uses ("Required",
 * "Too Short!", …) and ours for the rules whose message the spec does not name (errorImport…, errorCollectiveVacation…).
 */
export const MSG = {
  required: "Required",
  tooShort: "Too Short!",
  tooLong: "Too Long!",
  invalid: "Invalid value",
  invalidNumber: "Invalid number",
  invalidId: "Invalid id",
  invalidDate: "Invalid date",
  notFound: "Not found",
  ratingMessage: "errorRatingMessage",
  expiresNPS: "errorExpiresNPS",
  sendQueue: "errorSendQueue",
  greetingRequired: "ERR_WAPP_GREETING_REQUIRED",
  importOld: "errorImportOldMessages",
  importRecent: "errorImportRecentMessages",
  vacationStart: "errorCollectiveVacationStart",
  vacationEnd: "errorCollectiveVacationEnd",
} as const;

/** A token is 30 alphanumerics; the import window reaches 2 years back; a vacation may start at most 10 days ago. */
export const TOKEN_LENGTH = 30;
export const IMPORT_WINDOW_YEARS = 2;
export const VACATION_PAST_DAYS = 10;

const INT_MAX = 10_000_000;

/** Form inputs send numbers, numeric strings, or "" / null for an empty field (which means 0). */
const int = z.preprocess(
  (v) => (v === "" || v === null ? 0 : typeof v === "string" && /^\s*-?[0-9]{1,9}\s*$/.test(v) ? Number(v) : v),
  z.number({ error: MSG.invalidNumber }).int(MSG.invalidNumber).min(0, MSG.invalidNumber).max(INT_MAX, MSG.invalidNumber),
);

/** An optional reference: a positive id, or null / "" / 0 for none. Resolved within the company by the service. */
const ref = z.preprocess(
  (v) => (v === "" || v === 0 || v === "0" || v === undefined ? null : typeof v === "string" && /^[0-9]{1,15}$/.test(v) ? Number(v) : v),
  z.number({ error: MSG.invalidId }).int(MSG.invalidId).positive(MSG.invalidId).max(Number.MAX_SAFE_INTEGER, MSG.invalidId).nullable(),
);

/** Prompts, integrations and flows have no tables yet, so no id can name a row of the company: null only. */
const notYetLinkable = z.preprocess((v) => (v === "" || v === 0 || v === "0" ? null : v), z.null({ error: MSG.notFound }));

const text = z.string({ error: MSG.invalid }).max(10_000, MSG.tooLong).nullable();

/** ISO-8601 date-time with an offset (or Z); stored as UTC. "" clears. */
const dateTime = z.preprocess(
  (v) => (v === "" ? null : v),
  z.iso
    .datetime({ offset: true, error: MSG.invalidDate })
    .transform((s) => new Date(s).toISOString())
    .nullable(),
);

/** A day (YYYY-MM-DD) or an ISO date-time; kept as given. "" clears. */
const day = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: MSG.invalidDate })
    .refine((s) => !Number.isNaN(Date.parse(s)), MSG.invalidDate)
    .nullable(),
);

const name = z.string({ error: MSG.required }).trim().min(1, MSG.required).min(2, MSG.tooShort).max(50, MSG.tooLong);

const fields = {
  name,
  isDefault: z.boolean({ error: MSG.invalid }),
  greetingMessage: text,
  complationMessage: text,
  outOfHoursMessage: text,
  ratingMessage: text,
  provider: z.string({ error: MSG.invalid }).trim().min(1, MSG.required).max(30, MSG.tooLong),
  expiresTicket: int,
  whenExpiresTicket: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.enum(["0", "1"], { error: MSG.invalid })),
  allowGroup: z.boolean({ error: MSG.invalid }),
  groupAsTicket: z.enum(["enabled", "disabled"], { error: MSG.invalid }),
  enableImportMessage: z.boolean({ error: MSG.invalid }),
  timeUseBotQueues: int,
  maxUseBotQueues: int,
  timeSendQueue: int,
  sendIdQueue: ref,
  expiresTicketNPS: int,
  maxUseBotQueuesNPS: int,
  expiresInactiveMessage: text,
  timeInactiveMessage: int,
  inactiveMessage: text,
  timeCreateNewTicket: int,
  importOldMessages: dateTime,
  importRecentMessages: dateTime,
  importOldMessagesGroups: z.boolean({ error: MSG.invalid }),
  closedTicketsPostImported: z.boolean({ error: MSG.invalid }),
  queueIdImportMessages: ref,
  integrationId: notYetLinkable,
  promptId: notYetLinkable,
  flowIdWelcome: notYetLinkable,
  flowIdNotPhrase: notYetLinkable,
  collectiveVacationStart: day,
  collectiveVacationEnd: day,
  collectiveVacationMessage: text,
  schedules: weekSchedules,
  queueIds: z
    .array(z.number({ error: MSG.invalidId }).int(MSG.invalidId).positive(MSG.invalidId).max(Number.MAX_SAFE_INTEGER, MSG.invalidId), { error: MSG.invalid })
    .max(1000, MSG.tooLong)
    .transform((ids) => [...new Set(ids)]),
  /** The plugin's own settings; validated by its manifest's configSchema in the service. */
  config: z.record(z.string(), z.unknown(), { error: MSG.invalid }),
};

/**
 * PUT: every field optional; omitted fields keep their stored value. Not writable here (dropped silently, as every
 * unknown key): companyId, channel (fixed at creation), token (regenerateToken instead), status, qrcode, number,
 * widgetKey, statusImportMessages, greetingMediaAttachment (its own route).
 */
export const updateConnectionBody = z.object({ ...fields, regenerateToken: z.boolean({ error: MSG.invalid }) }).partial();
export const createConnectionBody = z
  .object(fields)
  .partial()
  .extend({
    name,
    channel: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(50, MSG.invalid),
  });

export type UpdateConnectionInput = z.infer<typeof updateConnectionBody>;
export type CreateConnectionInput = z.infer<typeof createConnectionBody>;

const flag = z
  .enum(["0", "1", "true", "false"], { error: MSG.invalid })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === "1" || v === "true"));
const companyIdParam = z.coerce
  .number({ error: MSG.invalidId })
  .int(MSG.invalidId)
  .positive(MSG.invalidId)
  .max(Number.MAX_SAFE_INTEGER, MSG.invalidId)
  .optional();

/** GET /whatsapp: session=0 leaves the session data (qrcode) out; companyId only counts for the super user. */
export const listQuery = z.object({ companyId: companyIdParam, session: flag });
/** GET /whatsapp/filter: the picker; channel narrows it to one plugin. */
export const filterQuery = z.object({ session: flag, channel: z.string().trim().max(50, MSG.invalid).optional() });
/** GET /whatsapp/all (super user): every company's connections, or with summary=1 the per-company counts. */
export const allQuery = z.object({ companyId: companyIdParam, session: flag, summary: flag });
export const mediaUploadBody = z.object({ file: z.instanceof(File, { error: MSG.required }) });
/** POST /whatsappsession/:id/pairing: the account's phone number in international form, 10 to 15 digits (punctuation ignored). */
export const pairingBody = z.object({
  number: z
    .string({ error: MSG.required })
    .max(32, MSG.invalidNumber)
    .transform((s) => s.replace(/[\s()+.-]/g, ""))
    .refine((s) => /^[0-9]{10,15}$/.test(s), MSG.invalidNumber),
});

/** A connection as its managers (token and secret plugin fields included) or its viewers (without them) see it. */
export const connectionAnswer = row({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  channel: z.string(),
  number: z.string().nullable(),
  status: z.string(),
  qrcode: z.string().nullable().optional().meta({ description: "Left out with session=0" }),
  lastError: z.string().nullable(),
  isDefault: z.boolean(),
  token: z.string().nullable().optional().meta({ description: "Managers only: the integrators' API token" }),
  widgetKey: z.string().nullable(),
  queueIds: z.array(z.number()),
  queues: z.array(row({ id: z.number(), name: z.string() })),
  config: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Connection" });
/** What every agent's pickers get of a connection. */
export const connectionPickerAnswer = z.object({ id: z.number(), name: z.string(), channel: z.string(), status: z.string(), isDefault: z.boolean() });
/** Managers and viewers get the connection; a user who may not view connections gets the picker's fields. */
export const seenConnection = z.union([connectionAnswer, connectionPickerAnswer]);
