/**
 * The import job: carries out an import's staged rows in batches, each batch in one transaction that writes the
 * contacts, their tags, their audit entries and the rows' outcomes together. A run that stops half-way (crash, restart)
 * leaves whole batches done and the rest waiting, so the next run resumes at the first row without an outcome and
 * never creates a contact twice. A run gives the event loop back between batches, and after RUN_BUDGET_MS hands the
 * rest to a new link of the job, so no run holds its lease for long.
 */
import type { AppContext } from "../../context";
import type { Db } from "../../db/database";
import { recordAudit } from "../audit/record";
import { checkNumbers } from "./check-numbers";
import { insertContact, updateContact } from "../contacts/queries";
import {
  addContactTags,
  addCounts,
  contactsByNumbers,
  contactTagNames,
  findImport,
  type ImportRow,
  insertTag,
  setImportStatus,
  type RowOutcome,
  setRowOutcomes,
  tagIdsOf,
  waitingRows,
} from "./queries";

export const IMPORT_JOB = "contacts.import";
const BATCH = 500;
const RUN_BUDGET_MS = 15_000;
const LEASE_MS = 60_000;
/** A tag the import creates needs the tag rule's 3 characters. */
const TAG_MIN = 3;

export interface ImportJobPayload {
  companyId: number;
  importId: number;
  /** The link of the chain: 0 for the first run, then the rows done and checked when the previous link handed over. */
  link: number;
}

const registered = new WeakSet<AppContext>();

/** Registers the import job once per context (the routes factory calls it). */
export function registerImportJob(ctx: AppContext): void {
  if (registered.has(ctx)) return;
  registered.add(ctx);
  ctx.jobs.register<ImportJobPayload>(
    IMPORT_JOB,
    async (p, job) => {
      try {
        await runImport(ctx, p);
      } catch (err) {
        // The last attempt failing ends the import visibly; the rows done so far stay done.
        if (job.attempts >= job.maxAttempts) {
          await setImportStatus(ctx.db, p.companyId, p.importId, "failed", ctx.clock.now().toISOString());
          ctx.bus.emit("contactImport.progress", { companyId: p.companyId, importId: p.importId });
        }
        throw err;
      }
    },
    { maxAttempts: 5, leaseMs: LEASE_MS },
  );
}

export function enqueueImport(ctx: AppContext, p: ImportJobPayload, trx?: Db) {
  return ctx.jobs.enqueue(IMPORT_JOB, p, { companyId: p.companyId, uniqueKey: `contacts-import:${p.importId}:${p.link}` }, trx);
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

async function runImport(ctx: AppContext, p: ImportJobPayload): Promise<void> {
  const started = performance.now();
  const imp = await findImport(ctx.db, p.companyId, p.importId);
  if (!imp || imp.status === "done" || imp.status === "failed") return;
  if (imp.status === "queued") await setImportStatus(ctx.db, p.companyId, imp.id, "running");
  if (imp.toCheck > 0) {
    if (!(await checkNumbers(ctx, imp, started + RUN_BUDGET_MS))) return handOver(ctx, p);
  }
  const tags = tagResolver(ctx, imp);
  for (;;) {
    const { done, createdTags } = await ctx.db.transaction().execute((trx) => importBatch(ctx, trx, imp, tags));
    for (const tagId of createdTags) ctx.bus.emit("tag.created", { companyId: imp.companyId, tagId });
    if (done === 0) break;
    ctx.bus.emit("contactImport.progress", { companyId: imp.companyId, importId: imp.id });
    if (performance.now() - started > RUN_BUDGET_MS) return handOver(ctx, p);
    await yieldToRequests();
  }
  await ctx.db.transaction().execute(async (trx) => {
    const at = ctx.clock.now();
    await setImportStatus(trx, imp.companyId, imp.id, "done", at.toISOString());
    const end = await findImport(trx, imp.companyId, imp.id);
    await recordAudit(trx, at, imp.userId === null ? null : { userId: imp.userId }, {
      companyId: imp.companyId,
      entity: "contactImport",
      entityId: imp.id,
      action: "update",
      before: { status: imp.status },
      after: { status: "done", imported: end?.imported, updated: end?.updated, ignored: end?.ignored },
    });
  });
  ctx.bus.emit("contactImport.progress", { companyId: imp.companyId, importId: imp.id });
}

/** Queues the next link of the chain, keyed by the work done so far (it only grows, so every link has its own key). */
async function handOver(ctx: AppContext, p: ImportJobPayload): Promise<void> {
  const now = await findImport(ctx.db, p.companyId, p.importId);
  await enqueueImport(ctx, { ...p, link: now ? now.processed + now.checked : p.link + 1 });
}

/** Tag names to ids of the company's contact tags, matched ignoring case; a missing one is created (and audited). */
function tagResolver(ctx: AppContext, imp: ImportRow) {
  let known: Map<string, number> | undefined;
  return async (trx: Db, names: string[], created: number[]): Promise<number[]> => {
    known ??= new Map((await contactTagNames(trx, imp.companyId)).map((t) => [t.name.toLowerCase(), t.id]));
    const ids: number[] = [];
    for (const name of names) {
      let id = known.get(name.toLowerCase());
      if (id === undefined && name.length >= TAG_MIN) {
        const at = ctx.clock.now();
        id = await insertTag(trx, imp.companyId, { name, userId: imp.userId, createdAt: at.toISOString(), updatedAt: at.toISOString() });
        await recordAudit(trx, at, actorOf(imp), { companyId: imp.companyId, entity: "tag", entityId: id, action: "create", after: { name, kanban: 0 } });
        known.set(name.toLowerCase(), id);
        created.push(id);
      }
      if (id !== undefined) ids.push(id);
    }
    return ids;
  };
}

const actorOf = (imp: ImportRow) => (imp.userId === null ? null : { userId: imp.userId });

/**
 * One batch: a row whose number a contact of the company (a person, not a group) already has updates it — its empty
 * email filled, its tags added, its name only where none was typed (empty, or the number itself); a row adding
 * nothing is ignored as alreadyExists. Any other row creates a WhatsApp contact with its tags.
 */
async function importBatch(ctx: AppContext, trx: Db, imp: ImportRow, tagIds: ReturnType<typeof tagResolver>) {
  const createdTags: number[] = [];
  const rows = await waitingRows(trx, imp.companyId, imp.id, BATCH);
  if (!rows.length) return { done: 0, createdTags };
  const at = ctx.clock.now();
  const nowIso = at.toISOString();
  const byNumber = new Map<string, { id: number; name: string; number: string; email: string }>();
  for (const c of await contactsByNumbers(
    trx,
    imp.companyId,
    rows.map((r) => r.number),
  )) {
    if (!byNumber.has(c.number)) byNumber.set(c.number, c);
  }
  const owned = await tagIdsOf(
    trx,
    imp.companyId,
    [...byNumber.values()].map((c) => c.id),
  );
  const counts = { imported: 0, updated: 0, ignored: 0 };
  const pairs: { contactId: number; tagId: number }[] = [];
  const outcomes: RowOutcome[] = [];
  const audit = (entityId: number, action: "create" | "update", before: Record<string, unknown> | undefined, after: Record<string, unknown>) =>
    recordAudit(trx, at, actorOf(imp), { companyId: imp.companyId, entity: "contact", entityId, action, before, after });

  for (const row of rows) {
    const tags = await tagIds(trx, row.tags ? row.tags.split("\n") : [], createdTags);
    const found = byNumber.get(row.number);
    if (found) {
      const changes: { name?: string; email?: string } = {};
      if (!found.email && row.email) changes.email = row.email;
      if (!found.name.trim() || found.name === found.number) changes.name = row.name;
      const have = owned.get(found.id) ?? new Set<number>();
      const added = tags.filter((t) => !have.has(t));
      for (const tagId of added) {
        have.add(tagId);
        pairs.push({ contactId: found.id, tagId });
      }
      owned.set(found.id, have);
      if (Object.keys(changes).length === 0 && added.length === 0) {
        outcomes.push({ row, outcome: "ignored", reason: "alreadyExists", contactId: found.id });
        counts.ignored++;
        continue;
      }
      if (Object.keys(changes).length) await updateContact(trx, imp.companyId, found.id, { ...changes, updatedAt: nowIso });
      await audit(
        found.id,
        "update",
        { name: found.name, email: found.email, tagIds: [] },
        { name: found.name, email: found.email, ...changes, tagIds: added },
      );
      Object.assign(found, changes);
      outcomes.push({ row, outcome: "updated", reason: null, contactId: found.id });
      counts.updated++;
      continue;
    }
    const values = { name: row.name, number: row.number, email: row.email, channel: "whatsapp", createdAt: nowIso, updatedAt: nowIso };
    const contactId = await insertContact(trx, imp.companyId, values);
    for (const tagId of tags) pairs.push({ contactId, tagId });
    await audit(contactId, "create", undefined, { ...values, tagIds: tags });
    byNumber.set(row.number, { id: contactId, name: row.name, number: row.number, email: row.email });
    owned.set(contactId, new Set(tags));
    outcomes.push({ row, outcome: "imported", reason: null, contactId });
    counts.imported++;
  }
  await addContactTags(trx, imp.companyId, pairs);
  await setRowOutcomes(trx, imp.companyId, imp.id, outcomes);
  await addCounts(trx, imp.companyId, imp.id, counts);
  return { done: rows.length, createdTags };
}
