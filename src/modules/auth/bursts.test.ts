import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ADMIN, createTestApp, type TestApp } from "../../../tests/helpers/test-app";

// Budgets and single-use tokens must hold for a burst of parallel requests exactly as for a sequence.

const MAX = 10;
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ TRUST_PROXY: "true", AUTH_MAX_ATTEMPTS: String(MAX) });
});
afterEach(() => t.close());

const fromIp = { "x-forwarded-for": "10.7.7.7" };
const cookieOf = (res: Response) => res.headers.get("set-cookie")?.match(/jrt=([^;]*)/)?.[1];
/** The refresh token's id (its single-use record), read from the JWT's payload. */
const jtiOf = (cookie: string | undefined) => (cookie ? (JSON.parse(Buffer.from(cookie.split(".")[1]!, "base64url").toString()).jti as string) : undefined);
const statuses = (rs: { status: number }[]) => rs.map((r) => r.status);
const count = (xs: number[], x: number) => xs.filter((v) => v === x).length;

describe("throttles under a parallel burst", () => {
  test("100 simultaneous logins for one account and address check at most the budget; the right password sent 61st is refused", async () => {
    const burst = Array.from({ length: 100 }, (_, i) =>
      t.json("POST", "/api/auth/login", { body: { email: ADMIN.email, password: i === 60 ? ADMIN.password : `wrong-${i}` }, headers: fromIp }),
    );
    const answers = await Promise.all(burst);
    const codes = statuses(answers);
    expect(count(codes, 401)).toBe(MAX);
    expect(count(codes, 429)).toBe(100 - MAX);
    expect(codes[60]).toBe(429);
    expect(answers.every((a) => a.status === 401 || a.body.error === "ERR_RATE_LIMITED")).toBe(true);
  }, 60_000);

  test("a success gives back only its own attempt: failures before it still count", async () => {
    const login = (password: string) => t.json("POST", "/api/auth/login", { body: { email: ADMIN.email, password }, headers: fromIp });
    for (let i = 0; i < MAX - 1; i++) expect((await login("wrong")).status).toBe(401);
    expect((await login(ADMIN.password)).status).toBe(200);
    expect((await login("wrong")).status).toBe(401);
    expect((await login(ADMIN.password)).status).toBe(429);
  }, 60_000);

  test("100 simultaneous reset-code requests send at most the budget of mails", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.json("POST", `/api/forgetpassword/${encodeURIComponent(ADMIN.email)}`, { headers: fromIp })),
    );
    expect(count(statuses(answers), 200)).toBe(MAX);
    expect(count(statuses(answers), 429)).toBe(100 - MAX);
    expect(t.mails).toHaveLength(MAX);
  });

  test("100 simultaneous code guesses check at most the code's own budget, the rest are refused", async () => {
    await t.json("POST", `/api/forgetpassword/${encodeURIComponent(ADMIN.email)}`);
    const code = t.mails.at(-1)!.text.match(/\b(\d{6})\b/)![1]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.json("POST", "/api/resetpasswords", { body: { email: ADMIN.email, token: i === 99 ? code : wrong, password: "NewPass123" }, headers: fromIp }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 429)).toBe(100 - MAX);
    expect(count(codes, 400)).toBe(MAX);
    const row = await t.ctx.db.selectFrom("password_resets").select("attempts").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(codes[99]).toBe(429);
  });

  test("100 simultaneous sign-ups from one address create at most the budget of companies", async () => {
    await t.ctx.db.insertInto("settings").values({ key: "userCreation", value: "enabled" }).execute();
    const body = (i: number) => ({ name: "Maria", companyName: `Acme ${i}`, email: `m${i}@acme.test`, password: "secret1", phone: "5511999999999", planId: 1 });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => t.json("POST", "/api/auth/signup", { body: body(i), headers: fromIp })));
    expect(count(statuses(answers), 201)).toBe(MAX);
    expect(count(statuses(answers), 429)).toBe(100 - MAX);
    expect(await t.ctx.db.selectFrom("companies").select("id").execute()).toHaveLength(1 + MAX);
  }, 60_000);
});

describe("refresh tokens are single-use", () => {
  const refresh = (cookie: string | undefined) => t.json("POST", "/api/auth/refresh_token", { headers: { cookie: `jrt=${cookie}` } });

  test("a rotated cookie presented again after the grace is refused and ends the whole login", async () => {
    const first = await t.json("POST", "/api/auth/login", { body: ADMIN });
    const c1 = cookieOf(first.res);
    const rotated = await refresh(c1);
    expect(rotated.status).toBe(200);
    const c2 = cookieOf(rotated.res);
    expect(c2).toBeString();
    expect(c2).not.toBe(c1);
    t.clock.advance(11_000);
    const reused = await refresh(c1);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe("ERR_UNAUTHORIZED");
    // Every token of that login is gone: the rotated cookie and the access tokens.
    expect((await refresh(c2)).status).toBe(401);
    expect((await t.json("GET", "/api/auth/me", { token: rotated.body.token })).status).toBe(401);
    expect((await t.json("GET", "/api/auth/me", { token: first.body.token })).status).toBe(401);
    // A fresh login works again.
    expect((await t.json("POST", "/api/auth/login", { body: ADMIN })).status).toBe(200);
  });

  test("20 parallel refreshes with one cookie give exactly one new refresh token, handed to each of them", async () => {
    const first = await t.json("POST", "/api/auth/login", { body: ADMIN });
    const c1 = cookieOf(first.res);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(c1)));
    expect(statuses(answers)).toEqual(Array(20).fill(200));
    const cookies = answers.map((a) => cookieOf(a.res));
    expect(new Set(cookies.map(jtiOf))).toEqual(new Set([jtiOf(cookies[0])]));
    expect(jtiOf(cookies[0])).not.toBe(jtiOf(c1));
    expect(await t.ctx.db.selectFrom("refresh_tokens").select("jti").execute()).toHaveLength(2);
    for (const a of answers) expect((await t.json("GET", "/api/auth/me", { token: a.body.token })).status).toBe(200);
    // The one successor continues the login; the original stays used.
    t.clock.advance(11_000);
    const next = await refresh(cookies[7]);
    expect(next.status).toBe(200);
    expect(jtiOf(cookieOf(next.res))).not.toBe(jtiOf(cookies[7]));
  });

  test("an answer lost on the way: the cookie presented again within the grace gets the same successor, which goes on", async () => {
    const first = await t.json("POST", "/api/auth/login", { body: ADMIN });
    const c1 = cookieOf(first.res);
    const lost = await refresh(c1); // the tab reloaded: this answer never reached the browser
    expect(lost.status).toBe(200);
    t.clock.advance(5_000);
    const again = await refresh(c1);
    expect(again.status).toBe(200);
    expect(jtiOf(cookieOf(again.res))).toBe(jtiOf(cookieOf(lost.res)));
    t.clock.advance(11_000);
    const later = await refresh(cookieOf(again.res));
    expect(later.status).toBe(200);
    expect((await t.json("GET", "/api/auth/me", { token: later.body.token })).status).toBe(200);
  });

  test("once its successor has been used, a cookie presented again within the grace renews the access token only", async () => {
    const first = await t.json("POST", "/api/auth/login", { body: ADMIN });
    const c1 = cookieOf(first.res);
    const c2 = cookieOf((await refresh(c1)).res);
    expect((await refresh(c2)).status).toBe(200);
    const late = await refresh(c1);
    expect(late.status).toBe(200);
    expect(cookieOf(late.res)).toBeUndefined();
  });

  test("a refresh token is recorded once per issue and old ones of the user are pruned", async () => {
    await t.json("POST", "/api/auth/login", { body: ADMIN });
    const second = await t.json("POST", "/api/auth/login", { body: ADMIN });
    const rows = await t.ctx.db.selectFrom("refresh_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(1);
    expect(cookieOf(second.res)).toBeString();
  });
});
