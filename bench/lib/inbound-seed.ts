/**
 * The data of bench/inbound.ts (its header describes it): visitors' history on a web-chat connection, five queues, the
 * automation's menu, tree and business hours, and the agents who hold the open tickets.
 */
import { Database } from "bun:sqlite";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Agent, createAgents } from "./agents";
import { note } from "./report";
import { withSearchIndexFilledAfter } from "./search-index";
import { seedDataDir, tempDataDir } from "./server";

export interface InboundSize {
  tickets: number;
  messages: number;
  /** Seeded visitors the run posts as: the first `botVisitors` talk to the bot, the others' tickets an agent holds. */
  visitors: number;
  botVisitors: number;
  agents: number;
  mode: "binary" | "source";
}

/** The words of the visitors' messages, seeded and posted. */
export const WORDS = (
  "olá bom dia boa tarde noite preciso ajuda pedido entrega atraso atenção atendimento produto troca devolução pagamento " +
  "boleto cartão pix nota fiscal endereço prazo frete rastreio código cancelar compra desconto cupom promoção garantia " +
  "defeito quebrado chegou ainda não obrigado obrigada por favor quando quanto custa tamanho cor modelo estoque disponível " +
  "hola buenos días gracias necesito ayuda pedido envío retraso hello thanks order delivery refund invoice account " +
  "senha acesso login cadastro email telefone whatsapp loja site aplicativo erro problema resolver urgente amanhã hoje"
).split(" ");

export interface Seeded {
  dataDir: string;
  widgetKey: string;
  connectionId: number;
  visitorIds: string[];
  maxMessageId: number;
  agents: Agent[];
}

/**
 * `--data DIR`: the first run seeds into DIR (and describes the seed in DIR/seed.json); every run, the first included,
 * works on a fresh copy of DIR, so each starts from the same data however many messages the last one posted and
 * wherever it left the bot's dialogues. Without a DIR, a new seed each run.
 */
export async function seedOnce(size: InboundSize, keptDir?: string): Promise<Seeded> {
  if (!keptDir) return seed(size);
  const described = join(keptDir, "seed.json");
  if (!existsSync(described)) {
    const fresh = await seed(size);
    cpSync(fresh.dataDir, keptDir, { recursive: true });
    const { dataDir: _, ...rest } = fresh;
    writeFileSync(described, JSON.stringify({ size, ...rest }));
  }
  const kept = JSON.parse(readFileSync(described, "utf8")) as Omit<Seeded, "dataDir"> & { size: InboundSize };
  const differs = (["tickets", "messages", "visitors", "botVisitors", "agents"] as const).filter((k) => kept.size[k] !== size[k]);
  if (differs.length) throw new Error(`${keptDir} was seeded with other sizes (${differs.join(", ")}): use another --data DIR`);
  const dataDir = tempDataDir();
  cpSync(keptDir, dataDir, { recursive: true });
  note(`data copied from ${keptDir}`);
  const { size: _, ...seeded } = kept;
  return { ...seeded, dataDir };
}

async function seed(size: InboundSize): Promise<Seeded> {
  let widgetKey = "";
  let connectionId = 0;
  let queueIds: number[] = [];
  const t0 = performance.now();
  const dataDir = await seedDataDir(async (ctx) => {
    const { createConnection } = await import("../../src/channels/connections");
    const conn = await createConnection(ctx, 1, { name: "Bench site", channel: "webchat", start: false });
    widgetKey = conn.widgetKey!;
    connectionId = conn.id;
    queueIds = await seedAutomation(ctx, conn.id);
    // Three more queues, off the menu: the agents work in 2 of the 5.
    for (const [name, color] of [
      ["Financeiro", "#0000aa"],
      ["Entregas", "#aaaa00"],
      ["Trocas", "#00aaaa"],
    ] as const) {
      queueIds.push((await ctx.db.insertInto("queues").values({ companyId: 1, name, color }).returning("id").executeTakeFirstOrThrow()).id);
    }
  });
  const agents = size.agents > 0 ? await createAgents(dataDir, size.agents, queueIds, size.mode) : [];
  // Each queue's agents hold its open tickets in turn (the admin when no agent was created).
  const holders = queueIds.map((q) => agents.filter((a) => a.queueIds.includes(q)).map((a) => a.id));
  let held = 0;
  const holderOf = (queue: number) => holders[queue]![held++ % Math.max(1, holders[queue]!.length)] ?? 1;
  const db = new Database(join(dataDir, "multi100.db"));
  // A 200 MB page cache and a commit every 20,000 tickets (~200,000 messages), as the tickets bench seeds its messages:
  // with SQLite's 2 MB cache and one transaction the full-size seed had written 275 MB of log in 34 minutes.
  db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -200000;");
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
    "insert into tickets (uuid, companyId, status, contactId, whatsappId, channel, queueId, userId, lastMessage, unreadMessages, closedAt, createdAt, updatedAt) values (?, 1, ?, ?, ?, 'webchat', ?, ?, ?, ?, ?, ?, ?) returning id",
  );
  const insLog = db.prepare("insert into ticket_logs (companyId, ticketId, type, createdAt) values (1, ?, 'create', ?)");
  const insMessage = db.prepare(
    "insert into messages (companyId, ticketId, contactId, connectionId, externalId, body, fromMe, read, ack, origin, sendStatus, createdAt, updatedAt) values (1, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
  );
  const perTicket = Math.max(1, Math.floor(size.messages / size.tickets));
  let messages = 0;
  const ids: string[] = [];
  const seedTickets = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const visitorId = crypto.randomUUID();
      ids.push(visitorId);
      const created = now - Math.floor(rand() * 365 * 86_400_000);
      const contact = insContact.get(`Visitor ${i}`, visitorId, connectionId, iso(created), iso(created)) as { id: number };
      const r = rand();
      // Most tickets are history. The bench's own visitors (the first ones): those talking to the bot have theirs
      // closed, so the run opens new ones that the menu greets; the others' are open in an agent's hands.
      const status = i < size.botVisitors ? "closed" : i < size.visitors ? "open" : r < 0.85 ? "closed" : r < 0.95 ? "open" : "pending";
      const count = i === size.tickets - 1 ? size.messages - messages : perTicket;
      const queue = i % queueIds.length;
      const last = created + count * 60_000;
      const lastBody = sentence();
      const ticket = insTicket.get(
        crypto.randomUUID(),
        status,
        contact.id,
        connectionId,
        queueIds[queue]!,
        status === "open" ? holderOf(queue) : null,
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
  });
  const CHUNK = 20_000;
  withSearchIndexFilledAfter(db, () => {
    for (let from = 0; from < size.tickets; from += CHUNK) seedTickets(from, Math.min(size.tickets, from + CHUNK));
  });
  const visitorIds = ids.slice(0, size.visitors);
  const maxMessageId = (db.query("select max(id) as id from messages").get() as { id: number }).id;
  const fts = (db.query("select count(*) as n from messages_fts").get() as { n: number }).n;
  note(`seeded ${size.tickets} tickets, ${messages} messages (${fts} in the search index) in ${Math.round((performance.now() - t0) / 1000)} s`);
  db.close();
  return { dataDir, widgetKey, connectionId, visitorIds, maxMessageId, agents };
}

/** Two queues on the connection (so a menu), a two-level tree in the first, business hours checked all week; answers the two. */
async function seedAutomation(ctx: import("../../src/context").AppContext, connectionId: number): Promise<number[]> {
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
  return [q1, q2];
}
