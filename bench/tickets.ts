/**
 * How to run: `bun bench/tickets.ts` seeds 100,000 tickets and 1,000,000 messages (minutes; `--data DIR` keeps them for
 * later runs), starts the real server on 127.0.0.1 and prints one JSON line per figure on stdout (progress on stderr):
 * the agents' figures first, then the admin's. Try it tiny first on a small or busy machine:
 *   bun bench/tickets.ts --tickets 2000 --messages 20000 --seconds 5 --agents 10
 * Options: --seconds 20 (per figure), --env KEY=VALUE (added to the server's environment, repeatable), --agents 50, --admin (the admin's figures only, no agent online), --agents-only
 * (the agents' figures only: with --profile, a CPU profile of the agents' requests alone), --binary
 * (dist/multi100 instead of the sources), --data DIR (seeded once, then reused), --tickets, --messages, --profile DIR (the
 * server writes a CPU profile, markdown, into DIR when it stops), --store postgres (the seeded data moved into a
 * throwaway PostgreSQL cluster with migrate-store, timed as migrate_store_s, and the server run on it; lib/store.ts),
 * --instances N (with --store postgres: after the round on one instance, the agent figures again with N instances of
 * the server on the same database, the agents and their requests spread over them; every line says `instances`).
 * Each agent round also prints agent_round_cpu_s: the servers' and the database server's CPU seconds, and how many
 * database sessions waited on a lock (mean and most at once, sampled every 100 ms).
 *
 * The data: tickets spread over 5 queues (5 % without one; 10 % open, 5 % pending, the rest closed), a fifth as many
 * contacts, bodies of about 100 characters in which one word, "atenção", appears in about 13 % of the messages, and
 * 60 % of the live tickets unread (their last 1-3 messages from the contact, unread again before every run). Agents are
 * created through POST /api/users before the bulk seed, each in 2 of the 5 queues; the tickets with a user are theirs,
 * each given to an agent of its queue. Seeded with bun:sqlite prepared statements in large transactions; the full-text
 * index is filled once at the end with its insert trigger's own statement (lib/search-index.ts).
 *
 * Agent figures (concurrency 16, requests spread over the agents, each with their own token and socket online, joined as
 * the web app joins it; the query strings are the web app's, see lib/agents.ts):
 *   agent_open_list_p99_ms          the open tab            target < 25
 *   agent_pending_list_p99_ms       the pending tab
 *   agent_search_messages_p99_ms    search with searchOnMessages for "atencao"   target < 150
 *   agent_search_stall_p99_ms       the open tab's p99 from 12 loops while 4 loops search beside it   target < 50
 *   agent_open_conversation_p99_ms  opening an unread conversation: the ticket, then its messages, which mark it read
 *                                   (each ticket opened once)   target < 20
 * Admin figures (the super admin, showAll, no socket online): admin_tickets_list_p50_ms / _p99_ms (open, page 1),
 * admin_tickets_list_queues_p99_ms (with all five queueIds), admin_tickets_list_page50_p99_ms,
 * admin_search_messages_p99_ms, admin_messages_list_p99_ms (random tickets that are not unread), admin_search_stall_p99_ms
 * (the list's p99 from 12 loops while 4 loops search beside it).
 * Memory over the whole run (admin and agent parts), sampled every 100 ms (lib/memory.ts): rss_peak_mb, the server's
 * resident set at its peak (target < 350), and anon_peak_mb, the part of it that maps no file (target < 250); its line
 * also says how much of that was the JavaScript heap (heapAtAnonPeakMb, from /metrics every second) and its buffers,
 * and how many full collections the server's heap keeper ran (heapCollections) and the seconds they took (heapCollectS).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { FrameTally, goOnline, inboxPaths, type OnlineAgent, openConversation, readAgents } from "./lib/agents";
import { load, type LoadResult } from "./lib/load";
import { emit, note } from "./lib/report";
import { MemoryWatch } from "./lib/memory";
import { measureCost } from "./lib/cost";
import { ensureBinary, login, startServer, tempDataDir } from "./lib/server";
import { benchStore, storeArg } from "./lib/store";
import { makeUnread, seed, WORD } from "./lib/tickets-seed";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg("--seconds") ?? 20);
const BINARY = process.argv.includes("--binary");
const PROFILE = arg("--profile");
const ADMIN_ONLY = process.argv.includes("--admin");
const AGENTS_ONLY = process.argv.includes("--agents-only");
const AGENTS = Number(arg("--agents") ?? 50);
const TICKETS = Number(arg("--tickets") ?? 100_000);
const CONCURRENCY = 16;
const INSTANCES = Number(arg("--instances") ?? 1);

const dataDir = arg("--data") ?? tempDataDir();
mkdirSync(dataDir, { recursive: true });
if (!existsSync(join(dataDir, "multi100.db"))) {
  await seed(dataDir, { tickets: TICKETS, messages: Number(arg("--messages") ?? 1_000_000), agents: AGENTS, mode: BINARY ? "binary" : "source" });
} else note(`reusing the seeded ${dataDir}`);
const agents = readAgents(dataDir).slice(0, ADMIN_ONLY ? 0 : AGENTS);
if (!ADMIN_ONLY && agents.length < AGENTS) note(`only ${agents.length} agents were seeded in ${dataDir}`);
const { pools, unreadIds } = makeUnread(dataDir, agents);
const store = await benchStore(storeArg(), dataDir);
if (INSTANCES > 1 && store.kind !== "postgres") throw new Error("--instances needs --store postgres: the instances share one PostgreSQL database");

if (BINARY) await ensureBinary();
const server = await startServer({
  dataDir,
  mode: BINARY ? "binary" : "source",
  timeoutMs: 60_000,
  env: { ...store.env, ...(PROFILE ? { BUN_OPTIONS: `--cpu-prof-md --cpu-prof-dir=${PROFILE}` } : {}) },
});
note(`server up (${BINARY ? "dist/multi100" : "sources"}, ${store.kind}) in ${Math.round(server.startMs)} ms on ${server.url}`);
const memory = new MemoryWatch(server.pid, 100, server.url);
const token = await login(server.url);

async function get(path: string, bearer = token, url = server.url): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** Checks an answer once before measuring, so a broken route fails loudly instead of timing errors. */
async function probe(path: string, check: (body: any) => boolean, what: string, bearer = token) {
  const body = await get(path, bearer);
  if (!check(body)) throw new Error(`${what}: unexpected answer ${JSON.stringify(body).slice(0, 300)}`);
  return body as any;
}
const run = (fn: (i: number) => Promise<unknown>, concurrency = CONCURRENCY, requests?: number, warmup = 20): Promise<LoadResult> =>
  load({ concurrency, durationMs: SECONDS * 1000, requests, warmup, fn });
const report = (r: LoadResult, what: string) => {
  if (r.errors) note(`${what}: ${r.errors} errors (${r.errorSamples.join(" | ")})`);
  note(`${what}: n=${r.ok} p50=${r.p50Ms.toFixed(1)} p99=${r.p99Ms.toFixed(1)} max=${r.maxMs.toFixed(1)} ms, ${r.rps.toFixed(0)}/s`);
};
const ok = (r: LoadResult) => ({ concurrency: CONCURRENCY, seconds: Math.round(r.elapsedMs / 100) / 10, errors: r.errors, store: store.kind });

// The admin first, with no socket online: the figures as they were measured before agents existed.
async function adminFigures() {
  const LIST = "/api/tickets?status=open&showAll=true&pageNumber=1";
  const SEARCH = `/api/tickets?searchParam=${WORD.typed}&searchOnMessages=true&showAll=true&pageNumber=1`;
  await probe(LIST, (b) => b.tickets?.length === 40 && b.count > 0, "open list");
  const search = await probe(SEARCH, (b) => Array.isArray(b.tickets) && b.tickets.length > 0, "message search");
  note(`admin search answered count=${search.count}${search.countCapped ? " (capped)" : ""}, ${search.tickets.length} tickets on page 1`);
  const list = await run(() => get(LIST));
  report(list, "admin list");
  const listQueues = await run(() => get(`${LIST}&queueIds=${encodeURIComponent(JSON.stringify([1, 2, 3, 4, 5]))}`));
  report(listQueues, "admin list with queueIds");
  const page50 = await run(() => get("/api/tickets?status=open&showAll=true&pageNumber=50"));
  report(page50, "admin list page 50");
  const searches = await run(() => get(SEARCH));
  report(searches, "admin search");
  /** A random ticket that is not unread (opening an unread one would mark it read, a write the admin's figure never had). */
  const readTicket = (): number => {
    const id = 1 + Math.floor(Math.random() * TICKETS);
    return unreadIds.has(id) ? readTicket() : id;
  };
  const messages = await run(() => get(`/api/messages/${readTicket()}`));
  report(messages, "admin messages");
  const [stall, beside] = await Promise.all([run(() => get(LIST), 12), run(() => get(SEARCH), 4)]);
  report(stall, "admin list beside searches");
  report(beside, "admin searches beside the list");
  return () => {
    emit("admin_tickets_list_p50_ms", list.p50Ms, "ms", list.ok, ok(list));
    emit("admin_tickets_list_p99_ms", list.p99Ms, "ms", list.ok, { ...ok(list), target: 25 });
    emit("admin_tickets_list_queues_p99_ms", listQueues.p99Ms, "ms", listQueues.ok, { ...ok(listQueues), target: 25 });
    emit("admin_tickets_list_page50_p99_ms", page50.p99Ms, "ms", page50.ok, ok(page50));
    emit("admin_search_messages_p99_ms", searches.p99Ms, "ms", searches.ok, {
      ...ok(searches),
      target: 150,
      count: search.count,
      capped: Boolean(search.countCapped),
    });
    emit("admin_messages_list_p99_ms", messages.p99Ms, "ms", messages.ok, { ...ok(messages), target: 20 });
    emit("admin_search_stall_p99_ms", stall.p99Ms, "ms", stall.ok, { ...ok(stall), concurrency: 12, searchLoops: 4, searches: beside.ok, target: 50 });
  };
}
const emitAdmin = AGENTS_ONLY ? undefined : await adminFigures();

// Agent rounds: one instance, then with --instances N (PostgreSQL) N instances on the same database, the agents and
// their requests spread over them (agent i on instance i mod N), each round timing where the time goes.
const servers = [server];
const rounds = agents.length ? (INSTANCES > 1 ? [1, INSTANCES] : [1]) : [];
for (const [round, instances] of rounds.entries()) {
  while (servers.length < instances) {
    const more = await startServer({ dataDir, mode: BINARY ? "binary" : "source", timeoutMs: 60_000, env: store.env });
    note(`instance ${servers.length + 1} up on ${more.url}`);
    servers.push(more);
  }
  const urls = servers.slice(0, instances).map((s) => s.url);
  const tally = new FrameTally();
  const online = await goOnline(urls, agents, tally);
  note(`${online.agents.length} agents online on ${instances} instance(s), ${tally.frames} frames so far`);
  const stopCost = measureCost(
    servers.slice(0, instances).map((s) => s.pid),
    store.dbPid,
    store.lockWaiters,
  );
  // Call i goes to agent i (the warm-up's calls are numbered below zero).
  const agentOf = (i: number): OnlineAgent => online.agents[Math.abs(i) % online.agents.length]!;
  const first = online.agents[0]!;
  const paths = new Map(online.agents.map((a) => [a.id, inboxPaths(a, WORD.typed)]));
  const pathsOf = (a: OnlineAgent) => paths.get(a.id)!;
  const as = (a: OnlineAgent, path: string) => get(path, a.token, a.url);
  await probe(pathsOf(first).open, (b) => Array.isArray(b.tickets) && b.tickets.length > 0, "an agent's open tab", first.token);
  await probe(pathsOf(first).pending, (b) => Array.isArray(b.tickets) && b.tickets.length > 0, "an agent's pending tab", first.token);
  const agentSearch = await probe(pathsOf(first).search, (b) => Array.isArray(b.tickets), "an agent's message search", first.token);
  note(`an agent's open tab: ${pathsOf(first).open}; search: ${pathsOf(first).search}`);
  note(`agent search answered count=${agentSearch.count}${agentSearch.countCapped ? " (capped)" : ""}, ${agentSearch.tickets.length} tickets on page 1`);

  const open = await run((i) => as(agentOf(i), pathsOf(agentOf(i)).open));
  report(open, "agent open tab");
  const pending = await run((i) => as(agentOf(i), pathsOf(agentOf(i)).pending));
  report(pending, "agent pending tab");
  const searched = await run((i) => as(agentOf(i), pathsOf(agentOf(i)).search));
  report(searched, "agent search");
  const [openBeside, searchBeside] = await Promise.all([
    run((i) => as(agentOf(i), pathsOf(agentOf(i)).open), 12),
    run((i) => as(agentOf(i), pathsOf(agentOf(i)).search), 4),
  ]);
  report(openBeside, "agent open tab beside searches");
  report(searchBeside, "agent searches beside the open tab");
  // Each unread ticket is opened once, by an agent who sees it, taking the agents in turn; each round has its share.
  const queue: { agent: OnlineAgent; ticket: { id: number; uuid: string } }[] = [];
  for (let index = round, added = true; added; index += rounds.length) {
    added = false;
    for (const agent of online.agents) {
      const ticket = pools.get(agent.id)![index];
      if (!ticket) continue;
      queue.push({ agent, ticket });
      added = true;
    }
  }
  if (queue.length < 8) throw new Error(`only ${queue.length} unread tickets are visible to the agents: too few to time`);
  let next = 0;
  let unreadOpened = 0;
  const framesBefore = tally.frames;
  const warmup = Math.min(20, Math.floor(queue.length / 4));
  const opened = await run(
    async (i) => {
      const { agent, ticket } = queue[next++]!;
      if ((await openConversation(agent.url, agent, ticket)) > 0 && i >= 0) unreadOpened++;
    },
    CONCURRENCY,
    queue.length - warmup,
    warmup,
  );
  report(opened, "agent opens an unread conversation");
  const openFrames = tally.frames - framesBefore;
  const cost = await stopCost();
  online.closeAll();
  if (online.dropped()) note(`${online.dropped()} agent sockets closed during the run`);

  const agentLine = { agents: online.agents.length, socketsDropped: online.dropped(), instances };
  emit("agent_open_list_p99_ms", open.p99Ms, "ms", open.ok, { ...agentLine, ...ok(open), p50: Math.round(open.p50Ms * 100) / 100, target: 25 });
  emit("agent_pending_list_p99_ms", pending.p99Ms, "ms", pending.ok, { ...agentLine, ...ok(pending), p50: Math.round(pending.p50Ms * 100) / 100 });
  emit("agent_search_messages_p99_ms", searched.p99Ms, "ms", searched.ok, {
    ...agentLine,
    ...ok(searched),
    p50: Math.round(searched.p50Ms * 100) / 100,
    target: 150,
    count: agentSearch.count,
    capped: Boolean(agentSearch.countCapped),
  });
  emit("agent_search_stall_p99_ms", openBeside.p99Ms, "ms", openBeside.ok, {
    ...agentLine,
    ...ok(openBeside),
    concurrency: 12,
    searchLoops: 4,
    searches: searchBeside.ok,
    target: 50,
  });
  emit("agent_open_conversation_p99_ms", opened.p99Ms, "ms", opened.ok, {
    ...agentLine,
    ...ok(opened),
    p50: Math.round(opened.p50Ms * 100) / 100,
    target: 20,
    // Of the timed opens, those whose ticket still had unread messages: all of them unless the seed is wrong.
    unreadOpened,
    unreadTickets: queue.length,
    framesPerOpen: Math.round((openFrames / Math.max(1, opened.ok)) * 10) / 10,
  });
  // Where the agent round's time went: the servers' CPU, the database server's CPU, sessions waiting on locks.
  emit("agent_round_cpu_s", cost.appCpuS + cost.dbCpuS, "s", undefined, {
    ...agentLine,
    store: store.kind,
    appCpuS: Math.round(cost.appCpuS * 10) / 10,
    dbCpuS: Math.round(cost.dbCpuS * 10) / 10,
    lockWaitersMean: Math.round(cost.lockWaitersMean * 100) / 100,
    lockWaitersMax: cost.lockWaitersMax,
  });
}
const { rssPeakMb, anonPeakMb, ...heap } = memory.peaks();
memory.stop();
for (const [i, instance] of servers.entries()) {
  const code = await instance.stop();
  if (code !== 0) note(`server ${i + 1} exit code ${code}:\n${instance.output().slice(-2000)}`);
}
await store.close();

const memoryLine = { mode: agents.length ? "agents" : "admin", agentsOnline: agents.length, store: store.kind };
emit("rss_peak_mb", rssPeakMb, "MB", undefined, { ...memoryLine, target: 350 });
emit("anon_peak_mb", anonPeakMb, "MB", undefined, { ...memoryLine, ...heap, target: 250 });
emitAdmin?.();
