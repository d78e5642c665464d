/**
 * A throwaway PostgreSQL cluster for the tests and the benches: initdb in a temporary folder, the server on a random
 * port with its socket in that folder, trust authentication for local connections only, stopped and removed at the
 * end. PostgreSQL refuses to run as root, so under root both run as the `postgres` system user (Debian's package
 * creates it) and the folder is handed to that user.
 *
 *   bun scripts/pg-cluster.ts start DIR   prints the postgres:// URL of a new cluster in DIR
 *   bun scripts/pg-cluster.ts stop DIR    stops it and removes DIR
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "./free-port";

/** The server programs of the newest PostgreSQL installed (Debian keeps them out of PATH). */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .map(Number)
        .filter((v) => v >= 15)
        .sort((a, b) => b - a)
    : [];
  if (versions.length === 0) {
    throw new Error("PostgreSQL 15 or newer is not installed (apt-get install -y postgresql); its server programs live in /usr/lib/postgresql/N/bin");
  }
  return join(root, String(versions[0]), "bin");
}

const asRoot = process.getuid?.() === 0;

const spawn = (cmd: string[]) => Bun.spawnSync(asRoot ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd, { stdout: "pipe", stderr: "pipe" });

function run(cmd: string[]): void {
  const out = spawn(cmd);
  if (out.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed (${out.exitCode}): ${out.stderr.toString()}${out.stdout.toString()}`);
}

/**
 * `durable`: the server's own defaults for fsync, synchronous commit and full-page writes (what a bench times, as an
 * operator would run it); without it those are off (what a test cluster wants).
 */
export async function startCluster(dir: string, opts: { durable?: boolean } = {}): Promise<string> {
  const bin = postgresBin();
  mkdirSync(dir, { recursive: true });
  if (asRoot) Bun.spawnSync(["chown", "postgres:postgres", dir]);
  const data = join(dir, "data");
  run([join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const port = await freePort();
  // Durability is not what a test cluster is for: without fsync a test database is created and written in a
  // fraction of the time. Enough connections for every test app's pool alive at once.
  const fast = opts.durable ? [] : ["fsync = off", "synchronous_commit = off", "full_page_writes = off"];
  appendFileSync(
    join(data, "postgresql.conf"),
    [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, ...fast, "max_connections = 300", "shared_buffers = 128MB"]
      .map((line) => `${line}\n`)
      .join(""),
  );
  run([join(bin, "pg_ctl"), "-D", data, "-l", join(dir, "log"), "-w", "start"]);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

export function stopCluster(dir: string): void {
  const data = join(dir, "data");
  // A cluster whose server is already gone (the machine restarted, the process was killed) is only removed.
  if (existsSync(data) && spawn([join(postgresBin(), "pg_ctl"), "-D", data, "status"]).exitCode === 0)
    run([join(postgresBin(), "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"]);
  rmSync(dir, { recursive: true, force: true });
}

if (import.meta.main) {
  const [command, dir] = process.argv.slice(2);
  if (!dir || (command !== "start" && command !== "stop")) {
    console.error("usage: bun scripts/pg-cluster.ts start|stop DIR");
    process.exit(2);
  }
  if (command === "start") console.log(await startCluster(dir));
  else stopCluster(dir);
}
