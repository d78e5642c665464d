import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config";
import type { Db } from "./db/database";

export interface Secrets {
  jwt: string;
  jwtRefresh: string;
  media: string;
}

const NAMES = ["jwt", "jwtRefresh", "media"] as const;

const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");

/** The environment's secrets win over stored ones (JWT_SECRET, JWT_REFRESH_SECRET). */
function withEnvironment(config: Config, stored: Secrets): Secrets {
  return { ...stored, jwt: config.JWT_SECRET ?? stored.jwt, jwtRefresh: config.JWT_REFRESH_SECRET ?? stored.jwtRefresh };
}

/** The embedded store's secrets: DATA_DIR/secrets.json, generated (mode 600) on first start. */
function fileSecrets(config: Config): Secrets {
  const file = join(config.DATA_DIR, "secrets.json");
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8"));
  const secrets: Secrets = {
    jwt: stored.jwt ?? random(),
    jwtRefresh: stored.jwtRefresh ?? random(),
    media: stored.media ?? random(),
  };
  if (secrets.jwt !== stored.jwt || secrets.jwtRefresh !== stored.jwtRefresh || secrets.media !== stored.media) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/**
 * A database server's secrets: in its store_secrets table, so that every instance on it signs with the same ones. The
 * first instance to start writes random ones; one that starts beside it keeps whichever were written first.
 */
async function storedSecrets(db: Db): Promise<Secrets> {
  await db
    .insertInto("store_secrets")
    .values(NAMES.map((name) => ({ name, value: random() })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const rows = await db
    .selectFrom("store_secrets")
    .select(["name", "value"])
    .where("name", "in", [...NAMES])
    .execute();
  const value = new Map(rows.map((r) => [r.name, r.value]));
  return { jwt: value.get("jwt")!, jwtRefresh: value.get("jwtRefresh")!, media: value.get("media")! };
}

/** Secrets come from the environment, else from the store: DATA_DIR/secrets.json on SQLite, the database on PostgreSQL. */
export async function loadSecrets(config: Config, db: Db): Promise<Secrets> {
  return withEnvironment(config, config.DATABASE_URL ? await storedSecrets(db) : fileSecrets(config));
}
