import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { PREAUTH_TTL_SECONDS, SESSION_TTL_SECONDS } from '@relevo/domain';
import type { Config } from '../config';

/**
 * docs/product.md#constants-and-limits: the session token lives in a cookie named with a token label; here HttpOnly and
 * SameSite=Strict. Over https the names carry the browser-enforced prefixes: `__Host-` (Secure,
 * Path=/, no Domain: no other host or path can set or shadow it) for the session, `__Secure-` for
 * the pre-auth cookie, which is limited to the login API path.
 */
const SESSION = 'relevo_token';
const PREAUTH = 'relevo_preauth';
const PREAUTH_PATH = '/api/login/jwt';

const isHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https://');

export const sessionCookieName = (config: Pick<Config, 'publicUrl'>) =>
  isHttps(config) ? `__Host-${SESSION}` : SESSION;
export const preauthCookieName = (config: Pick<Config, 'publicUrl'>) =>
  isHttps(config) ? `__Secure-${PREAUTH}` : PREAUTH;

/**
 * Cookies through @fastify/cookie, parsed only where a route reads them (`hook: false`): the
 * session read is the hottest call of the API and most requests carry no cookie it needs.
 */
export async function installCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie, { hook: false });
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return request.server.parseCookie(header)[name];
}

interface CookieOptions {
  path: string;
  maxAge: number;
}

function writeCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  name: string,
  value: string,
  options: CookieOptions,
): void {
  reply.setCookie(name, value, {
    path: options.path,
    maxAge: options.maxAge,
    ...(options.maxAge === 0 ? { expires: new Date(0) } : {}),
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(config),
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, config, sessionCookieName(config), token, { path: '/', maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, config, sessionCookieName(config), '', { path: '/', maxAge: 0 });
}

export function setPreauthCookie(reply: FastifyReply, token: string, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, config, preauthCookieName(config), token, { path: PREAUTH_PATH, maxAge: PREAUTH_TTL_SECONDS });
}

export function clearPreauthCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  writeCookie(reply, config, preauthCookieName(config), '', { path: PREAUTH_PATH, maxAge: 0 });
}
