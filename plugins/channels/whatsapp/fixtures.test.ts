import { describe, expect, test } from "bun:test";
import { decodeFixture, encodeFixture, fixtures, toPlain } from "./fixtures";

describe("whatsapp fixtures are genuine WebMessageInfo encodings", () => {
  test("there are fixtures for every case the plugin maps", () => {
    const names = fixtures.map((f) => f.name);
    for (const n of ["view-once-v1", "view-once-v2", "view-once-v2-extension", "ephemeral", "edit", "revoke", "reaction", "group", "group-lid", "lid-sender"]) {
      expect(names).toContain(n);
    }
  });

  for (const f of fixtures) {
    test(`${f.name}: round-trips through Baileys' proto without losing a field`, () => {
      expect(f.source.length).toBeGreaterThan(10);
      const bytes = encodeFixture(f);
      expect(bytes.length).toBeGreaterThan(0);
      const decoded = decodeFixture(f);
      // fromObject ignores unknown names: comparing the decoded message with the JSON proves every field is real.
      expect(toPlain(decoded)).toEqual(f.webMessageInfo);
      for (const [k, v] of Object.entries(f.stanzaKeyFields ?? {})) expect((decoded.key as Record<string, unknown>)[k]).toBe(v);
    });
  }
});
