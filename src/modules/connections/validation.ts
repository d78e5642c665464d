import type { FieldErrors } from "../../http/errors";
import { IMPORT_WINDOW_YEARS, MSG, VACATION_PAST_DAYS } from "./schema";

/** The connection as it will be stored (stored values with the request's changes over them). */
export interface ConnectionRuleState {
  name: string;
  greetingMessage: string | null;
  ratingMessage: string | null;
  expiresTicketNPS: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  queueIds: readonly number[];
  enableImportMessage: boolean;
  importOldMessages: string | null;
  importRecentMessages: string | null;
  queueIdImportMessages: number | null;
  collectiveVacationStart: string | null;
  collectiveVacationEnd: string | null;
  collectiveVacationMessage: string | null;
}

export interface RuleContext {
  /** Company setting userRating is enabled. */
  ratingsEnabled: boolean;
  now: Date;
  /**
   * Fields whose value this request changes. Rules measured against "now" (the import window, the vacation's
   * 10 days) apply only to changed values, so a connection saved long ago stays editable.
   */
  changed: ReadonlySet<string>;
}

const blank = (s: string | null | undefined) => !s || s.trim() === "";
const time = (s: string) => Date.parse(s);

/** UTC midnight of a day `days` before now. */
function daysAgo(now: Date, days: number): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days);
}

/** The connection form's cross-field rules. Field formats are the zod schema's; ids are checked by the service. */
export function connectionRuleErrors(s: ConnectionRuleState, rc: RuleContext): FieldErrors {
  const errors: FieldErrors = {};
  const set = (field: string, message: string) => {
    errors[field] ??= message;
  };
  const now = rc.now.getTime();

  if (rc.ratingsEnabled) {
    if (blank(s.ratingMessage)) set("ratingMessage", MSG.ratingMessage);
    if (s.expiresTicketNPS === 0) set("expiresTicketNPS", MSG.expiresNPS);
  }

  // A redirect time needs a queue to redirect to, and a queue needs a time.
  if (s.timeSendQueue !== 0 && s.sendIdQueue === null) set("sendIdQueue", MSG.sendQueue);
  if (s.sendIdQueue !== null && s.timeSendQueue === 0) set("timeSendQueue", MSG.sendQueue);

  if (s.queueIds.length > 1 && blank(s.greetingMessage)) set("greetingMessage", MSG.greetingRequired);

  if (s.enableImportMessage) {
    if (s.queueIdImportMessages === null) set("queueIdImportMessages", MSG.required);
    if (s.importOldMessages === null) set("importOldMessages", MSG.required);
    if (s.importRecentMessages === null) set("importRecentMessages", MSG.required);
    const checkWindow = rc.changed.has("enableImportMessage");
    if (s.importOldMessages !== null && (checkWindow || rc.changed.has("importOldMessages"))) {
      const earliest = new Date(rc.now);
      earliest.setUTCFullYear(earliest.getUTCFullYear() - IMPORT_WINDOW_YEARS);
      const old = time(s.importOldMessages);
      if (old < earliest.getTime() || old > now) set("importOldMessages", MSG.importOld);
    }
    if (s.importRecentMessages !== null) {
      const recent = time(s.importRecentMessages);
      if (s.importOldMessages !== null && recent < time(s.importOldMessages)) set("importRecentMessages", MSG.importRecent);
      if ((checkWindow || rc.changed.has("importRecentMessages")) && recent > now) set("importRecentMessages", MSG.importRecent);
    }
  }

  if (!blank(s.collectiveVacationMessage)) {
    if (s.collectiveVacationStart === null) set("collectiveVacationStart", MSG.required);
    if (s.collectiveVacationEnd === null) set("collectiveVacationEnd", MSG.required);
  }
  const floor = daysAgo(rc.now, VACATION_PAST_DAYS);
  if (s.collectiveVacationStart !== null && rc.changed.has("collectiveVacationStart") && time(s.collectiveVacationStart) < floor) {
    set("collectiveVacationStart", MSG.vacationStart);
  }
  if (s.collectiveVacationEnd !== null) {
    if (rc.changed.has("collectiveVacationEnd") && time(s.collectiveVacationEnd) < floor) set("collectiveVacationEnd", MSG.vacationEnd);
    if (s.collectiveVacationStart !== null && time(s.collectiveVacationEnd) < time(s.collectiveVacationStart)) set("collectiveVacationEnd", MSG.vacationEnd);
  }

  return errors;
}
