import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { DEFAULT_SCHEDULES, weekSchedules } from "../../../../src/modules/business-hours/schema";
import { fieldErrorsOf } from "../../../../src/http/validate";
import { DEFAULT_WEEK, maskTime, type ScheduleEntry, serverTimeErrors, setTime, type ShiftField, type TimeError, weekBody, weekErrors } from "./week";

/** The server's refusals of a week, as PUT /api/companies/:id/schedules answers them (ERR_VALIDATION fields). */
function serverFields(week: ScheduleEntry[]): Record<string, string> {
  const r = z.object({ schedules: weekSchedules }).safeParse({ schedules: weekBody(week) });
  return r.success ? {} : fieldErrorsOf(r.error.issues);
}
/** The default week with one time of one day changed. */
const withTime = (day: number, field: ShiftField, value: string) => DEFAULT_WEEK.map((e, i) => (i === day ? { ...e, [field]: value } : e));

describe("the time mask ##:##", () => {
  test("keeps digits only, puts the colon after the hours, stops at four digits", () => {
    expect(["", "8", "08", "080", "0800", "08:00", "ab1234x5", "12:345", "1:3"].map(maskTime)).toEqual([
      "",
      "8",
      "08",
      "08:0",
      "08:00",
      "08:00",
      "12:34",
      "12:34",
      "13",
    ]);
  });

  test("a typed time changes that one field of that one day, masked", () => {
    const week = setTime(DEFAULT_WEEK, 2, "endTimeB", "1930");
    expect(week[2]).toEqual({ ...DEFAULT_WEEK[2]!, endTimeB: "19:30" });
    expect(week.filter((_, i) => i !== 2)).toEqual(DEFAULT_WEEK.filter((_, i) => i !== 2));
    expect(DEFAULT_WEEK[2]!.endTimeB).toBe("18:00");
  });
});

describe("the week", () => {
  test("the default week is the server's: Monday to Sunday, 08:00-12:00 and 13:00-18:00", () => {
    expect(weekBody(DEFAULT_WEEK)).toEqual(weekBody(DEFAULT_SCHEDULES));
  });

  test("the body sends each day's weekday and times, never the label", () => {
    expect(weekBody(DEFAULT_WEEK)[0]).toEqual({ weekdayEn: "monday", startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" });
  });

  const samples: Array<[label: string, week: ScheduleEntry[], errors: Record<string, TimeError>]> = [
    ["the default week", DEFAULT_WEEK, {}],
    ["a closed afternoon", withTime(5, "startTimeB", "").map((e, i) => (i === 5 ? { ...e, endTimeB: "" } : e)), {}],
    ["a closed day", DEFAULT_WEEK.map((e, i) => (i === 6 ? { ...e, startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" } : e)), {}],
    ["23:59", withTime(0, "endTimeB", "23:59"), {}],
    ["00:00", withTime(0, "startTimeA", "00:00"), {}],
    ["hour 24", withTime(0, "endTimeA", "24:00"), { "0.endTimeA": "invalidTime" }],
    ["minute 60", withTime(3, "startTimeB", "12:60"), { "3.startTimeB": "invalidTime" }],
    ["half typed", withTime(1, "startTimeA", "08:0"), { "1.startTimeA": "invalidTime" }],
    ["one digit", withTime(6, "endTimeB", "9"), { "6.endTimeB": "invalidTime" }],
  ];
  test("checked before saving as the server checks it: the same times refused, at the same fields", () => {
    for (const [label, week, errors] of samples) {
      expect({ label, client: weekErrors(week) }).toEqual({ label, client: errors });
      expect({ label, server: serverTimeErrors(serverFields(week)) }).toEqual({ label, server: errors });
    }
  });

  test("a shift with one end only is refused by both; the editor marks the end that is missing", () => {
    const noEnd = withTime(2, "endTimeA", "");
    expect(weekErrors(noEnd)).toEqual({ "2.endTimeA": "required" });
    expect(serverTimeErrors(serverFields(noEnd))).toEqual({ "2.endTimeA": "required" });
    const noStart = withTime(4, "startTimeB", "");
    expect(weekErrors(noStart)).toEqual({ "4.startTimeB": "required" });
    expect(Object.keys(serverFields(noStart))).toEqual(["schedules.4.endTimeB"]);
  });

  test("server refusals outside the week's times are not the editor's", () => {
    expect(serverTimeErrors({ schedules: "One entry for each day of the week", "schedules.0.weekdayEn": "Invalid weekday", name: "Required" })).toEqual({});
    expect(serverTimeErrors({ "hours.1.endTimeA": "Invalid time" }, "hours")).toEqual({ "1.endTimeA": "invalidTime" });
  });
});
