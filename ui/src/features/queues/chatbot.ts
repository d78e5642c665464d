import { serverFieldErrors } from "../auth/validation";

/** The kinds of chatbot option the server knows; the type decides which extra field the option needs. */
export type ChatbotType = "text" | "attendent" | "queue" | "integration" | "file";

/** A chatbot option as /api/chatbot answers it, with its sub-options sorted by order, then id. */
export interface ChatbotOption {
  id: number;
  queueId: number;
  parentId: number | null;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
  order: number;
  options: ChatbotOption[];
}

/**
 * The types the editor offers: text, agent and queue always; file when the build has file lists (the 'files'
 * capability) to pick from. Integration is not offered: this build has no integrations to point at, and the server
 * refuses the type until they exist.
 */
export function offeredTypes(features: readonly string[]): ChatbotType[] {
  return features.includes("files") ? ["text", "attendent", "queue", "file"] : ["text", "attendent", "queue"];
}

/** The option form's values (select values are strings; empty is none). */
export interface ChatbotForm {
  name: string;
  greetingMessage: string;
  queueType: ChatbotType;
  optUserId: string;
  optQueueId: string;
  optFileId: string;
  closeTicket: boolean;
}

export const formFromOption = (o?: ChatbotOption): ChatbotForm => ({
  name: o?.name ?? "",
  greetingMessage: o?.greetingMessage ?? "",
  queueType: o?.queueType ?? "text",
  optUserId: o?.optUserId ? String(o.optUserId) : "",
  optQueueId: o?.optQueueId ? String(o.optQueueId) : "",
  optFileId: o?.optFileId ? String(o.optFileId) : "",
  closeTicket: o?.closeTicket ?? false,
});

/** The body of POST/PUT /api/chatbot: trimmed texts, an empty message is none, only the type's own target is sent. */
export const bodyFromChatbotForm = (f: ChatbotForm) => ({
  name: f.name.trim(),
  greetingMessage: f.greetingMessage.trim() === "" ? null : f.greetingMessage.trim(),
  queueType: f.queueType,
  optUserId: f.queueType === "attendent" && f.optUserId ? Number(f.optUserId) : null,
  optQueueId: f.queueType === "queue" && f.optQueueId ? Number(f.optQueueId) : null,
  optFileId: f.queueType === "file" && f.optFileId ? Number(f.optFileId) : null,
  closeTicket: f.closeTicket,
});

/**
 * The orders to write when one option moves up or down among its siblings: the siblings are numbered 0, 1, 2... in
 * their new sequence and only those whose order changes are answered (none at either end, none for an unknown id).
 */
export function reorderSiblings(siblings: Pick<ChatbotOption, "id" | "order">[], id: number, direction: "up" | "down"): { id: number; order: number }[] {
  const from = siblings.findIndex((s) => s.id === id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= siblings.length) return [];
  const next = [...siblings];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next.flatMap((s, order) => (s.order === order ? [] : [{ id: s.id, order }]));
}

/** How many options hang below this one, at any depth. */
export const descendantCount = (o: Pick<ChatbotOption, "options">): number => o.options.reduce((n, c) => n + 1 + descendantCount(c), 0);

/** The server's chatbot field messages mapped to message keys, so they show translated under their fields. */
const CHATBOT_MESSAGES: Record<string, string> = {
  "Not found": "chatbot.errors.notFound",
  "The parent option needs a message": "chatbot.errors.parentNeedsMessage",
  "Required while the option has sub-options": "chatbot.errors.messageKeepsSubOptions",
};
export const chatbotFieldErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(serverFieldErrors(fields)).map(([k, v]) => [k, CHATBOT_MESSAGES[v] ?? v]));
