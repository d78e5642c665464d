/**
 * How to run: `bun bench/dashboard.ts` seeds the data of bench/tickets.ts (100,000 tickets, 1,000,000 messages over
 * 180 days; `--data DIR` reuses a folder seeded by either bench), gives every ticket the figures the product keeps as
 * events happen (queue entry, acceptance a few minutes later, close, a rating on a third of the closed ones; a tenth
 * opened by the company), rolls the messages up as the product's job does, starts the real server and prints one
 * JSON line per figure (progress on stderr). Try it tiny first:
 *   bun bench/dashboard.ts --tickets 2000 --messages 20000 --seconds 5 --agents 10
 * Options: --seconds 20 (per figure), --agents 50 (seeded as bench/tickets.ts does), --data DIR, --binary, --store
 * postgres (the stamped and rolled-up folder moved into a throwaway PostgreSQL cluster with migrate-store, lib/store.ts).
 *
 * Figures, as an agent (profile user) whose showDashboard and allUserChat the admin turned on (a supervisor: the report
 * lists the tickets the caller may see), at concurrency 4, with the query strings the web app sends:
 *   dashboard_p99_ms {period: 30 | 365}   GET /api/dashboard for the last 30 and 365 company days   target < 100
 *                                          (once the daily roll-up of the days that are over is built: the first
 *                                          load asks for it, and its time is printed on stderr)
 *   dashboard_charts_p99_ms {period}       the page's two chart calls (ticketsDay, ticketsUsers) in parallel
 *   report_export_rows_per_s {format}      GET /api/ticketreport/export for the 365 days, csv then xlsx, read as it
 *                                          streams (the csv's rows counted as they arrive)   target >= 20,000
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { AGENT_PASSWORD, readAgents } from "./lib/agents";
import { load, type LoadResult } from "./lib/load";
import { emit, note } from "./lib/report";
import { benchEnv, ensureBinary, login, startServer, tempDataDir } from "./lib/server";
import { seed } from "./lib/tickets-seed";
import { benchStore, storeArg } from "./lib/store";
import { dayAt } from "../src/modules/dashboard/period";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg("--seconds") ?? 20);
const BINARY = process.argv.includes("--binary");
const TICKETS = Number(arg("--tickets") ?? 100_000);
const AGENTS = Number(arg("--agents") ?? 50);
const CONCURRENCY = 4;

const dataDir = arg("--data") ?? tempDataDir();
mkdirSync(dataDir, { recursive: true });
if (!existsSync(join(dataDir, "multi100.db"))) {
  await seed(dataDir, { tickets: TICKETS, messages: Number(arg("--messages") ?? 1_000_000), agents: AGENTS, mode: BINARY ? "binary" : "source" });
} else note(`reusing the seeded ${dataDir}`);

/** The figures the product keeps per ticket, for a folder seeded without them (once: a stamped folder is kept). */
function stamp(file: string) {
  const db = new Database(file);
  const done = (db.query("select count(*) as n from tickets where firstAcceptedAt is not null").get() as { n: number }).n;
  if (done > 0) {
    db.close();
    return;
  }
  const t0 = performance.now();
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;");
  db.transaction(() => {
    db.exec(`
      update tickets set
        firstQueuedAt = case when queueId is not null then createdAt end,
        firstAcceptedAt = case when status <> 'pending' then strftime('%Y-%m-%dT%H:%M:%fZ', createdAt, '+' || (1 + id % 37) || ' minutes') end,
        lastClosedAt = case when status = 'closed' then closedAt end,
        initiatedBy = case when id % 10 = 0 then 'company' else 'contact' end;
      insert into ticket_ratings (companyId, ticketId, userId, rate, createdAt)
        select 1, id, userId, id % 11, closedAt from tickets where status = 'closed' and id % 3 = 0;
    `);
  })();
  db.exec("PRAGMA optimize; PRAGMA wal_checkpoint(TRUNCATE);");
  db.close();
  note(`stamped the tickets' figures in ${Math.round(performance.now() - t0)} ms`);
}
// The store brought to this version first (a folder seeded by an older build lacks the dashboard's columns), then the
// figures stamped, then the messages rolled up: the roll-up's job counts the ids its previous run saw, so two runs
// count every seeded message.
{
  const { loadConfig } = await import("../src/config");
  const { createContext } = await import("../src/context");
  const { createLogger } = await import("../src/log");
  const { rollUpMessages } = await import("../src/modules/dashboard/rollup");
  let ctx = await createContext({ config: loadConfig(benchEnv(dataDir)), log: createLogger("warn") });
  await ctx.close();
  stamp(join(dataDir, "multi100.db"));
  ctx = await createContext({ config: loadConfig(benchEnv(dataDir)), log: createLogger("warn") });
  const moved = (await rollUpMessages(ctx.db)) + (await rollUpMessages(ctx.db));
  if (moved) note(`rolled up ${moved} message ids`);
  await ctx.close();
}

const agent = readAgents(dataDir)[0];
if (!agent) throw new Error(`no agent was seeded in ${dataDir}: run with --agents 1 or more`);
if (BINARY) await ensureBinary();
const store = await benchStore(storeArg(), dataDir);
const server = await startServer({ dataDir, mode: BINARY ? "binary" : "source", timeoutMs: 60_000, env: store.env });
note(`server up (${BINARY ? "dist/multi100" : "sources"}, ${store.kind}) in ${Math.round(server.startMs)} ms on ${server.url}`);
const admin = await login(server.url);
const granted = await fetch(`${server.url}/api/users/${agent.id}`, {
  method: "PUT",
  headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
  // A supervisor: the dashboard's right, and every ticket shown, so the report's export is the whole year's.
  body: JSON.stringify({ showDashboard: "enabled", allUserChat: "enabled" }),
});
if (granted.status !== 200) throw new Error(`PUT /api/users/${agent.id} -> ${granted.status} ${await granted.text()}`);
const token = await login(server.url, { email: agent.email, password: AGENT_PASSWORD });

async function get(path: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip, deflate, br" } });
  if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}
const run = (fn: () => Promise<unknown>): Promise<LoadResult> => load({ concurrency: CONCURRENCY, durationMs: SECONDS * 1000, warmup: 10, fn });
const report = (r: LoadResult, what: string) => {
  if (r.errors) note(`${what}: ${r.errors} errors (${r.errorSamples.join(" | ")})`);
  note(`${what}: n=${r.ok} p50=${r.p50Ms.toFixed(1)} p99=${r.p99Ms.toFixed(1)} max=${r.maxMs.toFixed(1)} ms, ${r.rps.toFixed(0)}/s`);
};
const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

// The first load asks for the daily roll-up of the days that are over; the figures are timed once it is built, as a
// manager meets them every day but the first (the first load's own time is printed).
{
  const t0 = performance.now();
  await get(`/api/dashboard?dateFrom=${day(364 * 86_400_000)}&dateTo=${day(0)}`);
  note(`first load of the year: ${Math.round(performance.now() - t0)} ms`);
  const today = dayAt(new Date(), "America/Sao_Paulo");
  const built = async () => (await store.rows<{ builtTo: string }>('select "builtTo" from dashboard_builds where "companyId" = 1'))[0]?.builtTo;
  const t1 = performance.now();
  while ((await built()) !== today) {
    if (performance.now() - t1 > 300_000) throw new Error(`the roll-up was not built in 5 minutes (built to ${await built()})`);
    await Bun.sleep(200);
  }
  note(`the roll-up of the days that are over was built within ${Math.round(performance.now() - t1)} ms`);
}

for (const period of [30, 365]) {
  const from = day((period - 1) * 86_400_000);
  const to = day(0);
  const figures = await get(`/api/dashboard?dateFrom=${from}&dateTo=${to}`);
  note(`${period} days: finished ${figures.counters.supportFinished}, tickets ${figures.counters.tickets}, received ${figures.counters.messagesReceived}`);
  if (figures.counters.supportFinished === 0) throw new Error("the period holds no finished ticket: the data is not what the bench expects");
  const dash = await run(() => get(`/api/dashboard?dateFrom=${from}&dateTo=${to}`));
  report(dash, `dashboard ${period} days`);
  const charts = await run(() =>
    Promise.all([get(`/api/dashboard/ticketsDay?initialDate=${from}&finalDate=${to}`), get(`/api/dashboard/ticketsUsers?initialDate=${from}&finalDate=${to}`)]),
  );
  report(charts, `charts ${period} days`);
  const line = { period, concurrency: CONCURRENCY, seconds: SECONDS, errors: dash.errors, as: "agent with showDashboard and allUserChat", store: store.kind };
  emit("dashboard_p99_ms", dash.p99Ms, "ms", dash.ok, { ...line, p50: Math.round(dash.p50Ms * 10) / 10, target: 100 });
  emit("dashboard_charts_p99_ms", charts.p99Ms, "ms", charts.ok, { ...line, errors: charts.errors, p50: Math.round(charts.p50Ms * 10) / 10 });
}

// The export of a year's tickets, read as it streams: csv (its rows counted as they arrive), then xlsx (the same rows).
{
  const from = day(364 * 86_400_000);
  const exportOf = async (format: "csv" | "xlsx") => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/ticketreport/export?format=${format}&dateFrom=${from}&dateTo=${day(0)}`, {
      headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip, deflate, br" },
    });
    if (res.status !== 200 || !res.body) throw new Error(`report export (${format}): ${res.status} ${(await res.text()).slice(0, 200)}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return { seconds: (performance.now() - t0) / 1000, lines, bytes };
  };
  const csv = await exportOf("csv");
  const rows = Math.max(csv.lines - 1, 0);
  note(`report export csv: ${rows} rows, ${Math.round(csv.bytes / 1024)} KiB in ${csv.seconds.toFixed(2)} s`);
  emit("report_export_rows_per_s", rows / csv.seconds, "rows/s", rows, {
    period: 365,
    format: "csv",
    seconds: Math.round(csv.seconds * 100) / 100,
    target: 20_000,
  });
  const xlsx = await exportOf("xlsx");
  note(`report export xlsx: ${Math.round(xlsx.bytes / 1024)} KiB in ${xlsx.seconds.toFixed(2)} s`);
  emit("report_export_rows_per_s", rows / xlsx.seconds, "rows/s", rows, {
    period: 365,
    format: "xlsx",
    seconds: Math.round(xlsx.seconds * 100) / 100,
    target: 20_000,
  });
}

const code = await server.stop();
if (code !== 0) note(`server exit code ${code}:\n${server.output().slice(-2000)}`);
await store.close();
