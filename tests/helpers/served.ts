/**
 * The product's own server process (`bun src/main.ts serve`) on a free loopback port with an empty DATA_DIR, for tests
 * of what only the served process does (its CLI, its start-up wiring). Resolves once /api/health answers 200.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../../scripts/free-port";

export const MAIN = resolve(import.meta.dir, "../../src/main.ts");

export interface Served {
  url: string;
  port: number;
  /** SIGTERM, wait for the exit, remove the DATA_DIR. */
  stop(): Promise<void>;
}

export async function startServed(env: Record<string, string> = {}): Promise<Served> {
  const dataDir = mkdtempSync(join(tmpdir(), "multi100-served-"));
  const port = await freePort();
  const server = Bun.spawn([process.execPath, MAIN, "serve"], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
    stdout: "ignore",
    stderr: "pipe",
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${url}/api/health`).catch(() => undefined))?.status !== 200) {
    if (server.exitCode !== null || Date.now() > deadline) {
      const why = await new Response(server.stderr).text();
      await stop();
      throw new Error(`server did not start: ${why}`);
    }
    await Bun.sleep(50);
  }
  return { url, port, stop };
}
