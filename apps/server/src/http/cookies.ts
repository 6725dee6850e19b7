import type { FastifyReply, FastifyRequest } from 'fastify';
import { PREAUTH_TTL_SECONDS, SESSION_TTL_SECONDS } from '@relevo/domain';
import type { Config } from '../config';

/** spec 9: the session token lives in a cookie named with a token label; here HttpOnly and Strict. */
export const SESSION_COOKIE = 'relevo_token';
/** The pre-auth token of the code step: only the login API path sees it. */
export const PREAUTH_COOKIE = 'relevo_preauth';
const PREAUTH_PATH = '/api/login/jwt';

interface CookieOptions {
  path: string;
  maxAge: number;
  secure: boolean;
}

/**
 * Cookies are read only where a route needs them and written only by the sign-in routes, so no
 * hook runs on every request and answer (the session read is the hottest call of the API).
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  // one pass over `a=1; b=2`, no array of parts: this runs on every cookie-authenticated call
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && header.slice(start, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      // without a % there is nothing to decode (and nothing that could fail to)
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}

function writeCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`, `Max-Age=${options.maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.maxAge === 0) attributes.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (options.secure) attributes.push('Secure');
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...list, attributes.join('; ')]);
}

const secure = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https://');

export function setSessionCookie(reply: FastifyReply, token: string, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, SESSION_COOKIE, token, { path: '/', maxAge: SESSION_TTL_SECONDS, secure: secure(config) });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, SESSION_COOKIE, '', { path: '/', maxAge: 0, secure: secure(config) });
}

export function setPreauthCookie(reply: FastifyReply, token: string, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, PREAUTH_COOKIE, token, { path: PREAUTH_PATH, maxAge: PREAUTH_TTL_SECONDS, secure: secure(config) });
}

export function clearPreauthCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, PREAUTH_COOKIE, '', { path: PREAUTH_PATH, maxAge: 0, secure: secure(config) });
}
