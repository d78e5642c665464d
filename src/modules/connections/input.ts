/**
 * From a connections request to the row: the rule fields' state before and after the request (what the form's
 * cross-field rules are checked on), the request's fields as columns, and the plugin's config with its secrets kept.
 */
import type { Updateable } from "kysely";
import type { ChannelPlugin } from "../../channels/adapter";
import type { Connection, ConnectionsTable } from "../../db/schema";
import type { FieldErrors } from "../../http/errors";
import type { UpdateConnectionInput } from "./schema";
import type { ConnectionRuleState } from "./validation";

const RULE_FIELDS = [
  "name",
  "greetingMessage",
  "ratingMessage",
  "expiresTicketNPS",
  "timeSendQueue",
  "sendIdQueue",
  "queueIds",
  "enableImportMessage",
  "importOldMessages",
  "importRecentMessages",
  "queueIdImportMessages",
  "collectiveVacationStart",
  "collectiveVacationEnd",
  "collectiveVacationMessage",
] as const satisfies readonly (keyof ConnectionRuleState)[];

/** What a new connection holds before the request's fields (the column defaults of migration 0010). */
export const NEW_STATE: ConnectionRuleState = {
  name: "",
  greetingMessage: null,
  ratingMessage: null,
  expiresTicketNPS: 0,
  timeSendQueue: 0,
  sendIdQueue: null,
  queueIds: [],
  enableImportMessage: false,
  importOldMessages: null,
  importRecentMessages: null,
  queueIdImportMessages: null,
  collectiveVacationStart: null,
  collectiveVacationEnd: null,
  collectiveVacationMessage: null,
};

/** The rule fields of a stored connection, with its queue links. */
export function stateOf(row: Connection, queueIds: number[]): ConnectionRuleState {
  return {
    name: row.name,
    greetingMessage: row.greetingMessage,
    ratingMessage: row.ratingMessage,
    expiresTicketNPS: row.expiresTicketNPS,
    timeSendQueue: row.timeSendQueue,
    sendIdQueue: row.sendIdQueue,
    queueIds,
    enableImportMessage: row.enableImportMessage === 1,
    importOldMessages: row.importOldMessages,
    importRecentMessages: row.importRecentMessages,
    queueIdImportMessages: row.queueIdImportMessages,
    collectiveVacationStart: row.collectiveVacationStart,
    collectiveVacationEnd: row.collectiveVacationEnd,
    collectiveVacationMessage: row.collectiveVacationMessage,
  };
}

/** The stored state with the request's values over it, and which rule fields the request changes. */
export function mergeRuleState(current: ConnectionRuleState, input: UpdateConnectionInput): { state: ConnectionRuleState; changed: Set<string> } {
  const state = { ...current } as Record<string, unknown>;
  const changed = new Set<string>();
  for (const key of RULE_FIELDS) {
    const value = input[key];
    if (value === undefined) continue;
    if (JSON.stringify(value) !== JSON.stringify(current[key])) changed.add(key);
    state[key] = value;
  }
  return { state: state as unknown as ConnectionRuleState, changed };
}

/** Request fields to columns: booleans as 0/1, schedules as JSON; queue links, config, token and the default flag are handled apart. */
export function toColumns(input: UpdateConnectionInput): Updateable<ConnectionsTable> {
  const {
    queueIds: _queueIds,
    config: _config,
    regenerateToken: _regenerate,
    isDefault: _isDefault,
    schedules,
    allowGroup,
    enableImportMessage,
    importOldMessagesGroups,
    closedTicketsPostImported,
    ...rest
  } = input;
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
  const out: Record<string, unknown> = {
    ...rest,
    schedules: schedules && JSON.stringify(schedules),
    allowGroup: flag(allowGroup),
    enableImportMessage: flag(enableImportMessage),
    importOldMessagesGroups: flag(importOldMessagesGroups),
    closedTicketsPostImported: flag(closedTicketsPostImported),
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out as Updateable<ConnectionsTable>;
}

/**
 * The plugin's config from the request: a secret field left out, null or blank keeps the stored value (the form never
 * receives secrets back, so it cannot resend them). Validated with the manifest's configSchema; errors as config.<key>.
 */
export function resolveConfig(
  plugin: ChannelPlugin<any>,
  raw: Record<string, unknown>,
  stored: Record<string, unknown>,
  errors: FieldErrors,
): string | undefined {
  const merged: Record<string, unknown> = { ...raw };
  for (const key of plugin.manifest.secretFields) {
    const v = merged[key];
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) {
      if (stored[key] !== undefined) merged[key] = stored[key];
      else delete merged[key];
    }
  }
  const result = plugin.manifest.configSchema.safeParse(merged);
  if (!result.success) {
    for (const issue of result.error.issues) errors[["config", ...issue.path.map(String)].join(".")] ??= issue.message;
    return undefined;
  }
  return JSON.stringify(result.data);
}
