import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { createConnection, deleteConnection } from "../../channels/connections";
import { PROFILE_IMAGE_MAX_BYTES } from "./service";

let t: TestApp;
/** Company 1: the super admin, a plain admin and a plain user. */
let superToken: string;
let admin: TestUser;
let agent: TestUser;
let events: Array<[string, unknown]>;

beforeEach(async () => {
  t = await createTestApp();
  superToken = await login(t, ADMIN.email, ADMIN.password);
  admin = await createUser(t, { companyId: 1, name: "Ana Admin", profile: "admin" });
  agent = await createUser(t, { companyId: 1, name: "Bruno Agent", profile: "user" });
  events = [];
  for (const name of ["user.created", "user.updated", "user.deleted", "auth.sessionEnded"] as const) t.ctx.bus.on(name, (e) => void events.push([name, e]));
});
afterEach(() => t.close());

const row = (id: number) => t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
const linksOf = async (userId: number) =>
  (await t.ctx.db.selectFrom("user_queues").select("queueId").where("userId", "=", userId).orderBy("queueId").execute()).map((r) => r.queueId);
const addQueue = async (companyId: number, name: string, color: string) =>
  (await t.ctx.db.insertInto("queues").values({ companyId, name, color }).returning("id").executeTakeFirstOrThrow()).id;
const newUser = (body: Record<string, unknown>, token = admin.token) =>
  t.json("POST", "/api/users", { token, body: { name: "Carla", email: "carla@test.local", password: "secret1", ...body } });

// 1x1 transparent PNG.
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const upload = (id: number, token: string, file?: File) => {
  const form = new FormData();
  if (file) form.set("profileImage", file);
  else form.set("other", "x");
  return t.json("POST", `/api/users/${id}/media-upload`, { token, body: form });
};

describe("POST /api/users", () => {
  test("creates a user with the spec's defaults, lowercased email, hashed password and queue links", async () => {
    const q1 = await addQueue(1, "Vendas", "#111");
    const q2 = await addQueue(1, "Suporte", "#222");
    const r = await newUser({ email: "  Carla@Test.LOCAL ", queueIds: [q2, q1, q2] });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "Carla",
      email: "carla@test.local",
      companyId: 1,
      profile: "user",
      super: false,
      whatsappId: null,
      startWork: "00:00",
      endWork: "23:59",
      farewellMessage: null,
      allTicket: "disable",
      allowGroup: false,
      defaultTheme: "light",
      defaultMenu: "open",
      allHistoric: "disabled",
      allUserChat: "disabled",
      userClosePendingTicket: "enabled",
      showDashboard: "disabled",
      allowRealTime: "disabled",
      allowConnections: "disabled",
      profileImage: null,
      online: false,
      defaultTicketsManagerWidth: 550,
    });
    expect(r.body.queues.map((q: any) => q.id)).toEqual([q1, q2]);
    expect(r.body.passwordHash).toBeUndefined();
    expect(r.body.tokenVersion).toBeUndefined();
    const stored = (await row(r.body.id))!;
    expect(stored.passwordHash).not.toBe("secret1");
    expect(await Bun.password.verify("secret1", stored.passwordHash)).toBe(true);
    expect(await linksOf(r.body.id)).toEqual([q1, q2]);
    expect(events).toEqual([["user.created", { companyId: 1, userId: r.body.id }]]);
    expect((await t.json("POST", "/api/auth/login", { body: { email: "CARLA@test.local", password: "secret1" } })).status).toBe(200);
  });

  const invalid: Array<[label: string, body: Record<string, unknown>, fields: Record<string, string>]> = [
    ["nothing", { name: undefined, email: undefined, password: undefined }, { name: "Required", email: "Required", password: "Required" }],
    ["short name", { name: "C" }, { name: "Too Short!" }],
    ["long name", { name: "C".repeat(51) }, { name: "Too Long!" }],
    ["blank name", { name: "   " }, { name: "Required" }],
    ["bad email", { email: "carla" }, { email: "Invalid email" }],
    ["short password", { password: "1234" }, { password: "Too Short!" }],
    ["long password", { password: "x".repeat(51) }, { password: "Too Long!" }],
    ["empty password", { password: "" }, { password: "Too Short!" }],
    ["bad start", { startWork: "24:00" }, { startWork: "Invalid time" }],
    ["bad end", { endWork: "7pm" }, { endWork: "Invalid time" }],
    ["bad profile", { profile: "root" }, { profile: "Invalid value" }],
    ["bad flag", { showDashboard: true }, { showDashboard: "Invalid value" }],
    ["bad allTicket", { allTicket: "enabled" }, { allTicket: "Invalid value" }],
    ["bad theme", { defaultTheme: "blue" }, { defaultTheme: "Invalid value" }],
    ["bad width", { defaultTicketsManagerWidth: "wide" }, { defaultTicketsManagerWidth: "Invalid number" }],
    ["bad queue ids", { queueIds: "1,2" }, { queueIds: "Invalid value" }],
    ["bad queue id", { queueIds: [1, -2] }, { "queueIds.1": "Invalid id" }],
    ["a connection id that is not a number", { whatsappId: "1" }, { whatsappId: "Invalid id" }],
  ];
  test("refuses invalid fields with the form's messages, storing nothing", async () => {
    for (const [label, body, fields] of invalid) {
      const r = await newUser(body);
      expect({ label, status: r.status, body: r.body }).toEqual({
        label,
        status: 400,
        body: { error: "ERR_VALIDATION", message: "Validation failed", fields },
      });
    }
    expect(await t.ctx.db.selectFrom("users").select("id").where("name", "=", "Carla").execute()).toEqual([]);
  });

  test("allHistoric null means the default", async () => {
    expect((await newUser({ allHistoric: null })).body.allHistoric).toBe("disabled");
  });

  test("an email in use, in any company and any case, is a conflict", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const r = await newUser({ email: b.admin.email.toUpperCase() });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  test("queue ids must be the company's", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const theirs = await addQueue(b.companyId, "Deles", "#333");
    const ours = await addQueue(1, "Nossa", "#333");
    for (const queueIds of [[theirs], [ours, theirs], [9999]]) {
      const r = await newUser({ queueIds });
      expect(r.status).toBe(400);
      expect(r.body.fields).toEqual({ queueIds: "Not found" });
    }
    expect(await t.ctx.db.selectFrom("user_queues").selectAll().execute()).toEqual([]);
  });

  test("the default connection must be one of the company's live connections", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const ours = await createConnection(t.ctx, 1, { name: "Site", channel: "webchat" });
    const gone = await createConnection(t.ctx, 1, { name: "Old site", channel: "webchat" });
    await deleteConnection(t.ctx, 1, gone.id);
    const theirs = await createConnection(t.ctx, b.companyId, { name: "Their site", channel: "webchat" });
    for (const whatsappId of [theirs.id, gone.id, 9999]) {
      const r = await newUser({ whatsappId });
      expect(r.status).toBe(400);
      expect(r.body.fields).toEqual({ whatsappId: "Not found" });
    }
    const r = await newUser({ whatsappId: ours.id });
    expect(r.status).toBe(201);
    expect(r.body.whatsappId).toBe(ours.id);
  });

  test("the plan's user limit counts the company's users (0 = unlimited)", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const plan = await t.ctx.db.insertInto("plans").values({ name: "Small", users: 2 }).returning("id").executeTakeFirstOrThrow();
    await t.ctx.db.updateTable("companies").set({ planId: plan.id }).where("id", "=", b.companyId).execute();
    expect((await newUser({ email: "one@beta.test" }, b.admin.token)).status).toBe(201);
    const r = await newUser({ email: "two@beta.test" }, b.admin.token);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: "ERR_PLAN_LIMIT_USERS", limit: 2 });
    expect((await newUser({ email: "two@alpha.test" })).status).toBe(201);
  });

  test("companyId and super are the super user's: ignored from an admin, honoured from the super user", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const fromAdmin = await newUser({ email: "x@test.local", companyId: b.companyId, super: true, profile: "admin" });
    expect(fromAdmin.status).toBe(201);
    expect(fromAdmin.body).toMatchObject({ companyId: 1, super: false, profile: "admin" });

    const fromSuper = await newUser({ email: "y@test.local", companyId: b.companyId, super: true }, superToken);
    expect(fromSuper.body).toMatchObject({ companyId: b.companyId, super: true });
    expect(events.at(-1)).toEqual(["user.created", { companyId: b.companyId, userId: fromSuper.body.id }]);
    const unknown = await newUser({ email: "z@test.local", companyId: 999 }, superToken);
    expect(unknown.body).toMatchObject({ error: "ERR_VALIDATION", fields: { companyId: "Not found" } });
  });

  test("the super user's new user in another company takes that company's queues only", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const theirs = await addQueue(b.companyId, "Deles", "#333");
    const ours = await addQueue(1, "Nossa", "#333");
    expect((await newUser({ companyId: b.companyId, queueIds: [ours] }, superToken)).body.fields).toEqual({ queueIds: "Not found" });
    const r = await newUser({ companyId: b.companyId, queueIds: [theirs] }, superToken);
    expect(r.body.queues.map((q: any) => q.id)).toEqual([theirs]);
  });

  test("only admins create users", async () => {
    const r = await newUser({}, agent.token);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.json("POST", "/api/users", { body: {} })).status).toBe(401);
  });
});

describe("GET /api/users", () => {
  test("pages of 20 ordered by name, with count and hasMore, for admins only", async () => {
    for (let i = 0; i < 22; i++) {
      await t.ctx.db
        .insertInto("users")
        .values({ companyId: 1, name: `Zed ${String(i).padStart(2, "0")}`, email: `zed${i}@test.local`, passwordHash: "x" })
        .execute();
    }
    const first = await t.json("GET", "/api/users", { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(25);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.users.slice(0, 3).map((u: any) => u.name)).toEqual(["Admin", "Ana Admin", "Bruno Agent"]);
    expect(first.body.users[0].passwordHash).toBeUndefined();
    const second = await t.json("GET", "/api/users/?pageNumber=2", { token: admin.token });
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.users.map((u: any) => u.name)).toEqual(["Zed 17", "Zed 18", "Zed 19", "Zed 20", "Zed 21"]);

    const denied = await t.json("GET", "/api/users", { token: agent.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.json("GET", "/api/users?pageNumber=0", { token: admin.token })).body.error).toBe("ERR_VALIDATION");
  });

  test("searches name and email without case; wildcards in the term are literal", async () => {
    await t.ctx.db.insertInto("users").values({ companyId: 1, name: "100% Maria", email: "maria@example.org", passwordHash: "x" }).execute();
    const names = async (term: string) =>
      (await t.json("GET", `/api/users?searchParam=${encodeURIComponent(term)}`, { token: admin.token })).body.users.map((u: any) => u.name);
    expect(await names("BRUNO")).toEqual(["Bruno Agent"]);
    expect(await names("example.ORG")).toEqual(["100% Maria"]);
    expect(await names("%")).toEqual(["100% Maria"]);
    expect(await names("_")).toEqual([]);
    expect((await t.json("GET", "/api/users?searchParam=BRUNO", { token: admin.token })).body.count).toBe(1);
  });

  test("lists only the actor's company", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const r = await t.json("GET", "/api/users", { token: b.admin.token });
    expect(r.body.users.map((u: any) => u.id)).toEqual([b.admin.id]);
    expect(r.body.count).toBe(1);
  });
});

describe("GET /api/users/list", () => {
  test("id and name of the company's users for any user; companyId only for the super user", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const mine = await t.json("GET", "/api/users/list", { token: agent.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      { id: 1, name: "Admin" },
      { id: admin.id, name: "Ana Admin" },
      { id: agent.id, name: "Bruno Agent" },
    ]);
    expect((await t.json("GET", `/api/users/list?companyId=${b.companyId}`, { token: agent.token })).body).toEqual(mine.body);
    expect((await t.json("GET", `/api/users/list?companyId=${b.companyId}`, { token: superToken })).body).toEqual([{ id: b.admin.id, name: "Admin Beta" }]);
  });
});

describe("GET /api/users/:id", () => {
  test("admins read anyone of the company, users only themselves", async () => {
    expect((await t.json("GET", `/api/users/${agent.id}`, { token: admin.token })).body).toMatchObject({ id: agent.id, email: agent.email });
    expect((await t.json("GET", `/api/users/${agent.id}`, { token: agent.token })).body.id).toBe(agent.id);
    const denied = await t.json("GET", `/api/users/${admin.id}`, { token: agent.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    const missing = await t.json("GET", "/api/users/999", { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("ERR_NO_USER_FOUND");
    expect((await t.json("GET", "/api/users/-1", { token: admin.token })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { id: "Invalid id" } });
  });
});

describe("PUT /api/users/:id", () => {
  test("an admin's update answers the user and emits user.updated", async () => {
    const q = await addQueue(1, "Vendas", "#111");
    const r = await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { name: "Bruno B", queueIds: [q], endWork: "18:00" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: agent.id, name: "Bruno B", endWork: "18:00", queues: [{ id: q, name: "Vendas", color: "#111" }] });
    expect(events).toEqual([["user.updated", { companyId: 1, userId: agent.id }]]);
    // An empty list clears the links; an absent one keeps them.
    await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { name: "Bruno C" } });
    expect(await linksOf(agent.id)).toEqual([q]);
    await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { queueIds: [] } });
    expect(await linksOf(agent.id)).toEqual([]);
  });

  test("validates with the form's messages", async () => {
    const r = await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { name: "B", email: "nope", password: "123" } });
    expect(r.body).toEqual({
      error: "ERR_VALIDATION",
      message: "Validation failed",
      fields: { name: "Too Short!", email: "Invalid email", password: "Too Short!" },
    });
    expect((await row(agent.id))!.name).toBe("Bruno Agent");
  });

  test("a user may not edit someone else; an admin may not edit the super user", async () => {
    const r = await t.json("PUT", `/api/users/${admin.id}`, { token: agent.token, body: { name: "Hacked" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("ERR_NO_PERMISSION");
    const s = await t.json("PUT", "/api/users/1", { token: admin.token, body: { password: "takeover", email: "mine@test.local" } });
    expect(s.status).toBe(403);
    expect((await row(admin.id))!.name).toBe("Ana Admin");
    expect((await row(1))!.email).toBe(ADMIN.email);
  });

  test("email: lowercased, unique, and a user may keep their own", async () => {
    expect((await t.json("PUT", `/api/users/${agent.id}`, { token: agent.token, body: { email: agent.email.toUpperCase() } })).status).toBe(200);
    const taken = await t.json("PUT", `/api/users/${agent.id}`, { token: agent.token, body: { email: ADMIN.email } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
    expect((await t.json("PUT", `/api/users/${agent.id}`, { token: agent.token, body: { email: "New@Test.Local" } })).body.email).toBe("new@test.local");
  });

  test("a password set by an admin ends the user's session; one's own change keeps it", async () => {
    await t.json("PUT", `/api/users/${agent.id}`, { token: agent.token, body: { password: "mine123" } });
    expect((await t.json("GET", "/api/auth/me", { token: agent.token })).status).toBe(200);
    expect(events.filter(([n]) => n === "auth.sessionEnded")).toEqual([]);

    // An empty password means "unchanged".
    await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { password: "", name: "Bruno" } });
    expect((await t.json("GET", "/api/auth/me", { token: agent.token })).status).toBe(200);

    await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { password: "reset123" } });
    expect((await t.json("GET", "/api/auth/me", { token: agent.token })).status).toBe(401);
    expect(events.filter(([n]) => n === "auth.sessionEnded")).toEqual([["auth.sessionEnded", { companyId: 1, userId: agent.id, reason: "reset" }]]);
    expect((await t.json("POST", "/api/auth/login", { body: { email: agent.email, password: "reset123" } })).status).toBe(200);
  });

  test("a company keeps an admin and the platform a super user", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const demote = await t.json("PUT", `/api/users/${b.admin.id}`, { token: b.admin.token, body: { profile: "user" } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe("ERR_LAST_ADMIN");
    expect((await row(b.admin.id))!.profile).toBe("admin");
    // With another admin present, an admin may step down.
    expect((await t.json("PUT", `/api/users/${admin.id}`, { token: admin.token, body: { profile: "user" } })).body.profile).toBe("user");

    const unsuper = await t.json("PUT", "/api/users/1", { token: superToken, body: { super: false } });
    expect(unsuper.status).toBe(409);
    expect(unsuper.body.error).toBe("ERR_LAST_ADMIN");
    await t.json("PUT", `/api/users/${agent.id}`, { token: superToken, body: { super: true } });
    expect((await t.json("PUT", "/api/users/1", { token: superToken, body: { super: false } })).body.super).toBe(false);
  });
});

describe("PUT /api/users/toggleChangeWidht/:id", () => {
  test("sets the panel width, pulled into 404..700", async () => {
    const width = async (value: unknown, token = agent.token, id = agent.id) =>
      t.json("PUT", `/api/users/toggleChangeWidht/${id}`, { token, body: { defaultTicketsManagerWidth: value } });
    expect((await width(600)).body.defaultTicketsManagerWidth).toBe(600);
    expect((await row(agent.id))!.defaultTicketsManagerWidth).toBe(600);
    expect((await width(100)).body.defaultTicketsManagerWidth).toBe(404);
    expect((await width(5000)).body.defaultTicketsManagerWidth).toBe(700);
    expect((await width(512.6)).body.defaultTicketsManagerWidth).toBe(513);
    expect((await width("wide")).body).toMatchObject({ error: "ERR_VALIDATION", fields: { defaultTicketsManagerWidth: "Invalid number" } });
    expect((await width(undefined)).body.fields).toEqual({ defaultTicketsManagerWidth: "Invalid number" });
    expect(events.at(-1)).toEqual(["user.updated", { companyId: 1, userId: agent.id }]);

    expect((await width(450, agent.token, admin.id)).status).toBe(403);
    expect((await width(450, admin.token, agent.id)).body.defaultTicketsManagerWidth).toBe(450);
    expect((await width(450, admin.token, 999)).status).toBe(404);
  });
});

describe("POST /api/users/:id/media-upload", () => {
  test("stores the image, answers a signed link and replaces the previous image", async () => {
    const r = await upload(agent.id, agent.token, new File([PNG], "me.png", { type: "image/png" }));
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(agent.id);
    expect(r.body.user.profileImage).toMatch(/^\/api\/media\/[0-9a-f]{32}\?exp=\d+&sig=/);
    const firstKey = (await row(agent.id))!.profileImage!;
    const served = await t.request("GET", r.body.user.profileImage);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toContain("image/png");

    const again = await upload(agent.id, admin.token, new File([PNG], "new.png"));
    expect(again.status).toBe(200);
    const secondKey = (await row(agent.id))!.profileImage!;
    expect(secondKey).not.toBe(firstKey);
    expect((await t.ctx.db.selectFrom("media").select("key").execute()).map((m) => m.key)).toEqual([secondKey]);
    expect((await t.json("GET", `/api/users/${agent.id}`, { token: agent.token })).body.profileImage).toMatch(new RegExp(`^/api/media/${secondKey}\\?`));
  });

  test("refuses what is not an image, a missing file, and someone else's profile", async () => {
    const text = await upload(agent.id, agent.token, new File(["hello"], "me.png", { type: "image/png" }));
    expect(text.status).toBe(415);
    expect(text.body.error).toBe("ERR_MEDIA_TYPE_NOT_ALLOWED");
    const huge = new Uint8Array(PROFILE_IMAGE_MAX_BYTES + 1);
    huge.set(PNG);
    const tooLarge = await upload(agent.id, agent.token, new File([huge], "big.png"));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe("ERR_MEDIA_TOO_LARGE");
    const missing = await upload(agent.id, agent.token);
    expect(missing.body).toMatchObject({ error: "ERR_VALIDATION", fields: { profileImage: "Required" } });
    const other = await upload(admin.id, agent.token, new File([PNG], "me.png"));
    expect(other.status).toBe(403);
    const superUser = await upload(1, admin.token, new File([PNG], "me.png"));
    expect(superUser.status).toBe(403);
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
    expect((await row(agent.id))!.profileImage).toBeNull();
  });
});

describe("DELETE /api/users/:id", () => {
  test("deletes the user, their queue links and image; their session ends", async () => {
    const q = await addQueue(1, "Vendas", "#111");
    await t.json("PUT", `/api/users/${agent.id}`, { token: admin.token, body: { queueIds: [q] } });
    await upload(agent.id, agent.token, new File([PNG], "me.png"));
    events.length = 0;
    const r = await t.json("DELETE", `/api/users/${agent.id}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(await row(agent.id)).toBeUndefined();
    expect(await linksOf(agent.id)).toEqual([]);
    expect(await t.ctx.db.selectFrom("queues").select("id").execute()).toEqual([{ id: q }]);
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
    expect(events).toEqual([["user.deleted", { companyId: 1, userId: agent.id }]]);
    expect((await t.json("GET", "/api/auth/me", { token: agent.token })).status).toBe(401);
    expect((await t.json("DELETE", `/api/users/${agent.id}`, { token: admin.token })).status).toBe(404);
  });

  test("nobody deletes themselves; users delete nobody; admins do not delete the super user", async () => {
    const self = await t.json("DELETE", `/api/users/${admin.id}`, { token: admin.token });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe("ERR_CANNOT_DELETE_SELF");
    expect((await t.json("DELETE", `/api/users/${admin.id}`, { token: agent.token })).body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.json("DELETE", "/api/users/1", { token: admin.token })).status).toBe(403);
    expect(await row(admin.id)).toMatchObject({ id: admin.id });
    expect(await row(1)).toMatchObject({ id: 1 });
  });

  test("the company's last admin stays", async () => {
    // A super user with the user profile is allowed to manage users but is not the company's admin.
    await t.json("DELETE", `/api/users/${admin.id}`, { token: superToken });
    const operator = await createUser(t, { companyId: 1, profile: "user", super: 1 });
    const r = await t.json("DELETE", "/api/users/1", { token: operator.token });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("ERR_LAST_ADMIN");
    expect(await row(1)).toMatchObject({ id: 1 });
  });
});

describe("tenancy", () => {
  test("company B's admin gets 404 for company A's user on every route, and A's row is unchanged", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const before = await row(agent.id);
    const attempts: Array<[string, string, unknown]> = [
      ["GET", `/api/users/${agent.id}`, undefined],
      ["PUT", `/api/users/${agent.id}`, { name: "Hijacked", password: "owned123" }],
      ["PUT", `/api/users/toggleChangeWidht/${agent.id}`, { defaultTicketsManagerWidth: 700 }],
      ["DELETE", `/api/users/${agent.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const r = await t.json(method, path, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe("ERR_NO_USER_FOUND");
    }
    const image = await upload(agent.id, b.admin.token, new File([PNG], "x.png"));
    expect(image.status).toBe(404);
    expect(await row(agent.id)).toEqual(before);
    expect(await t.ctx.db.selectFrom("media").selectAll().execute()).toEqual([]);
  });

  test("a foreign queue id in a user body is a validation error on queueIds", async () => {
    const b = await createCompany(t, { name: "Beta" });
    const theirs = await addQueue(1, "Nossa", "#111");
    const r = await t.json("PUT", `/api/users/${b.admin.id}`, { token: b.admin.token, body: { queueIds: [theirs] } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "ERR_VALIDATION", fields: { queueIds: "Not found" } });
    expect(await linksOf(b.admin.id)).toEqual([]);
  });
});
