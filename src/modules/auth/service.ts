import type { AppContext } from "../../context";
import { AppError, validationError } from "../../http/errors";
import type { Actor } from "../../http/permissions";
import { getPlatformSetting } from "../settings/queries";
import {
  bumpTokenVersion,
  consumeReset,
  findCompany,
  findPublicPlan,
  findUserByEmail,
  findRefreshToken,
  findUserById,
  insertCompany,
  insertSignupUser,
  latestOpenReset,
  recordRefreshToken,
  rotateRefreshToken,
  replaceResetCode,
  setCompanyLastLogin,
  setPassword,
  takeResetAttempt,
} from "./queries";
import type { loginBody, resetBody, signupBody } from "./schema";
import { type SessionUser, sessionUser } from "./session-user";
import { Throttle } from "./throttle";
import type { z } from "zod";

const RESET_CODE_TTL_MS = 30 * 60 * 1000;
const RESET_MAX_ATTEMPTS = 5;
const TRIAL_DAYS = 7;

const invalidCredentials = () => new AppError("ERR_INVALID_CREDENTIALS", 401, "Invalid email or password");

export interface Issued {
  token: string;
  /** Absent when a refresh inside the grace period only renews the access token: the cookie stays as it is. */
  refreshToken?: string;
  user: SessionUser;
}

/**
 * A browser may present one refresh cookie twice at once (two requests racing); within this many milliseconds of
 * the rotation that is not taken for a stolen copy.
 */
const REFRESH_REUSE_GRACE_MS = 10_000;
const sessionEnded = () => new AppError("ERR_UNAUTHORIZED", 401, "Session ended");

export function createAuthService(ctx: AppContext) {
  const throttle = new Throttle(ctx.db, { max: ctx.config.AUTH_MAX_ATTEMPTS, windowS: ctx.config.AUTH_WINDOW_S });
  const nowIso = () => ctx.clock.now().toISOString();
  const keys = (kind: string, email: string, ip: string) => [`${kind}:acct:${email}`, `${kind}:ip:${ip}`];

  /**
   * Signs the tokens of a login. refresh "new": a new refresh token, recorded so that it can be used once (with
   * `replacing`, in the same transaction as the use of the one presented; undefined when another request used that
   * one first). refresh "none": the access token only. A stored token: that token sent again.
   */
  async function issue(
    userId: number,
    tokenVersion: number,
    refresh: "new" | "none" | { jti: string; expiresAt: string } = "new",
    replacing?: string,
  ): Promise<Issued | undefined> {
    const user = await findUserById(ctx.db, userId);
    if (!user) throw invalidCredentials();
    const company = await findCompany(ctx.db, user.companyId);
    if (!company) throw invalidCredentials();
    const claims = { userId: user.id, companyId: user.companyId, tokenVersion };
    let refreshToken: string | undefined;
    if (refresh === "new") {
      const signed = await ctx.tokens.signRefresh(claims);
      const row = { jti: signed.jti, userId: user.id, tokenVersion, expiresAt: signed.expiresAt.toISOString() };
      if (!replacing) await recordRefreshToken(ctx.db, row, nowIso());
      else if (!(await rotateRefreshToken(ctx.db, replacing, row, nowIso()))) return undefined;
      refreshToken = signed.token;
    } else if (refresh !== "none") refreshToken = await ctx.tokens.resignRefresh(claims, refresh.jti, new Date(refresh.expiresAt));
    const token = await ctx.tokens.signAccess(claims);
    return { token, refreshToken, user: await sessionUser(ctx, user, company) };
  }
  const issued = (answer: Issued | undefined) => {
    if (!answer) throw invalidCredentials();
    return answer;
  };

  return {
    async login(input: z.infer<typeof loginBody>, ip: string): Promise<Issued> {
      const now = ctx.clock.now();
      const reservation = await throttle.reserve(keys("login", input.email, ip), now);
      const user = await findUserByEmail(ctx.db, input.email);
      // Verify against a dummy hash for unknown emails so both answers take the same time.
      const ok = await Bun.password.verify(input.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) throw invalidCredentials();
      const company = await findCompany(ctx.db, user.companyId);
      if (!company) throw invalidCredentials();
      assertSubscription(company, user.super === 1, now);
      await throttle.release(reservation);
      const tokenVersion = await bumpTokenVersion(ctx.db, user.id, now.toISOString());
      await setCompanyLastLogin(ctx.db, company.id, now.toISOString());
      ctx.bus.emit("auth.sessionEnded", { companyId: user.companyId, userId: user.id, reason: "login" });
      return issued(await issue(user.id, tokenVersion));
    },

    /**
     * Refresh tokens rotate and are single-use. The first request to present one gets a new pair; a second one
     * within the grace gets only an access token (the first answer's cookie stands); later, a used token means a
     * copy is in other hands, so the whole login ends: every token of it, refresh and access, stops working.
     */
    async refresh(refreshToken: string | undefined): Promise<Issued> {
      const result = await ctx.tokens.verifyRefresh(refreshToken);
      if (!result.ok) throw sessionEnded();
      const user = await findUserById(ctx.db, result.claims.userId);
      if (!user || user.tokenVersion !== result.claims.tokenVersion) throw sessionEnded();
      const company = await findCompany(ctx.db, user.companyId);
      if (!company) throw sessionEnded();
      assertSubscription(company, user.super === 1, ctx.clock.now());
      const now = ctx.clock.now();
      const record = await findRefreshToken(ctx.db, result.jti);
      if (!record || record.userId !== user.id || record.tokenVersion !== user.tokenVersion) throw sessionEnded();
      const rotated = await issue(user.id, user.tokenVersion, "new", record.jti);
      if (rotated) return rotated;
      const used = await findRefreshToken(ctx.db, record.jti);
      if (used?.usedAt && now.getTime() - Date.parse(used.usedAt) <= REFRESH_REUSE_GRACE_MS) {
        // The token the first presentation was given, sent again while nobody has used it: the first answer may
        // never have reached the browser (a tab reloaded mid-refresh), and it must not be left holding a used cookie.
        const successor = used.replacedBy ? await findRefreshToken(ctx.db, used.replacedBy) : undefined;
        const again = successor && !successor.usedAt ? { jti: successor.jti, expiresAt: successor.expiresAt } : "none";
        return issued(await issue(user.id, user.tokenVersion, again));
      }
      await bumpTokenVersion(ctx.db, user.id, now.toISOString());
      ctx.log.warn("refresh token reused after rotation: the login is ended", { userId: user.id });
      ctx.bus.emit("auth.sessionEnded", { companyId: user.companyId, userId: user.id, reason: "logout" });
      throw sessionEnded();
    },

    async logout(actor: Actor): Promise<void> {
      await bumpTokenVersion(ctx.db, actor.userId, nowIso());
      ctx.bus.emit("auth.sessionEnded", { companyId: actor.companyId, userId: actor.userId, reason: "logout" });
    },

    async me(actor: Actor) {
      const user = await findUserById(ctx.db, actor.userId);
      const company = await findCompany(ctx.db, actor.companyId);
      if (!user || !company) throw new AppError("ERR_UNAUTHORIZED", 401, "Session ended");
      return sessionUser(ctx, user, company);
    },

    async signup(input: z.infer<typeof signupBody>, ip: string) {
      // Every sign-up counts, successful or not: each one creates a company.
      await throttle.reserve(keys("signup", input.email, ip), ctx.clock.now());
      if ((await getPlatformSetting(ctx.db, "userCreation")) !== "enabled") {
        throw new AppError("ERR_USER_CREATION_DISABLED", 403, "Sign-up is disabled");
      }
      const plan = await findPublicPlan(ctx.db, input.planId);
      if (!plan) throw validationError({ planId: "Required" });
      if (await findUserByEmail(ctx.db, input.email)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS", 409, "This email is already in use");
      const passwordHash = await Bun.password.hash(input.password);
      const now = ctx.clock.now();
      const dueDate = new Date(now.getTime() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
      return ctx.db.transaction().execute(async (trx) => {
        const company = await insertCompany(trx, { name: input.companyName, email: input.email, phone: input.phone, planId: plan.id, dueDate, status: 1 });
        const user = await insertSignupUser(trx, { companyId: company.id, name: input.name, email: input.email, passwordHash, profile: "admin" });
        return { company, user };
      });
    },

    async forgotPassword(email: string, ip: string): Promise<void> {
      const now = ctx.clock.now();
      await throttle.reserve(keys("forgot", email, ip), now); // every request counts: this endpoint sends mail
      const user = await findUserByEmail(ctx.db, email);
      if (!user) throw new AppError("ERR_EMAIL_NOT_FOUND", 404, "Email not found");
      const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, "0");
      const expiresAt = new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString();
      await ctx.db.transaction().execute((trx) => replaceResetCode(trx, user.id, hashCode(ctx.secrets.jwt, user.id, code), expiresAt, now.toISOString()));
      await ctx.mailer.send({
        to: user.email,
        subject: "Password reset code",
        text: `Your password reset code is ${code}. It is valid for 30 minutes.`,
      });
      ctx.log.info("password reset requested", { userId: user.id });
    },

    async resetPassword(input: z.infer<typeof resetBody>, ip: string): Promise<void> {
      const now = ctx.clock.now();
      const reservation = await throttle.reserve(keys("reset", input.email, ip), now);
      const invalid = () => new AppError("ERR_INVALID_RESET_CODE", 400, "Invalid or expired code");
      const user = await findUserByEmail(ctx.db, input.email);
      const reset = user && (await latestOpenReset(ctx.db, user.id));
      if (!user || !reset || reset.expiresAt < now.toISOString()) throw invalid();
      // The code's own budget is taken before the comparison too, so parallel guesses cannot share one attempt.
      if (!(await takeResetAttempt(ctx.db, reset.id, RESET_MAX_ATTEMPTS))) throw invalid();
      if (reset.codeHash !== hashCode(ctx.secrets.jwt, user.id, input.token)) throw invalid();
      const passwordHash = await Bun.password.hash(input.password);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await consumeReset(trx, reset.id, now.toISOString()))) throw invalid();
        await setPassword(trx, user.id, passwordHash, now.toISOString());
      });
      await throttle.release(reservation);
      ctx.bus.emit("auth.sessionEnded", { companyId: user.companyId, userId: user.id, reason: "reset" });
    },
  };
}

/**
 * Company 1 and super users never expire; others stop at their due date (end of that day, UTC). Logins and the
 * external API's connection tokens pass the same gate.
 */
export function assertSubscription(company: { id: number; dueDate: string | null; status: number }, isSuper: boolean, now: Date): void {
  if (isSuper || company.id === 1) return;
  if (company.status !== 1) throw new AppError("ERR_COMPANY_INACTIVE", 403, "This company is deactivated");
  if (company.dueDate && company.dueDate < now.toISOString().slice(0, 10)) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, "Subscription expired", { dueDate: company.dueDate });
  }
}

// A fixed argon2id hash (of no real password) so unknown emails cost the same as known ones; computing one at
// start-up would add ~100 ms to every start.
const DUMMY_HASH = "$argon2id$v=19$m=65536,t=2,p=1$7bJjLjeuJ6vnrMhf2AVgtSxJpP1GygnR2dTsy79nC3E$BarZteRy8ZYM2yru+FtW28xNSuuS8k0MAxaq5KTkJoc";

function hashCode(secret: string, userId: number, code: string): string {
  return new Bun.CryptoHasher("sha256", secret).update(`${userId}:${code}`).digest("hex");
}
