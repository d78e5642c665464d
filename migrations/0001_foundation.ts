import { type Kysely, sql } from "kysely";
import { nowText, serialId, doubleType } from "./dialect";

// Frozen in time: this file must never import from src/. Booleans are 0/1 integers, times ISO-8601 UTC text.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);

  await db.schema
    .createTable("plans")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("users", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("connections", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("queues", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount", doubleType(db), (c) => c.notNull().defaultTo(0))
    .addColumn("isPublic", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useWhatsapp", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useFacebook", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useInstagram", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useCampaigns", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useSchedules", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useInternalChat", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useExternalApi", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useKanban", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useOpenAi", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("useIntegrations", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("companies")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("planId", "integer", (c) => c.notNull().references("plans.id").onDelete("restrict"))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("dueDate", "text")
    .addColumn("recurrence", "text", (c) => c.notNull().defaultTo("MENSAL"))
    .addColumn("document", "text")
    .addColumn("addressStreet", "text")
    .addColumn("addressState", "text")
    .addColumn("addressCity", "text")
    .addColumn("paymentMethod", "text")
    .addColumn("schedules", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("lastLogin", "text")
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("companies_name").on("companies").column("name").execute();
  await db.schema.createIndex("companies_planId").on("companies").column("planId").execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("passwordHash", "text", (c) => c.notNull())
    .addColumn("profile", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("super", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tokenVersion", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("whatsappId", "integer")
    .addColumn("startWork", "text", (c) => c.notNull().defaultTo("00:00"))
    .addColumn("endWork", "text", (c) => c.notNull().defaultTo("23:59"))
    .addColumn("farewellMessage", "text")
    .addColumn("color", "text")
    .addColumn("allTicket", "text", (c) => c.notNull().defaultTo("disable"))
    .addColumn("allowGroup", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("defaultTheme", "text", (c) => c.notNull().defaultTo("light"))
    .addColumn("defaultMenu", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("allHistoric", "text", (c) => c.notNull().defaultTo("disabled"))
    .addColumn("allUserChat", "text", (c) => c.notNull().defaultTo("disabled"))
    .addColumn("userClosePendingTicket", "text", (c) => c.notNull().defaultTo("enabled"))
    .addColumn("showDashboard", "text", (c) => c.notNull().defaultTo("disabled"))
    .addColumn("allowRealTime", "text", (c) => c.notNull().defaultTo("disabled"))
    .addColumn("allowConnections", "text", (c) => c.notNull().defaultTo("disabled"))
    .addColumn("profileImage", "text")
    .addColumn("online", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lastSeenAt", "text")
    .addColumn("defaultTicketsManagerWidth", "integer", (c) => c.notNull().defaultTo(550))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("users_email").on("users").column("email").unique().execute();
  await db.schema.createIndex("users_company_name").on("users").columns(["companyId", "name"]).execute();

  await db.schema
    .createTable("queues")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("greetingMessage", "text")
    .addColumn("outOfHoursMessage", "text")
    .addColumn("orderQueue", "integer")
    .addColumn("schedules", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("integrationId", "integer")
    .addColumn("fileListId", "integer")
    .addColumn("promptId", "integer")
    .addColumn("closeTicket", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ativarRoteador", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tempoRoteador", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("queues_company_color").on("queues").columns(["companyId", "color"]).unique().execute();
  await db.schema.createIndex("queues_company_order").on("queues").columns(["companyId", "orderQueue", "id"]).execute();

  await db.schema
    .createTable("user_queues")
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("queueId", "integer", (c) => c.notNull().references("queues.id").onDelete("cascade"))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addPrimaryKeyConstraint("user_queues_pk", ["userId", "queueId"])
    .execute();
  await db.schema.createIndex("user_queues_queue").on("user_queues").column("queueId").execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("company_settings")
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint("company_settings_pk", ["companyId", "key"])
    .execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("companyId", "integer")
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("uniqueKey", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("runAt", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("maxAttempts", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("leaseUntil", "text")
    .addColumn("lastError", "text")
    .addColumn("finishedAt", "text")
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("jobs_due").on("jobs").columns(["status", "runAt"]).execute();
  await db.schema.createIndex("jobs_lease").on("jobs").columns(["status", "leaseUntil"]).execute();
  await db.schema.createIndex("jobs_unique").on("jobs").column("uniqueKey").unique().where(sql.ref("uniqueKey"), "is not", null).execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "integer", serialId(db))
    .addColumn("userId", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("codeHash", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .addColumn("usedAt", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("password_resets_user").on("password_resets").columns(["userId", "createdAt"]).execute();

  await db.schema
    .createTable("auth_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("windowStart", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("media")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("media_company").on("media").columns(["companyId", "createdAt"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "media",
    "auth_throttle",
    "password_resets",
    "jobs",
    "company_settings",
    "settings",
    "user_queues",
    "queues",
    "users",
    "companies",
    "plans",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
