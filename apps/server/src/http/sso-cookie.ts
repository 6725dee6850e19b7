import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { SSO_LOGIN_TTL_SECONDS } from '../auth/oidc';
import { readCookie } from './cookies';

/**
 * docs/product.md#single-sign-on: the state of a sign-in on its way to the provider, in an HttpOnly
 * cookie limited to the single sign-on calls. SameSite=Lax, not Strict like the session's: the
 * provider's redirect back is a navigation from another site, which a Strict cookie would not
 * join. The state is single use on the server (its row is deleted by the callback).
 */
const SSO = 'relevo_sso';
const SSO_PATH = '/api/auth/sso';

const isHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https://');
const cookieName = (config: Pick<Config, 'publicUrl'>) => (isHttps(config) ? `__Secure-${SSO}` : SSO);

export function setSsoCookie(reply: FastifyReply, state: string, config: Pick<Config, 'publicUrl'>): void {
  reply.setCookie(cookieName(config), state, {
    path: SSO_PATH,
    maxAge: SSO_LOGIN_TTL_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
  });
}

export function clearSsoCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.setCookie(cookieName(config), '', {
    path: SSO_PATH,
    maxAge: 0,
    expires: new Date(0),
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
  });
}

export const readSsoCookie = (request: FastifyRequest, config: Pick<Config, 'publicUrl'>) =>
  readCookie(request, cookieName(config));
