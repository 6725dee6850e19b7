import { ApiTokenCreateSchema, type ApiToken, type ApiTokenCreated, type ListOf } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

// docs/product.md#api-tokens: a Customer Root's tokens for its customer, a Staff Root's for the
// staff side; made, listed and revoked from a signed-in session only (a token never makes tokens).

const keeper = { auth: 'session' as const, permissions: ['tokens.manage' as const] };

/** The tokens of the caller's side, newest first (at most API_TOKEN_LIMITS.perCustomer). */
export const listApiTokens = endpoint({
  name: 'listApiTokens',
  method: 'GET',
  path: '/api/tokens',
  response: reply<ListOf<ApiToken>>(),
  ...keeper,
});
/** A new token: the answer carries it once; only its hash is kept. */
export const createApiToken = endpoint({
  name: 'createApiToken',
  method: 'POST',
  path: '/api/tokens',
  body: ApiTokenCreateSchema,
  response: reply<ApiTokenCreated>(),
  ...keeper,
});
/** The token stops working at once, everywhere; it stays listed as revoked. */
export const revokeApiToken = endpoint({
  name: 'revokeApiToken',
  method: 'DELETE',
  path: '/api/tokens/:id',
  params: IdParams,
  response: reply<ApiToken>(),
  ...keeper,
});

export const apiTokenEndpoints = { listApiTokens, createApiToken, revokeApiToken };
