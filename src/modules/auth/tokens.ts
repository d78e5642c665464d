import { errors, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../clock";

export interface AccessClaims {
  userId: number;
  companyId: number;
  tokenVersion: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: "invalid" | "expired" };

/**
 * Access and refresh tokens. Expiry is checked against the app's clock (tests move it), and an
 * expired-but-genuine token is told apart from a forged one: the first answers 403
 * ERR_SESSION_EXPIRED so the web app refreshes, the second 401.
 */
export class TokenService {
  private accessKey: Uint8Array;
  private refreshKey: Uint8Array;

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

  signAccess(c: AccessClaims): Promise<string> {
    return this.sign(c, "access", this.ttl.accessS, this.accessKey);
  }

  signRefresh(c: AccessClaims): Promise<string> {
    return this.sign(c, "refresh", this.ttl.refreshS, this.refreshKey);
  }

  verifyAccess(token: string | undefined | null): Promise<VerifyResult> {
    return this.verify(token, "access", this.accessKey);
  }

  verifyRefresh(token: string | undefined | null): Promise<VerifyResult> {
    return this.verify(token, "refresh", this.refreshKey);
  }

  private async sign(c: AccessClaims, typ: string, ttlS: number, key: Uint8Array): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ cid: c.companyId, tv: c.tokenVersion, typ })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(c.userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlS)
      .setJti(crypto.randomUUID())
      .sign(key);
  }

  private async verify(token: string | undefined | null, typ: string, key: Uint8Array): Promise<VerifyResult> {
    if (!token || token.length > 4096) return { ok: false, reason: "invalid" };
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: this.clock.now() });
      const userId = Number(payload.sub);
      if (payload.typ !== typ || !Number.isSafeInteger(userId) || typeof payload.cid !== "number" || typeof payload.tv !== "number") {
        return { ok: false, reason: "invalid" };
      }
      return { ok: true, claims: { userId, companyId: payload.cid, tokenVersion: payload.tv } };
    } catch (err) {
      // jose checks the signature before the claims, so JWTExpired means a genuine token past its time.
      if (err instanceof errors.JWTExpired) return { ok: false, reason: "expired" };
      return { ok: false, reason: "invalid" };
    }
  }
}
