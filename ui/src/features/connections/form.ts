import { DEFAULT_WEEK, weekBody } from "../schedules/week";
import { fromLocalInput, toLocalInput } from "./format";
import type { Connection, ScheduleEntry } from "./types";

/** The connection form's values: every field of a connection, as inputs hold them (numbers as text). */
export interface ConnectionForm {
  name: string;
  isDefault: boolean;
  queueIds: string[];
  allowGroup: boolean;
  groupAsTicket: "enabled" | "disabled";
  enableImportMessage: boolean;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  collectiveVacationMessage: string;
  collectiveVacationStart: string;
  collectiveVacationEnd: string;
  timeUseBotQueues: string;
  maxUseBotQueues: string;
  timeSendQueue: string;
  sendIdQueue: string;
  expiresTicket: string;
  whenExpiresTicket: "0" | "1";
  expiresInactiveMessage: string;
  timeInactiveMessage: string;
  inactiveMessage: string;
  timeCreateNewTicket: string;
  ratingMessage: string;
  expiresTicketNPS: string;
  maxUseBotQueuesNPS: string;
  integrationId: string;
  promptId: string;
  flowIdWelcome: string;
  flowIdNotPhrase: string;
  schedules: ScheduleEntry[];
  /** The plugin's own settings (keys of its configSchema). */
  config: Record<string, unknown>;
}

export type FormField = keyof ConnectionForm;

/** A new connection's defaults (maxUseBotQueues 3, maxUseBotQueuesNPS 3, …). */
export const FORM_DEFAULTS: ConnectionForm = {
  name: "",
  isDefault: false,
  queueIds: [],
  allowGroup: false,
  groupAsTicket: "disabled",
  enableImportMessage: false,
  importOldMessages: "",
  importRecentMessages: "",
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  queueIdImportMessages: "",
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  collectiveVacationMessage: "",
  collectiveVacationStart: "",
  collectiveVacationEnd: "",
  timeUseBotQueues: "0",
  maxUseBotQueues: "3",
  timeSendQueue: "0",
  sendIdQueue: "",
  expiresTicket: "0",
  whenExpiresTicket: "0",
  expiresInactiveMessage: "",
  timeInactiveMessage: "0",
  inactiveMessage: "",
  timeCreateNewTicket: "0",
  ratingMessage: "",
  expiresTicketNPS: "0",
  maxUseBotQueuesNPS: "3",
  integrationId: "",
  promptId: "",
  flowIdWelcome: "",
  flowIdNotPhrase: "",
  schedules: DEFAULT_WEEK,
  config: {},
};

/** Connection fields a plugin may repeat in its own config (the core passes them through): the form shows them once. */
export const CONNECTION_FIELDS: ReadonlySet<string> = new Set(Object.keys(FORM_DEFAULTS));

const text = (v: string | null | undefined) => v ?? "";
const num = (v: number | null | undefined) => String(v ?? 0);
const id = (v: number | null | undefined) => (v ? String(v) : "");
const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : "");

export function formFromConnection(c: Connection): ConnectionForm {
  return {
    name: c.name,
    isDefault: c.isDefault,
    queueIds: c.queueIds.map(String),
    allowGroup: c.allowGroup,
    groupAsTicket: c.groupAsTicket === "enabled" ? "enabled" : "disabled",
    enableImportMessage: c.enableImportMessage,
    importOldMessages: toLocalInput(c.importOldMessages),
    importRecentMessages: toLocalInput(c.importRecentMessages),
    importOldMessagesGroups: c.importOldMessagesGroups,
    closedTicketsPostImported: c.closedTicketsPostImported,
    queueIdImportMessages: id(c.queueIdImportMessages),
    greetingMessage: text(c.greetingMessage),
    complationMessage: text(c.complationMessage),
    outOfHoursMessage: text(c.outOfHoursMessage),
    collectiveVacationMessage: text(c.collectiveVacationMessage),
    collectiveVacationStart: day(c.collectiveVacationStart),
    collectiveVacationEnd: day(c.collectiveVacationEnd),
    timeUseBotQueues: num(c.timeUseBotQueues),
    maxUseBotQueues: num(c.maxUseBotQueues),
    timeSendQueue: num(c.timeSendQueue),
    sendIdQueue: id(c.sendIdQueue),
    expiresTicket: num(c.expiresTicket),
    whenExpiresTicket: String(c.whenExpiresTicket) === "1" ? "1" : "0",
    expiresInactiveMessage: text(c.expiresInactiveMessage),
    timeInactiveMessage: num(c.timeInactiveMessage),
    inactiveMessage: text(c.inactiveMessage),
    timeCreateNewTicket: num(c.timeCreateNewTicket),
    ratingMessage: text(c.ratingMessage),
    expiresTicketNPS: num(c.expiresTicketNPS),
    maxUseBotQueuesNPS: num(c.maxUseBotQueuesNPS),
    integrationId: id(c.integrationId),
    promptId: id(c.promptId),
    flowIdWelcome: id(c.flowIdWelcome),
    flowIdNotPhrase: id(c.flowIdNotPhrase),
    schedules: c.schedules.length === 7 ? c.schedules : DEFAULT_WEEK,
    config: c.config,
  };
}

const orNull = (v: string) => (v.trim() === "" ? null : v);
const refOrNull = (v: string) => (v ? Number(v) : null);

/**
 * The request body (POST/PUT /api/whatsapp). Numbers go as typed ("" is 0 on the server); `pickers` are the linkable
 * ids whose capability this build has (the others are left out, so the server keeps what it has).
 */
export function bodyFromForm(
  f: ConnectionForm,
  opts: { config: Record<string, unknown>; pickers: readonly ("integrationId" | "promptId" | "flowIdWelcome" | "flowIdNotPhrase")[] },
) {
  const body: Record<string, unknown> = {
    name: f.name.trim(),
    isDefault: f.isDefault,
    queueIds: f.queueIds.map(Number),
    allowGroup: f.allowGroup,
    groupAsTicket: f.groupAsTicket,
    enableImportMessage: f.enableImportMessage,
    importOldMessages: fromLocalInput(f.importOldMessages),
    importRecentMessages: fromLocalInput(f.importRecentMessages),
    importOldMessagesGroups: f.importOldMessagesGroups,
    closedTicketsPostImported: f.closedTicketsPostImported,
    queueIdImportMessages: refOrNull(f.queueIdImportMessages),
    greetingMessage: orNull(f.greetingMessage),
    complationMessage: orNull(f.complationMessage),
    outOfHoursMessage: orNull(f.outOfHoursMessage),
    collectiveVacationMessage: orNull(f.collectiveVacationMessage),
    collectiveVacationStart: f.collectiveVacationStart || null,
    collectiveVacationEnd: f.collectiveVacationEnd || null,
    timeUseBotQueues: f.timeUseBotQueues,
    maxUseBotQueues: f.maxUseBotQueues,
    timeSendQueue: f.timeSendQueue,
    sendIdQueue: refOrNull(f.sendIdQueue),
    expiresTicket: f.expiresTicket,
    whenExpiresTicket: f.whenExpiresTicket,
    expiresInactiveMessage: orNull(f.expiresInactiveMessage),
    timeInactiveMessage: f.timeInactiveMessage,
    inactiveMessage: orNull(f.inactiveMessage),
    timeCreateNewTicket: f.timeCreateNewTicket,
    ratingMessage: orNull(f.ratingMessage),
    expiresTicketNPS: f.expiresTicketNPS,
    maxUseBotQueuesNPS: f.maxUseBotQueuesNPS,
    schedules: weekBody(f.schedules),
    config: opts.config,
  };
  for (const key of opts.pickers) body[key] = refOrNull(f[key]);
  return body;
}

/** The form's tabs, in order; the schedules tab exists only when the company's scheduleType is "connection". */
export const TABS = ["general", "integrations", "messages", "chatbot", "assessments", "schedules"] as const;
export type Tab = (typeof TABS)[number];

const TAB_OF: Partial<Record<string, Tab>> = {
  integrationId: "integrations",
  promptId: "integrations",
  flowIdWelcome: "integrations",
  flowIdNotPhrase: "integrations",
  greetingMessage: "messages",
  complationMessage: "messages",
  outOfHoursMessage: "messages",
  collectiveVacationMessage: "messages",
  collectiveVacationStart: "messages",
  collectiveVacationEnd: "messages",
  greetingMedia: "messages",
  timeUseBotQueues: "chatbot",
  maxUseBotQueues: "chatbot",
  timeSendQueue: "chatbot",
  sendIdQueue: "chatbot",
  expiresTicket: "chatbot",
  whenExpiresTicket: "chatbot",
  expiresInactiveMessage: "chatbot",
  timeInactiveMessage: "chatbot",
  inactiveMessage: "chatbot",
  timeCreateNewTicket: "chatbot",
  ratingMessage: "assessments",
  expiresTicketNPS: "assessments",
  maxUseBotQueuesNPS: "assessments",
  schedules: "schedules",
};

/** The tab a server field key belongs to: "schedules.2.endTimeA" -> schedules, "config.pageId" -> general. */
export function tabOf(field: string): Tab {
  return TAB_OF[field.split(".")[0]!] ?? "general";
}

/** The first tab (in tab order) holding one of the errors. */
export function firstTabWithError(errors: Record<string, string>): Tab | undefined {
  const tabs = new Set(Object.keys(errors).map(tabOf));
  return TABS.find((t) => tabs.has(t));
}

/**
 * Server field messages (src/modules/connections/schema.ts MSG) to translation keys; a message we do not know (a
 * plugin's own rule) is shown as the server wrote it.
 */
const MESSAGE_KEYS: Record<string, string> = {
  Required: "validation.required",
  "Too Short!": "validation.tooShort",
  "Too Long!": "validation.tooLong",
  "Invalid value": "connections.errors.invalidValue",
  "Invalid number": "connections.errors.invalidNumber",
  "Invalid id": "connections.errors.invalidValue",
  "Invalid date": "connections.errors.invalidDate",
  "Invalid time": "connections.errors.invalidTime",
  "Not found": "connections.errors.notFound",
  "Invalid origin": "connections.errors.invalidOrigin",
  errorRatingMessage: "connections.errors.errorRatingMessage",
  errorExpiresNPS: "connections.errors.errorExpiresNPS",
  errorSendQueue: "connections.errors.errorSendQueue",
  ERR_WAPP_GREETING_REQUIRED: "errors.ERR_WAPP_GREETING_REQUIRED",
  errorImportOldMessages: "connections.errors.errorImportOldMessages",
  errorImportRecentMessages: "connections.errors.errorImportRecentMessages",
  errorCollectiveVacationStart: "connections.errors.errorCollectiveVacationStart",
  errorCollectiveVacationEnd: "connections.errors.errorCollectiveVacationEnd",
};

export const messageKey = (message: string) => MESSAGE_KEYS[message] ?? message;
