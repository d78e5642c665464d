/**
 * `npm run dev`: the server from the sources (restarted by `bun --watch` when server code changes) plus a web-app
 * rebuild on every change under ui/ (about 1-3 s; reload the page). The served asset map is refilled in place after
 * each rebuild, so the running server picks up the new hashed files without a restart.
 */
import { watch } from "node:fs";
import { join } from "node:path";
import { main } from "../src/main";
import { assetsFromDir, buildUi, UI, UI_DIST, uiDistIsStale } from "./build-ui";

if (uiDistIsStale()) {
  try {
    await buildUi({ verbose: false });
  } catch (err) {
    console.error(`[dev] web app build failed (serving the previous ui/dist, if any):\n${err instanceof Error ? err.message : err}`);
  }
}
const assets = assetsFromDir(UI_DIST);
await main(["serve"], assets);

let timer: ReturnType<typeof setTimeout> | undefined;
let building = false;
let again = false;
const rebuild = async () => {
  if (building) {
    again = true;
    return;
  }
  building = true;
  try {
    const { ms } = await buildUi({ verbose: false });
    assets.clear();
    for (const [k, v] of assetsFromDir(UI_DIST)) assets.set(k, v);
    console.log(`[dev] web app rebuilt in ${ms} ms`);
  } catch (err) {
    console.error(`[dev] web app build failed:\n${err instanceof Error ? err.message : err}`);
  } finally {
    building = false;
    if (again) {
      again = false;
      void rebuild();
    }
  }
};
const onChange = (_: string, file: string | null) => {
  if (file && /(^|\/)(routeTree\.gen\.ts|styled-system|dist)(\/|$)/.test(file)) return; // our own outputs
  clearTimeout(timer);
  timer = setTimeout(() => void rebuild(), 150);
};
watch(join(UI, "src"), { recursive: true }, onChange);
watch(join(UI, "index.html"), onChange);
console.log("[dev] watching ui/src for changes");
