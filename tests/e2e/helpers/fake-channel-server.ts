/**
 * `bun tests/e2e/helpers/fake-channel-server.ts`: the product served from the sources (a copy of ui/dist for the web
 * app) with the fake WhatsApp plugin of fake-channel.ts in place of the real one, for the specs that pair a connection
 * by QR code (tests/e2e/connections.e2e.ts starts it with startServer({ cmd })). Environment as for the binary, with
 * DATA_DIR required (a fresh temporary folder).
 */
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { assetsFromDir, UI_DIST } from "../../../scripts/build-ui";
import type { AppContext } from "../../../src/context";
import { startServer } from "../../../src/server";
import { createFakeWhatsApp } from "./fake-channel";

let ctx: AppContext | undefined;
const fake = createFakeWhatsApp(() => {
  if (!ctx) throw new Error("the server is not started yet");
  return ctx;
});

// A copy of the built web app under DATA_DIR: a rebuild of ui/dist meanwhile (hashed names change) cannot break the run.
if (!existsSync(join(UI_DIST, "index.html"))) throw new Error("the web app is not built: run npm run build:ui");
if (!process.env.DATA_DIR) throw new Error("DATA_DIR is required (a temporary folder)");
const ui = join(process.env.DATA_DIR, "ui");
cpSync(UI_DIST, ui, { recursive: true });

// Same id as the product's WhatsApp plugin, which it replaces (ContextOptions.channelPlugins).
({ ctx } = await startServer({ assets: assetsFromDir(ui), channelPlugins: [fake] }));
