/** What the main thread and a read worker (sql-worker.ts) say to each other. */

/** One read: SQL compiled by Kysely on the main thread, and its parameters. */
export interface ReadRequest {
  sql: string;
  parameters: readonly unknown[];
  /**
   * Keep only the first row of each distinct value of `column`, in the query's order, and stop the scan after
   * `limit` of them (e.g. the newest matching message of each ticket, without reading every match).
   */
  firstDistinct?: { column: string; limit: number };
}

export type Row = Record<string, unknown>;

export type ToWorker = { kind: "open"; path: string } | ({ kind: "read"; id: number } & ReadRequest);

export type FromWorker =
  | { kind: "ready" }
  | { kind: "failed"; error: string }
  | { kind: "rows"; id: number; rows: Row[] }
  | { kind: "error"; id: number; error: string };
