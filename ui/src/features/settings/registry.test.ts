import { describe, expect, test } from "bun:test";
import { COMPANY_SETTINGS, PLATFORM_SETTINGS, REQUIRED_TEXTS } from "../../../../src/modules/settings/catalogue";
import { fieldKeys } from "../../../../tests/helpers/settings-doc";
import { SETTING_GROUPS, type SettingField, type SettingGroup, visibleGroups } from "./registry";

const schemaOf = (key: string) =>
  (Object.hasOwn(COMPANY_SETTINGS, key) ? COMPANY_SETTINGS[key as keyof typeof COMPANY_SETTINGS] : PLATFORM_SETTINGS[key as keyof typeof PLATFORM_SETTINGS])
    .schema;
/** Sample values each control can write: the full set for switches and selects. */
function controlValues(f: SettingField): string[] {
  switch (f.kind) {
    case "switch":
      return ["enabled", "disabled"];
    case "select":
      return [...f.options];
    case "timezone":
      return ["America/Sao_Paulo", "UTC", "Europe/Lisbon"];
    case "minutes":
      return ["0", "1440", "525600"];
    case "countryCode":
      return ["55", "1", "351"];
    case "url":
      return ["", "https://meet.example.org/"];
    case "text":
      return ["", "Olá"];
  }
}

const all: SettingField[] = SETTING_GROUPS.flatMap((g) => g.fields);

describe("settings page registry", () => {
  test("every company setting the server accepts has a control, once", () => {
    const keys = all.flatMap(fieldKeys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(COMPANY_SETTINGS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  test("with every field forced shown, each control only produces values the server accepts", () => {
    const forced = SETTING_GROUPS.map((g) => ({ ...g, fields: g.fields.map((f) => ({ ...f, shown: true })) }));
    const fields = visibleGroups(true, forced).flatMap((g) => g.fields);
    expect(fields.length).toBe(all.length);
    for (const f of fields) {
      for (const value of controlValues(f)) expect({ key: f.key, ok: schemaOf(f.key).safeParse(value).success }).toEqual({ key: f.key, ok: true });
      if (f.kind === "switch" && f.text) expect(schemaOf(f.text.key).safeParse("Olá {{name}}").success).toBe(true);
    }
  });

  test("a switch's paired text is the one the server requires, at the same value", () => {
    const pairs = all.flatMap((f) => (f.kind === "switch" && f.text && f.shown ? [{ switch: f.key, when: f.text.when, text: f.text.key }] : []));
    expect(pairs).toEqual(expect.arrayContaining([...REQUIRED_TEXTS]));
    expect(pairs.length).toBe(REQUIRED_TEXTS.length);
  });

  test("platform settings only for the super user; hidden fields never shown", () => {
    const ids = (s: boolean) => visibleGroups(s).map((g) => g.id);
    expect(ids(false)).not.toContain("platform");
    expect(ids(true)).toContain("platform");
    const shown = visibleGroups(true).flatMap((g) => g.fields);
    expect(shown.every((f) => f.shown)).toBe(true);
    const hiddenOnly: SettingGroup[] = [{ id: "service", fields: [{ key: "timezone", kind: "timezone", shown: false }] }];
    expect(visibleGroups(true, hiddenOnly)).toEqual([]);
  });
});
