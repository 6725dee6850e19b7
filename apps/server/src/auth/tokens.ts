import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { CODE_MAX, CODE_MIN } from '@relevo/domain';
import type { SessionKind } from '../db/schema';

/**
 * Session tokens: compact HS256 JWTs (jose) carrying only the session id, the user id, the kind and
 * the expiry. The session row decides whether a token still counts (revocation on the server).
 */
export interface TokenClaims {
  sid: string;
  sub: number;
  kind: SessionKind;
  /** expiry, seconds since the epoch */
  exp: number;
}

/** how many verified tokens a process remembers (a token's claims never change) */
const VERIFIED_CACHE = 10_000;
const MAX_TOKEN_LENGTH = 2048;
const ALGORITHM = 'HS256';

const acceptable = (claims: TokenClaims, kinds: readonly SessionKind[], now: Date) =>
  kinds.includes(claims.kind) && claims.exp * 1000 > now.getTime();

export class TokenSigner {
  #key: Uint8Array;
  #digestKey: Buffer;
  /** tokens whose signature and shape were checked, with their claims (expiry is checked on each use) */
  #verified = new Map<string, TokenClaims>();

  constructor(secret: string) {
    this.#digestKey = Buffer.from(secret, 'utf8');
    this.#key = new Uint8Array(this.#digestKey);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid, kind: claims.kind })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setExpirationTime(claims.exp)
      .sign(this.#key);
  }

  /**
   * What `verify` would answer for a token this process has already checked, without waiting:
   * its claims, or null when it is of another kind or expired; undefined when it was never seen
   * (or is malformed), so `verify` must check it.
   */
  known(token: string | undefined | null, kinds: readonly SessionKind[], now: Date): TokenClaims | null | undefined {
    if (!token) return null;
    const claims = this.#verified.get(token);
    if (claims === undefined) return token.length > MAX_TOKEN_LENGTH ? null : undefined;
    return acceptable(claims, kinds, now) ? claims : null;
  }

  /** The claims of a well-signed, unexpired token of one of `kinds`; null for anything else. */
  async verify(
    token: string | undefined | null,
    kinds: readonly SessionKind[],
    now: Date,
  ): Promise<TokenClaims | null> {
    const known = this.known(token, kinds, now);
    if (known !== undefined) return known;
    const claims = await this.#check(token!, now);
    if (!claims) return null;
    if (this.#verified.size >= VERIFIED_CACHE) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token!, claims);
    return acceptable(claims, kinds, now) ? claims : null;
  }

  /** Signature, algorithm, expiry and shape. */
  async #check(token: string, now: Date): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: [ALGORITHM],
        currentDate: now,
        requiredClaims: ['sub', 'exp'],
      });
      const sub = Number(payload.sub);
      const { sid, kind, exp } = payload as { sid?: unknown; kind?: unknown; exp?: unknown };
      if (typeof sid !== 'string' || !Number.isSafeInteger(sub) || sub <= 0 || typeof exp !== 'number') return null;
      if (kind !== 'preauth' && kind !== 'session') return null;
      return Object.freeze({ sid, sub, kind, exp });
    } catch {
      return null;
    }
  }

  /** A keyed hash for codes and link tokens: the database never holds them in the clear. */
  digest(value: string): string {
    return createHmac('sha256', this.#digestKey).update(value).digest('base64url');
  }
}

/** 128 bits or more of randomness, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** docs/product.md#sign-in-sessions-and-secrets: 100000..999999, no leading zero (the dashboard sends it as an integer). */
export const randomCode = () => randomInt(CODE_MIN, CODE_MAX + 1);
