import * as v from 'valibot';
import { MAX_TEXT, form, requiredText } from '../rules/fields';
import { can, type Permission } from '../roles/permissions';
import type { RoleId } from '../roles/roles';

/**
 * API tokens (docs/product.md#api-tokens): a Customer Root's tokens for its customer, a Staff Root's
 * for the staff side. A token acts as the user who made it, within its scopes: the owner's role and
 * tenant still decide every call, and the scopes narrow them. These are the rules every side
 * applies: the scopes, which scope a call needs, the limits and messages, and the create body.
 */

/** What a token may do: read anything its owner may read, change the catalogue, act on events. */
export const TOKEN_SCOPES = ['read', 'catalogue', 'events'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  read: 'Read',
  catalogue: 'Write catalogue',
  events: 'Act on events',
};

export const TOKEN_SCOPE_HINTS: Record<TokenScope, string> = {
  read: 'Every list and record the owner may see',
  catalogue: 'Create, change and delete what the owner may change: people, the catalogue, schedules, windows, monitors',
  events: 'Accept, resolve, reassign, escalate and add notes to events',
};

/** docs/product.md#api-tokens: the bounds. */
export const API_TOKEN_LIMITS = {
  /** the longest life a token may be given */
  maxLifeDays: 366,
  /** tokens that work at once per customer (and on the staff side) */
  perCustomer: 50,
  /** tokens a list shows, newest first (revoked and expired ones stay listed) */
  listShown: 200,
} as const;

/** Every token starts with this: a leaked one is easy to recognise (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'rlv_';

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: 'Unknown scope',
  expiryRequired: 'Expiry is required',
  expiryInvalid: 'Must be a date and time',
  expiryPast: 'The expiry must be in the future',
  expiryTooFar: 'A token may live at most one year',
  tooMany: `At most ${API_TOKEN_LIMITS.perCustomer} tokens may work at once: revoke one first`,
  notFound: 'API token not found',
  revoked: 'The token was revoked',
  badToken: 'The API token is unknown, expired or revoked',
  scopeMissing: "This API token's scopes do not allow this call",
  sessionOnly: 'This call needs a signed-in session, not an API token',
  tooManyCalls: 'Too many calls with this API token: wait a moment',
} as const;

/** An ISO 8601 date and time with its offset, as `toISOString` writes it or with `+hh:mm`. */
const isInstant = (text: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
  !Number.isNaN(Date.parse(text));

/** docs/product.md#api-tokens: `POST /api/tokens`. */
export const ApiTokenCreateSchema = /* @__PURE__ */ (() =>
  form({
    name: requiredText(API_TOKEN_MESSAGES.nameRequired, MAX_TEXT),
    scopes: v.pipe(
      v.array(v.picklist(TOKEN_SCOPES, API_TOKEN_MESSAGES.scopeUnknown), API_TOKEN_MESSAGES.scopesRequired),
      v.minLength(1, API_TOKEN_MESSAGES.scopesRequired),
      v.transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
    ),
    expires_at: v.pipe(
      v.string(API_TOKEN_MESSAGES.expiryRequired),
      v.nonEmpty(API_TOKEN_MESSAGES.expiryRequired),
      v.check(isInstant, API_TOKEN_MESSAGES.expiryInvalid),
    ),
  }))();
export type ApiTokenCreate = v.InferOutput<typeof ApiTokenCreateSchema>;

/** The expiry's problem at `now`, or null: in the future, at most API_TOKEN_LIMITS.maxLifeDays away. */
export function tokenExpiryProblem(expiresAt: string, now: Date): string | null {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return API_TOKEN_MESSAGES.expiryInvalid;
  if (at <= now.getTime()) return API_TOKEN_MESSAGES.expiryPast;
  if (at > now.getTime() + API_TOKEN_LIMITS.maxLifeDays * 86_400_000) return API_TOKEN_MESSAGES.expiryTooFar;
  return null;
}

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** docs/product.md#api-tokens: a token as listed (never the token itself, only its last characters). */
export interface ApiToken {
  id: number;
  name: string;
  scopes: TokenScope[];
  /** the token's last four characters, so its owner can tell it from another */
  hint: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  last_used_address: string | null;
  revoked_at: string | null;
  status: ApiTokenStatus;
}

/** The answer of `POST /api/tokens`: the token, shown this once. */
export interface ApiTokenCreated extends ApiToken {
  token: string;
}

export function apiTokenStatus(row: { revoked_at: string | null; expires_at: string }, now: Date): ApiTokenStatus {
  if (row.revoked_at) return 'revoked';
  return Date.parse(row.expires_at) <= now.getTime() ? 'expired' : 'active';
}

/**
 * The scope a write under each permission needs, or null when no token may make it: a person's own
 * account and the assistant are for people, and a token never makes or revokes tokens.
 */
const WRITE_SCOPE: Record<Permission, TokenScope | null> = {
  'customers.read': null,
  'customers.write': 'catalogue',
  'staffUsers.read': null,
  'staffUsers.write': 'catalogue',
  'customerUsers.read': null,
  'customerUsers.create': 'catalogue',
  'customerUsers.write': 'catalogue',
  'ownUsers.read': null,
  'ownUsers.write': 'catalogue',
  'catalogue.read': null,
  'catalogue.write': 'catalogue',
  'events.read': null,
  'schedules.override': 'catalogue',
  'events.respond': 'events',
  'delivery.read': null,
  'delivery.write': 'catalogue',
  'resources.test': 'catalogue',
  'teamChat.manage': 'catalogue',
  'dashboard.read': null,
  'guide.ask': null,
  self: null,
  'tokens.manage': null,
  'audit.read': null,
};

/** Permissions whose reads a token may not make either (the tokens themselves). */
const NEVER_READ: readonly Permission[] = ['tokens.manage', 'guide.ask'];

interface CallShape {
  readonly method: string;
  readonly auth: string;
  readonly permissions: readonly Permission[];
}

/**
 * Whether a token of `scopes`, owned by a user of `role`, may make a call: the owner's role must
 * allow it (the dashboard's own check) through a permission whose scope the token holds — `read`
 * for a GET, the permission's write scope for anything else.
 */
export function tokenMayCall(role: RoleId, scopes: readonly TokenScope[], endpoint: CallShape): boolean {
  if (endpoint.auth !== 'session') return false;
  return endpoint.permissions.some((permission) => {
    if (!can(role, permission)) return false;
    if (endpoint.method === 'GET') return scopes.includes('read') && !NEVER_READ.includes(permission);
    const scope = WRITE_SCOPE[permission];
    return scope !== null && scopes.includes(scope);
  });
}

/** The scope a call needs of a token (the reference's column), or null when no token may make it. */
export function tokenScopeOf(endpoint: CallShape): TokenScope | null {
  if (endpoint.auth !== 'session') return null;
  if (endpoint.method === 'GET')
    return endpoint.permissions.some((permission) => !NEVER_READ.includes(permission)) ? 'read' : null;
  for (const permission of endpoint.permissions) {
    const scope = WRITE_SCOPE[permission];
    if (scope) return scope;
  }
  return null;
}
