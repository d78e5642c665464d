/**
 * The data of bench/tickets.ts (its header describes it): seeded once per DATA_DIR, and its unread tickets made unread
 * again before every run.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { optimizeStatistics } from "../../src/db/statistics";
import { type Agent, createAgents } from "./agents";
import { note } from "./report";
import { withSearchIndexFilledAfter } from "./search-index";
import { benchEnv } from "./server";

/**
 * Prepared statements of a seed connection, finalized before it closes: bun:sqlite leaves a connection with unfinalized
 * statements open (a zombie holding its locks), and the server started next would find the database locked.
 */
const opened = new Map<Database, { finalize(): void }[]>();
function prep(db: Database, sqlText: string) {
  const stmt = db.prepare(sqlText);
  opened.set(db, [...(opened.get(db) ?? []), stmt]);
  return stmt;
}
function closeAll(db: Database) {
  for (const stmt of opened.get(db) ?? []) stmt.finalize();
  opened.delete(db);
  db.close();
}

/** The searched word and the share of messages that carry it. */
export const WORD = { stored: "atenção", typed: "atencao", share: 0.13 };
const DAYS = 180;
/** A live ticket's unread messages, from its id alone, so a reused DATA_DIR can be made unread again the same way. */
const unreadOf = (ticketId: number) => (ticketId % 5 < 3 ? 1 + (ticketId % 3) : 0);

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

const FIRST = "João Maria José Ana Antônio Francisca Carlos Márcia Paulo Luíza Pedro Fernanda Lucas Júlia André Patrícia".split(" ");
const LAST = "Silva Santos Oliveira Souza Lima Pereira Ferreira Gonçalves Araújo Ribeiro Conceição Câmara Melo Simões".split(" ");
const SYLLABLES = "ba be ca co da de fa ga la le ma me na no pa pe ra ri sa se ta te va vi lo mu ção são ões ão".split(" ");

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

export async function seed(dataDir: string, opts: { tickets: number; messages: number; agents: number; mode: "binary" | "source" }): Promise<void> {
  const T = opts.tickets;
  const SIZE = { tickets: T, messages: opts.messages, contacts: T / 5, queues: 5, open: T / 10, pending: T / 20 };
  const t0 = performance.now();
  const { loadConfig } = await import("../../src/config");
  const { createContext } = await import("../../src/context");
  const { ensureFirstStart } = await import("../../src/bootstrap");
  const { createLogger } = await import("../../src/log");
  const ctx = await createContext({ config: loadConfig(benchEnv(dataDir)), log: createLogger("warn") });
  await ensureFirstStart(ctx);
  await ctx.close();

  const file = join(dataDir, "multi100.db");
  let db = new Database(file);
  // Queues and one connection with no plugin behind it (no session starts).
  db.transaction(() => {
    for (let q = 1; q <= SIZE.queues; q++)
      db.query("insert into queues (companyId, name, color) values (1, ?, ?)").run(`Fila ${q}`, `#${(q * 2000003).toString(16).slice(0, 6).padEnd(6, "0")}`);
    db.query("insert into connections (id, companyId, name, channel, token, isDefault, status) values (1, 1, 'Bench', 'benchchan', ?, 1, 'CONNECTED')").run(
      "B".repeat(30),
    );
  })();
  const queueIds = (db.query("select id from queues order by id").all() as { id: number }[]).map((r) => r.id);
  const adminId = (db.query("select id from users order by id limit 1").get() as { id: number }).id;
  closeAll(db);
  const agents = opts.agents > 0 ? await createAgents(dataDir, opts.agents, queueIds, opts.mode) : [];
  const agentsOf = (queueId: number | null) => {
    const inQueue = agents.filter((a) => queueId !== null && a.queueIds.includes(queueId));
    return inQueue.length ? inQueue.map((a) => a.id) : agents.length ? agents.map((a) => a.id) : [adminId];
  };
  const owners = new Map(queueIds.map((q) => [q, agentsOf(q)]));

  db = new Database(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF; PRAGMA cache_size = -200000;");
  const g = generator(7);
  const words = vocabulary(g);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  db.transaction(() => {
    const ins = prep(
      db,
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
  const msgIndex = new Uint16Array(N);
  const msgAt = new Float64Array(N);
  let k = 0;
  for (let t = 0; t < T; t++) {
    for (let m = 0; m < count[t]!; m++) {
      msgTicket[k] = t;
      msgIndex[k] = m;
      msgAt[k] = start[t]! + m * gap[t]!;
      k++;
    }
  }
  const order = new Uint32Array(N).map((_, i) => i).sort((a, b) => msgAt[a]! - msgAt[b]!);

  const ticketId = new Int32Array(T);
  const unread = new Uint8Array(T);
  const lastAt = new Float64Array(T);
  for (let t = 0; t < T; t++) lastAt[t] = start[t]! + (count[t]! - 1) * gap[t]!;
  db.transaction(() => {
    const ins = prep(
      db,
      "insert into tickets (uuid, companyId, status, contactId, whatsappId, queueId, userId, channel, lastMessage, unreadMessages, closedAt, createdAt, updatedAt) values (?, 1, ?, ?, 1, ?, ?, 'whatsapp', ?, 0, ?, ?, ?) returning id",
    );
    const log = prep(db, "insert into ticket_logs (companyId, ticketId, type, createdAt) values (1, ?, 'create', ?)");
    for (let t = 0; t < T; t++) {
      const st = status[t]!;
      const queueId = g.rand() < 0.05 ? null : g.pick(queueIds);
      const userId = st === "pending" ? null : g.pick(queueId === null ? agentsOf(null) : owners.get(queueId)!);
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
      if (st !== "closed") unread[t] = unreadOf(row.id);
      log.run(row.id, iso(start[t]!));
    }
  })();

  let withWord = 0;
  const lastBody: string[] = new Array(T).fill("");
  const BATCH = 200_000;
  withSearchIndexFilledAfter(db, () => {
    for (let from = 0; from < N; from += BATCH) {
      db.transaction(() => {
        const ins = prep(
          db,
          "insert into messages (companyId, ticketId, contactId, connectionId, body, fromMe, read, ack, origin, sendStatus, createdAt, updatedAt) values (1, ?, ?, 1, ?, ?, 1, ?, ?, ?, ?, ?)",
        );
        for (let i = from; i < Math.min(N, from + BATCH); i++) {
          const m = order[i]!;
          const t = msgTicket[m]!;
          const word = g.rand() < WORD.share;
          if (word) withWord++;
          const text = body(g, words, word);
          // The messages an unread ticket waits on are the contact's.
          const fromMe = g.rand() < 0.5 && msgIndex[m]! < count[t]! - unread[t]!;
          const at = iso(msgAt[m]!);
          ins.run(ticketId[t]!, contactOf[t]!, text, fromMe ? 1 : 0, fromMe ? 3 : 0, fromMe ? "agent" : "contact", fromMe ? "sent" : null, at, at);
          lastBody[t] = text;
        }
      })();
      note(`messages: ${Math.min(N, from + BATCH)} / ${N}`);
    }
  });
  db.transaction(() => {
    const upd = prep(db, "update tickets set lastMessage = ? where id = ?");
    for (let t = 0; t < T; t++) upd.run(lastBody[t]!, ticketId[t]!);
  })();
  // The planner's statistics as the server gathers them (a bare PRAGMA optimize samples SQLite's default few thousand
  // entries per index, and the server keeps statistics it finds: the agents' counts were then planned as walks of every
  // open ticket of the company, 0.6 ms instead of 0.09).
  optimizeStatistics(db, true);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE);");
  const fts = (db.query("select count(*) as n from messages_fts").get() as { n: number }).n;
  closeAll(db);
  note(`seeded ${T} tickets, ${N} messages (${withWord} with "${WORD.stored}", ${fts} indexed) in ${Math.round((performance.now() - t0) / 1000)} s`);
}

/**
 * Before every run (the server stopped): the live tickets' unread state as seeded, since the last run read some.
 * Answers each agent's unread tickets, each ticket given to one agent who sees it: its holder, else one of its queue.
 */
export function makeUnread(dataDir: string, agents: readonly Agent[]) {
  const db = new Database(join(dataDir, "multi100.db"));
  const tickets = db.query("select id, uuid, userId, queueId from tickets where status in ('open', 'pending') and deletedAt is null").all() as {
    id: number;
    uuid: string;
    userId: number | null;
    queueId: number | null;
  }[];
  const byId = new Map(agents.map((a) => [a.id, a]));
  const pools = new Map<number, { id: number; uuid: string }[]>(agents.map((a) => [a.id, []]));
  const turn = new Map<number, number>();
  const unreadIds = new Set<number>();
  const allRead = prep(db, "update messages set read = 1 where ticketId = ? and read = 0");
  const lastUnread = prep(
    db,
    "update messages set read = 0 where id in (select id from messages where ticketId = ? order by createdAt desc, id desc limit ?) and fromMe = 0",
  );
  const setCount = prep(db, "update tickets set unreadMessages = ? where id = ?");
  db.transaction(() => {
    for (const t of tickets) {
      allRead.run(t.id);
      const n = unreadOf(t.id) ? lastUnread.run(t.id, unreadOf(t.id)).changes : 0;
      setCount.run(n, t.id);
      if (!n) continue;
      unreadIds.add(t.id);
      let holder = t.userId !== null ? byId.get(t.userId) : undefined;
      if (t.userId === null && t.queueId !== null) {
        const inQueue = agents.filter((a) => a.queueIds.includes(t.queueId!));
        const k = turn.get(t.queueId) ?? 0;
        turn.set(t.queueId, k + 1);
        holder = inQueue[k % Math.max(1, inQueue.length)];
      }
      if (holder) pools.get(holder.id)!.push({ id: t.id, uuid: t.uuid });
    }
  })();
  closeAll(db);
  return { pools, unreadIds };
}
