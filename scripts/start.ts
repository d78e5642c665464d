/**
 * `npm start`: serves the product (API + web app) on PORT (default 8080) from the source tree, with bun.
 * Builds the web app first when ui/dist is missing or older than the UI sources, then runs the server in this process
 * with the assets read from ui/dist. Any arguments go to the CLI: `npm start -- migrate`, `npm start -- backup x.db`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { main } from "../src/main";
import { assetsFromDir, buildUi, UI_DIST, uiDistIsStale } from "./build-ui";

const argv = process.argv.slice(2);
const serving = argv.length === 0 || argv[0] === "serve";

try {
  if (serving && uiDistIsStale()) {
    console.log("[start] building the web app (ui/dist is missing or older than ui/src)");
    try {
      await buildUi({ verbose: false });
    } catch (err) {
      if (!existsSync(join(UI_DIST, "index.html"))) throw err;
      console.warn(`[start] the web app build failed; serving the previous ui/dist\n${err instanceof Error ? err.message : err}`);
    }
  }
  await main(argv, serving ? assetsFromDir(UI_DIST) : undefined);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
