/**
 * What the router walk (router-walk.test.ts) sends to every route besides tokens and ids: hostile strings, wrong JSON
 * types, hostile upload names and malformed webhook bodies, and how it learns which fields a route reads.
 */

import { DEFAULT_SCHEDULES } from "../../src/modules/business-hours/schema";

/** 1 MB of text. */
export const MEGABYTE = "x".repeat(1 << 20);

/** NUL and other control characters, a 1 MB string, and full-text search syntax, each on its own. */
export const HOSTILE_STRINGS = ["ma\u0000ria", "\u0000", "a\u0001\u0008\u001b[2J\u007f\u0085\u2028b", MEGABYTE, '"', '"a', "*", "NEAR(", "a OR", "-x"];

/** Values of the wrong JSON type for nearly any field. */
export const WRONG_TYPES: unknown[] = [123, -1, 1e308, true, null, [], ["x"], {}, { $gt: "" }];

/**
 * Query parameters the app's list routes read (and a few more): a route ignores the ones it does not read. Sent to
 * every GET route, each on its own, since a bad value in one parameter would hide what the route does with another.
 */
export const QUERY_NAMES = [
  "searchParam",
  "search",
  "pageNumber",
  "status",
  "showAll",
  "queueIds",
  "tags",
  "users",
  "whatsapps",
  "statusFilter",
  "withUnreadMessages",
  "date",
  "updatedAt",
  "dateStart",
  "dateEnd",
  "dateFrom",
  "dateTo",
  "initialDate",
  "finalDate",
  "fromMe",
  "sortTickets",
  "searchOnMessages",
  "companyId",
  "session",
  "summary",
  "channel",
  "column",
  "isGroup",
  "contactTag",
  "kanban",
  "tagId",
  "ticketId",
  "contactId",
  "selectedQueues",
  "exp",
  "sig",
  "before",
  "number",
  "userId",
  "queueId",
  "targetQueueId",
  "tagIds",
  "format",
  "whatsappId",
  "hub.mode",
  "hub.verify_token",
  "hub.challenge",
];

/** Query parameters that name rows by id: another company's admin sends company A's ids in each. */
export const QUERY_IDS = [
  "queueIds",
  "queueId",
  "users",
  "userId",
  "tags",
  "tagId",
  "tagIds",
  "contactTag",
  "whatsapps",
  "whatsappId",
  "contactId",
  "ticketId",
  "selectedQueues",
];

/** Sent beside each hostile query parameter: a list reads every ticket, message bodies too, so the value reaches the search. */
export const QUERY_BASE = { showAll: "true", searchOnMessages: "true" };

/** Body fields the app's write routes read (and a few more). */
export const BODY_NAMES = [
  "name",
  "email",
  "password",
  "profile",
  "companyId",
  "super",
  "queueIds",
  "whatsappId",
  "startWork",
  "endWork",
  "allTicket",
  "allowGroup",
  "allUserChat",
  "allowConnections",
  "allowRealTime",
  "showDashboard",
  "userClosePendingTicket",
  "defaultTheme",
  "defaultMenu",
  "defaultTicketsManagerWidth",
  "color",
  "greetingMessage",
  "outOfHoursMessage",
  "orderQueue",
  "schedules",
  "key",
  "value",
  "column",
  "data",
  "body",
  "quotedMsg",
  "isPrivate",
  "vCard",
  "signMessage",
  "messageId",
  "contactId",
  "ticketId",
  "userId",
  "queueId",
  "status",
  "number",
  "isGroup",
  "extraInfo",
  "tags",
  "tagId",
  "kanban",
  "note",
  "shortcode",
  "message",
  "geral",
  "mediaPath",
  "channel",
  "config",
  "token",
  "isDefault",
  "farewellMessage",
  "complationMessage",
  "ratingMessage",
  "timeCreateNewTicket",
  "sendIdQueue",
  "code",
  "phone",
  "companyName",
  "planId",
  "clientId",
  "closeTicket",
  "sendSignature",
  "facebookUserId",
  "facebookUserToken",
  "addInstagram",
  "template",
  "language",
  "components",
  "emoji",
  "reaction",
  "id",
  "ids",
  "users",
  "justClose",
  "unreadMessages",
  "provider",
  "session",
  "parentId",
  "queueType",
  "optQueueId",
  "optUserId",
  "optIntegrationId",
  "optFileId",
  "order",
  "options",
];

/** Candidates tried, in order, for a field the route requires, to build a body it accepts. */
export const CANDIDATES: unknown[] = [
  "Walk value",
  "walk@test.local",
  "5511988887777",
  "#3366ff",
  "2030-01-02",
  "08:00",
  1,
  true,
  [1],
  "open",
  "admin",
  "enabled",
  // A chatbot option's type.
  "text",
  {},
  // A week of business hours (the company's hours require one).
  DEFAULT_SCHEDULES,
];

/** File fields a multipart route may read. */
export const UPLOAD_FIELDS = ["profileImage", "file", "files", "medias", "media", "attachment"];

/** Empty, path-climbing, NUL-holding, 1 KB and dots-only file names. */
export const HOSTILE_FILE_NAMES = ["", "../../etc/passwd", "..\\..\\windows\\win.ini", "a\u0000b.png", "n".repeat(1024), "...", "."];

/** A 1x1 PNG: an upload every image route accepts. */
export const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);

/** The top-level fields an ERR_VALIDATION answer names ("fields.queueIds.0" counts as queueIds). */
export function fieldsIn(answer: unknown): string[] {
  const fields =
    (answer as { error?: string; fields?: Record<string, string> } | undefined)?.error === "ERR_VALIDATION"
      ? (answer as { fields?: Record<string, string> }).fields
      : undefined;
  return [...new Set(Object.keys(fields ?? {}).map((k) => k.split(".")[0]!))];
}

/** Correctly shaped Meta deliveries (objects page and instagram) whose inner parts are of the wrong type. */
export function malformedMetaBodies(pageId: string, igId: string): unknown[] {
  const ev = (x: unknown) => ({ object: "page", entry: [{ id: pageId, time: 1, messaging: [x] }] });
  return [
    { object: "page", entry: 1 },
    { object: "page", entry: "x" },
    { object: "page", entry: {} },
    { object: "page", entry: [null] },
    { object: "page", entry: [1, "x", []] },
    { object: "page", entry: [{ id: {} }] },
    { object: "page", entry: [{ id: pageId, messaging: 5 }] },
    { object: "page", entry: [{ id: pageId, messaging: {} }] },
    { object: "page", entry: [{ id: pageId, standby: 5 }] },
    { object: "instagram", entry: [{ id: igId, messaging: 5 }] },
    { object: "instagram", entry: [{ id: igId, messaging: [null] }] },
    ev(null),
    ev(5),
    ev({ sender: 5, recipient: 5, timestamp: "x", message: 5 }),
    ev({ sender: { id: {} }, recipient: { id: pageId }, timestamp: 1, message: { mid: 5, text: {} } }),
    ev({ sender: { id: "1" }, recipient: { id: pageId }, timestamp: 1, message: { mid: "m1", attachments: 5 } }),
    ev({ sender: { id: "1" }, recipient: { id: pageId }, timestamp: 1, message: { mid: "m2", attachments: [null, { type: 5, payload: 5 }] } }),
    ev({ sender: { id: "1" }, recipient: { id: pageId }, timestamp: 1, reaction: 5 }),
    ev({ sender: { id: "1" }, recipient: { id: pageId }, timestamp: 1, read: 5, delivery: { mids: 5 } }),
    ev({ sender: { id: "1" }, recipient: { id: pageId }, timestamp: 1, message_edit: 5 }),
    ev({ sender: { id: "1" }, recipient: { id: pageId }, timestamp: 1e308, message: { mid: "m3", text: "\u0000".repeat(3) } }),
  ];
}

/** Correctly shaped Cloud API deliveries for the phone number whose inner parts are of the wrong type. */
export function malformedCloudBodies(phoneNumberId: string): unknown[] {
  const object = "whatsapp_business_account";
  const value = (v: Record<string, unknown>) => ({
    object,
    entry: [{ id: "1", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { phone_number_id: phoneNumberId }, ...v } }] }],
  });
  return [
    { object, entry: 1 },
    { object, entry: "x" },
    { object, entry: [null] },
    { object, entry: [{ changes: 5 }] },
    { object, entry: [{ changes: [null] }] },
    { object, entry: [{ changes: [{ field: "messages", value: 5 }] }] },
    { object, entry: [{ changes: [{ field: {}, value: { metadata: 5 } }] }] },
    value({ messages: 5 }),
    value({ messages: [null] }),
    value({ messages: [{ from: 5, id: {}, timestamp: "x", type: "text", text: 5 }] }),
    value({ messages: [{ from: "5511988887777", id: "wamid.1", timestamp: "1", type: "image", image: 5 }] }),
    value({ contacts: 5, messages: [{ from: "5511988887777", id: "wamid.2", timestamp: "1", type: "text", text: { body: {} } }] }),
    value({ statuses: 5 }),
    value({ statuses: [null, { id: 5, status: {}, recipient_id: [] }] }),
    value({ messages: [{ from: "5511988887777", id: "wamid.3", timestamp: "1e308", type: "reaction", reaction: 5 }] }),
  ];
}
