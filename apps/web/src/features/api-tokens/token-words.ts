import {
  API_TOKEN_LIMITS,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  tokenInstantText,
  tokenLifetimeText,
  type TokenScope,
} from '@relevo/domain';
import { currentLanguage, t, zonedInstantText } from '../../shell/i18n';

/*
 * A token's words in the reader's language (docs/product.md#api-tokens): the domain's
 * tokenLifetimeText, tokenScopesText and tokenInstantText, whose English stays theirs.
 */

/** How long a new token lives: "30 days", "One year". */
export const lifetimeText = (days: number): string =>
  days === API_TOKEN_LIMITS.maxLifeDays
    ? t(tokenLifetimeText(days))
    : t('{count, plural, one {# day} other {# days}}', { count: days });

/** "Read, Write catalogue", in the scopes' order. */
export const scopesText = (scopes: readonly TokenScope[]): string =>
  TOKEN_SCOPES.filter((scope) => scopes.includes(scope))
    .map((scope) => t(TOKEN_SCOPE_LABELS[scope]))
    .join(', ');

/** An instant of a token on the viewer's clock: "2026-03-10 12:57 (+01:00)" in English, the locale's date in Spanish. */
export function tokenTime(zone: string, at: string): string {
  return currentLanguage() === 'es' ? zonedInstantText(at, zone, { offset: true }) : tokenInstantText(zone, at);
}
