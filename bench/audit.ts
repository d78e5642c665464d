/**
 * The audit log's cost on a write route: the real server (sources) on 127.0.0.1 with 200 tags and 200 contacts made
 * through the API, then for --seconds (10) each, at concurrency 4 (writes are serialised by SQLite's one writer):
 *   audit_tag_update_p99_ms       PUT /api/tags/:id by the admin, a new name each time (so every call is audited)
 *   audit_contact_update_p99_ms   PUT /api/contacts/:id by the admin, a new name each time
 * plus their p50 and the number of audit entries written.
 *
 *   bun bench/audit.ts [--seconds 10] [--root DIR]
 * --root DIR runs the server from another source tree, e.g. a git worktree where the audit is switched off, for the
 * figure without it:  git worktree add /tmp/m100-noaudit HEAD && ln -s "$PWD/node_modules" /tmp/m100-noaudit/ &&
 * (make recordAudit return at once there) && bun bench/audit.ts --root /tmp/m100-noaudit
 * stdout: JSON lines only; progress on stderr.
 */
import { Database } from "bun:sqlite";
import { join, resolve } from "node:path";
import { fetchOk, load, type LoadResult } from "./lib/load";
import { emit, note } from "./lib/report";
import { login, startServer, tempDataDir } from "./lib/server";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg("--seconds") ?? 10);
const ROOT = arg("--root") && resolve(arg("--root")!);
const CONCURRENCY = 4;
const ROWS = 200;

const dataDir = tempDataDir();
const server = await startServer({ dataDir, mode: "source", root: ROOT, timeoutMs: 60_000 });
note(`server up (${ROOT ?? "this tree"}) in ${Math.round(server.startMs)} ms on ${server.url}`);
const headers = { authorization: `Bearer ${await login(server.url)}`, "content-type": "application/json" };
const send = async (method: string, path: string, body: unknown) =>
  (await fetchOk(`${server.url}${path}`, { method, headers, body: JSON.stringify(body) })).json() as Promise<{ id: number }>;

const tags: number[] = [];
const contacts: number[] = [];
for (let i = 0; i < ROWS; i++) {
  tags.push((await send("POST", "/api/tags", { name: `Tag ${i}`, color: "#A4CCCC" })).id);
  contacts.push((await send("POST", "/api/contacts", { name: `Contact ${i}`, number: `55119${String(i).padStart(8, "0")}` })).id);
}
note(`seeded ${ROWS} tags and ${ROWS} contacts`);

let serial = 0;
const run = (fn: () => Promise<unknown>): Promise<LoadResult> => load({ concurrency: CONCURRENCY, durationMs: SECONDS * 1000, warmup: 20, fn });
const report = (r: LoadResult, what: string) => {
  if (r.errors) note(`${what}: ${r.errors} errors (${r.errorSamples.join(" | ")})`);
  note(`${what}: n=${r.ok} p50=${r.p50Ms.toFixed(2)} p99=${r.p99Ms.toFixed(2)} max=${r.maxMs.toFixed(1)} ms, ${r.rps.toFixed(0)}/s`);
};
const tagUpdate = await run(() => {
  const n = ++serial;
  return send("PUT", `/api/tags/${tags[n % ROWS]}`, { name: `Tag ${n}` });
});
report(tagUpdate, "PUT /api/tags/:id");
const contactUpdate = await run(() => {
  const n = ++serial;
  return send("PUT", `/api/contacts/${contacts[n % ROWS]}`, { name: `Contact ${n}` });
});
report(contactUpdate, "PUT /api/contacts/:id");
const code = await server.stop();
if (code !== 0) note(`server exit code ${code}:\n${server.output().slice(-2000)}`);

const db = new Database(join(dataDir, "multi100.db"), { readonly: true });
const hasTable = db.query("select 1 from sqlite_master where name = 'audit_log'").get() !== null;
const entries = hasTable ? (db.query("select count(*) as n from audit_log").get() as { n: number }).n : 0;
db.close();

const extra = (r: LoadResult) => ({
  concurrency: CONCURRENCY,
  seconds: Math.round(r.elapsedMs / 100) / 10,
  errors: r.errors,
  auditEntries: entries,
  tree: ROOT ?? ".",
});
emit("audit_tag_update_p50_ms", tagUpdate.p50Ms, "ms", tagUpdate.ok, extra(tagUpdate));
emit("audit_tag_update_p99_ms", tagUpdate.p99Ms, "ms", tagUpdate.ok, extra(tagUpdate));
emit("audit_contact_update_p50_ms", contactUpdate.p50Ms, "ms", contactUpdate.ok, extra(contactUpdate));
emit("audit_contact_update_p99_ms", contactUpdate.p99Ms, "ms", contactUpdate.ok, extra(contactUpdate));
