import {
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../machines/record-form/record-form.machine';
import type { StatusBadgeContent } from '../rules/status';
import { checkedOutput, formErrors, validate } from '../rules/validation';
import { formatInZone } from '../schedules/zone';
import {
  API_TOKEN_LIMITS,
  ApiTokenCreateSchema,
  TOKEN_SCOPES,
  TOKEN_SCOPE_LABELS,
  tokenExpiryProblem,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenStatus,
  type TokenScope,
} from './api-token';

/**
 * The API Tokens screen and its windows (docs/product.md#api-tokens): its texts, the words of a
 * token's scopes, status and times, and the Create Token form, whose rules are the contract's
 * schema and the expiry rule the server applies, so the messages are the server's.
 */
export const API_TOKEN_SCREEN_TEXTS = {
  title: 'API Tokens',
  intro:
    'A token lets a script or a tool call the Relevo API as you, with the scopes you give it, until it expires or you revoke it. Send it as "Authorization: Bearer <token>".',
  listLabel: 'API tokens',
  empty: 'No token yet: create one to manage Relevo from your own scripts.',
  loadFailed: 'The tokens could not be loaded.',
  create: 'Create token',
  created: 'The token was created',
  revoked: 'The token was revoked',
  confirmRevoke: 'Are you sure you want to revoke this token? Every script that uses it stops at once.',
  shownOnceTitle: 'Copy your new token',
  shownOnce: 'This is the only time the token is shown: copy it now and keep it somewhere safe.',
  tokenLabel: 'Token',
  reference: 'API reference',
} as const;

export const API_TOKEN_STATUS_BADGES: Record<ApiTokenStatus, StatusBadgeContent> = {
  active: { tone: 'success', label: 'ACTIVE' },
  expired: { tone: 'neutral', label: 'EXPIRED' },
  revoked: { tone: 'danger', label: 'REVOKED' },
};

/** "Read, Write catalogue", in the scopes' order. */
export const tokenScopesText = (scopes: readonly TokenScope[]) =>
  TOKEN_SCOPES.filter((scope) => scopes.includes(scope))
    .map((scope) => TOKEN_SCOPE_LABELS[scope])
    .join(', ');

/** An ISO instant of a token in the viewer's zone, "2026-03-10 12:57 (+01:00)". */
export const tokenInstantText = (zone: string, at: string) => formatInZone(zone, Date.parse(at));

// ——— the Create Token form ———

/** How long a new token lives: the form's choices, in days (the longest is the limit). */
export const TOKEN_LIFETIMES = [7, 30, 90, 180, API_TOKEN_LIMITS.maxLifeDays] as const;

export const tokenLifetimeText = (days: number) =>
  days === API_TOKEN_LIMITS.maxLifeDays ? 'One year' : `${days} days`;

/** The form's values as its inputs hold them. */
export interface ApiTokenFormValues {
  name: string;
  scopes: TokenScope[];
  /** days from now, one of TOKEN_LIFETIMES */
  lifetime_days: number;
}
export type ApiTokenFormField = 'name' | 'scopes';

/** The fields of a 422 the form shows on themselves (the lifetime is a choice the rules already hold to). */
export const API_TOKEN_FORM_FIELDS: readonly ApiTokenFormField[] = ['name', 'scopes'];

/** A new token reads only, for 90 days. */
export const emptyApiTokenForm = (): ApiTokenFormValues => ({ name: '', scopes: ['read'], lifetime_days: 90 });

/** The body of `POST /api/tokens` the values make at `now`. */
function bodyOf(values: ApiTokenFormValues, now: Date) {
  return {
    name: values.name,
    scopes: values.scopes,
    expires_at: new Date(now.getTime() + values.lifetime_days * 86_400_000).toISOString(),
  };
}

/** Every failed rule per field (empty when the form may be sent): the contract's schema, then the expiry rule. */
export function apiTokenFormErrors(
  values: ApiTokenFormValues,
  now: Date = new Date(),
): Partial<Record<keyof ApiTokenFormValues, string[]>> {
  const body = bodyOf(values, now);
  const { name, scopes, expires_at } = formErrors(ApiTokenCreateSchema, body);
  const expiry = tokenExpiryProblem(body.expires_at, now);
  const lifetime = [...(expires_at ?? []), ...(expiry ? [expiry] : [])];
  return {
    ...(name ? { name } : {}),
    ...(scopes ? { scopes } : {}),
    ...(lifetime.length ? { lifetime_days: lifetime } : {}),
  };
}

/** The body of `POST /api/tokens` from values the rules accepted. */
export const apiTokenCreateBody = (values: ApiTokenFormValues, now: Date = new Date()): ApiTokenCreate =>
  checkedOutput(validate(ApiTokenCreateSchema, bodyOf(values, now)));

/** The form's machine: its save answers the token, shown this once. */
export const apiTokenFormMachine = recordFormMachineFor<ApiTokenFormValues, ApiTokenCreated>();

export function apiTokenFormInput(
  values: ApiTokenFormValues,
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<ApiTokenFormValues> {
  return {
    values: { ...values, scopes: [...values.scopes] },
    validate: (current) => apiTokenFormErrors(current),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
