import type { ListOf } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

export interface Language {
  language_id: string;
  language_desc: string;
}

/** spec 7: GET /api/preferred/language. */
export const listLanguages = endpoint({
  name: 'listLanguages',
  method: 'GET',
  path: '/api/preferred/language',
  response: reply<ListOf<Language>>(),
  auth: 'session',
  permissions: ['self'],
});

/** Liveness and readiness for load balancers and `npm start` timing. */
export const health = endpoint({
  name: 'health',
  method: 'GET',
  path: '/api/health',
  response: reply<{ status: 'ok'; database: 'pglite' | 'postgres'; version: string }>(),
  auth: 'public',
});
