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

/** What the web app needs to know before sign-in: the version and the optional widget (service.md section 1). */
export interface ClientSettings {
  version: string;
  widget_script_url: string | null;
}

export const clientSettings = endpoint({
  name: 'clientSettings',
  method: 'GET',
  path: '/api/settings/client',
  response: reply<ClientSettings>(),
  auth: 'public',
});

/** Liveness and readiness for load balancers and `npm start` timing. */
export const health = endpoint({
  name: 'health',
  method: 'GET',
  path: '/api/health',
  response: reply<{ status: 'ok'; database: 'pglite' | 'postgres'; version: string }>(),
  auth: 'public',
});
