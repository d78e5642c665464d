/**
 * Inbound throughput through the web-chat routes (issue 4, Done):
 *   - a DATA_DIR already holding 100,000 tickets and 1,000,000 messages (full-text index kept by the migration's
 *     triggers, so the seed pays for it too), seeded with bun:sqlite prepared statements in one transaction;
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
 *     writes, waiting in line included.
 * Prints JSON lines: inbound_msgs_per_s, inbound_p99_ms (+ p50), automation_p99_ms (+ p50), inbound_check. Targets:
 * >= 2,000 msgs/s, automation < 5 ms.
 *
 *   bun bench/inbound.ts [--seconds 60] [--concurrency 16] [--tickets 100000] [--messages 1000000] [--bot-visitors 200] [--binary] [--profile DIR] [--keep FILE]
 */
import { Database } from "bun:sqlite";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { VisitorTokens } from "../plugins/channels/webchat/token";
import { load } from "./lib/load";
import { emit, note, percentile } from "./lib/report";
import { ensureBinary, seedDataDir, startServer } from "./lib/server";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const SECONDS = arg("--seconds", 60);
const CONCURRENCY = arg("--concurrency", 16);
const TICKETS = arg("--tickets", 100_000);
const MESSAGES = arg("--messages", 1_000_000);
const EXISTING_VISITORS = arg("--visitors", 900);
const NEW_VISITORS = arg("--new-visitors", 100);
const BOT_VISITORS = arg("--bot-visitors", 200);
/** Share of the posts sent by the visitors talking to the bot. */
const BOT_SHARE = 0.3;
const BINARY = process.argv.includes("--binary");
/** --keep FILE: copy the database (after the run) to FILE, to inspect query plans. */
const KEEP = process.argv.includes("--keep") ? process.argv[process.argv.indexOf("--keep") + 1] : undefined;
/** --profile DIR: the server writes a CPU profile (markdown) into DIR when it stops. */
const PROFILE = process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : undefined;

const WORDS = (
  "olá bom dia boa tarde noite preciso ajuda pedido entrega atraso atenção atendimento produto troca devolução pagamento " +
  "boleto cartão pix nota fiscal endereço prazo frete rastreio código cancelar compra desconto cupom promoção garantia " +
  "defeito quebrado chegou ainda não obrigado obrigada por favor quando quanto custa tamanho cor modelo estoque disponível " +
  "hola buenos días gracias necesito ayuda pedido envío retraso hello thanks order delivery refund invoice account " +
  "senha acesso login cadastro email telefone whatsapp loja site aplicativo erro problema resolver urgente amanhã hoje"
).split(" ");

// ---------------------------------------------------------------------------------------------------------------
// Seed

interface Seeded {
  dataDir: string;
  widgetKey: string;
  connectionId: number;
  visitorIds: string[];
  maxMessageId: number;
}

async function seed(): Promise<Seeded> {
  let widgetKey = "";
  let connectionId = 0;
  let visitorIds: string[] = [];
  let maxMessageId = 0;
  const t0 = performance.now();
  const dataDir = await seedDataDir(async (ctx) => {
    const { createConnection } = await import("../src/channels/connections");
    const conn = await createConnection(ctx, 1, { name: "Bench site", channel: "webchat", start: false });
    widgetKey = conn.widgetKey!;
    connectionId = conn.id;
    await seedAutomation(ctx, conn.id);
    const db = ctx.sqlite;
    db.exec("PRAGMA synchronous = OFF");
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    let seedRand = 42;
    const rand = () => {
      seedRand = (seedRand * 1103515245 + 12345) & 0x7fffffff;
      return seedRand / 0x7fffffff;
    };
    const sentence = () => {
      const n = 4 + Math.floor(rand() * 10);
      const w: string[] = [];
      for (let i = 0; i < n; i++) w.push(WORDS[Math.floor(rand() * WORDS.length)]!);
      return w.join(" ");
    };
    const insContact = db.prepare(
      "insert into contacts (companyId, name, number, email, channel, identity, whatsappId, createdAt, updatedAt) values (1, ?, '', '', 'webchat', ?, ?, ?, ?) returning id",
    );
    const insTicket = db.prepare(
      "insert into tickets (uuid, companyId, status, contactId, whatsappId, channel, userId, lastMessage, unreadMessages, closedAt, createdAt, updatedAt) values (?, 1, ?, ?, ?, 'webchat', ?, ?, ?, ?, ?, ?) returning id",
    );
    const insLog = db.prepare("insert into ticket_logs (companyId, ticketId, type, createdAt) values (1, ?, 'create', ?)");
    const insMessage = db.prepare(
      "insert into messages (companyId, ticketId, contactId, connectionId, externalId, body, fromMe, read, ack, origin, sendStatus, createdAt, updatedAt) values (1, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
    );
    const perTicket = Math.max(1, Math.floor(MESSAGES / TICKETS));
    let messages = 0;
    const ids: string[] = [];
    db.transaction(() => {
      for (let i = 0; i < TICKETS; i++) {
        const visitorId = crypto.randomUUID();
        ids.push(visitorId);
        const created = now - Math.floor(rand() * 365 * 86_400_000);
        const contact = insContact.get(`Visitor ${i}`, visitorId, connectionId, iso(created), iso(created)) as { id: number };
        const r = rand();
        // Most tickets are history. The bench's own visitors (the first ones): those talking to the bot have theirs
        // closed, so the run opens new ones that the menu greets; the others' are open in an agent's hands.
        const status = i < BOT_VISITORS ? "closed" : i < EXISTING_VISITORS ? "open" : r < 0.85 ? "closed" : r < 0.95 ? "open" : "pending";
        const count = i === TICKETS - 1 ? MESSAGES - messages : perTicket;
        const last = created + count * 60_000;
        const lastBody = sentence();
        const ticket = insTicket.get(
          crypto.randomUUID(),
          status,
          contact.id,
          connectionId,
          status === "open" ? 1 : null,
          lastBody,
          status === "pending" ? 1 : 0,
          status === "closed" ? iso(last) : null,
          iso(created),
          iso(last),
        ) as { id: number };
        insLog.run(ticket.id, iso(created));
        for (let m = 0; m < count; m++) {
          const fromMe = m % 2 === 1;
          const at = iso(created + m * 60_000);
          insMessage.run(
            ticket.id,
            contact.id,
            connectionId,
            fromMe ? `seed-a:${messages}` : `v:${visitorId}:seed-${m}`,
            m === count - 1 ? lastBody : sentence(),
            fromMe ? 1 : 0,
            fromMe ? 3 : 0,
            fromMe ? "agent" : "contact",
            fromMe ? "sent" : null,
            at,
            at,
          );
          messages++;
        }
      }
    })();
    visitorIds = ids.slice(0, EXISTING_VISITORS);
    maxMessageId = (db.query("select max(id) as id from messages").get() as { id: number }).id;
    const fts = (db.query("select count(*) as n from messages_fts").get() as { n: number }).n;
    note(`seeded ${TICKETS} tickets, ${messages} messages (${fts} in the search index) in ${Math.round((performance.now() - t0) / 1000)} s`);
  });
  return { dataDir, widgetKey, connectionId, visitorIds, maxMessageId };
}

/** Two queues on the connection (so a menu), a two-level tree in the first, business hours checked all week. */
async function seedAutomation(ctx: import("../src/context").AppContext, connectionId: number) {
  const db = ctx.db;
  const queue = async (name: string, color: string, greetingMessage: string) =>
    (await db.insertInto("queues").values({ companyId: 1, name, color, greetingMessage }).returning("id").executeTakeFirstOrThrow()).id;
  const q1 = await queue("Vendas", "#aa0000", "Vendas: escolha uma opção");
  const q2 = await queue("Suporte", "#00aa00", "Suporte: aguarde");
  await db
    .insertInto("connection_queues")
    .values([
      { connectionId, queueId: q1, companyId: 1 },
      { connectionId, queueId: q2, companyId: 1 },
    ])
    .execute();
  await db
    .updateTable("connections")
    .set({ greetingMessage: "{{ms}}, {{firstName}}! Escolha:", outOfHoursMessage: "Fechados" })
    .where("id", "=", connectionId)
    .execute();
  const option = async (values: Record<string, unknown>) =>
    (
      await db
        .insertInto("chatbots")
        .values({ companyId: 1, queueId: q1, queueType: "text", ...values } as never)
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const parent = await option({ name: "Produtos", greetingMessage: "Qual produto?", order: 1 });
  await option({ name: "Outros", greetingMessage: "Um agente vem", order: 2 });
  await option({ name: "Carros", parentId: parent, greetingMessage: "Carros", order: 1 });
  await option({ name: "Motos", parentId: parent, greetingMessage: "Motos", order: 2 });
  const allDay = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: "00:00",
    endTimeA: "12:00",
    startTimeB: "12:00",
    endTimeB: "00:00",
  }));
  await db
    .updateTable("companies")
    .set({ schedules: JSON.stringify(allDay) })
    .where("id", "=", 1)
    .execute();
  await db.insertInto("company_settings").values({ companyId: 1, key: "scheduleType", value: "company" }).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Run

if (BINARY) await ensureBinary();
const s = await seed();
const secrets = JSON.parse(readFileSync(join(s.dataDir, "secrets.json"), "utf8")) as { jwt: string };
const tokens = new VisitorTokens(secrets.jwt);
const signed = s.visitorIds.map((v) => tokens.sign(v, s.connectionId, Date.now()));
/** Visitors talking to the bot (new visitors join them: their first message meets the menu). */
const botPool: string[] = signed.slice(0, BOT_VISITORS);
/** Visitors whose tickets an agent holds. */
const pool: string[] = signed.slice(BOT_VISITORS);

const server = await startServer({
  dataDir: s.dataDir,
  mode: BINARY ? "binary" : "source",
  env: {
    WEBCHAT_RATE_PER_MIN: "100000000",
    WEBCHAT_RATE_PER_MIN_IP: "100000000",
    WEBCHAT_SESSIONS_PER_MIN_IP: "100000000",
    ...(PROFILE ? { BUN_OPTIONS: `--cpu-prof-md --cpu-prof-dir=${PROFILE}` } : {}),
  },
});
note(`server up (${BINARY ? "dist/multi100" : "sources"}) in ${Math.round(server.startMs)} ms on ${server.url}`);
const base = `${server.url}/api/webchat/${s.widgetKey}`;

let accepted = 0;
/** Posts that were menu answers ("1", "#"): not words the search index is checked for. */
let answers = 0;
let newVisitors = 0;
const sessionLatencies: number[] = [];
let seq = 0;

async function newSession(): Promise<string> {
  const t0 = performance.now();
  const res = await fetch(`${base}/sessions`, {
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

async function post(token: string, toBot = false): Promise<void> {
  const n = ++seq;
  let body = `${WORDS[n % WORDS.length]} ${WORDS[(n * 7) % WORDS.length]} mensagem ${n}`;
  if (toBot) {
    const k = botTurns.get(token) ?? 0;
    botTurns.set(token, k + 1);
    // The first message opens the ticket (the menu greets it); then the answers go round.
    if (k > 0) body = BOT_ANSWERS[(k - 1) % BOT_ANSWERS.length]!;
  }
  const answer = body.length <= 1;
  const res = await fetch(`${base}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ body, clientId: `b${n}` }),
  });
  if (res.status !== 200) throw new Error(`post -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  const reply = (await res.json()) as { message?: { id?: number } };
  if (!reply.message?.id) throw new Error("post answered without a message id");
  accepted++;
  if (answer) answers++;
}

// Warm-up (JIT, caches): a few posts before the clock starts, counted like the rest.
for (let i = 0; i < 50; i++) await post(pool[i % pool.length]!);

/** CPU seconds (user + system) a process has used so far (Linux /proc; clock ticks of 10 ms). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const serverCpu0 = cpuSeconds(server.pid);
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
const serverCpu = cpuSeconds(server.pid) - serverCpu0;
const clientCpu = process.cpuUsage(clientCpu0);
const load1 = readFileSync("/proc/loadavg", "utf8").split(" ")[0];
const code = await server.stop(30_000);
if (code !== 0) note(`server exit code ${code}`);

// Committed rows only: what the store holds for the run, read after the server stopped.
const db = new Database(join(s.dataDir, "multi100.db"), { readonly: true });
const committed = (db.query("select count(*) as n from messages where connectionId = ? and id > ?").get(s.connectionId, s.maxMessageId) as { n: number }).n;
const contacts = (
  db.query("select count(distinct contactId) as n from messages where connectionId = ? and id > ?").get(s.connectionId, s.maxMessageId) as { n: number }
).n;
const totalMessages = (db.query("select count(*) as n from messages").get() as { n: number }).n;
const indexed = (db.query("select count(*) as n from messages_fts where messages_fts match 'mensagem'").get() as { n: number }).n;
// Each bot answer against the contact's message just before it on the ticket.
const botTimes = db
  .query(
    `select b.createdAt as botAt, (select c.createdAt from messages c where c.ticketId = b.ticketId and c.origin = 'contact' and c.id < b.id order by c.id desc limit 1) as contactAt
     from messages b where b.origin = 'bot' and b.id > ?`,
  )
  .all(s.maxMessageId) as { botAt: string; contactAt: string | null }[];
const automationMs = botTimes.filter((b) => b.contactAt).map((b) => Date.parse(b.botAt) - Date.parse(b.contactAt!));
db.close();
if (KEEP) copyFileSync(join(s.dataDir, "multi100.db"), KEEP);

const botMessages = botTimes.length;
const runCommitted = committed - botMessages - 50; // the bot's answers are not posts; the warm-up posts are before the clock
emit("inbound_msgs_per_s", (runCommitted / r.elapsedMs) * 1000, "msgs/s", runCommitted, {
  seconds: Math.round(r.elapsedMs / 100) / 10,
  concurrency: CONCURRENCY,
  contacts,
  newContacts: newVisitors,
  target: 2000,
  seededTickets: TICKETS,
  seededMessages: MESSAGES,
  server: BINARY ? "binary" : "source",
});
// The same run seen as CPU cost: what one message costs the server (all its threads), whatever else the machine ran.
// 1000 / this is the rate one fully available core would sustain.
emit("inbound_server_cpu_ms_per_msg", (serverCpu * 1000) / runCommitted, "ms", runCommitted, {
  serverCpuS: Math.round(serverCpu * 10) / 10,
  clientCpuS: Math.round(((clientCpu.user + clientCpu.system) / 1e6) * 10) / 10,
  loadavg1: `${load0} -> ${load1}`,
  cores: navigator.hardwareConcurrency,
});
emit("inbound_p99_ms", r.p99Ms, "ms", r.ok, { p50: Math.round(r.p50Ms * 100) / 100, max: Math.round(r.maxMs) });
emit("automation_p99_ms", percentile(automationMs, 99), "ms", automationMs.length, {
  p50: Math.round(percentile(automationMs, 50) * 100) / 100,
  max: Math.round(Math.max(0, ...automationMs)),
  botMessages,
  target: 5,
});
emit("inbound_check", committed - botMessages === accepted && r.errors === 0 && indexed >= accepted - answers ? 1 : 0, "bool", accepted, {
  accepted,
  committed: committed - botMessages,
  errors: r.errors,
  indexedRunMessages: indexed,
  totalMessages,
  sessionP99Ms: Math.round(percentile(sessionLatencies, 99) * 10) / 10,
});
if (committed - botMessages !== accepted) note(`MISMATCH: ${accepted} accepted posts, ${committed - botMessages} committed rows`);
