import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { DEFAULT_SCHEDULES, WEEKDAYS } from "../business-hours/schema";

let t: TestApp;
/** Company 1's super admin, an admin and a plain user of company 1, and company B with its admin. */
let superAdmin: string;
let admin: TestUser;
let agent: TestUser;
let companyB: { companyId: number; admin: TestUser };

beforeEach(async () => {
  t = await createTestApp();
  superAdmin = await login(t, ADMIN.email, ADMIN.password);
  admin = await createUser(t, { companyId: 1, profile: "admin" });
  agent = await createUser(t, { companyId: 1, profile: "user" });
  companyB = await createCompany(t, { name: "B" });
});
afterEach(() => t.close());

const path = (id: number) => `/api/companies/${id}/schedules`;
const get = (id: number, token: string) => t.json("GET", path(id), { token });
const put = (id: number, body: unknown, token: string) => t.json("PUT", path(id), { token, body });
const stored = async (id: number) => (await t.ctx.db.selectFrom("companies").select("schedules").where("id", "=", id).executeTakeFirstOrThrow()).schedules;
const auditRows = () => t.ctx.db.selectFrom("audit_log").selectAll().where("entity", "=", "company").execute();

/** A valid week, Sunday first, closed on Sunday, whose Monday gets `monday` patched in. */
const week = (monday: Record<string, string> = {}) =>
  [...WEEKDAYS].reverse().map(({ weekdayEn }) => ({
    weekdayEn,
    startTimeA: weekdayEn === "sunday" ? "" : "09:00",
    endTimeA: weekdayEn === "sunday" ? "" : "12:30",
    startTimeB: weekdayEn === "saturday" || weekdayEn === "sunday" ? "" : "14:00",
    endTimeB: weekdayEn === "saturday" || weekdayEn === "sunday" ? "" : "18:00",
    ...(weekdayEn === "monday" ? monday : {}),
  }));

describe("GET /api/companies/:id/schedules", () => {
  test("a company that never set its hours has the default week, 08:00-12:00 and 13:00-18:00 Monday to Sunday", async () => {
    const r = await get(1, admin.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: 1, schedules: DEFAULT_SCHEDULES });
    expect(r.body.schedules[0]).toEqual({
      weekday: "Segunda-feira",
      weekdayEn: "monday",
      startTimeA: "08:00",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "18:00",
    });
  });
});

describe("PUT /api/companies/:id/schedules", () => {
  test("stores the week, answers it Monday to Sunday with our labels, and records one audit entry", async () => {
    const r = await put(1, { schedules: week().map((e) => ({ ...e, weekday: "ignored label" })) }, admin.token);
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(1);
    expect(r.body.schedules.map((s: any) => s.weekdayEn)).toEqual(WEEKDAYS.map((d) => d.weekdayEn));
    expect(r.body.schedules.map((s: any) => s.weekday)).toEqual(WEEKDAYS.map((d) => d.weekday));
    expect(r.body.schedules[0]).toMatchObject({ startTimeA: "09:00", endTimeA: "12:30", startTimeB: "14:00", endTimeB: "18:00" });
    expect(r.body.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTimeA: "", endTimeA: "", startTimeB: "", endTimeB: "" });
    expect((await get(1, admin.token)).body).toEqual(r.body);
    expect(JSON.parse(await stored(1))).toEqual(r.body.schedules);

    const entries = await auditRows();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ companyId: 1, userId: admin.id, entity: "company", entityId: "1", action: "update" });
    expect(JSON.parse(entries[0]!.before!)).toEqual({ schedules: DEFAULT_SCHEDULES });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ schedules: r.body.schedules });
    // Saving the same week again changes nothing and writes no entry.
    expect((await put(1, { schedules: week() }, admin.token)).status).toBe(200);
    expect(await auditRows()).toHaveLength(1);
  });

  const invalid: Array<[label: string, body: unknown, fields: Record<string, string>]> = [
    ["no schedules", {}, { schedules: "Invalid schedules" }],
    ["not a list", { schedules: "all week" }, { schedules: "Invalid schedules" }],
    ["six days", { schedules: week().slice(1) }, { schedules: "One entry for each day of the week" }],
    ["a day twice", { schedules: [...week().slice(1), week()[1]] }, { schedules: "One entry for each day of the week" }],
    ["eight days", { schedules: [...week(), week()[0]] }, { schedules: "One entry for each day of the week" }],
    [
      "unknown weekday",
      { schedules: week().map((e) => (e.weekdayEn === "monday" ? { ...e, weekdayEn: "funday" } : e)) },
      { "schedules.6.weekdayEn": "Invalid weekday" },
    ],
    ["hour 24", { schedules: week({ endTimeA: "24:00" }) }, { "schedules.6.endTimeA": "Invalid time" }],
    ["minute 60", { schedules: week({ startTimeB: "12:60" }) }, { "schedules.6.startTimeB": "Invalid time" }],
    ["one-digit hour", { schedules: week({ startTimeA: "8:00" }) }, { "schedules.6.startTimeA": "Invalid time" }],
    ["a number", { schedules: week({ startTimeA: 800 as unknown as string }) }, { "schedules.6.startTimeA": "Invalid time" }],
    ["a shift without its end", { schedules: week({ endTimeA: "" }) }, { "schedules.6.endTimeA": "Required" }],
    ["a shift without its start", { schedules: week({ startTimeB: "" }) }, { "schedules.6.endTimeB": "Required" }],
  ];
  test("refuses an invalid week with per-field messages, storing nothing and auditing nothing", async () => {
    for (const [label, body, fields] of invalid) {
      const r = await put(1, body, admin.token);
      expect({ label, status: r.status, body: r.body }).toEqual({
        label,
        status: 400,
        body: { error: "ERR_VALIDATION", message: "Validation failed", fields },
      });
    }
    expect(await stored(1)).toBe("[]");
    expect(await auditRows()).toEqual([]);
  });

  test("a plain user of the company may neither read nor change its hours", async () => {
    expect(await get(1, agent.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await put(1, { schedules: week() }, agent.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await stored(1)).toBe("[]");
  });

  test("company B's admin gets not found on company A's id and writes nothing; A's admin likewise on B's", async () => {
    expect(await get(1, companyB.admin.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await put(1, { schedules: week() }, companyB.admin.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await put(companyB.companyId, { schedules: week() }, admin.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await stored(1)).toBe("[]");
    expect(await stored(companyB.companyId)).toBe("[]");
    expect(await auditRows()).toEqual([]);
    // B's admin manages B's own hours, which leaves A's as they were.
    expect((await put(companyB.companyId, { schedules: week() }, companyB.admin.token)).status).toBe(200);
    expect(await stored(1)).toBe("[]");
  });

  test("the super user reads and sets any company's hours; the entry is filed under that company", async () => {
    expect((await get(companyB.companyId, superAdmin)).body.schedules).toEqual(DEFAULT_SCHEDULES);
    const r = await put(companyB.companyId, { schedules: week() }, superAdmin);
    expect(r.status).toBe(200);
    expect((await get(companyB.companyId, companyB.admin.token)).body).toEqual(r.body);
    expect(await stored(1)).toBe("[]");
    expect(await auditRows()).toMatchObject([{ companyId: companyB.companyId, userId: 1, entityId: String(companyB.companyId) }]);
    expect(await get(9999, superAdmin)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await put(9999, { schedules: week() }, superAdmin)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
  });
});
