import { type Kysely, sql } from "kysely";

// Frozen in time, like the migrations that use it: SQLite's first form of the message index (migration 0010, and
// migration 0050's way back to it). Full-text index over message bodies: contentless (the body lives in messages),
// rows deletable by rowid; 'atencao' finds 'atenção'. Deleted messages and empty bodies are not indexed; triggers keep
// it in sync. Created empty: the caller fills it when messages already exist.

export async function createMessagesIndex(db: Kysely<any>): Promise<void> {
  await sql`create virtual table messages_fts using fts5(body, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2")`.execute(db);
  await sql`create trigger messages_fts_insert after insert on messages when new.isDeleted = 0 and new.body <> '' begin
      insert into messages_fts(rowid, body) values (new.id, new.body);
    end`.execute(db);
  await sql`create trigger messages_fts_update after update of body, isDeleted on messages begin
      delete from messages_fts where rowid = old.id;
      insert into messages_fts(rowid, body) select new.id, new.body where new.isDeleted = 0 and new.body <> '';
    end`.execute(db);
  await sql`create trigger messages_fts_delete after delete on messages begin
      delete from messages_fts where rowid = old.id;
    end`.execute(db);
}

/** Drops the message index and these triggers (and migration 0050's, when there). */
export async function dropMessagesIndex(db: Kysely<any>): Promise<void> {
  for (const trigger of ["messages_fts_scope", "messages_fts_delete", "messages_fts_update", "messages_fts_insert"])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists messages_fts`.execute(db);
}
