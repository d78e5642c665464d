/**
 * The tables of docs/settings.md (the registry of settings and connection fields), for the tests that check the code
 * against it: the bun registry test and the browser tests that no hidden field is rendered. Node APIs only.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SettingField } from "../../ui/src/features/settings/registry";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The effect cell of a field that no code reads yet: the web app does not show it. */
export const HIDDEN = "no effect yet: hidden";

export interface SettingsRow {
  /** The heading the table sits under: "Company settings", "Platform settings", "Connection fields", "Channel plugin settings". */
  section: string;
  keys: string[];
  /** Channel plugin settings only: the plugins that have the setting. */
  plugins: string[];
  effect: string;
  readBy: string;
  provedBy: string;
}

/** The rows of the doc's tables, by section; the key cell (and the plugin cell) hold `backticked` names. */
export function settingsRows(doc = readFileSync(join(ROOT, "docs/settings.md"), "utf8")): SettingsRow[] {
  const out: SettingsRow[] = [];
  let section = "";
  for (const line of doc.split("\n")) {
    if (line.startsWith("## ")) section = line.slice(3).trim();
    if (!line.startsWith("| `")) continue;
    const cells = line
      .slice(1, -1)
      .split(" | ")
      .map((c) => c.trim());
    const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    const [plugin, key, effect, readBy, provedBy] = section === "Channel plugin settings" ? cells : ["", ...cells];
    out.push({ section, keys: names(key!), plugins: names(plugin!), effect: effect!, readBy: readBy!, provedBy: provedBy! });
  }
  return out;
}

/** The keys of a section whose row says they have no effect yet (and so are hidden). */
export const hiddenKeys = (section: string) =>
  settingsRows()
    .filter((r) => r.section === section && r.effect === HIDDEN)
    .flatMap((r) => r.keys);

/** Every setting key a page field writes: its own and its paired text's. */
export const fieldKeys = (f: SettingField): string[] => (f.kind === "switch" && f.text ? [f.key, f.text.key] : [f.key]);
