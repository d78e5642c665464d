import { createApp } from "./app";
import { ensureFirstStart } from "./bootstrap";
import { createContext, type ContextOptions } from "./context";
import { keepHeapNearLive } from "./heap";
import { scheduleAuditPruning } from "./modules/audit/prune";

/** Starts the whole product: store, first admin, jobs, sessions, HTTP and WebSocket on PORT. */
export async function startServer(opts: ContextOptions = {}) {
  const ctx = await createContext(opts);
  const first = await ensureFirstStart(ctx);
  if (first.created) {
    const lines = [`First start: super admin ${first.email}`];
    if (first.generatedPassword) lines.push(`Generated password (shown once): ${first.generatedPassword}`);
    console.log(lines.join("\n"));
  }
  const app = createApp(ctx);
  // reusePort off: a second instance on the same port must fail loudly, not silently share the traffic.
  app.listen({ port: ctx.config.PORT, hostname: ctx.config.HOST, maxRequestBodySize: 2048 * 1024 * 1024, reusePort: false });
  await scheduleAuditPruning(ctx);
  await ctx.store.startUpkeep();
  ctx.jobs.start();
  const stopHeapKeeper = keepHeapNearLive(ctx.config.HEAP_KEEPER_MB);
  ctx.log.info("listening", { port: app.server?.port, dataDir: ctx.config.DATA_DIR, version: ctx.version });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info("shutting down", { signal });
    stopHeapKeeper();
    // Sockets first: Bun's stop() waits for open WebSockets, and browsers reconnect elsewhere on 1001.
    ctx.hub.closeAll();
    await app.server?.stop();
    await ctx.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return { ctx, app };
}
