import type { Kysely } from "kysely";

// Frozen in time: this file must never import from src/.
//
// Where the automation is in its dialogue with a ticket's contact, so a restart resumes it:
//   botStage     null: the bot has not spoken in this cycle; 'menu': the queue menu is waiting for a digit;
//                'tree': a queue's option tree is waiting (at tickets.queueOptionId, null for the queue's first level);
//                'done': the bot has finished and the ticket waits for an agent
//   botPromptId  the bot's last question (a message id): a contact's message with a lower id was written before it and
//                is not an answer to it (twenty messages sent at once get one menu)
//   botPromptAt  when that question was sent: it is not repeated before the connection's timeUseBotQueues minutes
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("botStage", "text").execute();
  await db.schema.alterTable("tickets").addColumn("botPromptId", "integer").execute();
  await db.schema.alterTable("tickets").addColumn("botPromptAt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ["botStage", "botPromptId", "botPromptAt"]) await db.schema.alterTable("tickets").dropColumn(c).execute();
}
