import { describe, expect, test } from "bun:test";
import { SETTING_GROUPS } from "./registry";
import { companySchedulesShown } from "./schedules";

/** The registry with the scheduleType field shown, as it will be once out-of-hours messages have their effect. */
const forced = SETTING_GROUPS.map((g) => ({ ...g, fields: g.fields.map((f) => (f.key === "scheduleType" ? { ...f, shown: true } : f)) }));

describe("the settings page's business hours", () => {
  test("with scheduleType shown: only for a company that keeps its own week, and only when the server has the routes", () => {
    expect(companySchedulesShown("company", true, forced)).toBe(true);
    for (const other of ["disabled", "queue", "connection", undefined]) expect(companySchedulesShown(other, true, forced)).toBe(false);
    expect(companySchedulesShown("company", false, forced)).toBe(false);
  });

  test("hidden while the scheduleType setting is hidden (its effect does not exist yet), whatever it holds", () => {
    expect(SETTING_GROUPS.flatMap((g) => g.fields).find((f) => f.key === "scheduleType")?.shown).toBe(false);
    expect(companySchedulesShown("company", true)).toBe(false);
  });
});
