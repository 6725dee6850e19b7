import type { FastifyReply } from 'fastify';
import { PREAUTH_TTL_SECONDS, SESSION_TTL_SECONDS } from '@relevo/domain';
import type { Config } from '../config';

/** spec 9: the session token lives in a cookie named with a token label; here HttpOnly and Strict. */
export const SESSION_COOKIE = 'relevo_token';
/** The pre-auth token of the code step: only the login API path sees it. */
export const PREAUTH_COOKIE = 'relevo_preauth';
const PREAUTH_PATH = '/api/login/jwt';

const secure = (config: Pick<Config, 'publicUrl'>) => config.publicUrl.startsWith('https://');

export function setSessionCookie(reply: FastifyReply, token: string, config: Pick<Config, 'publicUrl'>): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: secure(config), path: '/', maxAge: SESSION_TTL_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secure(config), path: '/' });
}

export function setPreauthCookie(reply: FastifyReply, token: string, config: Pick<Config, 'publicUrl'>): void {
  reply.setCookie(PREAUTH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: secure(config), path: PREAUTH_PATH, maxAge: PREAUTH_TTL_SECONDS });
}

export function clearPreauthCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(PREAUTH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secure(config), path: PREAUTH_PATH });
}
