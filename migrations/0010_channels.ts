import { type Kysely, sql } from "kysely";
import { isPostgres, nowText, serialId } from "./dialect";
import { createMessagesIndex as createPgMessagesIndex, dropMessagesIndex as dropPgMessagesIndex } from "./postgres-search";
import { createMessagesIndex as createSqliteMessagesIndex, dropMessagesIndex as dropSqliteMessagesIndex } from "./sqlite-search";

// Frozen in time: this file must never import from src/. Booleans are 0/1 integers, times ISO-8601 UTC text.
//
// Channels core: connections (the spec's Connection), plugin state, contacts, tags, tickets, messages,
// reactions, ticket logs and notes, and the full-text index over message bodies.
//
// Data safety: foreign keys INTO tickets, messages and contacts are RESTRICT or SET NULL. CASCADE is used only
// for link and sub rows that have no meaning without their owner (connection_queues, channel_state,
// contact_tags, ticket_tags, contact_extra_info, message_reactions). Connections are soft-deleted (deletedAt),
// so a deleted connection's tickets keep their whatsappId and stay readable.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);

  await db.schema
    .createTable("connections")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("number", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("DISCONNECTED"))
    .addColumn("qrcode", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("retries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isDefault", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("widgetKey", "text")
    .addColumn("greetingMessage", "text")
    .addColumn("complationMessage", "text")
    .addColumn("outOfHoursMessage", "text")
    .addColumn("ratingMessage", "text")
    .addColumn("provider", "text", (c) => c.notNull().defaultTo("beta"))
    .addColumn("expiresTicket", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("whenExpiresTicket", "text", (c) => c.notNull().defaultTo("0"))
    .addColumn("allowGroup", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("groupAsTicket", "text", (c) => c.notNull().defaultTo("disabled"))
    .addColumn("enableImportMessage", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("timeUseBotQueues", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("maxUseBotQueues", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("timeSendQueue", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sendIdQueue", "integer", (c) => c.references("queues.id").onDelete("set null"))
    .addColumn("expiresTicketNPS", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("maxUseBotQueuesNPS", "integer", (c) => c.notNull().defaultTo(3))
    .addColumn("expiresInactiveMessage", "text")
    .addColumn("timeInactiveMessage", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("inactiveMessage", "text")
    .addColumn("timeCreateNewTicket", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("greetingMediaAttachment", "text")
    .addColumn("importOldMessages", "text")
    .addColumn("importRecentMessages", "text")
    .addColumn("importOldMessagesGroups", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("closedTicketsPostImported", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("queueIdImportMessages", "integer", (c) => c.references("queues.id").onDelete("set null"))
    .addColumn("statusImportMessages", "text")
    .addColumn("integrationId", "integer")
    .addColumn("promptId", "integer")
    .addColumn("flowIdWelcome", "integer")
    .addColumn("flowIdNotPhrase", "integer")
    .addColumn("collectiveVacationStart", "text")
    .addColumn("collectiveVacationEnd", "text")
    .addColumn("collectiveVacationMessage", "text")
    .addColumn("schedules", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("deletedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("connections_company").on("connections").columns(["companyId", "deletedAt", "name"]).execute();
  await db.schema.createIndex("connections_token").on("connections").column("token").unique().execute();
  await db.schema.createIndex("connections_widget_key").on("connections").column("widgetKey").unique().where(sql.ref("widgetKey"), "is not", null).execute();
  // At most one default connection per company among the live ones.
  await db.schema
    .createIndex("connections_one_default")
    .on("connections")
    .column("companyId")
    .unique()
    .where(sql<boolean>`"isDefault" = 1 and "deletedAt" is null`)
    .execute();

  await db.schema
    .createTable("connection_queues")
    .addColumn("connectionId", "integer", (c) => c.notNull().references("connections.id").onDelete("cascade"))
    .addColumn("queueId", "integer", (c) => c.notNull().references("queues.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addPrimaryKeyConstraint("connection_queues_pk", ["connectionId", "queueId"])
    .execute();
  await db.schema.createIndex("connection_queues_queue").on("connection_queues").column("queueId").execute();

  // Plugin-private persisted state (e.g. Baileys keys), one row per key; values are JSON text.
  await db.schema
    .createTable("channel_state")
    .addColumn("connectionId", "integer", (c) => c.notNull().references("connections.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("channel_state_pk", ["connectionId", "key"])
    .execute();

  await db.schema
    .createTable("contacts")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("channel", "text", (c) => c.notNull().defaultTo("whatsapp"))
    // The channel's id for this person or group (phone number, PSID, IGSID, visitor id, group jid).
    .addColumn("identity", "text")
    .addColumn("isGroup", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("disableBot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("acceptAudioMessage", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("lgpdAcceptedAt", "text")
    .addColumn("urlPicture", "text")
    .addColumn("whatsappId", "integer", (c) => c.references("connections.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("contacts_identity")
    .on("contacts")
    .columns(["companyId", "channel", "identity"])
    .unique()
    .where(sql.ref("identity"), "is not", null)
    .execute();
  await db.schema.createIndex("contacts_company_name").on("contacts").columns(["companyId", "name"]).execute();
  await db.schema.createIndex("contacts_company_number").on("contacts").columns(["companyId", "number"]).execute();

  await db.schema
    .createTable("contact_extra_info")
    .addColumn("id", "integer", serialId(db))
    .addColumn("contactId", "integer", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("contact_extra_info_contact").on("contact_extra_info").column("contactId").execute();

  await db.schema
    .createTable("tags")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull().defaultTo("#A4CCCC"))
    .addColumn("kanban", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("timeLane", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextLaneId", "integer", (c) => c.references("tags.id").onDelete("set null"))
    .addColumn("rollbackLaneId", "integer", (c) => c.references("tags.id").onDelete("set null"))
    .addColumn("greetingMessageLane", "text")
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("tags_company").on("tags").columns(["companyId", "kanban", "name"]).execute();

  await db.schema
    .createTable("contact_tags")
    .addColumn("contactId", "integer", (c) => c.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("tagId", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addPrimaryKeyConstraint("contact_tags_pk", ["contactId", "tagId"])
    .execute();
  await db.schema.createIndex("contact_tags_tag").on("contact_tags").column("tagId").execute();

  await db.schema
    .createTable("tickets")
    .addColumn("id", "integer", serialId(db))
    .addColumn("uuid", "text", (c) => c.notNull())
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("contactId", "integer", (c) => c.notNull().references("contacts.id").onDelete("restrict"))
    .addColumn("whatsappId", "integer", (c) => c.references("connections.id").onDelete("set null"))
    .addColumn("queueId", "integer", (c) => c.references("queues.id").onDelete("set null"))
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("channel", "text", (c) => c.notNull().defaultTo("whatsapp"))
    .addColumn("isGroup", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isBot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastMessage", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("unreadMessages", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("useIntegration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("integrationId", "integer")
    .addColumn("promptId", "integer")
    // Queue chatbot and flow state (filled by the automation issues).
    .addColumn("chatbot", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("queueOptionId", "integer")
    .addColumn("amountUsedBotQueues", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amountUsedBotQueuesNPS", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isTransfered", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isOutOfHour", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sendInactiveMessage", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("flowWebhook", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("flowStopped", "text")
    .addColumn("lastFlowId", "text")
    .addColumn("hashFlowId", "text")
    .addColumn("dataWebhook", "text")
    .addColumn("typebotSessionId", "text")
    .addColumn("typebotStatus", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lgpdSendMessageAt", "text")
    .addColumn("lgpdAcceptedAt", "text")
    .addColumn("imported", "text")
    .addColumn("closedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("tickets_uuid").on("tickets").column("uuid").unique().execute();
  // One non-closed ticket per contact per connection.
  await db.schema
    .createIndex("tickets_one_live")
    .on("tickets")
    .columns(["companyId", "whatsappId", "contactId"])
    .unique()
    .where(sql<boolean>`status <> 'closed'`)
    .execute();
  await db.schema.createIndex("tickets_company_status_updated").on("tickets").columns(["companyId", "status", "updatedAt"]).execute();
  await db.schema.createIndex("tickets_company_queue_status").on("tickets").columns(["companyId", "queueId", "status", "updatedAt"]).execute();
  await db.schema.createIndex("tickets_company_user_status").on("tickets").columns(["companyId", "userId", "status", "updatedAt"]).execute();
  await db.schema.createIndex("tickets_contact").on("tickets").columns(["contactId", "whatsappId", "updatedAt"]).execute();

  await db.schema
    .createTable("ticket_tags")
    .addColumn("ticketId", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("tagId", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addPrimaryKeyConstraint("ticket_tags_pk", ["ticketId", "tagId"])
    .execute();
  await db.schema.createIndex("ticket_tags_tag").on("ticket_tags").column("tagId").execute();

  await db.schema
    .createTable("ticket_logs")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("ticketId", "integer", (c) => c.notNull().references("tickets.id").onDelete("restrict"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("queueId", "integer", (c) => c.references("queues.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("ticket_logs_ticket").on("ticket_logs").columns(["ticketId", "id"]).execute();

  await db.schema
    .createTable("ticket_notes")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("contactId", "integer", (c) => c.references("contacts.id").onDelete("restrict"))
    .addColumn("ticketId", "integer", (c) => c.references("tickets.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("ticket_notes_ticket").on("ticket_notes").columns(["ticketId", "id"]).execute();
  await db.schema.createIndex("ticket_notes_contact").on("ticket_notes").columns(["contactId", "id"]).execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("ticketId", "integer", (c) => c.notNull().references("tickets.id").onDelete("restrict"))
    .addColumn("contactId", "integer", (c) => c.references("contacts.id").onDelete("set null"))
    .addColumn("connectionId", "integer", (c) => c.references("connections.id").onDelete("set null"))
    .addColumn("externalId", "text")
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fromMe", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isPrivate", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isDeleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isEdited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("isForwarded", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("mediaKey", "text")
    .addColumn("mediaType", "text")
    .addColumn("mimetype", "text")
    .addColumn("mediaName", "text")
    .addColumn("quotedMsgId", "integer", (c) => c.references("messages.id").onDelete("set null"))
    .addColumn("ack", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("sendStatus", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("queuedAt", "text")
    .addColumn("sendingAt", "text")
    .addColumn("errorCode", "text")
    .addColumn("errorMessage", "text")
    .addColumn("vCard", "text")
    .addColumn("data", "text")
    .addColumn("participant", "text")
    .addColumn("senderName", "text")
    .addColumn("queueId", "integer", (c) => c.references("queues.id").onDelete("set null"))
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("messages_external")
    .on("messages")
    .columns(["connectionId", "externalId"])
    .unique()
    .where(sql.ref("externalId"), "is not", null)
    .execute();
  await db.schema.createIndex("messages_ticket").on("messages").columns(["ticketId", "createdAt", "id"]).execute();
  // Outbound recovery scans only the rows still waiting or in flight (queries repeat these exact literals).
  await db.schema
    .createIndex("messages_send_queued")
    .on("messages")
    .columns(["connectionId", "queuedAt"])
    .where(sql<boolean>`"sendStatus" = 'queued'`)
    .execute();
  await db.schema.createIndex("messages_send_sending").on("messages").column("sendingAt").where(sql<boolean>`"sendStatus" = 'sending'`).execute();

  await db.schema
    .createTable("message_reactions")
    .addColumn("id", "integer", serialId(db))
    .addColumn("messageId", "integer", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    // Who reacted: 'user:<id>', 'contact:<channel id>' or 'phone' (the connection's own account).
    .addColumn("reactor", "text", (c) => c.notNull())
    .addColumn("emoji", "text", (c) => c.notNull())
    .addColumn("fromMe", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("message_reactions_one").on("message_reactions").columns(["messageId", "reactor"]).unique().execute();

  // Full-text index over message bodies (migrations/sqlite-search.ts on SQLite, postgres-search.ts on PostgreSQL).
  await (isPostgres(db) ? createPgMessagesIndex(db) : createSqliteMessagesIndex(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  await (isPostgres(db) ? dropPgMessagesIndex(db) : dropSqliteMessagesIndex(db));
  for (const t of [
    "message_reactions",
    "messages",
    "ticket_notes",
    "ticket_logs",
    "ticket_tags",
    "tickets",
    "contact_tags",
    "tags",
    "contact_extra_info",
    "contacts",
    "channel_state",
    "connection_queues",
    "connections",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
