import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_foundation";

/** Static map so the compiled binary carries every migration; key order is run order. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
};
