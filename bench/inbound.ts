/**
 * How to run: `bun bench/inbound.ts` seeds 100,000 tickets and 1,000,000 messages, starts the real server on 127.0.0.1
 * with N agents online (default 50) and posts web-chat messages for 60 s; stdout gets one JSON line per figure, stderr the
 * progress. Try it tiny first on a small or busy machine:
 *   bun bench/inbound.ts --tickets 2000 --messages 20000 --seconds 5 --agents 10
 * `--admin` runs the same data with no agent online (no sockets): the figures of the server with nobody watching.
 * `--data DIR` seeds once into DIR and runs every time on a fresh copy of it (lib/inbound-seed.ts seedOnce).
 * Other options: [--env KEY=VALUE] (the server's environment, repeatable) [--concurrency 16] [--bot-visitors 200] [--binary] [--profile DIR] [--keep FILE] [--store postgres] (the
 * seeded data moved into a throwaway PostgreSQL cluster with migrate-store, timed as migrate_store_s, and the server run on
 * it; lib/store.ts), --instances N (with --store postgres: N servers on the same database, the posts and the agents
 * spread over them; every line says `instances`, and inbound_server_cpu_ms_per_msg adds the database server's CPU per
 * message and the sessions waiting on a lock).
 *
 * Inbound throughput through the web-chat routes:
 *   - a DATA_DIR already holding 100,000 tickets and 1,000,000 messages (the full-text index filled at the end with its
 *     insert trigger's own statement, lib/search-index.ts), seeded with bun:sqlite prepared statements in transactions
 *     of 20,000 tickets; five queues,
 *     the tickets spread over them;
 *   - agents created through POST /api/users before the bulk seed, each in 2 of the 5 queues; the tickets an agent holds
 *     are each given to an agent of the ticket's queue. In agent mode (the default) each agent logs in and keeps one
 *     WebSocket joined as the web app joins it (lib/agents.ts), and every frame they receive is counted;
 *   - the real server (sources by default; --binary runs dist/multi100) on 127.0.0.1 with the search index on;
 *   - 16 concurrent senders POST /api/webchat/:widgetKey/messages for 60 s over 1,000 visitors: 900 seeded ones
 *     (their tokens signed with the DATA_DIR's secret, as the server would) and 100 new ones whose sessions are created
 *     through POST /sessions during the run, evenly spread;
 *   - committed rows only: after the run, the messages stored for the run are counted in the database and must equal the
 *     accepted posts (a check line says so).
 *   - the automation on: the connection has two queues (a menu), the first with a two-level option tree, and the
 *     company's business hours are checked on every message (scheduleType company, open all week); 30 % of the posts
 *     come from BOT_VISITORS visitors talking to the menu and the tree ("1", "1", "#", "#", ...), the others from
 *     visitors whose tickets an agent holds (no bot step answers them);
 *   - automation_p99_ms: per bot message, the time from the contact's message being stored to the bot's answer being
 *     stored and queued (both createdAt, read from the database after the run): the automation's whole turn with its
 *     writes, waiting in line included. At saturation that line is most of it (16 senders keep the single writer
 *     busy), so a second, paced phase follows the run: --paced-rate posts per second (default 300, the same mix,
 *     for --paced-seconds, default 10; 0 skips it), whose turns are measured alone as automation_paced_p99_ms — the
 *     automation's time when the server is busy but not flooded. Its posts count in neither the rate nor the CPU.
 * Prints JSON lines: inbound_msgs_per_s, inbound_server_cpu_ms_per_msg, inbound_frames_per_msg (agent mode: frames the
 * agents' sockets received per posted message, by event), inbound_p99_ms (+ p50), automation_p99_ms (+ p50),
 * automation_paced_p99_ms (+ p50), rss_peak_mb and anon_peak_mb (the server's resident set at its peak over the whole run,
 * and its part that maps no file; lib/memory.ts), inbound_check. Each line says its mode and how many agents were online. Targets: >= 2,000 msgs/s, <= 0.5 ms of server
 * CPU per message, automation < 5 ms.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { VisitorTokens } from "../plugins/channels/webchat/token";
import { FrameTally, framesSettled, goOnline } from "./lib/agents";
import { seedOnce, WORDS } from "./lib/inbound-seed";
import { load } from "./lib/load";
import { MemoryWatch } from "./lib/memory";
import { emit, note, percentile } from "./lib/report";
import { ensureBinary, startServer } from "./lib/server";
import { measureCost } from "./lib/cost";
import { benchStore, storeArg } from "./lib/store";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const SECONDS = arg("--seconds", 60);
const CONCURRENCY = arg("--concurrency", 16);
const NEW_VISITORS = arg("--new-visitors", 100);
const BOT_VISITORS = arg("--bot-visitors", 200);
const PACED_RATE = arg("--paced-rate", 300);
const PACED_SECONDS = arg("--paced-seconds", 10);
/** Share of the posts sent by the visitors talking to the bot. */
const BOT_SHARE = 0.3;
const BINARY = process.argv.includes("--binary");
/** --admin: nobody online (the agents exist, their sockets are not opened). */
const ADMIN_ONLY = process.argv.includes("--admin");
/** --keep FILE: copy the database (after the run) to FILE, to inspect query plans. */
const KEEP = process.argv.includes("--keep") ? process.argv[process.argv.indexOf("--keep") + 1] : undefined;
/** --profile DIR: the server writes a CPU profile (markdown) into DIR when it stops. */
const PROFILE = process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : undefined;
/** --instances N (with --store postgres): N servers on the same database, posts and agents spread over them. */
const INSTANCES = arg("--instances", 1);

if (BINARY) await ensureBinary();
const size = { tickets: arg("--tickets", 100_000), messages: arg("--messages", 1_000_000), visitors: arg("--visitors", 900), botVisitors: BOT_VISITORS };
const DATA = process.argv.includes("--data") ? process.argv[process.argv.indexOf("--data") + 1] : undefined;
const s = await seedOnce({ ...size, agents: arg("--agents", 50), mode: BINARY ? "binary" : "source" }, DATA);
const store = await benchStore(storeArg(), s.dataDir);
const secrets = JSON.parse(readFileSync(join(s.dataDir, "secrets.json"), "utf8")) as { jwt: string };
const tokens = new VisitorTokens(secrets.jwt);
const signed = s.visitorIds.map((v) => tokens.sign(v, s.connectionId, Date.now()));
/** Visitors talking to the bot (new visitors join them: their first message meets the menu). */
const botPool: string[] = signed.slice(0, BOT_VISITORS);
/** Visitors whose tickets an agent holds. */
const pool: string[] = signed.slice(BOT_VISITORS);

if (INSTANCES > 1 && store.kind !== "postgres") throw new Error("--instances needs --store postgres: the instances share one PostgreSQL database");
const serverEnv = {
  ...store.env,
  WEBCHAT_RATE_PER_MIN: "100000000",
  WEBCHAT_RATE_PER_MIN_IP: "100000000",
  WEBCHAT_SESSIONS_PER_MIN_IP: "100000000",
  ...(PROFILE ? { BUN_OPTIONS: `--cpu-prof-md --cpu-prof-dir=${PROFILE}` } : {}),
};
// The first instance alone (it meets the store first), then the others on the same database.
const servers = [await startServer({ dataDir: s.dataDir, mode: BINARY ? "binary" : "source", env: serverEnv })];
while (servers.length < INSTANCES) servers.push(await startServer({ dataDir: s.dataDir, mode: BINARY ? "binary" : "source", env: serverEnv }));
const server = servers[0]!;
note(`${INSTANCES} server(s) up (${BINARY ? "dist/multi100" : "sources"}, ${store.kind}) on ${servers.map((x) => x.url).join(", ")}`);
const memory = new MemoryWatch(server.pid, 100, server.url);
/** Post i goes to instance i mod N, as a proxy spreading requests would send it. */
const bases = servers.map((x) => `${x.url}/api/webchat/${s.widgetKey}`);
const baseOf = (n: number) => bases[n % bases.length]!;
const tally = new FrameTally();
const online =
  !ADMIN_ONLY && s.agents.length
    ? await goOnline(
        servers.map((x) => x.url),
        s.agents,
        tally,
      )
    : undefined;
const mode = { mode: online ? "agents" : "admin", agentsOnline: online?.agents.length ?? 0, store: store.kind, instances: INSTANCES };
if (online) note(`${online.agents.length} agents online`);

let accepted = 0;
/** Posts that were menu answers ("1", "#"): not words the search index is checked for. */
let answers = 0;
let newVisitors = 0;
const sessionLatencies: number[] = [];
let seq = 0;

async function newSession(): Promise<string> {
  const t0 = performance.now();
  const res = await fetch(`${baseOf(newVisitors)}/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `New visitor ${newVisitors}`, email: `v${newVisitors}@bench.local` }),
  });
  if (res.status !== 200) throw new Error(`session -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  sessionLatencies.push(performance.now() - t0);
  return ((await res.json()) as { visitorToken: string }).visitorToken;
}

/** A bot visitor's answers, in turn: into the first queue, into its sub-level, back, back to the menu. */
const BOT_ANSWERS = ["1", "1", "#", "#"];
const botTurns = new Map<string, number>();

/** Posts one message; answers the id the server stored it under. */
async function post(token: string, toBot = false): Promise<number> {
  const n = ++seq;
  let body = `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} mensagem ${n}`;
  if (toBot) {
    const k = botTurns.get(token) ?? 0;
    botTurns.set(token, k + 1);
    // The first message opens the ticket (the menu greets it); then the answers go round.
    if (k > 0) body = BOT_ANSWERS[(k - 1) % BOT_ANSWERS.length]!;
  }
  const answer = body.length <= 1;
  const res = await fetch(`${baseOf(n)}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ body, clientId: `b${n}` }),
  });
  if (res.status !== 200) throw new Error(`post -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  const reply = (await res.json()) as { message?: { id?: number } };
  if (!reply.message?.id) throw new Error("post answered without a message id");
  accepted++;
  if (answer) answers++;
  return reply.message.id;
}

// Warm-up (JIT, caches): a few posts before the clock starts, counted like the rest.
for (let i = 0; i < 50; i++) await post(pool[i % pool.length]!);
await framesSettled(tally);
tally.reset();

const stopCost = measureCost(
  servers.map((x) => x.pid),
  store.dbPid,
  store.lockWaiters,
);
const clientCpu0 = process.cpuUsage();
const load0 = readFileSync("/proc/loadavg", "utf8").split(" ")[0];

const durationMs = SECONDS * 1000;
const newEveryMs = durationMs / Math.max(1, NEW_VISITORS);
const started = performance.now();
let nextNewAt = newEveryMs / 2;
const r = await load({
  concurrency: CONCURRENCY,
  durationMs,
  fn: async () => {
    if (newVisitors < NEW_VISITORS && performance.now() - started >= nextNewAt) {
      nextNewAt += newEveryMs;
      newVisitors++;
      const token = await newSession();
      botPool.push(token);
      return post(token, true);
    }
    if (Math.random() < BOT_SHARE) return post(botPool[Math.floor(Math.random() * botPool.length)]!, true);
    return post(pool[Math.floor(Math.random() * pool.length)]!);
  },
});
if (r.errors) note(`errors: ${r.errors} (${r.errorSamples.join(" | ")})`);
// The fan-out of the last messages is part of the run: wait for their frames before reading the CPU.
if (online) await framesSettled(tally);
const cost = await stopCost();
const serverCpu = cost.appCpuS;
const clientCpu = process.cpuUsage(clientCpu0);
const load1 = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
const acceptedInRun = accepted;
const runFrames = { frames: tally.frames, bytes: tally.bytes, byEvent: structuredClone(tally.byEvent) };

/** The paced phase: one post every 1000 / PACED_RATE ms, whatever the answers' times; the first post's id marks it. */
let pacedFromId = Number.MAX_SAFE_INTEGER;
let pacedPosts = 0;
if (PACED_RATE > 0 && PACED_SECONDS > 0) {
  await new Promise((r) => setTimeout(r, 1000)); // the run's last bot turns settle
  const every = 1000 / PACED_RATE;
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < PACED_RATE * PACED_SECONDS; i++) {
    const wait = t0 + i * every - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const toBot = Math.random() < BOT_SHARE;
    const token = toBot ? botPool[Math.floor(Math.random() * botPool.length)]! : pool[Math.floor(Math.random() * pool.length)]!;
    inFlight.push(
      post(token, toBot).then((id) => {
        pacedFromId = Math.min(pacedFromId, id);
        pacedPosts++;
      }),
    );
  }
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 1000));
  note(`paced phase: ${pacedPosts} posts at ${PACED_RATE}/s`);
}
online?.closeAll();
const dropped = online?.dropped() ?? 0;
const { rssPeakMb, anonPeakMb, ...heap } = memory.peaks();
memory.stop();
for (const [i, instance] of servers.entries()) {
  const code = await instance.stop(30_000);
  if (code !== 0) note(`server ${i + 1} exit code ${code}`);
}

// Committed rows only: what the store holds for the run, read after the server stopped.
const { committed, contacts } = (
  await store.rows<{ committed: number; contacts: number }>(
    'select cast(count(*) as integer) as committed, cast(count(distinct "contactId") as integer) as contacts from messages where "connectionId" = ? and id > ? and id < ?',
    s.connectionId,
    s.maxMessageId,
    pacedFromId,
  )
)[0]!;
const { totalMessages } = (await store.rows<{ totalMessages: number }>('select cast(count(*) as integer) as "totalMessages" from messages'))[0]!;
const indexed = await store.indexed("mensagem");
// Each bot answer against the contact's message just before it on the ticket.
const botTimes = await store.rows<{ id: number; botAt: string; contactAt: string | null }>(
  `select b.id, b."createdAt" as "botAt", (select c."createdAt" from messages c where c."ticketId" = b."ticketId" and c.origin = 'contact' and c.id < b.id order by c.id desc limit 1) as "contactAt"
   from messages b where b.origin = 'bot' and b.id > ?`,
  s.maxMessageId,
);
const turnMs = (paced: boolean) =>
  botTimes.filter((b) => b.contactAt && b.id >= pacedFromId === paced).map((b) => Date.parse(b.botAt) - Date.parse(b.contactAt!));
const automationMs = turnMs(false);
const pacedMs = turnMs(true);
await store.close();
if (KEEP && store.kind === "sqlite") copyFileSync(join(s.dataDir, "multi100.db"), KEEP);

const botMessages = botTimes.filter((b) => b.id < pacedFromId).length;
const runCommitted = committed - botMessages - 50; // the bot's answers are not posts; the warm-up posts are before the clock
emit("inbound_msgs_per_s", (runCommitted / r.elapsedMs) * 1000, "msgs/s", runCommitted, {
  seconds: Math.round(r.elapsedMs / 100) / 10,
  concurrency: CONCURRENCY,
  contacts,
  newContacts: newVisitors,
  target: 2000,
  seededTickets: size.tickets,
  seededMessages: size.messages,
  server: BINARY ? "binary" : "source",
  ...mode,
});
// The same run seen as CPU cost: what one message costs the server (all its threads), whatever else the machine ran.
// 1000 / this is the rate one fully available core would sustain.
emit("inbound_server_cpu_ms_per_msg", (serverCpu * 1000) / runCommitted, "ms", runCommitted, {
  serverCpuS: Math.round(serverCpu * 10) / 10,
  // Where else the time went: the database server's CPU (PostgreSQL shares the cores) and sessions waiting on locks.
  dbCpuMsPerMsg: Math.round(((cost.dbCpuS * 1000) / runCommitted) * 100) / 100,
  lockWaitersMean: Math.round(cost.lockWaitersMean * 100) / 100,
  lockWaitersMax: cost.lockWaitersMax,
  clientCpuS: Math.round(((clientCpu.user + clientCpu.system) / 1e6) * 10) / 10,
  loadavg1: `${load0} -> ${load1}`,
  cores: navigator.hardwareConcurrency,
  target: 0.5,
  ...mode,
});
if (online) {
  emit("inbound_frames_per_msg", runFrames.frames / runCommitted, "frames", runFrames.frames, {
    bytesPerMsg: Math.round(runFrames.bytes / runCommitted),
    byEvent: runFrames.byEvent,
    socketsDropped: dropped,
    ...mode,
  });
}
emit("rss_peak_mb", rssPeakMb, "MB", undefined, { ...mode, target: 350 });
emit("anon_peak_mb", anonPeakMb, "MB", undefined, { ...mode, ...heap, target: 250 });
emit("inbound_p99_ms", r.p99Ms, "ms", r.ok, { p50: Math.round(r.p50Ms * 100) / 100, max: Math.round(r.maxMs) });
emit("automation_p99_ms", percentile(automationMs, 99), "ms", automationMs.length, {
  p50: Math.round(percentile(automationMs, 50) * 100) / 100,
  max: Math.round(Math.max(0, ...automationMs)),
  botMessages,
  target: 5,
});
if (pacedPosts) {
  emit("automation_paced_p99_ms", percentile(pacedMs, 99), "ms", pacedMs.length, {
    p50: Math.round(percentile(pacedMs, 50) * 100) / 100,
    max: Math.round(Math.max(0, ...pacedMs)),
    postsPerS: PACED_RATE,
    posts: pacedPosts,
    target: 5,
  });
}
emit(
  "inbound_check",
  committed - botMessages === acceptedInRun && r.errors === 0 && indexed >= accepted - answers && dropped === 0 ? 1 : 0,
  "bool",
  acceptedInRun,
  {
    accepted: acceptedInRun,
    committed: committed - botMessages,
    errors: r.errors,
    indexedRunMessages: indexed,
    totalMessages,
    sessionP99Ms: Math.round(percentile(sessionLatencies, 99) * 10) / 10,
    socketsDropped: dropped,
    ...mode,
  },
);
if (committed - botMessages !== acceptedInRun) note(`MISMATCH: ${acceptedInRun} accepted posts, ${committed - botMessages} committed rows`);
