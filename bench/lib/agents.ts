/**
 * Agents as the benches use them: created through POST /api/users (profile user, 2 queues each), logged in with their
 * own password, each with one WebSocket joined as the web app joins it, and the exact query strings the web app sends.
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { note } from "./report";
import { login, startServer } from "./server";

export const AGENT_PASSWORD = "Bench123!";
const agentEmail = (i: number) => `agent${i}@bench.local`;

export interface Agent {
  id: number;
  email: string;
  queueIds: number[];
}

/** Every pair of the queues, so agents cover each combination in turn: 10 pairs for 5 queues. */
function queuePairs(queueIds: readonly number[]): number[][] {
  const pairs: number[][] = [];
  for (let a = 0; a < queueIds.length; a++) for (let b = a + 1; b < queueIds.length; b++) pairs.push([queueIds[a]!, queueIds[b]!]);
  return pairs;
}

/**
 * Creates `count` agents through the API on a server started for that alone (before the bulk seed, so tickets can be
 * assigned to them): profile user, the company's defaults otherwise, 2 of the queues each.
 */
export async function createAgents(dataDir: string, count: number, queueIds: readonly number[], mode: "binary" | "source"): Promise<Agent[]> {
  const t0 = performance.now();
  const server = await startServer({ dataDir, mode, timeoutMs: 60_000 });
  const headers = { authorization: `Bearer ${await login(server.url)}`, "content-type": "application/json" };
  const pairs = queuePairs(queueIds);
  const agents: Agent[] = [];
  try {
    for (let i = 1; i <= count; i++) {
      const body = { name: `Agente ${i}`, email: agentEmail(i), password: AGENT_PASSWORD, profile: "user", queueIds: pairs[(i - 1) % pairs.length] };
      const res = await fetch(`${server.url}/api/users`, { method: "POST", headers, body: JSON.stringify(body) });
      if (res.status !== 201) throw new Error(`POST /api/users -> ${res.status} ${(await res.text()).slice(0, 200)}`);
      const user = (await res.json()) as { id: number; email: string; queues: { id: number }[] };
      agents.push({ id: user.id, email: user.email, queueIds: user.queues.map((q) => q.id) });
    }
  } finally {
    await server.stop();
  }
  note(`created ${count} agents through the API in ${Math.round(performance.now() - t0)} ms`);
  return agents;
}

/** The agents an earlier run created in this DATA_DIR (a reused --data folder). */
export function readAgents(dataDir: string): Agent[] {
  const db = new Database(join(dataDir, "multi100.db"), { readonly: true });
  const rows = db
    .query(
      "select u.id, u.email, group_concat(q.queueId) as queues from users u left join user_queues q on q.userId = u.id where u.email like 'agent%@bench.local' group by u.id order by u.id",
    )
    .all() as { id: number; email: string; queues: string | null }[];
  db.close();
  return rows.map((r) => ({ id: r.id, email: r.email, queueIds: (r.queues ?? "").split(",").filter(Boolean).map(Number) }));
}

/** Frames received by all the agents' sockets together, by event name. */
export class FrameTally {
  frames = 0;
  bytes = 0;
  byEvent: Record<string, number> = {};
  reset() {
    this.frames = 0;
    this.bytes = 0;
    this.byEvent = {};
  }
  add(text: string) {
    this.frames++;
    this.bytes += text.length;
    // Frames are {"event":"…","data":…}: the name is read without parsing the whole frame.
    const end = text.indexOf('"', 10);
    const event = text.startsWith('{"event":"') && end > 0 ? text.slice(10, end) : "?";
    this.byEvent[event] = (this.byEvent[event] ?? 0) + 1;
  }
}

/** Waits until no frame has arrived for `quietMs` (at most `maxMs`): the frames of the last messages are in. */
export async function framesSettled(tally: FrameTally, quietMs = 300, maxMs = 5000): Promise<void> {
  const end = performance.now() + maxMs;
  let last = -1;
  while (tally.frames !== last && performance.now() < end) {
    last = tally.frames;
    await Bun.sleep(quietMs);
  }
}

export interface OnlineAgent extends Agent {
  /** The server (instance) this agent's socket and requests go to. */
  url: string;
  token: string;
  /** The queues as the session user lists them: the web app's default queue filter, in that order. */
  sessionQueueIds: number[];
  ws: WebSocket;
  /** The ticket whose conversation is open (its ChatBox room joined), if any. */
  openTicketId?: number;
  send(event: string, data?: unknown): void;
}

/**
 * Logs each agent in and opens their socket as the web app does: /api/socket?token=…, then joinNotification on open and
 * joinTickets for each list the inbox shows (open and pending; group only for users with allowGroup). Every frame any
 * socket receives goes to `tally`; a socket that closes before `closeAll` is counted in `dropped()`. With several
 * servers (instances on one database), agent i logs in and connects to server i mod their number.
 */
export async function goOnline(urls: readonly string[], agents: readonly Agent[], tally: FrameTally) {
  const online: OnlineAgent[] = [];
  let dropped = 0;
  let closing = false;
  for (const [i, agent] of agents.entries()) {
    const url = urls[i % urls.length]!;
    const res = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: agent.email, password: AGENT_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login of ${agent.email} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
    const { token, user } = (await res.json()) as { token: string; user: { allowGroup: boolean; queues: { id: number }[] } };
    const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/socket?token=${encodeURIComponent(token)}`);
    await new Promise<void>((ok, fail) => {
      ws.addEventListener("open", () => ok(), { once: true });
      ws.addEventListener("close", (e) => fail(new Error(`socket of ${agent.email} closed before opening (${e.code} ${e.reason})`)), { once: true });
    });
    ws.addEventListener("message", (e) => tally.add(String(e.data)));
    ws.addEventListener("close", () => {
      if (!closing) dropped++;
    });
    const send = (event: string, data?: unknown) => ws.send(JSON.stringify(data === undefined ? { event } : { event, data }));
    send("joinNotification");
    for (const status of user.allowGroup ? ["open", "pending", "group"] : ["open", "pending"]) send("joinTickets", status);
    online.push({ ...agent, url, token, sessionQueueIds: user.queues.map((q) => q.id), ws, send });
  }
  // Frames of one socket are handled in order and joining answers nothing: a pause lets the last joins land.
  await Bun.sleep(300);
  return {
    agents: online,
    dropped: () => dropped,
    closeAll() {
      closing = true;
      for (const a of online) a.ws.close();
    },
  };
}

/** The web app's query string (ui/src/api/client.ts buildUrl): keys in the given order, empty values left out. */
function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  return q.toString();
}
const jsonList = (ids: readonly unknown[]) => (ids.length ? JSON.stringify(ids) : undefined);

/**
 * GET /api/tickets as the inbox asks it (ui/src/features/tickets/queries.ts ticketsListQuery with useListParams and
 * useSearchParams): a plain user's lists never show all, the queue filter is every queue of theirs, newest first.
 */
export function inboxPaths(agent: OnlineAgent, term: string) {
  const common = { showAll: false, queueIds: jsonList(agent.sessionQueueIds), sortTickets: "DESC" };
  return {
    open: `/api/tickets?${query({ pageNumber: 1, status: "open", ...common })}`,
    pending: `/api/tickets?${query({ pageNumber: 1, status: "pending", ...common })}`,
    search: `/api/tickets?${query({ pageNumber: 1, ...common, searchParam: term, searchOnMessages: true })}`,
  };
}

/**
 * Opening a conversation as the web app does: GET /api/tickets/u/:uuid, the ChatBox room joined (the previous one
 * left), then the newest page of messages, which marks the ticket read. Answers the ticket's unread count before.
 */
export async function openConversation(url: string, agent: OnlineAgent, ticket: { id: number; uuid: string }): Promise<number> {
  const headers = { authorization: `Bearer ${agent.token}` };
  const res = await fetch(`${url}/api/tickets/u/${ticket.uuid}`, { headers });
  if (res.status !== 200) throw new Error(`GET /api/tickets/u/${ticket.uuid} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  const { unreadMessages } = (await res.json()) as { unreadMessages: number };
  if (agent.openTicketId !== undefined) agent.send("leaveChatBox", agent.openTicketId);
  agent.openTicketId = ticket.id;
  agent.send("joinChatBox", ticket.id);
  const page = await fetch(`${url}/api/messages/${ticket.id}?${query({ pageNumber: 1 })}`, { headers });
  if (page.status !== 200) throw new Error(`GET /api/messages/${ticket.id} -> ${page.status} ${(await page.text()).slice(0, 200)}`);
  await page.arrayBuffer();
  return unreadMessages;
}
