import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { User } from "../../db/schema";
import { createCompany, createUser, login, type TestUser } from "../../../tests/helpers/factories";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

/**
 * The write whitelist of ARCHITECTURE.md (Tenancy), field by field: for each role, a request that sets
 * one field either stores it or leaves the row as it was, and in both cases succeeds.
 */
let t: TestApp;
let superToken: string;
let admin: TestUser;
let companyB: number;
let queueId: number;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await login(t, ADMIN.email, ADMIN.password);
  admin = await createUser(t, { companyId: 1, profile: "admin" });
  companyB = (await createCompany(t, { name: "Beta" })).companyId;
  queueId = (await t.ctx.db.insertInto("queues").values({ companyId: 1, name: "Vendas", color: "#111" }).returning("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

let sequence = 0;
const row = (id: number) => t.ctx.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const linked = async (u: User) => (await t.ctx.db.selectFrom("user_queues").select("queueId").where("userId", "=", u.id).execute()).length > 0;

interface Case {
  field: string;
  value: () => unknown;
  /** Whether the row shows the value: true when it was stored. */
  stored: (u: User, value: any) => boolean | Promise<boolean>;
  //             super  admin  self
  update: [boolean, boolean, boolean];
  //             super  admin
  create: [boolean, boolean];
}

const ALL: Case["update"] = [true, true, true];
const ADMINS: Case["update"] = [true, true, false];
const NOBODY: Case["update"] = [false, false, false];

const CASES: Case[] = [
  { field: "name", value: () => "Renamed User", stored: (u, v) => u.name === v, update: ALL, create: [true, true] },
  { field: "email", value: () => `changed-${++sequence}@test.local`, stored: (u, v) => u.email === v, update: ALL, create: [true, true] },
  { field: "password", value: () => "changed1", stored: (u, v) => Bun.password.verify(v, u.passwordHash), update: ALL, create: [true, true] },
  { field: "defaultTheme", value: () => "dark", stored: (u, v) => u.defaultTheme === v, update: ALL, create: [true, true] },
  { field: "defaultMenu", value: () => "closed", stored: (u, v) => u.defaultMenu === v, update: ALL, create: [true, true] },
  { field: "defaultTicketsManagerWidth", value: () => 620, stored: (u, v) => u.defaultTicketsManagerWidth === v, update: ALL, create: [true, true] },
  { field: "profile", value: () => "admin", stored: (u, v) => u.profile === v, update: ADMINS, create: [true, true] },
  { field: "startWork", value: () => "08:00", stored: (u, v) => u.startWork === v, update: ADMINS, create: [true, true] },
  { field: "endWork", value: () => "17:00", stored: (u, v) => u.endWork === v, update: ADMINS, create: [true, true] },
  { field: "farewellMessage", value: () => "Tchau!", stored: (u, v) => u.farewellMessage === v, update: ADMINS, create: [true, true] },
  { field: "allTicket", value: () => "enable", stored: (u, v) => u.allTicket === v, update: ADMINS, create: [true, true] },
  { field: "allowGroup", value: () => true, stored: (u) => u.allowGroup === 1, update: ADMINS, create: [true, true] },
  { field: "allHistoric", value: () => "enabled", stored: (u, v) => u.allHistoric === v, update: ADMINS, create: [true, true] },
  { field: "allUserChat", value: () => "enabled", stored: (u, v) => u.allUserChat === v, update: ADMINS, create: [true, true] },
  { field: "userClosePendingTicket", value: () => "disabled", stored: (u, v) => u.userClosePendingTicket === v, update: ADMINS, create: [true, true] },
  { field: "showDashboard", value: () => "enabled", stored: (u, v) => u.showDashboard === v, update: ADMINS, create: [true, true] },
  { field: "allowRealTime", value: () => "enabled", stored: (u, v) => u.allowRealTime === v, update: ADMINS, create: [true, true] },
  { field: "allowConnections", value: () => "enabled", stored: (u, v) => u.allowConnections === v, update: ADMINS, create: [true, true] },
  { field: "queueIds", value: () => [queueId], stored: linked, update: ADMINS, create: [true, true] },
  { field: "super", value: () => true, stored: (u) => u.super === 1, update: [true, false, false], create: [true, false] },
  // A user never moves between companies; the super user picks the company only when creating.
  { field: "companyId", value: () => companyB, stored: (u, v) => u.companyId === v, update: NOBODY, create: [true, false] },
  // Not request fields at all: dropped for everyone.
  { field: "tokenVersion", value: () => 99, stored: (u, v) => u.tokenVersion === v, update: NOBODY, create: [false, false] },
  { field: "passwordHash", value: () => "plain", stored: (u, v) => u.passwordHash === v, update: NOBODY, create: [false, false] },
  { field: "online", value: () => true, stored: (u) => u.online === 1, update: NOBODY, create: [false, false] },
  { field: "profileImage", value: () => "0123456789abcdef0123456789abcdef", stored: (u, v) => u.profileImage === v, update: NOBODY, create: [false, false] },
  { field: "id", value: () => 424242, stored: (u, v) => u.id === v, update: NOBODY, create: [false, false] },
];

const ROLES = ["super", "admin", "self"] as const;

describe("PUT /api/users/:id stores or ignores each field by role", () => {
  for (const [i, role] of ROLES.entries()) {
    for (const c of CASES) {
      const expected = c.update[i]!;
      test(`${role}: ${c.field} is ${expected ? "stored" : "ignored"}`, async () => {
        const target = await createUser(t, { companyId: 1, profile: "user" });
        const token = role === "super" ? superToken : role === "admin" ? admin.token : target.token;
        const value = c.value();
        const r = await t.json("PUT", `/api/users/${target.id}`, { token, body: { [c.field]: value } });
        expect(r.status).toBe(200);
        const after = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", target.id).executeTakeFirst();
        expect(after).toBeDefined();
        expect(await c.stored(after!, value)).toBe(expected);
      });
    }
  }
});

describe("POST /api/users stores or ignores each field by role", () => {
  for (const [i, role] of (["super", "admin"] as const).entries()) {
    for (const c of CASES) {
      const expected = c.create[i]!;
      test(`${role}: ${c.field} is ${expected ? "stored" : "ignored"}`, async () => {
        const token = role === "super" ? superToken : admin.token;
        const value = c.value();
        const body = { name: "New User", email: `new-${++sequence}@test.local`, password: "secret1", [c.field]: value };
        const r = await t.json("POST", "/api/users", { token, body });
        expect(r.status).toBe(201);
        expect(await c.stored(await row(r.body.id), value)).toBe(expected);
      });
    }
  }
});
