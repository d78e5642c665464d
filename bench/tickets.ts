/**
 * The inbox at volume (issue 6, Done): 100,000 tickets, 1,000,000 messages, 20,000 contacts, 10 users, 5 queues
 * (10,000 open, 5,000 pending, the rest closed), bodies of about 100 characters in which one word, "atenção",
 * appears in about 13 % of the messages. Seeded with bun:sqlite prepared statements in large transactions; the
 * full-text index is filled by the migration's triggers as rows go in (the product's own write path).
 *
 * Then the real server (sources by default; --binary runs dist/multi100) on 127.0.0.1, the bench admin logs in, and
 * each figure is measured at concurrency 16 for --seconds (20) seconds:
 *   tickets_list_p50_ms / tickets_list_p99_ms   GET /api/tickets?status=open&showAll=true&pageNumber=1
 *   tickets_list_queues_p99_ms                   the same with all five queueIds, as the web app sends them
 *   tickets_list_page50_p99_ms                   the same at pageNumber=50
 *   search_messages_p99_ms                       GET /api/tickets?searchParam=atencao&searchOnMessages=true&showAll=true
 *   messages_list_p99_ms                         GET /api/messages/:ticketId of random tickets
 *   search_stall_p99_ms                          the list's p99 (12 loops) while 4 loops search beside it
 * Targets: tickets_list_p99_ms < 25, search_messages_p99_ms < 150, messages_list_p99_ms < 20, search_stall_p99_ms < 50.
 *
 *   bun bench/tickets.ts [--seconds 20] [--binary] [--data DIR]
 * --data DIR seeds DIR once and reuses it on later runs (it is kept); without it a temporary folder is used.
 * stdout: JSON lines only; progress on stderr.
 */
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { load, type LoadResult } from "./lib/load";
import { emit, note } from "./lib/report";
import { benchEnv, ensureBinary, login, startServer, tempDataDir } from "./lib/server";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg("--seconds") ?? 20);
const BINARY = process.argv.includes("--binary");
const CONCURRENCY = 16;

const SIZE = { tickets: 100_000, messages: 1_000_000, contacts: 20_000, users: 10, queues: 5, open: 10_000, pending: 5_000 };
/** The searched word and the share of messages that carry it. */
const WORD = { stored: "atenção", typed: "atencao", share: 0.13 };
const DAYS = 180;

// ---------------------------------------------------------------------------------------------------------------
// Seed

/** A deterministic generator, so every run seeds the same data. */
function generator(seed: number) {
  let s = seed >>> 0;
  // mulberry32: integer-exact in 32 bits (a float LCG loses precision and falls into short cycles).
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { rand, int: (n: number) => Math.floor(rand() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]! };
}

const FIRST = [
  "João",
  "Maria",
  "José",
  "Ana",
  "Antônio",
  "Francisca",
  "Carlos",
  "Márcia",
  "Paulo",
  "Luíza",
  "Pedro",
  "Fernanda",
  "Lucas",
  "Júlia",
  "André",
  "Patrícia",
];
const LAST = ["Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Gonçalves", "Araújo", "Ribeiro", "Conceição", "Câmara", "Melo", "Simões"];
const SYLLABLES = [
  "ba",
  "be",
  "ca",
  "co",
  "da",
  "de",
  "fa",
  "ga",
  "la",
  "le",
  "ma",
  "me",
  "na",
  "no",
  "pa",
  "pe",
  "ra",
  "ri",
  "sa",
  "se",
  "ta",
  "te",
  "va",
  "vi",
  "lo",
  "mu",
  "ção",
  "são",
  "ões",
  "ão",
];

/** About 3,000 made-up words: a realistic vocabulary for the full-text index (none starts with the searched word). */
function vocabulary(g: ReturnType<typeof generator>): string[] {
  const words = new Set<string>();
  while (words.size < 3000) {
    const n = 2 + g.int(3);
    let w = "";
    for (let i = 0; i < n; i++) w += g.pick(SYLLABLES);
    if (!w.startsWith("aten")) words.add(w);
  }
  return [...words];
}

/** A body of about 100 characters; with `word`, the searched word sits somewhere in it. */
function body(g: ReturnType<typeof generator>, words: string[], word: boolean): string {
  const parts: string[] = [];
  let len = 0;
  const at = word ? g.int(8) : -1;
  while (len < 95) {
    const w = parts.length === at ? WORD.stored : g.pick(words);
    parts.push(w);
    len += w.length + 1;
  }
  return parts.join(" ").slice(0, 100);
}

async function seed(dataDir: string): Promise<void> {
  const t0 = performance.now();
  const { loadConfig } = await import("../src/config");
  const { createContext } = await import("../src/context");
  const { ensureFirstStart } = await import("../src/bootstrap");
  const { createLogger } = await import("../src/log");
  const ctx = await createContext({ config: loadConfig(benchEnv(dataDir)), log: createLogger("warn") });
  await ensureFirstStart(ctx);
  await ctx.close();

  const db = new Database(join(dataDir, "multi100.db"));
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -200000;");
  const g = generator(7);
  const words = vocabulary(g);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();

  // Queues, users (each in one or two queues), one connection with no plugin behind it (no session starts).
  db.transaction(() => {
    for (let q = 1; q <= SIZE.queues; q++)
      db.query("insert into queues (companyId, name, color) values (1, ?, ?)").run(`Fila ${q}`, `#${(q * 2000003).toString(16).slice(0, 6).padEnd(6, "0")}`);
    const hash = Bun.password.hashSync("Bench123!", { algorithm: "bcrypt", cost: 4 });
    for (let u = 1; u <= SIZE.users; u++) {
      const { id } = db
        .query("insert into users (companyId, name, email, passwordHash, profile) values (1, ?, ?, ?, 'user') returning id")
        .get(`Agente ${u}`, `agent${u}@bench.local`, hash) as { id: number };
      db.query("insert into user_queues (userId, queueId, companyId) values (?, ?, 1)").run(id, 1 + (u % SIZE.queues));
      if (u % 2 === 0) db.query("insert into user_queues (userId, queueId, companyId) values (?, ?, 1)").run(id, 1 + ((u + 2) % SIZE.queues));
    }
    db.query("insert into connections (id, companyId, name, channel, token, isDefault, status) values (1, 1, 'Bench', 'benchchan', ?, 1, 'CONNECTED')").run(
      "B".repeat(30),
    );
  })();
  const queueIds = (db.query("select id from queues order by id").all() as { id: number }[]).map((r) => r.id);
  const userIds = (db.query("select id from users where companyId = 1 order by id").all() as { id: number }[]).map((r) => r.id);

  db.transaction(() => {
    const ins = db.prepare(
      "insert into contacts (companyId, name, number, channel, identity, whatsappId, createdAt, updatedAt) values (1, ?, ?, 'whatsapp', ?, 1, ?, ?)",
    );
    for (let c = 1; c <= SIZE.contacts; c++) {
      const number = `5511${String(900000000 + c * 37).padStart(9, "0")}`;
      const at = iso(now - (DAYS + 1) * 86_400_000 + c * 1000);
      ins.run(`${g.pick(FIRST)} ${g.pick(LAST)} ${c}`, number, `${number}@s.whatsapp.net`, at, at);
    }
  })();

  // Tickets: each starts at a random moment of the last DAYS days; its messages follow a few minutes apart.
  // Open and pending tickets take distinct contacts (one live ticket per contact and connection).
  const T = SIZE.tickets;
  const start = new Float64Array(T);
  const count = new Uint16Array(T);
  const gap = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    start[t] = now - g.rand() * DAYS * 86_400_000;
    gap[t] = 30_000 + g.rand() * 600_000;
    count[t] = 1 + g.int(19);
  }
  let total = count.reduce((a, b) => a + b, 0);
  for (let t = 0; total !== SIZE.messages; t = (t + 1) % T) {
    if (total < SIZE.messages && count[t]! < 60) {
      count[t]!++;
      total++;
    } else if (total > SIZE.messages && count[t]! > 1) {
      count[t]!--;
      total--;
    }
  }
  const live = new Set<number>();
  while (live.size < SIZE.open + SIZE.pending) live.add(g.int(T));
  const liveList = [...live];
  const status: string[] = new Array(T).fill("closed");
  const contactOf = new Int32Array(T);
  for (const [i, t] of liveList.entries()) {
    status[t] = i < SIZE.open ? "open" : "pending";
    contactOf[t] = 1 + i;
  }
  for (let t = 0; t < T; t++) if (!live.has(t)) contactOf[t] = 1 + g.int(SIZE.contacts);

  // Messages in time order, so ids grow with time as they do in production.
  const N = SIZE.messages;
  const msgTicket = new Int32Array(N);
  const msgAt = new Float64Array(N);
  let k = 0;
  for (let t = 0; t < T; t++) {
    for (let m = 0; m < count[t]!; m++) {
      msgTicket[k] = t;
      msgAt[k] = start[t]! + m * gap[t]!;
      k++;
    }
  }
  const order = new Uint32Array(N).map((_, i) => i).sort((a, b) => msgAt[a]! - msgAt[b]!);

  const ticketId = new Int32Array(T);
  const lastAt = new Float64Array(T);
  for (let t = 0; t < T; t++) lastAt[t] = start[t]! + (count[t]! - 1) * gap[t]!;
  db.transaction(() => {
    const ins = db.prepare(
      "insert into tickets (uuid, companyId, status, contactId, whatsappId, queueId, userId, channel, lastMessage, unreadMessages, closedAt, createdAt, updatedAt) values (?, 1, ?, ?, 1, ?, ?, 'whatsapp', ?, 0, ?, ?, ?) returning id",
    );
    const log = db.prepare("insert into ticket_logs (companyId, ticketId, type, createdAt) values (1, ?, 'create', ?)");
    for (let t = 0; t < T; t++) {
      const st = status[t]!;
      const queueId = g.rand() < 0.05 ? null : g.pick(queueIds);
      const userId = st === "pending" ? null : g.pick(userIds);
      const row = ins.get(
        crypto.randomUUID(),
        st,
        contactOf[t]!,
        queueId,
        userId,
        "",
        st === "closed" ? iso(lastAt[t]!) : null,
        iso(start[t]!),
        iso(lastAt[t]!),
      ) as { id: number };
      ticketId[t] = row.id;
      log.run(row.id, iso(start[t]!));
    }
  })();

  let withWord = 0;
  const lastBody: string[] = new Array(T).fill("");
  const BATCH = 200_000;
  for (let from = 0; from < N; from += BATCH) {
    db.transaction(() => {
      const ins = db.prepare(
        "insert into messages (companyId, ticketId, contactId, connectionId, body, fromMe, read, ack, origin, sendStatus, createdAt, updatedAt) values (1, ?, ?, 1, ?, ?, 1, ?, ?, ?, ?, ?)",
      );
      for (let i = from; i < Math.min(N, from + BATCH); i++) {
        const m = order[i]!;
        const t = msgTicket[m]!;
        const word = g.rand() < WORD.share;
        if (word) withWord++;
        const text = body(g, words, word);
        const fromMe = g.rand() < 0.5;
        const at = iso(msgAt[m]!);
        ins.run(ticketId[t]!, contactOf[t]!, text, fromMe ? 1 : 0, fromMe ? 3 : 0, fromMe ? "agent" : "contact", fromMe ? "sent" : null, at, at);
        lastBody[t] = text;
      }
    })();
    note(`messages: ${Math.min(N, from + BATCH)} / ${N}`);
  }
  db.transaction(() => {
    const upd = db.prepare("update tickets set lastMessage = ? where id = ?");
    for (let t = 0; t < T; t++) upd.run(lastBody[t]!, ticketId[t]!);
  })();
  db.exec("PRAGMA optimize; PRAGMA wal_checkpoint(TRUNCATE);");
  const fts = (db.query("select count(*) as n from messages_fts").get() as { n: number }).n;
  db.close();
  note(`seeded ${T} tickets, ${N} messages (${withWord} with "${WORD.stored}", ${fts} indexed) in ${Math.round((performance.now() - t0) / 1000)} s`);
}

// ---------------------------------------------------------------------------------------------------------------
// Run

const dataDir = arg("--data") ?? tempDataDir();
mkdirSync(dataDir, { recursive: true });
if (!existsSync(join(dataDir, "multi100.db"))) await seed(dataDir);
else note(`reusing the seeded ${dataDir}`);

if (BINARY) await ensureBinary();
const server = await startServer({ dataDir, mode: BINARY ? "binary" : "source", timeoutMs: 60_000 });
note(`server up (${BINARY ? "dist/multi100" : "sources"}) in ${Math.round(server.startMs)} ms on ${server.url}`);
const token = await login(server.url);
const headers = { authorization: `Bearer ${token}` };

async function get(path: string): Promise<unknown> {
  const res = await fetch(`${server.url}${path}`, { headers });
  if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

const queueIds = encodeURIComponent(JSON.stringify([1, 2, 3, 4, 5]));
const LIST = "/api/tickets?status=open&showAll=true&pageNumber=1";
const SEARCH = `/api/tickets?searchParam=${WORD.typed}&searchOnMessages=true&showAll=true&pageNumber=1`;

/** Checks an answer once before measuring, so a broken route fails loudly instead of timing errors. */
async function probe(path: string, check: (body: any) => boolean, what: string) {
  const body = await get(path);
  if (!check(body)) throw new Error(`${what}: unexpected answer ${JSON.stringify(body).slice(0, 300)}`);
  return body as any;
}
await probe(LIST, (b) => b.tickets?.length === 40 && b.count > 0, "open list");
const search = await probe(SEARCH, (b) => Array.isArray(b.tickets) && b.tickets.length > 0, "message search");
note(`search answered count=${search.count}${search.countCapped ? " (capped)" : ""}, ${search.tickets.length} tickets on page 1`);

const run = (fn: () => Promise<unknown>, concurrency = CONCURRENCY): Promise<LoadResult> => load({ concurrency, durationMs: SECONDS * 1000, warmup: 20, fn });
const report = (r: LoadResult, what: string) => {
  if (r.errors) note(`${what}: ${r.errors} errors (${r.errorSamples.join(" | ")})`);
  note(`${what}: n=${r.ok} p50=${r.p50Ms.toFixed(1)} p99=${r.p99Ms.toFixed(1)} max=${r.maxMs.toFixed(1)} ms, ${r.rps.toFixed(0)}/s`);
};

const list = await run(() => get(LIST));
report(list, "list");
const listQueues = await run(() => get(`${LIST}&queueIds=${queueIds}`));
report(listQueues, "list with queueIds");
const page50 = await run(() => get("/api/tickets?status=open&showAll=true&pageNumber=50"));
report(page50, "list page 50");
const searches = await run(() => get(SEARCH));
report(searches, "search");
const maxTicket = SIZE.tickets;
const messages = await run(() => get(`/api/messages/${1 + Math.floor(Math.random() * maxTicket)}`));
report(messages, "messages");
const [stall, beside] = await Promise.all([run(() => get(LIST), 12), run(() => get(SEARCH), 4)]);
report(stall, "list beside searches");
report(beside, "searches beside the list");
const code = await server.stop();
if (code !== 0) note(`server exit code ${code}:\n${server.output().slice(-2000)}`);

const ok = (r: LoadResult) => ({ concurrency: CONCURRENCY, seconds: Math.round(r.elapsedMs / 100) / 10, errors: r.errors });
emit("tickets_list_p50_ms", list.p50Ms, "ms", list.ok, ok(list));
emit("tickets_list_p99_ms", list.p99Ms, "ms", list.ok, { ...ok(list), target: 25 });
emit("tickets_list_queues_p99_ms", listQueues.p99Ms, "ms", listQueues.ok, { ...ok(listQueues), target: 25 });
emit("tickets_list_page50_p99_ms", page50.p99Ms, "ms", page50.ok, ok(page50));
emit("search_messages_p99_ms", searches.p99Ms, "ms", searches.ok, { ...ok(searches), target: 150, count: search.count, capped: Boolean(search.countCapped) });
emit("messages_list_p99_ms", messages.p99Ms, "ms", messages.ok, { ...ok(messages), target: 20 });
emit("search_stall_p99_ms", stall.p99Ms, "ms", stall.ok, { ...ok(stall), concurrency: 12, searchLoops: 4, searches: beside.ok, target: 50 });
