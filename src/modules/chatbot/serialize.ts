import type { Chatbot } from "../../db/schema";
import type { ChatbotOption } from "./schema";

function serializeOption(row: Chatbot, options: ChatbotOption[]): ChatbotOption {
  return {
    id: row.id,
    companyId: row.companyId,
    queueId: row.queueId,
    parentId: row.parentId,
    name: row.name,
    greetingMessage: row.greetingMessage,
    queueType: row.queueType,
    optQueueId: row.optQueueId,
    optUserId: row.optUserId,
    optIntegrationId: row.optIntegrationId,
    optFileId: row.optFileId,
    closeTicket: row.closeTicket === 1,
    order: row.order,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    options,
  };
}

/**
 * The options of one queue (already sorted by order, then id) as trees: the roots, or the subtree of `rootId`.
 * Answers [] when rootId is not among them.
 */
export function optionTrees(rows: readonly Chatbot[], rootId: number | null = null): ChatbotOption[] {
  const children = new Map<number | null, Chatbot[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }
  const build = (row: Chatbot): ChatbotOption => serializeOption(row, (children.get(row.id) ?? []).map(build));
  if (rootId === null) return (children.get(null) ?? []).map(build);
  const root = rows.find((r) => r.id === rootId);
  return root ? [build(root)] : [];
}

/** The ids of an option and of every option below it. */
export function subtreeIds(rows: readonly Chatbot[], rootId: number): number[] {
  const ids: number[] = [];
  const visit = (id: number) => {
    ids.push(id);
    for (const r of rows) if (r.parentId === id) visit(r.id);
  };
  visit(rootId);
  return ids;
}
