import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import pkg from "../../../package.json";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ TRUST_PROXY: "true", AUTH_MAX_ATTEMPTS: "5" });
});
afterEach(() => t.close());

const login = (body: unknown, ip = "10.0.0.1") => t.json("POST", "/api/auth/login", { body, headers: { "x-forwarded-for": ip } });
const cookieOf = (res: Response) => res.headers.get("set-cookie")?.match(/jrt=([^;]*)/)?.[1] ?? "";

async function addCompany(name: string, dueDate: string | null, status = 1) {
  const companyId = (await t.ctx.db.insertInto("companies").values({ name, planId: 1, dueDate, status }).returning("id").executeTakeFirstOrThrow()).id;
  const email = `admin@${name.toLowerCase()}.test`;
  await t.ctx.db
    .insertInto("users")
    .values({ companyId, name: `Admin ${name}`, email, passwordHash: await Bun.password.hash("secret1"), profile: "admin" })
    .execute();
  return { companyId, email, password: "secret1" };
}

describe("login", () => {
  test("answers token and session user, lowercases the email, sets the refresh cookie", async () => {
    const r = await login({ email: "  ADMIN@Test.Local ", password: ADMIN.password });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeString();
    expect(r.body.user).toMatchObject({ id: 1, email: ADMIN.email, companyId: 1, profile: "admin", super: true, queues: [] });
    expect(r.body.user.company).toMatchObject({ id: 1, dueDate: "2999-12-31" });
    expect(Array.isArray(r.body.user.company.companieSettings)).toBe(true);
    expect(r.body.user.passwordHash).toBeUndefined();
    const cookie = r.res.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/api/auth");
    expect(cookie).not.toContain("Secure");
  });

  test("the cookie is Secure behind https", async () => {
    const res = await t.app.handle(
      new Request("https://localhost/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) }),
    );
    expect(res.headers.get("set-cookie")).toContain("Secure");
  });

  test("a wrong password and an unknown email answer alike", async () => {
    const wrong = await login({ email: ADMIN.email, password: "nope" });
    const unknown = await login({ email: "ghost@test.local", password: "nope" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe("ERR_INVALID_CREDENTIALS");
  });

  test("bad bodies are validation errors, never 500", async () => {
    for (const body of [undefined, "garbage", [], { email: 5 }, { email: "a@b.c" }, { email: "x".repeat(5000), password: "x" }]) {
      const r = await login(body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("ERR_VALIDATION");
    }
  });

  test("throttles per account, then per client IP", async () => {
    for (let i = 0; i < 5; i++) expect((await login({ email: ADMIN.email, password: "bad" }, `10.1.0.${i}`)).status).toBe(401);
    const blocked = await login({ email: ADMIN.email, password: ADMIN.password }, "10.9.9.9");
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("ERR_RATE_LIMITED");
    t.clock.advance(16 * 60 * 1000);
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, "10.9.9.9")).status).toBe(200);

    for (let i = 0; i < 5; i++) expect((await login({ email: `u${i}@x.test`, password: "bad" }, "10.2.2.2")).status).toBe(401);
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, "10.2.2.2")).status).toBe(429);
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, "10.3.3.3")).status).toBe(200);
  }, 30_000); // a dozen argon2id verifications: allow for a loaded machine

  test("X-Forwarded-For is ignored unless TRUST_PROXY", async () => {
    const u = await createTestApp({ AUTH_MAX_ATTEMPTS: "3" });
    try {
      for (let i = 0; i < 3; i++) {
        await u.json("POST", "/api/auth/login", { body: { email: `n${i}@x.test`, password: "x" }, headers: { "x-forwarded-for": `1.1.1.${i}` } });
      }
      const r = await u.json("POST", "/api/auth/login", { body: ADMIN, headers: { "x-forwarded-for": "2.2.2.2" } });
      expect(r.status).toBe(429);
    } finally {
      await u.close();
    }
  });

  test("expired subscription answers ERR_SUBSCRIPTION_EXPIRED; company 1 never expires; inactive companies are refused", async () => {
    const expired = await addCompany("Late", "2000-01-01");
    const r = await login({ email: expired.email, password: expired.password });
    expect(r.status).toBe(402);
    expect(r.body).toMatchObject({ error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2000-01-01" });
    const inactive = await addCompany("Off", "2999-01-01", 0);
    expect((await login({ email: inactive.email, password: inactive.password })).body.error).toBe("ERR_COMPANY_INACTIVE");
    t.clock.set(new Date("2999-12-30T12:00:00Z"));
    expect((await login(ADMIN)).status).toBe(200);
  });
});

describe("session", () => {
  test("me answers the session user; junk, forged and unsigned tokens are 401", async () => {
    const { body } = await login(ADMIN);
    expect((await t.json("GET", "/api/auth/me", { token: body.token })).body.email).toBe(ADMIN.email);
    const [h, p] = body.token.split(".");
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${p}.`;
    for (const token of [undefined, "junk", `${h}.${p}.forged`, unsigned]) {
      const r = await t.json("GET", "/api/auth/me", { token });
      expect(r.status).toBe(401);
      expect(r.body.error).toBe("ERR_UNAUTHORIZED");
    }
  });

  test("an expired access token is 403 ERR_SESSION_EXPIRED and the refresh cookie continues the session", async () => {
    const first = await login(ADMIN);
    // Used while valid (its verified claims are kept), then past its time: still refused as expired.
    expect((await t.json("GET", "/api/auth/me", { token: first.body.token })).status).toBe(200);
    t.clock.advance(14 * 60 * 1000);
    expect((await t.json("GET", "/api/auth/me", { token: first.body.token })).status).toBe(200);
    t.clock.advance(2 * 60 * 1000);
    const expired = await t.json("GET", "/api/auth/me", { token: first.body.token });
    expect(expired.status).toBe(403);
    expect(expired.body.error).toBe("ERR_SESSION_EXPIRED");
    const refreshed = await t.json("POST", "/api/auth/refresh_token", { headers: { cookie: `jrt=${cookieOf(first.res)}` } });
    expect(refreshed.status).toBe(200);
    expect(cookieOf(refreshed.res)).not.toBe("");
    expect((await t.json("GET", "/api/auth/me", { token: refreshed.body.token })).status).toBe(200);
  });

  test("refresh without or with a bad cookie is 401", async () => {
    expect((await t.json("POST", "/api/auth/refresh_token")).status).toBe(401);
    expect((await t.json("POST", "/api/auth/refresh_token", { headers: { cookie: "jrt=junk" } })).status).toBe(401);
  });

  test("an expired refresh token is refused", async () => {
    const first = await login(ADMIN);
    const refresh = () => t.json("POST", "/api/auth/refresh_token", { headers: { cookie: `jrt=${cookieOf(first.res)}` } });
    // Still accepted a minute before its 7 days are up, refused a minute after.
    t.clock.advance(7 * 24 * 3600 * 1000 - 60_000);
    expect((await refresh()).status).toBe(200);
    t.clock.advance(120_000);
    expect((await refresh()).status).toBe(401);
  });

  test("a newer login ends the older session: token and refresh cookie", async () => {
    const first = await login(ADMIN);
    const second = await login(ADMIN);
    expect((await t.json("GET", "/api/auth/me", { token: first.body.token })).status).toBe(401);
    expect((await t.json("POST", "/api/auth/refresh_token", { headers: { cookie: `jrt=${cookieOf(first.res)}` } })).status).toBe(401);
    expect((await t.json("GET", "/api/auth/me", { token: second.body.token })).status).toBe(200);
  });

  test("logout ends the session and clears the cookie", async () => {
    const first = await login(ADMIN);
    const out = await t.json("DELETE", "/api/auth/logout", { token: first.body.token });
    expect(out.status).toBe(200);
    expect(out.res.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await t.json("GET", "/api/auth/me", { token: first.body.token })).status).toBe(401);
    expect((await t.json("POST", "/api/auth/refresh_token", { headers: { cookie: `jrt=${cookieOf(first.res)}` } })).status).toBe(401);
  });

  test("login and logout publish auth.sessionEnded for the hub", async () => {
    const seen: string[] = [];
    t.ctx.bus.on("auth.sessionEnded", (e) => void seen.push(`${e.userId}:${e.reason}`));
    const { body } = await login(ADMIN);
    await t.json("DELETE", "/api/auth/logout", { token: body.token });
    expect(seen).toEqual(["1:login", "1:logout"]);
  });
});

describe("signup", () => {
  const body = { name: "Maria", companyName: "Acme", email: "Maria@Acme.test", password: "secret1", phone: "5511999999999", planId: 1, companyId: 1 };
  const enable = () =>
    t.ctx.db
      .insertInto("settings")
      .values({ key: "userCreation", value: "enabled" })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: "enabled" }))
      .execute();

  test("is disabled by default", async () => {
    const r = await t.json("POST", "/api/auth/signup", { body });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("ERR_USER_CREATION_DISABLED");
    expect(await t.ctx.db.selectFrom("companies").select("id").execute()).toHaveLength(1);
  });

  test("creates a new company and its admin, ignoring companyId; the admin logs in", async () => {
    await enable();
    const r = await t.json("POST", "/api/auth/signup", { body });
    expect(r.status).toBe(201);
    expect(r.body.company.id).not.toBe(1);
    const user = await t.ctx.db.selectFrom("users").selectAll().where("email", "=", "maria@acme.test").executeTakeFirstOrThrow();
    expect(user).toMatchObject({ companyId: r.body.company.id, profile: "admin", super: 0 });
    const session = await login({ email: "maria@acme.test", password: "secret1" });
    expect(session.status).toBe(200);
    expect(session.body.user.company.id).toBe(r.body.company.id);
  });

  test("validates every field with the spec's messages", async () => {
    await enable();
    const r = await t.json("POST", "/api/auth/signup", { body: { name: "M", companyName: "x".repeat(51), email: "bad", password: "123", phone: "" } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toMatchObject({
      name: "Too Short!",
      companyName: "Too Long!",
      email: "Invalid email",
      password: "Too Short!",
      phone: "Required",
      planId: "Required",
    });
  });

  test("refuses a private plan and a duplicate email", async () => {
    await enable();
    const hidden = await t.ctx.db.insertInto("plans").values({ name: "Hidden", isPublic: 0 }).returning("id").executeTakeFirstOrThrow();
    expect((await t.json("POST", "/api/auth/signup", { body: { ...body, planId: hidden.id } })).body.fields).toEqual({ planId: "Required" });
    const dup = await t.json("POST", "/api/auth/signup", { body: { ...body, email: ADMIN.email } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });
});

describe("password reset", () => {
  const codeFromMail = () => t.mails.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;

  test("sends a 6-digit code; the code resets once; old sessions end", async () => {
    const session = await login(ADMIN);
    expect((await t.json("POST", `/api/forgetpassword/${encodeURIComponent(ADMIN.email)}`)).status).toBe(200);
    expect(t.mails.at(-1)!.to).toBe(ADMIN.email);
    const token = codeFromMail();
    const reset = await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token, password: "NewPass123" } });
    expect(reset.status).toBe(200);
    expect((await t.json("GET", "/api/auth/me", { token: session.body.token })).status).toBe(401);
    expect((await login({ email: ADMIN.email, password: "NewPass123" })).status).toBe(200);
    const again = await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token, password: "Other123x" } });
    expect(again.body.error).toBe("ERR_INVALID_RESET_CODE");
  });

  test("unknown email is 404", async () => {
    const r = await t.json("POST", "/api/forgetpassword/ghost%40test.local");
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("ERR_EMAIL_NOT_FOUND");
    expect(t.mails).toHaveLength(0);
  });

  test("without SMTP the code is written to the server log", async () => {
    const u = await createTestApp();
    try {
      const plainMailer = (await import("../../mail")).createMailer(u.ctx.config, u.ctx.log);
      await plainMailer.send({ to: "a@b.c", subject: "s", text: "Your password reset code is 123456." });
      expect(u.logs.some((l) => l.includes("Your password reset code is 123456"))).toBe(true);
    } finally {
      await u.close();
    }
  });

  test("codes expire after 30 minutes, wrong codes burn the code, the password rule holds", async () => {
    await t.json("POST", `/api/forgetpassword/${encodeURIComponent(ADMIN.email)}`);
    const weak = await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token: codeFromMail(), password: "alllowercase1" } });
    expect(weak.status).toBe(400);
    expect(weak.body.fields.password).toContain("8 caracteres");

    t.clock.advance(31 * 60 * 1000);
    const late = await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token: codeFromMail(), password: "NewPass123" } });
    expect(late.body.error).toBe("ERR_INVALID_RESET_CODE");

    t.clock.advance(16 * 60 * 1000); // a fresh throttle window for the next attempts
    await t.json("POST", `/api/forgetpassword/${encodeURIComponent(ADMIN.email)}`);
    const good = codeFromMail();
    const wrong = good === "000000" ? "000001" : "000000";
    for (let i = 0; i < 5; i++) await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token: wrong, password: "NewPass123" } });
    expect((await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token: good, password: "NewPass123" } })).body.error).toBe(
      "ERR_RATE_LIMITED",
    );
    t.clock.advance(16 * 60 * 1000); // past the throttle window, within the code's 30 minutes
    const burnt = await t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token: good, password: "NewPass123" } });
    expect(burnt.body.error).toBe("ERR_INVALID_RESET_CODE");
  });
});

describe("public routes", () => {
  test("version lists features; public settings answer only public keys", async () => {
    const v = await t.json("GET", "/api/version");
    expect(v.body.version).toBe(pkg.version);
    expect(v.body.features).toContain("auth");
    expect((await t.json("GET", "/api/public-settings/allowSignup")).body).toEqual({ key: "allowSignup", value: "disabled" });
    expect((await t.json("GET", "/api/public-settings/appName")).body).toEqual({ key: "appName", value: "Multi100" });
    expect((await t.json("GET", "/api/public-settings/primaryColorLight")).body.value).toBe("#0000FF");
    const secret = await t.json("GET", "/api/public-settings/downloadLimit");
    expect(secret.status).toBe(404);
    expect(secret.body.error).toBe("ERR_NO_SETTING_FOUND");
  });

  test("plans list shows public plans; listPlan reads the own company's plan only", async () => {
    await t.ctx.db.insertInto("plans").values({ name: "Hidden", isPublic: 0 }).execute();
    const plans = await t.json("GET", "/api/plans/list");
    expect(plans.body.map((p: { name: string }) => p.name)).toEqual(["Plano 1"]);
    expect(plans.body[0]).toMatchObject({ useWhatsapp: true, users: 0, isPublic: true });

    const other = await addCompany("Other", "2999-01-01");
    const otherSession = await login({ email: other.email, password: other.password });
    expect((await t.json("GET", `/api/companies/listPlan/${other.companyId}`, { token: otherSession.body.token })).body.plan.name).toBe("Plano 1");
    expect((await t.json("GET", "/api/companies/listPlan/1", { token: otherSession.body.token })).status).toBe(404);
    const admin = await login(ADMIN);
    expect((await t.json("GET", `/api/companies/listPlan/${other.companyId}`, { token: admin.body.token })).status).toBe(200);
  });

  test("unknown API routes answer 404 JSON", async () => {
    const r = await t.json("GET", "/api/does-not-exist");
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("ERR_NOT_FOUND");
    expect((await t.json("POST", "/api/also/not")).status).toBe(404);
  });
});
