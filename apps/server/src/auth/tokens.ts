import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_MAX, CODE_MIN } from '@relevo/domain';
import type { SessionKind } from '../db/schema';

/**
 * Session tokens: compact HS256 JWTs carrying only the session id, the user id, the kind and the
 * expiry. The session row decides whether a token still counts (revocation on the server).
 */
export interface TokenClaims {
  sid: string;
  sub: number;
  kind: SessionKind;
  /** expiry, seconds since the epoch */
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** how many verified tokens a process remembers (a token's claims never change) */
const VERIFIED_CACHE = 10_000;

export class TokenSigner {
  #key: Buffer;
  #verified = new Map<string, TokenClaims>();
  constructor(secret: string) {
    this.#key = Buffer.from(secret, 'utf8');
  }

  sign(claims: TokenClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = createHmac('sha256', this.#key).update(`${HEADER}.${payload}`).digest('base64url');
    return `${HEADER}.${payload}.${signature}`;
  }

  /** The claims of a well-signed, unexpired token of one of `kinds`; null for anything else. */
  verify(token: string | undefined | null, kinds: readonly SessionKind[], now: Date): TokenClaims | null {
    if (!token || token.length > 2048) return null;
    const known = this.#verified.get(token);
    if (known) return kinds.includes(known.kind) && known.exp * 1000 > now.getTime() ? known : null;
    const claims = this.#check(token);
    if (!claims) return null;
    if (this.#verified.size >= VERIFIED_CACHE) this.#verified.delete(this.#verified.keys().next().value!);
    this.#verified.set(token, claims);
    return kinds.includes(claims.kind) && claims.exp * 1000 > now.getTime() ? claims : null;
  }

  /** Signature and shape; expiry and kind are checked by `verify` on every use. */
  #check(token: string): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return null;
    const expected = createHmac('sha256', this.#key).update(`${parts[0]}.${parts[1]}`).digest();
    const given = Buffer.from(parts[2]!, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      return null;
    }
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'number' || typeof claims.exp !== 'number') return null;
    if (claims.kind !== 'preauth' && claims.kind !== 'session') return null;
    return Object.freeze(claims);
  }

  /** A keyed hash for codes and link tokens: the database never holds them in the clear. */
  digest(value: string): string {
    return createHmac('sha256', this.#key).update(value).digest('base64url');
  }
}

/** 128 bits or more of randomness, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** service.md section 3: 100000..999999, no leading zero (the dashboard sends it as an integer). */
export const randomCode = () => randomInt(CODE_MIN, CODE_MAX + 1);
