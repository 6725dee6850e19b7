import { apiTokenEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { apiTokenService } from '../../auth/api-tokens';
import type { RouteTable } from '../implement';

/** docs/product.md#api-tokens: a side's API tokens (Customer Root, Staff Root), from a session only. */
export function apiTokenRoutes(routes: RouteTable, ctx: AppContext): void {
  const tokens = apiTokenService(ctx);
  const { listApiTokens, createApiToken, revokeApiToken } = apiTokenEndpoints;
  routes
    .implement(listApiTokens, ({ principal }) => tokens.list(principal))
    .implement(createApiToken, ({ principal, body }) => tokens.create(principal, body))
    .implement(revokeApiToken, ({ principal, params }) => tokens.revoke(principal, params.id));
}
