/**
 * docs/settings.md is the registry of every setting and connection field: what it does, the code that reads it, the
 * test that proves it, or "no effect yet: hidden". Read from the sources, so a key the server starts accepting without
 * a row, a row naming a file or test that does not exist, or a hidden field the web app shows anyway fails here.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { channelPlugins } from "../../plugins";
import { loadConfig } from "../../src/config";
import { createConnectionBody } from "../../src/modules/connections/schema";
import { COMPANY_SETTINGS, PLATFORM_SETTINGS } from "../../src/modules/settings/catalogue";
import { HIDDEN_FIELDS } from "../../ui/src/features/connections/hidden";
import { HIDDEN_QUEUE_FIELDS } from "../../ui/src/features/queues/hidden";
import { visibleGroups } from "../../ui/src/features/settings/registry";
import { fieldKeys, HIDDEN, hiddenKeys, ROOT, settingsRows } from "../helpers/settings-doc";

const all = settingsRows();
const keysIn = (section: string) => new Set(all.filter((r) => r.section === section).flatMap((r) => r.keys));
const paths = (cell: string) => [...cell.matchAll(/`([^`\s]+\/[^`\s]+\.[a-z]+)`/g)].map((m) => m[1]!);

/** The connection fields the server accepts: the form's body fields, the regenerable token and the greeting media. */
const CONNECTION_FIELDS = [...Object.keys(createConnectionBody.shape).filter((k) => k !== "channel" && k !== "config"), "token", "greetingMediaAttachment"];

describe("docs/settings.md", () => {
  test("has a row for every company and platform setting the server accepts", () => {
    const company = keysIn("Company settings");
    const platform = keysIn("Platform settings");
    expect(Object.keys(COMPANY_SETTINGS).filter((k) => !company.has(k))).toEqual([]);
    expect(Object.keys(PLATFORM_SETTINGS).filter((k) => !platform.has(k))).toEqual([]);
  });

  test("has a row for every connection field and every channel plugin's setting", () => {
    const fields = keysIn("Connection fields");
    expect(CONNECTION_FIELDS.filter((k) => !fields.has(k))).toEqual([]);
    const pluginRows = all.filter((r) => r.section === "Channel plugin settings");
    const missing = channelPlugins(loadConfig({})).flatMap(({ manifest }) =>
      Object.keys((manifest.configSchema as z.ZodObject).shape)
        .filter((key) => !fields.has(key))
        .filter((key) => !pluginRows.some((r) => r.keys.includes(key) && r.plugins.includes(manifest.id)))
        .map((key) => `${manifest.id}.${key}`),
    );
    expect(missing).toEqual([]);
  });

  test("a row with an effect names files that read it and a test that exists", () => {
    const wrong: string[] = [];
    for (const r of all.filter((x) => x.effect !== HIDDEN)) {
      const key = r.keys[0]!;
      const readers = paths(r.readBy);
      if (!readers.length || readers.some((p) => !existsSync(join(ROOT, p)))) wrong.push(`${key}: read by ${r.readBy}`);
      else if (!readers.some((p) => readFileSync(join(ROOT, p), "utf8").includes(key))) wrong.push(`${key}: none of ${readers.join(", ")} mentions it`);
      const [testFile] = paths(r.provedBy);
      const title = /"(.+)"/.exec(r.provedBy)?.[1];
      if (!testFile || !title || !existsSync(join(ROOT, testFile))) wrong.push(`${key}: proved by ${r.provedBy}`);
      else if (!readFileSync(join(ROOT, testFile), "utf8").includes(title)) wrong.push(`${key}: ${testFile} has no test "${title}"`);
    }
    expect(wrong).toEqual([]);
  });

  test("a hidden row names no code and no test", () => {
    const hidden = all.filter((r) => r.effect === HIDDEN);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.filter((r) => r.readBy !== "—" || r.provedBy !== "—").map((r) => r.keys[0])).toEqual([]);
  });

  test("the settings page shows exactly the company and platform settings with an effect (branding is the whitelabel tab's)", () => {
    const branding = ["primaryColorLight", "primaryColorDark", "appLogoLight", "appLogoDark", "appLogoFavicon", "appName"];
    const withEffect = all
      .filter((r) => (r.section === "Company settings" || r.section === "Platform settings") && r.effect !== HIDDEN)
      .flatMap((r) => r.keys)
      .filter((k) => !branding.includes(k));
    const shown = visibleGroups(true).flatMap((g) => g.fields.flatMap(fieldKeys));
    expect(shown.sort()).toEqual(withEffect.sort());
  });

  test("the queue dialog hides exactly the queue fields marked hidden", () => {
    expect([...HIDDEN_QUEUE_FIELDS].sort()).toEqual(hiddenKeys("Queue fields").sort());
  });

  test("the connection form hides exactly the connection fields marked hidden", () => {
    expect([...HIDDEN_FIELDS].sort()).toEqual(hiddenKeys("Connection fields").sort());
  });
});
