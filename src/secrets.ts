import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config";

export interface Secrets {
  jwt: string;
  jwtRefresh: string;
  media: string;
}

const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");

/** Secrets come from the environment, else from DATA_DIR/secrets.json, generated (mode 600) on first start. */
export function loadSecrets(config: Config): Secrets {
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
  return {
    ...secrets,
    jwt: config.JWT_SECRET ?? secrets.jwt,
    jwtRefresh: config.JWT_REFRESH_SECRET ?? secrets.jwtRefresh,
  };
}
