import type { Generated } from "kysely";
import type { Flag } from "./platform";

// The queues' chatbot options (migration 0037). src/db/schema.ts joins it into the database's type.

export type ChatbotType = "text" | "attendent" | "queue" | "integration" | "file";

/** One option of a queue's chatbot tree. */
export interface ChatbotsTable {
  id: Generated<number>;
  companyId: number;
  queueId: number;
  /** The option whose message shows this one's level; null at the root. */
  parentId: number | null;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: Generated<Flag>;
  order: Generated<number>;
  createdAt: Generated<string>;
  updatedAt: Generated<string>;
}
