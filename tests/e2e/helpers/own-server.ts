/**
 * A spec's server of its own: a helper script (the real app with a fake provider in place of the outside service) on
 * a fresh data folder. The browser logs in as the spec's first admin; the spec's API calls use a second admin's token,
 * taken once, because a login bumps the user's token version and would log the browser out.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { ROOT, type RunningServer, startServer } from "./server";

export interface OwnServer {
  server: RunningServer;
  /** The second admin's access token. */
  apiToken: string;
  stop(): Promise<void>;
}

export async function startOwnServer(opts: {
  /** The helper script, from the repository root (e.g. tests/e2e/helpers/whatsapp-server.ts). */
  script: string;
  /** Names the data folder and the second admin's email. */
  name: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `multi100-${opts.name}-e2e-`));
  const server = await startServer({
    cmd: [join(ROOT, "node_modules", ".bin", "bun"), opts.script],
    env: {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      ADMIN_EMAIL: opts.admin.email,
      ADMIN_PASSWORD: opts.admin.password,
      LOG_LEVEL: "error",
      AUTH_MAX_ATTEMPTS: "100",
      ...opts.env,
    },
    timeoutMs: 30_000,
  });
  const login = async (creds: { email: string; password: string }) => {
    const res = await fetch(`${server.baseURL}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(creds),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const apiAdmin = { email: `api@${opts.name}.local`, password: "ApiAdmin123!" };
  const created = await fetch(`${server.baseURL}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await login(opts.admin)}` },
    body: JSON.stringify({ name: "API admin", profile: "admin", ...apiAdmin }),
  });
  expect(created.status).toBeLessThan(300);
  return {
    server,
    apiToken: await login(apiAdmin),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An API call of the spec (the second admin's token unless another is given) that must succeed; answers the JSON. */
export async function apiCall(request: APIRequestContext, baseURL: string, token: string, method: string, path: string, data?: unknown) {
  const res = await request.fetch(`${baseURL}${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json().catch(() => undefined);
}
