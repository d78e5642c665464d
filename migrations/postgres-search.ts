import { type Kysely, sql } from "kysely";

// Frozen in time, like the migrations that use it: the PostgreSQL form of the two search indexes. Each is a table
// named as SQLite's FTS5 table (messages_fts, contacts_fts) with the same `rowid` column, kept in sync by a trigger,
// so the search queries join it the same way on both stores; only the match condition differs.
//   messages_fts  the words of a live message's body as a tsvector ('simple' configuration: no stemming, no stop
//                 words), accents removed and lower-cased, under a GIN index
//   contacts_fts  a contact's name and number, accents removed and lower-cased, under trigram GIN indexes (pg_trgm)
//                 so a substring of three characters or more is found through the index

/** Creates an extension the search needs, or fails saying which right the database role lacks. */
async function requireExtension(db: Kysely<any>, name: string): Promise<void> {
  try {
    await sql`create extension if not exists ${sql.raw(name)}`.execute(db);
  } catch (err) {
    const code = (err as { errno?: string; code?: string }).errno ?? (err as { code?: string }).code;
    if (code === "42501" || /permission denied/i.test(String(err))) {
      throw new Error(
        `the PostgreSQL extension ${name} is missing and this database role may not create it: run "CREATE EXTENSION ${name};" as a superuser (or the database owner, for a trusted extension) in this database, or grant the role CREATE on it, then start again`,
      );
    }
    throw err;
  }
}

/** multi100_unaccent: unaccent as an immutable function (unaccent itself is only stable), usable in indexes. */
async function createUnaccent(db: Kysely<any>): Promise<void> {
  await requireExtension(db, "unaccent");
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'unaccent'`.execute(db);
  const schema = rows[0]?.schema ?? "public";
  await sql
    .raw(
      `create or replace function multi100_unaccent(text) returns text language sql immutable parallel safe strict
       as $$ select ${schema}.unaccent('${schema}.unaccent'::regdictionary, $1) $$`,
    )
    .execute(db);
}

export async function createMessagesIndex(db: Kysely<any>): Promise<void> {
  await createUnaccent(db);
  await sql`create table messages_fts (rowid integer primary key, body tsvector not null)`.execute(db);
  await sql`create index messages_fts_body on messages_fts using gin (body)`.execute(db);
  await createMessagesSync(db);
}

/** The trigger that keeps messages_fts in its first form (migration 0010, and migration 0050's way back to it). */
export async function createMessagesSync(db: Kysely<any>): Promise<void> {
  await sql`create or replace function messages_fts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then delete from messages_fts where rowid = old.id; end if;
      if tg_op <> 'DELETE' and new."isDeleted" = 0 and new.body <> '' then
        insert into messages_fts (rowid, body) values (new.id, to_tsvector('simple', multi100_unaccent(lower(new.body))));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger messages_fts_sync after insert or delete or update of body, "isDeleted" on messages
    for each row execute function messages_fts_sync()`.execute(db);
}

export async function dropMessagesIndex(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists messages_fts_sync on messages`.execute(db);
  await sql`drop function if exists messages_fts_sync()`.execute(db);
  await sql`drop table if exists messages_fts`.execute(db);
}

export async function createContactsIndex(db: Kysely<any>): Promise<void> {
  await requireExtension(db, "pg_trgm");
  await sql`create table contacts_fts (rowid integer primary key, name text not null, number text not null)`.execute(db);
  const { rows } = await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const ops = `${rows[0]?.schema ?? "public"}.gin_trgm_ops`;
  await sql.raw(`create index contacts_fts_name on contacts_fts using gin (name ${ops})`).execute(db);
  await sql.raw(`create index contacts_fts_number on contacts_fts using gin (number ${ops})`).execute(db);
  await sql`create function contacts_fts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then delete from contacts_fts where rowid = old.id; end if;
      if tg_op <> 'DELETE' then
        insert into contacts_fts (rowid, name, number)
        values (new.id, coalesce(multi100_unaccent(lower(new.name)), ''), coalesce(multi100_unaccent(lower(new.number)), ''));
      end if;
      return null;
    end $$`.execute(db);
  await sql`insert into contacts_fts (rowid, name, number) select id, coalesce(multi100_unaccent(lower(name)), ''), coalesce(multi100_unaccent(lower(number)), '') from contacts`.execute(
    db,
  );
  await sql`create trigger contacts_fts_sync after insert or delete or update of name, number on contacts
    for each row execute function contacts_fts_sync()`.execute(db);
}

export async function dropContactsIndex(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists contacts_fts_sync on contacts`.execute(db);
  await sql`drop function if exists contacts_fts_sync()`.execute(db);
  await sql`drop table if exists contacts_fts`.execute(db);
}
