import type { Db } from "../../db/database";
import type { Actor } from "../../http/permissions";
import { insertAuditEntry } from "./queries";

/** The kinds of rows the audit log names; a later module adds its own. */
export type AuditEntity =
  | "company"
  | "user"
  | "queue"
  | "setting"
  | "companySetting"
  | "connection"
  | "contact"
  | "tag"
  | "quickMessage"
  | "ticket"
  | "chatbot"
  | "fileList"
  | "contactImport"
  | "contactExport"
  | "ticketReport";
export type AuditAction = "create" | "update" | "delete" | "transfer" | "accept" | "reopen" | "return" | "export";

export type AuditFields = Record<string, unknown>;

export interface AuditChange {
  /** The company whose data changed. */
  companyId: number;
  entity: AuditEntity;
  entityId: number | string;
  action: AuditAction;
  /** The row before the write (undefined for a create), and after it (undefined for a delete). */
  before?: AuditFields;
  after?: AuditFields;
  /** Field names this entity keeps secret besides the common ones (a channel plugin's secretFields). */
  secretFields?: readonly string[];
}

/** Names that hold a secret wherever they appear: password hashes, tokens, keys. */
const SECRET_NAME = /password|passwd|secret|token|api_?key/i;
/** Bookkeeping columns: the entry carries its own time. */
const IGNORED = new Set(["createdAt", "updatedAt"]);
export const REDACTED = "[redacted]";

/**
 * Records one write in the audit log, on the executor of the write's own transaction, so a rolled-back change leaves
 * no entry and a committed one always has its entry. Only the fields that changed are kept (all of them on create and
 * delete), and every secret is replaced by a marker before anything is stored. An update that changes nothing writes
 * no entry. `actor` null is the system.
 */
export async function recordAudit(db: Db, at: Date, actor: Pick<Actor, "userId" | "ip"> | null, change: AuditChange): Promise<void> {
  const secret = (key: string) => SECRET_NAME.test(key) || (change.secretFields?.includes(key) ?? false);
  const { before, after } = changedFields(change.before, change.after);
  if (change.before && change.after && Object.keys(after).length === 0) return;
  await insertAuditEntry(db, {
    companyId: change.companyId,
    userId: actor?.userId ?? null,
    entity: change.entity,
    entityId: String(change.entityId),
    action: change.action,
    before: change.before ? JSON.stringify(redact(before, secret)) : null,
    after: change.after ? JSON.stringify(redact(after, secret)) : null,
    ip: actor?.ip ?? null,
    createdAt: at.toISOString(),
  });
}

/** The fields whose value differs between the two states (every field of the one state given). */
function changedFields(before: AuditFields | undefined, after: AuditFields | undefined): { before: AuditFields; after: AuditFields } {
  const out = { before: {} as AuditFields, after: {} as AuditFields };
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const was = before?.[key];
    const is = after?.[key];
    if (before && after && JSON.stringify(was) === JSON.stringify(is)) continue;
    if (before) out.before[key] = was ?? null;
    if (after) out.after[key] = is ?? null;
  }
  return out;
}

/** A copy with every secret-named field, at any depth, replaced by the marker (a null or empty one stays as it is). */
function redact(value: unknown, secret: (key: string) => boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => redact(v, secret));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, secret(k) && v !== null && v !== "" ? REDACTED : redact(v, secret)]));
}
