import { createApiToken, listApiTokens, revokeApiToken } from '@relevo/api';
import type { ApiToken, ApiTokenCreate, ApiTokenCreated, ListOf } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the API Tokens screen */
    apiTokenCalls: ApiTokenCalls;
  }
}

/** The calls of the API Tokens screen (docs/product.md#api-tokens); stories give fixtures instead. */
export interface ApiTokenCalls {
  /** the side's tokens, newest first (at most API_TOKEN_LIMITS.listShown) */
  list: (signal?: AbortSignal) => Promise<ListOf<ApiToken>>;
  /** a new token, answered with the token this once */
  create: (body: ApiTokenCreate) => Promise<ApiTokenCreated>;
  revoke: (id: number) => Promise<ApiToken>;
  /** the viewer's own time zone (the list's times) */
  viewerZone: () => string;
}

export const liveApiTokenCalls: ApiTokenCalls = {
  list: (signal) => api.call(listApiTokens, { signal }),
  create: (body) => api.call(createApiToken, { body }),
  revoke: (id) => api.call(revokeApiToken, { params: { id } }),
  viewerZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
};
