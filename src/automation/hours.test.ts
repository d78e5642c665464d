import { describe, expect, test } from "bun:test";
import { DEFAULT_SCHEDULES, type ScheduleEntry } from "../modules/business-hours/schema";
import { isOpenAt, wallDate } from "./hours";

const week = (changes: Partial<Record<string, Partial<ScheduleEntry>>>): ScheduleEntry[] =>
  DEFAULT_SCHEDULES.map((e) => ({ ...e, ...(changes[e.weekdayEn] ?? {}) }));

// 2026-11-27 is a Friday.
const at = (iso: string) => new Date(iso);

describe("business hours", () => {
  test("read on the company's clock, never the server's: 08:00 in São Paulo is 11:00 UTC", () => {
    const w = week({});
    expect(isOpenAt(w, "America/Sao_Paulo", at("2026-11-27T10:59:00Z"))).toBe(false);
    expect(isOpenAt(w, "America/Sao_Paulo", at("2026-11-27T11:00:00Z"))).toBe(true);
    // The same instant in UTC (where a server may run) would read 11:00, open in both zones: the zone decides.
    expect(isOpenAt(w, "UTC", at("2026-11-27T07:59:00Z"))).toBe(false);
    expect(isOpenAt(w, "Asia/Tokyo", at("2026-11-27T07:59:00Z"))).toBe(true);
  });

  test("two shifts: the lunch gap between them is closed; the end minute is outside", () => {
    const w = week({});
    expect(isOpenAt(w, "UTC", at("2026-11-27T11:59:00Z"))).toBe(true);
    expect(isOpenAt(w, "UTC", at("2026-11-27T12:00:00Z"))).toBe(false);
    expect(isOpenAt(w, "UTC", at("2026-11-27T13:00:00Z"))).toBe(true);
    expect(isOpenAt(w, "UTC", at("2026-11-27T18:00:00Z"))).toBe(false);
  });

  test("an empty pair closes its period; a day with both pairs empty is closed", () => {
    const w = week({ friday: { startTimeB: "", endTimeB: "" }, saturday: { startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } });
    expect(isOpenAt(w, "UTC", at("2026-11-27T09:00:00Z"))).toBe(true);
    expect(isOpenAt(w, "UTC", at("2026-11-27T14:00:00Z"))).toBe(false);
    expect(isOpenAt(w, "UTC", at("2026-11-28T09:00:00Z"))).toBe(false);
  });

  test("a shift crossing midnight runs into the next day until its end", () => {
    const w = week({ friday: { startTimeB: "22:00", endTimeB: "02:00" }, saturday: { startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } });
    expect(isOpenAt(w, "UTC", at("2026-11-27T21:59:00Z"))).toBe(false);
    expect(isOpenAt(w, "UTC", at("2026-11-27T23:30:00Z"))).toBe(true);
    expect(isOpenAt(w, "UTC", at("2026-11-28T01:59:00Z"))).toBe(true);
    expect(isOpenAt(w, "UTC", at("2026-11-28T02:00:00Z"))).toBe(false);
  });

  test("the weekday is the company's: Friday 22:00 in São Paulo is already Saturday in UTC", () => {
    const w = week({ saturday: { startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" }, friday: { startTimeB: "13:00", endTimeB: "23:00" } });
    expect(isOpenAt(w, "America/Sao_Paulo", at("2026-11-28T01:00:00Z"))).toBe(true);
    expect(isOpenAt(w, "UTC", at("2026-11-28T01:00:00Z"))).toBe(false);
    expect(wallDate(at("2026-11-28T01:00:00Z"), "America/Sao_Paulo")).toBe("2026-11-27");
  });
});
