import { type Kysely, sql } from "kysely";
import { isPostgres } from "./dialect";
import { createMessagesSync } from "./postgres-search";
import { createMessagesIndex as createSqliteMessagesIndex, dropMessagesIndex as dropSqliteMessagesIndex } from "./sqlite-search";

// Frozen in time: this file must never import from src/.
//
// The message index learns who may see each message: beside a message's words it holds its ticket's scope, a token
// or two that the personal view of the ticket list selects by (the ticket list's visibility rule, coarsely):
//   u<userId>     the ticket is assigned to that user (everyone sees their own tickets)
//   g<companyId>  a group ticket (seen with allowGroup, whoever it is assigned to)
//   w<companyId>  an unassigned ticket, in a queue or not (seen by the users of its queue, or with allTicket)
// An agent's message search then reads only the matches among their own tickets and the company's unassigned ones,
// through the index, instead of testing every match of a common word against their tickets. The scope only narrows:
// the search still checks each hit's ticket against the full rule (the queue among it), so a scope can never show a
// message its reader may not see.
// The queue is left out on purpose: a scope change re-indexes every message of the ticket (the words with it), and a
// ticket's queue changes often while it is unassigned (each step of the bot's queue menu), where its user changes
// seldom (accepted, transferred to a user, reopened).
// Kept by triggers: a message takes its ticket's scope when indexed (insert, edit, deletion, a move to another ticket
// in a merge) and a ticket whose user or group flag changes re-indexes its messages with the new scope.
// The migration re-indexes every message (about 15 s per million on a small machine).

const SQLITE_SCOPE = (t: string) => `case
  when ${t}.isGroup = 1 then 'g' || ${t}.companyId || coalesce(' u' || ${t}.userId, '')
  when ${t}.userId is not null then 'u' || ${t}.userId
  else 'w' || ${t}.companyId end`;

async function sqliteUp(db: Kysely<any>): Promise<void> {
  await dropSqliteMessagesIndex(db);
  await sql`create virtual table messages_fts using fts5(body, scope, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2")`.execute(db);
  await sql
    .raw(`insert into messages_fts(rowid, body, scope) select m.id, m.body, ${SQLITE_SCOPE("t")}
      from messages m join tickets t on t.id = m.ticketId where m.isDeleted = 0 and m.body <> ''`)
    .execute(db);
  await sql
    .raw(`create trigger messages_fts_insert after insert on messages when new.isDeleted = 0 and new.body <> '' begin
      insert into messages_fts(rowid, body, scope) select new.id, new.body, ${SQLITE_SCOPE("t")} from tickets t where t.id = new.ticketId;
    end`)
    .execute(db);
  await sql
    .raw(`create trigger messages_fts_update after update of body, isDeleted, ticketId on messages begin
      delete from messages_fts where rowid = old.id;
      insert into messages_fts(rowid, body, scope) select new.id, new.body, ${SQLITE_SCOPE("t")} from tickets t
        where t.id = new.ticketId and new.isDeleted = 0 and new.body <> '';
    end`)
    .execute(db);
  await sql`create trigger messages_fts_delete after delete on messages begin
      delete from messages_fts where rowid = old.id;
    end`.execute(db);
  await sql
    .raw(`create trigger messages_fts_scope after update of userId, isGroup on tickets
      when old.userId is not new.userId or old.isGroup is not new.isGroup begin
      delete from messages_fts where rowid in (select id from messages where ticketId = new.id);
      insert into messages_fts(rowid, body, scope) select m.id, m.body, ${SQLITE_SCOPE("new")} from messages m
        where m.ticketId = new.id and m.isDeleted = 0 and m.body <> '';
    end`)
    .execute(db);
}

async function sqliteDown(db: Kysely<any>): Promise<void> {
  await dropSqliteMessagesIndex(db);
  await createSqliteMessagesIndex(db);
  await sql`insert into messages_fts(rowid, body) select id, body from messages where isDeleted = 0 and body <> ''`.execute(db);
}

// PostgreSQL keeps the scope as a text array under its own GIN index, whose bitmap the planner ANDs with the words'.
// It also keeps each message's ticket and time in the index table (a btree over the ticket): an agent's search there
// ANDs the words' bitmap with their visible tickets' and reads its answer from the index table alone, where every hit
// otherwise cost a lookup in messages and one in tickets (~30 µs each once the data outgrows the cache).
async function postgresUp(db: Kysely<any>): Promise<void> {
  await sql`create function multi100_message_scope(company integer, owner integer, grp integer) returns text[]
    language sql immutable parallel safe as $$
      select case
        when grp = 1 then array['g' || company] || case when owner is null then '{}'::text[] else array['u' || owner] end
        when owner is not null then array['u' || owner]
        else array['w' || company] end
    $$`.execute(db);
  await sql`alter table messages_fts add column scope text[] not null default '{}', add column "ticketId" integer, add column "createdAt" text`.execute(db);
  await sql`update messages_fts f set scope = multi100_message_scope(t."companyId", t."userId", t."isGroup"), "ticketId" = m."ticketId", "createdAt" = m."createdAt"
    from messages m join tickets t on t.id = m."ticketId" where m.id = f.rowid`.execute(db);
  await sql`create index messages_fts_scope on messages_fts using gin (scope)`.execute(db);
  await sql`create index messages_fts_ticket on messages_fts ("ticketId")`.execute(db);
  await sql`create or replace function messages_fts_sync() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then delete from messages_fts where rowid = old.id; end if;
      if tg_op <> 'DELETE' and new."isDeleted" = 0 and new.body <> '' then
        insert into messages_fts (rowid, body, scope, "ticketId", "createdAt")
        select new.id, to_tsvector('simple', multi100_unaccent(lower(new.body))),
          multi100_message_scope(t."companyId", t."userId", t."isGroup"), new."ticketId", new."createdAt"
        from tickets t where t.id = new."ticketId";
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger messages_fts_sync on messages`.execute(db);
  await sql`create trigger messages_fts_sync after insert or delete or update of body, "isDeleted", "ticketId" on messages
    for each row execute function messages_fts_sync()`.execute(db);
  await sql`create function messages_fts_scope() returns trigger language plpgsql as $$
    begin
      update messages_fts f set scope = multi100_message_scope(new."companyId", new."userId", new."isGroup")
      from messages m where m."ticketId" = new.id and f.rowid = m.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger messages_fts_scope after update of "userId", "isGroup" on tickets for each row
    when (old."userId" is distinct from new."userId" or old."isGroup" is distinct from new."isGroup")
    execute function messages_fts_scope()`.execute(db);
}

async function postgresDown(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists messages_fts_scope on tickets`.execute(db);
  await sql`drop function if exists messages_fts_scope()`.execute(db);
  await sql`drop trigger messages_fts_sync on messages`.execute(db);
  await createMessagesSync(db);
  await sql`drop index if exists messages_fts_ticket`.execute(db);
  await sql`drop index if exists messages_fts_scope`.execute(db);
  await sql`alter table messages_fts drop column scope, drop column "ticketId", drop column "createdAt"`.execute(db);
  await sql`drop function if exists multi100_message_scope(integer, integer, integer)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await (isPostgres(db) ? postgresUp(db) : sqliteUp(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  await (isPostgres(db) ? postgresDown(db) : sqliteDown(db));
}
