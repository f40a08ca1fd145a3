/**
 * Access tokens are short-lived HS256 JWTs carrying the user id and the session (refresh family) id.
 * Refresh tokens are opaque random strings; only their SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isDbId } from '@etp/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface VerifiedAccess extends AccessClaims {
  expiresAt: Date;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const iat = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((iat + this.accessTtlSeconds) * 1000);
    const token = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt(iat)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Returns the claims, 'expired' for a well-signed token past its expiry, or null for anything else. */
  async verifyAccess(token: string, now: Date): Promise<VerifiedAccess | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: now,
        // A token without an expiry would be good for ever: refused, like one without a user or a session.
        requiredClaims: ['exp', 'sub', 'sid'],
      });
      const userId = Number(payload.sub);
      if (!isDbId(userId) || typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
      return { userId, sessionId: payload.sid, expiresAt: new Date((payload.exp ?? 0) * 1000) };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return 'expired';
      return null;
    }
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
