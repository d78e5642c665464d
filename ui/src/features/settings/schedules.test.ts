import { describe, expect, test } from "bun:test";
import { SETTING_GROUPS } from "./registry";
import { companySchedulesShown } from "./schedules";

/** The registry with the scheduleType field hidden, as when a build leaves out-of-hours messages out. */
const hidden = SETTING_GROUPS.map((g) => ({ ...g, fields: g.fields.map((f) => (f.key === "scheduleType" ? { ...f, shown: false } : f)) }));

describe("the settings page's business hours", () => {
  test("only for a company that keeps its own week, and only when the server has the routes", () => {
    expect(SETTING_GROUPS.flatMap((g) => g.fields).find((f) => f.key === "scheduleType")?.shown).toBe(true);
    expect(companySchedulesShown("company", true)).toBe(true);
    for (const other of ["disabled", "queue", "connection", undefined]) expect(companySchedulesShown(other, true)).toBe(false);
    expect(companySchedulesShown("company", false)).toBe(false);
  });

  test("hidden while the scheduleType setting is hidden, whatever it holds", () => {
    expect(companySchedulesShown("company", true, hidden)).toBe(false);
  });
});
