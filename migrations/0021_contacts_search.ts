import { type Kysely, sql } from "kysely";
import { isPostgres, nowText, serialId } from "./dialect";
import { createContactsIndex, dropContactsIndex } from "./postgres-search";

// Frozen in time: this file must never import from src/. Booleans are 0/1 integers, times ISO-8601 UTC text.
//
// Quick messages, and the search index over contact names and numbers.
export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);

  await db.schema
    .createTable("quick_messages")
    .addColumn("id", "integer", serialId(db))
    .addColumn("companyId", "integer", (c) => c.notNull().references("companies.id").onDelete("restrict"))
    // The owner; a deleted user's messages stay for the admins to keep or remove.
    .addColumn("userId", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("shortcode", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("mediaKey", "text")
    .addColumn("mediaName", "text")
    .addColumn("geral", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("visao", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("createdAt", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updatedAt", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("quick_messages_company_shortcode").on("quick_messages").columns(["companyId", "shortcode"]).execute();
  await db.schema.createIndex("quick_messages_user").on("quick_messages").columns(["userId", "shortcode"]).execute();

  // Contact names and numbers by any part of them, ignoring case and accents ('joao' finds 'João', '9999' a number).
  // Trigrams: a query needs at least 3 characters. Contentless (the text lives in contacts); triggers keep it in sync.
  if (isPostgres(db)) await createContactsIndex(db);
  else {
    await sql`create virtual table contacts_fts using fts5(name, number, content='', contentless_delete=1, tokenize="trigram remove_diacritics 1")`.execute(db);
    await sql`insert into contacts_fts(rowid, name, number) select id, name, number from contacts`.execute(db);
    await sql`create trigger contacts_fts_insert after insert on contacts begin
      insert into contacts_fts(rowid, name, number) values (new.id, new.name, new.number);
    end`.execute(db);
    await sql`create trigger contacts_fts_update after update of name, number on contacts begin
      delete from contacts_fts where rowid = old.id;
      insert into contacts_fts(rowid, name, number) values (new.id, new.name, new.number);
    end`.execute(db);
    await sql`create trigger contacts_fts_delete after delete on contacts begin
      delete from contacts_fts where rowid = old.id;
    end`.execute(db);
  }

  // Contacts by channel (the contacts page filter) and notes by author.
  await db.schema.createIndex("contacts_company_channel").on("contacts").columns(["companyId", "channel", "name"]).execute();
  await db.schema.createIndex("ticket_notes_user").on("ticket_notes").column("userId").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("ticket_notes_user").execute();
  await db.schema.dropIndex("contacts_company_channel").execute();
  if (isPostgres(db)) await dropContactsIndex(db);
  else {
    await sql`drop trigger if exists contacts_fts_delete`.execute(db);
    await sql`drop trigger if exists contacts_fts_update`.execute(db);
    await sql`drop trigger if exists contacts_fts_insert`.execute(db);
    await sql`drop table if exists contacts_fts`.execute(db);
  }
  await db.schema.dropTable("quick_messages").execute();
}
