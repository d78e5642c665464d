import { errors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../clock";

export interface AccessClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims; exp: number; jti: string } | { ok: false; reason: "invalid" | "expired" };

/** A signed refresh token with the id and expiry its single-use record keeps. */
export interface SignedRefresh {
  token: string;
  jti: string;
  expiresAt: Date;
}

const VERIFIED_MAX = 10_000;

/**
 * Access and refresh tokens. Expiry is checked against the app's clock (tests move it), and an
 * expired-but-genuine token is told apart from a forged one: the first answers 403
 * ERR_SESSION_EXPIRED so the web app refreshes, the second 401.
 */
export class TokenService {
  private accessKey: Uint8Array;
  private refreshKey: Uint8Array;
  private verified = new Map<string, { claims: AccessClaims; exp: number; jti: string }>();

  constructor(
    secrets: { jwt: string; jwtRefresh: string },
    private clock: Clock,
    private ttl: { accessS: number; refreshS: number },
  ) {
    this.accessKey = new TextEncoder().encode(secrets.jwt);
    this.refreshKey = new TextEncoder().encode(secrets.jwtRefresh);
  }

  get refreshTtlS(): number {
    return this.ttl.refreshS;
  }

  async signAccess(c: AccessClaims): Promise<string> {
    return (await this.sign(c, "access", this.ttl.accessS, this.accessKey)).token;
  }

  signRefresh(c: AccessClaims): Promise<SignedRefresh> {
    return this.sign(c, "refresh", this.ttl.refreshS, this.refreshKey);
  }

  /** The refresh token already handed out under `jti` (same id and expiry), signed again to be sent once more. */
  async resignRefresh(c: AccessClaims, jti: string, expiresAt: Date): Promise<string> {
    return (await this.sign(c, "refresh", 0, this.refreshKey, { jti, exp: Math.floor(expiresAt.getTime() / 1000) })).token;
  }

  /**
   * Every authenticated request verifies its access token. A genuine token stays genuine until it expires, so the
   * claims of verified tokens are kept (at most VERIFIED_MAX) and only their expiry is checked again; anything else
   * goes through jose every time.
   */
  async verifyAccess(token: string | undefined | null): Promise<VerifyResult> {
    const known = token ? this.verified.get(token) : undefined;
    if (known) return known.exp <= Math.floor(this.clock.now().getTime() / 1000) ? { ok: false, reason: "expired" } : { ok: true, ...known };
    const result = await this.verify(token, "access", this.accessKey);
    if (result.ok && token) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.set(token, { claims: result.claims, exp: result.exp, jti: result.jti });
    }
    return result;
  }

  verifyRefresh(token: string | undefined | null): Promise<VerifyResult> {
    return this.verify(token, "refresh", this.refreshKey);
  }

  private async sign(c: AccessClaims, typ: string, ttlS: number, key: Uint8Array, again?: { jti: string; exp: number }): Promise<SignedRefresh> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const jti = again?.jti ?? crypto.randomUUID();
    const exp = again?.exp ?? iat + ttlS;
    const token = await new SignJWT({ cid: c.companyId, tv: c.tokenVersion, typ })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(c.userId))
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(jti)
      .sign(key);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  private async verify(token: string | undefined | null, typ: string, key: Uint8Array): Promise<VerifyResult> {
    if (!token || token.length > 4096) return { ok: false, reason: "invalid" };
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: this.clock.now() });
      const userId = Number(payload.sub);
      if (
        payload.typ !== typ ||
        !Number.isSafeInteger(userId) ||
        typeof payload.cid !== "number" ||
        typeof payload.tv !== "number" ||
        typeof payload.exp !== "number" ||
        typeof payload.jti !== "string"
      ) {
        return { ok: false, reason: "invalid" };
      }
      return { ok: true, claims: { userId, companyId: payload.cid, tokenVersion: payload.tv }, exp: payload.exp, jti: payload.jti };
    } catch (err) {
      // jose checks the signature before the claims, so JWTExpired means a genuine token past its time.
      if (err instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
      return { ok: false, reason: "invalid" };
    }
  }
}
