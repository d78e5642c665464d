import { afterEach, describe, expect, test } from "bun:test";
import { refuseInserts } from "../../../tests/helpers/store-faults";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { recordAudit, REDACTED } from "./record";
import { AUDIT_PRUNE_JOB, scheduleAuditPruning } from "./prune";

let t: TestApp;
/** Tokens that outlive the clock's jumps. */
const LONG_SESSIONS = { ACCESS_TOKEN_TTL_S: String(20 * 365 * 24 * 3600) };
afterEach(async () => {
  await t.close();
});

const entries = (companyId?: number) => {
  const q = t.ctx.db.selectFrom("audit_log").selectAll().orderBy("id");
  return (companyId === undefined ? q : q.where("companyId", "=", companyId)).execute();
};
const newTag = async (token: string, name: string) => {
  const r = await t.json("POST", "/api/tags", { token, body: { name, color: "#123456" } });
  expect(r.status).toBe(201);
  return r.body.id as number;
};

describe("recording", () => {
  test("an update keeps only the changed fields before and after, with who, where and when", async () => {
    t = await createTestApp({ ...LONG_SESSIONS, TRUST_PROXY: "true" });
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const id = await newTag(admin, "Vip");
    const before = await entries();
    t.clock.set(new Date("2031-02-03T04:05:06.000Z"));
    const r = await t.json("PUT", `/api/tags/${id}`, {
      token: admin,
      body: { name: "Gold", color: "#123456" },
      headers: { "x-forwarded-for": "203.0.113.7, 10.0.0.1" },
    });
    expect(r.status).toBe(200);
    const added = (await entries()).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      companyId: 1,
      userId: 1,
      entity: "tag",
      entityId: String(id),
      action: "update",
      ip: "203.0.113.7",
      createdAt: "2031-02-03T04:05:06.000Z",
    });
    expect(JSON.parse(added[0]!.before!)).toEqual({ name: "Vip" });
    expect(JSON.parse(added[0]!.after!)).toEqual({ name: "Gold" });
  });

  test("an update that changes nothing writes no entry", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const id = await newTag(admin, "Vip");
    const count = (await entries()).length;
    expect((await t.json("PUT", `/api/tags/${id}`, { token: admin, body: { name: "Vip" } })).status).toBe(200);
    expect(await entries()).toHaveLength(count);
  });

  test("secret-named fields and an entity's own secret fields are redacted at any depth; the system has no actor", async () => {
    t = await createTestApp();
    await t.ctx.db.transaction().execute((trx) =>
      recordAudit(trx, t.clock.now(), null, {
        companyId: 1,
        entity: "connection",
        entityId: 7,
        action: "update",
        before: { name: "a", pin: "1111", config: { appSecret: "s-old", nested: [{ apiKey: "k-old" }] }, token: "t-old" },
        after: { name: "b", pin: "2222", config: { appSecret: "s-new", nested: [{ apiKey: "k-new" }] }, token: "t-new" },
        secretFields: ["pin"],
      }),
    );
    const [row] = await entries();
    expect(row).toMatchObject({ userId: null, ip: null });
    const stored = `${row!.before}${row!.after}`;
    for (const secret of ["1111", "2222", "s-old", "s-new", "k-old", "k-new", "t-old", "t-new"]) expect(stored).not.toContain(secret);
    expect(JSON.parse(row!.after!)).toEqual({ name: "b", pin: REDACTED, config: { appSecret: REDACTED, nested: [{ apiKey: REDACTED }] }, token: REDACTED });
  });
});

describe("one transaction with the change", () => {
  test("a refused request writes no entry", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    await newTag(admin, "Vip");
    const id = await newTag(admin, "Gold");
    const count = (await entries()).length;
    expect((await t.json("PUT", `/api/tags/${id}`, { token: admin, body: { name: "vip" } })).status).toBe(400);
    expect((await t.json("POST", "/api/queue", { token: admin, body: { name: "Q", color: "#zz" } })).status).toBe(400);
    expect(await entries()).toHaveLength(count);
  });

  test("an error after the write inside the transaction undoes the change and writes no entry", async () => {
    t = await createTestApp();
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const id = await newTag(admin, "Vip");
    const count = (await entries()).length;
    // The audit insert is the transaction's last statement, after the tag's update: make it fail.
    const lift = await refuseInserts(t, "audit_log");
    expect((await t.json("PUT", `/api/tags/${id}`, { token: admin, body: { name: "Gold" } })).status).toBe(500);
    await lift();
    expect((await t.ctx.db.selectFrom("tags").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe("Vip");
    expect(await entries()).toHaveLength(count);
  });
});

describe("GET /api/audit", () => {
  async function twoCompanies() {
    t = await createTestApp();
    const superToken = await login(t, ADMIN.email, ADMIN.password);
    const b = await createCompany(t, { name: "Beta" });
    const plain = await createUser(t, { companyId: 1, profile: "user", name: "Plain" });
    await newTag(superToken, "A tag");
    await newTag(b.admin.token, "B tag");
    return { superToken, b, plain };
  }

  test("an admin reads only their company's entries; a plain user gets 403; the super user reads every company's", async () => {
    const { superToken, b, plain } = await twoCompanies();
    const mine = await t.json("GET", "/api/audit", { token: b.admin.token });
    expect(mine.status).toBe(200);
    expect(mine.body.entries.map((e: any) => e.companyId)).toEqual([b.companyId]);
    expect(mine.body.entries[0]).toMatchObject({ entity: "tag", action: "create", user: { id: b.admin.id, name: "Admin Beta" }, after: { name: "B tag" } });
    // Asking for company 1 changes nothing for a company's admin.
    const asked = await t.json("GET", "/api/audit?companyId=1", { token: b.admin.token });
    expect(asked.body.entries.map((e: any) => e.companyId)).toEqual([b.companyId]);

    expect((await t.json("GET", "/api/audit", { token: plain.token })).body).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.json("GET", "/api/audit", { token: plain.token })).status).toBe(403);
    expect((await t.json("GET", "/api/audit")).status).toBe(401);

    const all = await t.json("GET", "/api/audit", { token: superToken });
    expect(new Set(all.body.entries.map((e: any) => e.companyId))).toEqual(new Set([1, b.companyId]));
    const onlyB = await t.json("GET", `/api/audit?companyId=${b.companyId}`, { token: superToken });
    expect(onlyB.body.entries.map((e: any) => e.companyId)).toEqual([b.companyId]);
  });

  test("filters by entity, id, user, action and time; pages of 20, newest first", async () => {
    t = await createTestApp(LONG_SESSIONS);
    const admin = await login(t, ADMIN.email, ADMIN.password);
    const other: TestUser = await createUser(t, { companyId: 1, profile: "admin", name: "Other" });
    t.clock.set(new Date("2031-01-01T00:00:00.000Z"));
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) {
      t.clock.advance(60_000);
      ids.push(await newTag(admin, `Tag ${i}`));
    }
    t.clock.set(new Date("2031-02-01T00:00:00.000Z"));
    expect((await t.json("PUT", `/api/tags/${ids[0]}`, { token: other.token, body: { name: "Renamed" } })).status).toBe(200);

    const page1 = await t.json("GET", "/api/audit?entity=tag", { token: admin });
    expect(page1.body).toMatchObject({ count: 23, hasMore: true });
    expect(page1.body.entries).toHaveLength(20);
    expect(page1.body.entries[0]).toMatchObject({ action: "update", userId: other.id });
    const page2 = await t.json("GET", "/api/audit?entity=tag&pageNumber=2", { token: admin });
    expect(page2.body).toMatchObject({ count: 23, hasMore: false });
    expect(page2.body.entries.map((e: any) => e.entityId)).toEqual([ids[2], ids[1], ids[0]].map(String));

    const byId = await t.json("GET", `/api/audit?entity=tag&entityId=${ids[0]}`, { token: admin });
    expect(byId.body.entries.map((e: any) => e.action)).toEqual(["update", "create"]);
    expect((await t.json("GET", `/api/audit?userId=${other.id}`, { token: admin })).body.count).toBe(1);
    expect((await t.json("GET", "/api/audit?action=update", { token: admin })).body.count).toBe(1);
    const window = await t.json("GET", "/api/audit?entity=tag&from=2031-01-01T00:05:00Z&to=2031-01-01T00:08:00Z", { token: admin });
    expect(window.body.entries.map((e: any) => e.after.name)).toEqual(["Tag 6", "Tag 5", "Tag 4"]);
    const bad = await t.json("GET", "/api/audit?from=yesterday&userId=x", { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(["from", "userId"]);
  });
});

describe("retention", () => {
  test("the daily job removes entries older than AUDIT_RETENTION_DAYS and schedules the next day's run", async () => {
    t = await createTestApp({ ...LONG_SESSIONS, AUDIT_RETENTION_DAYS: "30" });
    const admin = await login(t, ADMIN.email, ADMIN.password);
    t.clock.set(new Date("2031-01-01T10:00:00.000Z"));
    const old = await newTag(admin, "Old");
    t.clock.set(new Date("2031-01-25T10:00:00.000Z"));
    const recent = await newTag(admin, "Recent");
    await scheduleAuditPruning(t.ctx);
    await scheduleAuditPruning(t.ctx); // a second start the same day adds nothing

    t.clock.set(new Date("2031-02-05T10:00:00.000Z"));
    expect(await t.ctx.jobs.runDue()).toBe(1);
    const left = (await entries()).filter((e) => e.entity === "tag").map((e) => e.entityId);
    expect(left).toEqual([String(recent)]);
    expect(left).not.toContain(String(old));

    const jobs = await t.ctx.db.selectFrom("jobs").select(["status", "runAt", "uniqueKey"]).where("name", "=", AUDIT_PRUNE_JOB).orderBy("id").execute();
    expect(jobs).toEqual([
      { status: "done", runAt: "2031-01-25T10:00:00.000Z", uniqueKey: `${AUDIT_PRUNE_JOB}:2031-01-25` },
      { status: "queued", runAt: "2031-02-06T10:00:00.000Z", uniqueKey: `${AUDIT_PRUNE_JOB}:2031-02-06` },
    ]);
    t.clock.set(new Date("2031-02-24T10:00:01.000Z"));
    expect(await t.ctx.jobs.runDue()).toBe(1);
    expect((await entries()).filter((e) => e.entity === "tag")).toEqual([]);
  });
});
