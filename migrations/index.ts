import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_foundation";
import * as m0010 from "./0010_channels";

/** Static map so the compiled binary carries every migration; key order is run order. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0010_channels": m0010,
};
