/**
 * Queue fields no code reads yet ("no effect yet: hidden" in docs/settings.md, Queue fields): the queue dialog does not
 * show them, so it offers nothing the product does not do. A field leaves this list, and its row in docs/settings.md
 * flips, when the code that gives it an effect lands; its control is already in the dialog.
 */
export const HIDDEN_QUEUE_FIELDS: ReadonlySet<string> = new Set(["integrationId", "fileListId", "promptId"]);

export const queueFieldShown = (field: string, hidden: ReadonlySet<string> = HIDDEN_QUEUE_FIELDS) => !hidden.has(field);

/** The queue's own week shows when its field is shown and the company keeps business hours per queue. */
export const queueScheduleShown = (scheduleType: string | undefined, hidden: ReadonlySet<string> = HIDDEN_QUEUE_FIELDS) =>
  queueFieldShown("schedules", hidden) && scheduleType === "queue";
