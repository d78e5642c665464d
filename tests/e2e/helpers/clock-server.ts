/**
 * `bun tests/e2e/helpers/clock-server.ts`: the product served from the sources (a copy of ui/dist for the web app) on a
 * clock the test moves, for tests/e2e/automation.e2e.ts (started with startServer({ cmd })). Environment as for the
 * binary, with DATA_DIR required (a fresh temporary folder) and CONTROL_PORT (a free port for the control server).
 *
 * The clock (tests/helpers/clock.ts MovableClock, handed to startServer as ContextOptions.clock) starts at the real
 * time and keeps running; the control server (127.0.0.1:CONTROL_PORT, never the product's port) moves it:
 *
 *   POST /clock {at}   the server's time jumps to `at` (an ISO instant) and runs on from there
 *   GET  /clock        {now}: the server's time
 *
 * Why a second port and not a route: the shipped binary has no way to move its time, and this script is test code
 * only, so nothing of it reaches the binary.
 */
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { assetsFromDir, UI_DIST } from "../../../scripts/build-ui";
import { startServer } from "../../../src/server";
import { MovableClock } from "../../helpers/clock";

if (!existsSync(join(UI_DIST, "index.html"))) throw new Error("the web app is not built: run bun run scripts/build-ui.ts");
if (!process.env.DATA_DIR) throw new Error("DATA_DIR is required (a temporary folder)");
if (!process.env.CONTROL_PORT) throw new Error("CONTROL_PORT is required (a free port)");

// A copy of the built web app under DATA_DIR: a rebuild of ui/dist meanwhile (hashed names change) cannot break the run.
const ui = join(process.env.DATA_DIR, "ui");
cpSync(UI_DIST, ui, { recursive: true });

const clock = new MovableClock();
await startServer({ assets: assetsFromDir(ui), clock });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const moveTo = z.object({ at: z.iso.datetime({ offset: true }) });

Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.CONTROL_PORT),
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path !== "/clock") return json(404, { error: "unknown control route" });
    if (req.method === "GET") return json(200, { now: clock.now().toISOString() });
    if (req.method !== "POST") return json(405, { error: "GET or POST" });
    const parsed = moveTo.safeParse(await req.json().catch(() => undefined));
    if (!parsed.success) return json(400, { error: "expected {at: an ISO instant}" });
    clock.advance(Date.parse(parsed.data.at) - clock.now().getTime());
    return json(200, { now: clock.now().toISOString() });
  },
});
