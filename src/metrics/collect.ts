import { CONNECTION_STATUSES } from "../channels/adapter";
import type { AppContext } from "../context";
import { jobCounts } from "../jobs/queries";
import type { Gauge } from "./registry";

/** What GET /metrics measures at scrape time: sockets, channel sessions, the job queue, the store's files, memory. */
export async function collectGauges(ctx: AppContext): Promise<Gauge[]> {
  const sockets = ctx.hub.socketCounts();
  const sessions = new Map<string, number>();
  for (const channel of ctx.channels.registry.list().map((p) => p.manifest.id))
    for (const status of CONNECTION_STATUSES) sessions.set(`${channel}\u0000${status}`, 0);
  for (const s of ctx.channels.sessions.states()) {
    const key = `${s.channel}\u0000${s.status}`;
    sessions.set(key, (sessions.get(key) ?? 0) + 1);
  }
  const jobs = await jobCounts(ctx.db, ctx.clock.now().toISOString());
  const sizes = await ctx.store.sizes();
  const memory = process.memoryUsage();
  return [
    {
      name: "multi100_instance_info",
      help: "This instance (several may share a PostgreSQL database): its id, the same as GET /api/health names",
      samples: [{ labels: { instance: ctx.id }, value: 1 }],
    },
    {
      name: "multi100_jobs_running_here",
      help: "Durable jobs this instance is running now (multi100_jobs counts the whole queue)",
      samples: [{ value: ctx.jobs.runningCount() }],
    },
    {
      name: "multi100_websocket_connections",
      help: "Open WebSocket connections: kind session (a logged-in user's) or public (the login page's)",
      samples: [
        { labels: { kind: "session" }, value: sockets.session },
        { labels: { kind: "public" }, value: sockets.public },
      ],
    },
    {
      name: "multi100_channel_sessions",
      help: "Channel sessions of this process, by channel and status",
      samples: [...sessions].map(([key, value]) => {
        const [channel, status] = key.split("\u0000") as [string, string];
        return { labels: { channel, status }, value };
      }),
    },
    {
      name: "multi100_jobs",
      help: "Durable jobs by state: due (queued and due now: the backlog), scheduled (queued for later), running, failed (for good)",
      samples: Object.entries(jobs).map(([state, value]) => ({ labels: { state }, value })),
    },
    {
      name: "multi100_database_bytes",
      help: "Size of the store: SQLite's database file and write-ahead log, or the PostgreSQL database",
      samples: sizes.map(({ file, bytes }) => ({ labels: { file }, value: bytes })),
    },
    { name: "process_resident_memory_bytes", help: "Resident memory of the process", samples: [{ value: memory.rss }] },
    { name: "process_heap_used_bytes", help: "JavaScript heap in use", samples: [{ value: memory.heapUsed }] },
    { name: "process_heap_total_bytes", help: "JavaScript heap reserved", samples: [{ value: memory.heapTotal }] },
    { name: "process_external_memory_bytes", help: "Memory of objects outside the JavaScript heap (buffers)", samples: [{ value: memory.external }] },
  ];
}
