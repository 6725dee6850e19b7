import type { Channel, Language, ListOf, ParticipationType } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

export type { Language };

/** docs/product.md#http-calls: GET /api/preferred/language. */
export const listLanguages = endpoint({
  name: 'listLanguages',
  method: 'GET',
  path: '/api/preferred/language',
  response: reply<ListOf<Language>>(),
  auth: 'session',
  permissions: ['self'],
});

/** docs/product.md#http-calls: the channels of a step (voice call, SMS, e-mail), ordered by channel_id. */
export const listChannels = endpoint({
  name: 'listChannels',
  method: 'GET',
  path: '/api/channels/channel',
  response: reply<ListOf<Channel>>(),
  auth: 'session',
  permissions: ['catalogue.read'],
});

/** docs/product.md#http-calls: the participation types of a step (agent, supervisor), ordered by participation_type_id. */
export const listParticipationTypes = endpoint({
  name: 'listParticipationTypes',
  method: 'GET',
  path: '/api/participation/type',
  response: reply<ListOf<ParticipationType>>(),
  auth: 'session',
  permissions: ['catalogue.read'],
});

/** What the web app needs to know before sign-in: the version and the optional widget (docs/product.md#processes-storage-and-configuration). */
export interface ClientSettings {
  version: string;
  widget_script_url: string | null;
  /** docs/product.md#single-sign-on: the sign-in screen offers single sign-on */
  sso: boolean;
}

export const clientSettings = endpoint({
  name: 'clientSettings',
  method: 'GET',
  path: '/api/settings/client',
  response: reply<ClientSettings>(),
  auth: 'public',
});

/** Liveness: the process answers (it does not ask the database, so a database outage restarts no process). */
export const health = endpoint({
  name: 'health',
  method: 'GET',
  path: '/api/health',
  response: reply<{ status: 'ok'; database: 'pglite' | 'postgres'; version: string }>(),
  auth: 'public',
});

/**
 * Readiness for load balancers: 200 after a round trip to the database; 503 `{detail}` when the
 * database cannot be reached or the process is shutting down.
 */
export const ready = endpoint({
  name: 'ready',
  method: 'GET',
  path: '/api/ready',
  response: reply<{ status: 'ready' }>(),
  auth: 'public',
});
