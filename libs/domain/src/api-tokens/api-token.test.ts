import { describe, expect, it } from 'vitest';
import { Role } from '../roles/roles';
import { validate } from '../rules/validation';
import {
  API_TOKEN_MESSAGES,
  ApiTokenCreateSchema,
  apiTokenStatus,
  tokenExpiryProblem,
  tokenMayCall,
  tokenScopeOf,
} from './api-token';
import { apiTokenCreateBody, apiTokenFormErrors, emptyApiTokenForm, tokenScopesText } from './api-token-form';

const NOW = new Date('2026-05-04T09:00:00.000Z');
const DAY = 86_400_000;
const call = (method: string, permissions: string[], auth = 'session') =>
  ({ method, auth, permissions }) as Parameters<typeof tokenMayCall>[2];

describe('API tokens (docs/product.md#api-tokens)', () => {
  it('reads with read, changes the catalogue with catalogue, answers events with events', () => {
    const read = call('GET', ['catalogue.read']);
    const write = call('POST', ['catalogue.write']);
    const accept = call('POST', ['events.respond']);
    expect(tokenMayCall(Role.CustomerRoot, ['read'], read)).toBe(true);
    expect(tokenMayCall(Role.CustomerRoot, ['catalogue'], read)).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, ['read'], write)).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, ['catalogue'], write)).toBe(true);
    expect(tokenMayCall(Role.CustomerRoot, ['catalogue'], accept)).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, ['events'], accept)).toBe(true);
    expect(tokenScopeOf(read)).toBe('read');
    expect(tokenScopeOf(write)).toBe('catalogue');
    expect(tokenScopeOf(accept)).toBe('events');
  });

  it("never goes past the owner's role", () => {
    // a Customer's token cannot change the catalogue whatever its scopes
    expect(tokenMayCall(Role.Customer, ['read', 'catalogue', 'events'], call('POST', ['catalogue.write']))).toBe(false);
    expect(tokenMayCall(Role.Customer, ['events'], call('POST', ['events.respond']))).toBe(true);
    expect(tokenMayCall(Role.StaffRoot, ['read'], call('GET', ['catalogue.read']))).toBe(false);
    expect(tokenMayCall(Role.StaffRoot, ['read'], call('GET', ['customers.read']))).toBe(true);
  });

  it('takes no part in tokens, the own account, the assistant, or calls that are not a session', () => {
    const all = ['read', 'catalogue', 'events'] as const;
    expect(tokenMayCall(Role.CustomerRoot, all, call('GET', ['tokens.manage']))).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, all, call('POST', ['tokens.manage']))).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, all, call('PUT', ['self']))).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, all, call('POST', ['guide.ask']))).toBe(false);
    expect(tokenMayCall(Role.CustomerRoot, all, call('POST', ['catalogue.write'], 'moduleKey'))).toBe(false);
    expect(tokenScopeOf(call('DELETE', ['tokens.manage']))).toBeNull();
    // the own profile may be read
    expect(tokenMayCall(Role.CustomerRoot, ['read'], call('GET', ['self']))).toBe(true);
  });

  it('lives at most a year, from now on', () => {
    expect(tokenExpiryProblem(new Date(NOW.getTime() + DAY).toISOString(), NOW)).toBeNull();
    expect(tokenExpiryProblem(new Date(NOW.getTime() + 366 * DAY).toISOString(), NOW)).toBeNull();
    expect(tokenExpiryProblem(new Date(NOW.getTime() + 367 * DAY).toISOString(), NOW)).toBe(
      API_TOKEN_MESSAGES.expiryTooFar,
    );
    expect(tokenExpiryProblem(NOW.toISOString(), NOW)).toBe(API_TOKEN_MESSAGES.expiryPast);
    expect(tokenExpiryProblem('soon', NOW)).toBe(API_TOKEN_MESSAGES.expiryInvalid);
    expect(apiTokenStatus({ revoked_at: null, expires_at: NOW.toISOString() }, NOW)).toBe('expired');
    expect(apiTokenStatus({ revoked_at: NOW.toISOString(), expires_at: '2030-01-01T00:00:00Z' }, NOW)).toBe('revoked');
  });

  it('checks the create body with the messages of the screen', () => {
    const bad = validate(ApiTokenCreateSchema, { name: ' ', scopes: [], expires_at: '' });
    expect(bad.success).toBe(false);
    expect(apiTokenFormErrors({ name: '', scopes: [], lifetime_days: 90 }, NOW)).toEqual({
      name: [API_TOKEN_MESSAGES.nameRequired],
      scopes: [API_TOKEN_MESSAGES.scopesRequired],
    });
    expect(apiTokenFormErrors({ name: 'Sync', scopes: ['read'], lifetime_days: 400 }, NOW)).toEqual({
      lifetime_days: [API_TOKEN_MESSAGES.expiryTooFar],
    });
    const body = apiTokenCreateBody({ ...emptyApiTokenForm(), name: ' Sync ', scopes: ['events', 'read'] }, NOW);
    expect(body).toEqual({
      name: 'Sync',
      scopes: ['read', 'events'],
      expires_at: new Date(NOW.getTime() + 90 * DAY).toISOString(),
    });
    expect(tokenScopesText(['events', 'read'])).toBe('Read, Act on events');
  });
});
