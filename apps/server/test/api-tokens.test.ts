import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, fillPath, type AnyEndpoint } from '@relevo/api';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  TOKEN_SCOPES,
  tokenMayCall,
  type ApiToken,
  type ApiTokenCreated,
  type RoleId,
  type TokenScope,
} from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { apiTokenHash } from '../src/auth/api-tokens';
import type { RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { customerWithModule, reportIncident } from './support/keyed-module';
import { logLines } from './support/log-lines';

/**
 * docs/product.md#api-tokens over HTTP: a Customer Root's and a Staff Root's tokens, shown once and
 * kept as a hash; Bearer calls within the token's scopes, the owner's role and tenant; expiry,
 * revocation (at once, despite the cache), the owner's deactivation, the per-token limit, the last
 * use; a token never signs in a browser nor makes tokens; every role, another side's ids, bad
 * input; and the token never in an answer, the trail or a log line.
 */
const NOW = Date.parse('2026-05-04T09:00:00.000Z');
const DAY = 86_400_000;
const CALLS = 40;

describe.each(DATABASE_KINDS)('API tokens on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let acme: { customerId: number; root: SignedIn; module: RunnableModule & { key: string } };
  let other: { customerId: number; root: SignedIn; module: RunnableModule & { key: string } };
  let customer: SignedIn;
  let staffRoot: SignedIn;
  let staffEdit: SignedIn;
  const { sink, lines } = logLines();

  beforeAll(async () => {
    clock = new ManualClock(NOW);
    t = await startTestApp({
      kind,
      clock,
      config: { logLevel: 'info' },
      logSink: sink,
      limits: { callsPerApiToken: { limit: CALLS, windowSeconds: 60 } },
    });
    acme = await customerWithModule(t, 'Acme');
    other = await customerWithModule(t, 'Other');
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    customer = await t.signIn(user.email, user.password);
    const root = await t.createUser({ role: 'StaffRoot' });
    staffRoot = await t.signIn(root.email, root.password);
    const edit = await t.createUser({ role: 'StaffEdit' });
    staffEdit = await t.signIn(edit.email, edit.password);
  });
  afterAll(() => t?.close());

  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const make = async (by: SignedIn, scopes: TokenScope[], name = `Token ${Math.random()}`, days = 30) => {
    const answer = await t.raw<ApiTokenCreated>('POST', '/api/tokens', {
      body: { name, scopes, expires_at: inDays(days) },
      headers: bearer(by.token),
    });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  };
  const as = (token: string, method: string, path: string, body?: unknown) =>
    t.raw(method, path, { headers: bearer(token), ...(body === undefined ? {} : { body }) });

  it('answers the token once, keeps only its hash, and lists it without the token', async () => {
    const made = await make(acme.root, ['read'], 'CI sync');
    expect(made).toMatchObject({ name: 'CI sync', scopes: ['read'], status: 'active', last_used_at: null });
    expect(made.token).toMatch(/^rlv_[A-Za-z0-9_-]{43}$/);
    expect(made.hint).toBe(made.token.slice(-4));
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('api_tokens').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow(),
    );
    expect(stored.token_hash).toBe(apiTokenHash(made.token));
    expect(JSON.stringify(stored)).not.toContain(made.token);
    const list = await as(acme.root.token, 'GET', '/api/tokens');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(made.token);
    expect((list.body as { list: ApiToken[] }).list.map((token) => token.id)).toContain(made.id);
    // the trail names the token, never the token itself
    const trail = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'api_token')
        .where('entity_id', '=', String(made.id))
        .execute(),
    );
    expect(trail.map((row) => row.action)).toEqual(['create']);
    expect(JSON.stringify(trail)).not.toContain(made.token);
  });

  it('reads with the read scope, within the owner tenant, and writes nothing without a write scope', async () => {
    const { token } = await make(acme.root, ['read']);
    const resources = await as(token, 'GET', '/api/procedures/get/resource');
    expect(resources.status).toBe(200);
    const mine = await as(acme.root.token, 'GET', '/api/procedures/get/resource');
    expect(resources.body).toEqual(mine.body);
    // another customer's resource: as unknown as to its own people
    const theirs = await as(token, 'GET', `/api/procedures/get/resource/${other.module.resourceId}`);
    expect(theirs.status).toBe(404);
    const refused = await as(token, 'POST', '/api/procedures/add/resource', {
      resource_fullname: 'Scripted Person',
      resource_email: 's@example.test',
    });
    expect(refused).toMatchObject({ status: 403, body: { detail: API_TOKEN_MESSAGES.scopeMissing } });
    const none = await asSystem(t, (tx) =>
      tx.selectFrom('resources').select('resource_id').where('resource_fullname', '=', 'Scripted Person').execute(),
    );
    expect(none).toEqual([]);
  });

  it('changes the catalogue with the catalogue scope and acts on events only with the events scope', async () => {
    const catalogue = await make(acme.root, ['read', 'catalogue']);
    const made = await as(catalogue.token, 'POST', '/api/procedures/add/resource', {
      resource_fullname: 'Scripted Person',
      resource_email: 'scripted@example.test',
    });
    expect(made.status).toBe(200);
    const row = await asSystem(t, (tx) =>
      tx
        .selectFrom('resources')
        .select(['customer_id', 'resource_createby'])
        .where('resource_fullname', '=', 'Scripted Person')
        .executeTakeFirstOrThrow(),
    );
    expect(row.customer_id).toBe(acme.customerId);

    const incident = await reportIncident(t, acme.module, 'Disk full on db-1');
    const refused = await as(catalogue.token, 'POST', `/api/events/${incident.case_id}/accept`, {});
    expect(refused).toMatchObject({ status: 403, body: { detail: API_TOKEN_MESSAGES.scopeMissing } });
    const events = await make(acme.root, ['events']);
    // another customer's event is as unknown as to its own people
    const foreign = await reportIncident(t, other.module, 'Not yours at all');
    expect((await as(events.token, 'POST', `/api/events/${foreign.case_id}/accept`, {})).status).toBe(404);
    const accepted = await as(events.token, 'POST', `/api/events/${incident.case_id}/accept`, {});
    expect(accepted.status).toBe(200);
    const event = await asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['accepteddt', 'customer_id'])
        .where('case_id', '=', incident.case_id)
        .executeTakeFirstOrThrow(),
    );
    expect(event.accepteddt).not.toBeNull();
    // an events-only token reads nothing
    expect((await as(events.token, 'GET', '/api/procedures/get/resource')).status).toBe(403);
  });

  it('never signs in a browser, never makes or lists tokens, never changes its owner', async () => {
    const { token } = await make(acme.root, ['read', 'catalogue', 'events']);
    const cookie = await t.raw('GET', '/api/users/me', { headers: { cookie: `relevo_token=${token}` } });
    expect(cookie.status).toBe(401);
    expect((await as(token, 'GET', '/api/tokens')).body).toEqual({ detail: API_TOKEN_MESSAGES.sessionOnly });
    const minted = await as(token, 'POST', '/api/tokens', { name: 'Child', scopes: ['read'], expires_at: inDays(1) });
    expect(minted).toMatchObject({ status: 403, body: { detail: API_TOKEN_MESSAGES.sessionOnly } });
    const password = await as(token, 'PUT', '/api/management/password/change/', {
      current_password: 'x',
      new_password: 'Other.Pass9',
      confirm_password: 'Other.Pass9',
    });
    expect(password).toMatchObject({ status: 403, body: { detail: API_TOKEN_MESSAGES.sessionOnly } });
    expect((await as(token, 'POST', '/api/login/jwt/logout', {})).status).not.toBe(200);
  });

  it('stops at its expiry', async () => {
    const keeper = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const { token } = await make(acme.root, ['read'], 'Short', 1);
    expect((await as(token, 'GET', '/api/procedures/get/resource')).status).toBe(200);
    clock.advance(DAY + 1000);
    try {
      expect(await as(token, 'GET', '/api/procedures/get/resource')).toMatchObject({
        status: 401,
        body: { detail: API_TOKEN_MESSAGES.badToken },
      });
      const session = await t.signIn(keeper.email, keeper.password);
      const listed = (await as(session.token, 'GET', '/api/tokens')).body as { list: ApiToken[] };
      expect(listed.list.find((row) => row.name === 'Short')?.status).toBe('expired');
    } finally {
      clock.set(NOW);
    }
  });

  it('stops at once when revoked, stays listed as revoked, and another side cannot revoke it', async () => {
    const made = await make(acme.root, ['read']);
    expect((await as(made.token, 'GET', '/api/procedures/get/resource')).status).toBe(200);
    // another customer's Customer Root and the staff side do not find it
    expect(await as(other.root.token, 'DELETE', `/api/tokens/${made.id}`)).toMatchObject({
      status: 404,
      body: { detail: API_TOKEN_MESSAGES.notFound },
    });
    expect((await as(staffRoot.token, 'DELETE', `/api/tokens/${made.id}`)).status).toBe(404);
    expect((await as(made.token, 'GET', '/api/procedures/get/resource')).status).toBe(200);
    const revoked = await as(acme.root.token, 'DELETE', `/api/tokens/${made.id}`);
    expect(revoked).toMatchObject({ status: 200, body: { id: made.id, status: 'revoked' } });
    // cached a moment ago, refused now
    expect((await as(made.token, 'GET', '/api/procedures/get/resource')).status).toBe(401);
    const again = await as(acme.root.token, 'DELETE', `/api/tokens/${made.id}`);
    expect(again).toMatchObject({ status: 200, body: { status: 'revoked' } });
    expect((await as(acme.root.token, 'DELETE', '/api/tokens/987654')).status).toBe(404);
  });

  it("stops when its owner is deactivated, and follows the owner's role", async () => {
    const owner = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const session = await t.signIn(owner.email, owner.password);
    const { token } = await make(session, ['read', 'catalogue']);
    expect((await as(token, 'GET', '/api/user/clients/not_root')).status).toBe(200);
    // made a Customer: the Users list is no longer theirs to read
    const change = (status: number) => ({ name: 'Test', last_name: 'Owner', status, rol_id: 5 });
    const demoted = await as(acme.root.token, 'PUT', `/api/user/clients/not_root/${owner.id}`, change(1));
    expect(demoted.status).toBe(200);
    expect((await as(token, 'GET', '/api/user/clients/not_root')).status).toBe(403);
    expect((await as(token, 'GET', '/api/procedures/get/resource')).status).toBe(200);
    const off = await as(acme.root.token, 'PUT', `/api/user/clients/not_root/${owner.id}`, change(0));
    expect(off.status).toBe(200);
    expect((await as(token, 'GET', '/api/procedures/get/resource')).status).toBe(401);
  });

  it('notes when and from where a token was last used', async () => {
    const made = await make(acme.root, ['read']);
    await as(made.token, 'GET', '/api/procedures/get/resource');
    const listed = (await as(acme.root.token, 'GET', '/api/tokens')).body as { list: ApiToken[] };
    expect(listed.list.find((row) => row.id === made.id)).toMatchObject({
      last_used_at: clock.now().toISOString(),
      last_used_address: '127.0.0.1',
    });
  });

  it('limits the calls of each token, not of its owner', async () => {
    const busy = await make(acme.root, ['read']);
    const calm = await make(acme.root, ['read']);
    const statuses: number[] = [];
    for (let i = 0; i <= CALLS; i++) statuses.push((await as(busy.token, 'GET', '/api/procedures/get/sla')).status);
    expect(statuses.slice(0, CALLS).every((status) => status === 200)).toBe(true);
    const over = await as(busy.token, 'GET', '/api/procedures/get/sla');
    expect(over).toMatchObject({ status: 429, body: { detail: API_TOKEN_MESSAGES.tooManyCalls } });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await as(calm.token, 'GET', '/api/procedures/get/sla')).status).toBe(200);
    expect((await as(acme.root.token, 'GET', '/api/procedures/get/sla')).status).toBe(200);
    clock.advance(61_000);
    try {
      expect((await as(busy.token, 'GET', '/api/procedures/get/sla')).status).toBe(200);
    } finally {
      clock.set(NOW);
    }
  });

  it('is made by a Customer Root or a Staff Root only; a Staff Root token reads the staff side', async () => {
    const body = { name: 'Mine', scopes: ['read'], expires_at: inDays(10) };
    expect((await as(customer.token, 'POST', '/api/tokens', body)).status).toBe(403);
    expect((await as(customer.token, 'GET', '/api/tokens')).status).toBe(403);
    expect((await as(staffEdit.token, 'POST', '/api/tokens', body)).status).toBe(403);
    const staff = await make(staffRoot, ['read']);
    const customers = await as(staff.token, 'GET', '/api/procedures/get/customer');
    expect(customers.status).toBe(200);
    // the staff side's list holds staff tokens only; a customer's list not the staff's
    const staffList = (await as(staffRoot.token, 'GET', '/api/tokens')).body as { list: ApiToken[] };
    expect(staffList.list.map((row) => row.id)).toEqual([staff.id]);
    const acmeList = (await as(acme.root.token, 'GET', '/api/tokens')).body as { list: ApiToken[] };
    expect(acmeList.list.map((row) => row.id)).not.toContain(staff.id);
    // a staff token is no customer's
    expect((await as(staff.token, 'GET', '/api/procedures/get/resource')).status).toBe(403);
  });

  it('refuses bad input with its message and keeps nothing', async () => {
    const before = await asSystem(t, (tx) => tx.selectFrom('api_tokens').select('id').execute());
    const cases: [unknown, string, string][] = [
      [{ name: '', scopes: ['read'], expires_at: inDays(1) }, 'name', API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x', scopes: [], expires_at: inDays(1) }, 'scopes', API_TOKEN_MESSAGES.scopesRequired],
      [{ name: 'x', scopes: ['admin'], expires_at: inDays(1) }, 'scopes', API_TOKEN_MESSAGES.scopeUnknown],
      [{ name: 'x', scopes: ['read'], expires_at: 'tomorrow' }, 'expires_at', API_TOKEN_MESSAGES.expiryInvalid],
      [{ name: 'x', scopes: ['read'], expires_at: inDays(-1) }, 'expires_at', API_TOKEN_MESSAGES.expiryPast],
      [
        { name: 'x', scopes: ['read'], expires_at: inDays(API_TOKEN_LIMITS.maxLifeDays + 1) },
        'expires_at',
        API_TOKEN_MESSAGES.expiryTooFar,
      ],
      [{ name: 'x', scopes: ['read'] }, 'expires_at', API_TOKEN_MESSAGES.expiryRequired],
      [{ name: 'x', scopes: ['read'], expires_at: inDays(1), owner: 1 }, 'owner', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await as(acme.root.token, 'POST', '/api/tokens', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((answer.body as { detail: { loc: string[]; msg: string }[] }).detail).toContainEqual(
        expect.objectContaining({ loc: expect.arrayContaining([field]), msg: message }),
      );
    }
    expect((await as(acme.root.token, 'DELETE', '/api/tokens/abc')).status).toBe(422);
    expect(await asSystem(t, (tx) => tx.selectFrom('api_tokens').select('id').execute())).toEqual(before);
    // an unknown token, a garbled one and an overlong one are the same 401
    for (const token of ['rlv_unknown', `rlv_${'a'.repeat(500)}`]) {
      expect(await as(token, 'GET', '/api/procedures/get/resource')).toMatchObject({
        status: 401,
        body: { detail: API_TOKEN_MESSAGES.badToken },
      });
    }
  });

  it('holds at most the limit of working tokens per side', async () => {
    const side = await customerWithModule(t, 'Busy');
    for (let i = 0; i < API_TOKEN_LIMITS.perCustomer; i++) await make(side.root, ['read'], `Token ${i}`);
    const over = await as(side.root.token, 'POST', '/api/tokens', {
      name: 'One more',
      scopes: ['read'],
      expires_at: inDays(1),
    });
    expect(over).toMatchObject({ status: 409, body: { detail: API_TOKEN_MESSAGES.tooMany } });
    const list = (await as(side.root.token, 'GET', '/api/tokens')).body as { total: number; list: ApiToken[] };
    await as(side.root.token, 'DELETE', `/api/tokens/${list.list[0]!.id}`);
    expect(
      (await as(side.root.token, 'POST', '/api/tokens', { name: 'One more', scopes: ['read'], expires_at: inDays(1) }))
        .status,
    ).toBe(200);
  });

  /**
   * Every session endpoint of the table, called with a token of each single scope of a Customer
   * Root and of a Staff Root: refused with 403 exactly where the scopes or the role do not allow
   * it, and never refused for its token where they do (a missing record answers 404, an empty
   * body 422).
   */
  it('reaches every endpoint of the table by Bearer exactly as its scope and the owner role allow', async () => {
    const owners: [RoleId, SignedIn][] = [
      [4 as RoleId, acme.root],
      [1 as RoleId, staffRoot],
    ];
    const wrong: string[] = [];
    for (const [role, owner] of owners) {
      for (const scope of TOKEN_SCOPES) {
        const { token } = await make(owner, [scope]);
        for (const endpoint of ENDPOINTS.filter((row: AnyEndpoint) => row.auth === 'session')) {
          if (endpoint.name === 'eventChanges') continue; // a stream: its refusal is the same check, before it opens
          const path = fillPath(endpoint.path, {
            id: 987654,
            case_id: 'ZZZZZZZZ',
            module: 987654,
            application: 987654,
            override_id: 987654,
            provider: 'twilio',
          });
          const answer = await as(
            token,
            endpoint.method,
            path,
            endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {},
          );
          const allowed = tokenMayCall(role, [scope], endpoint);
          const refused = answer.status === 401 || answer.status === 403 || answer.status === 429;
          if (allowed === refused)
            wrong.push(`${endpoint.method} ${endpoint.path} as ${role} with ${scope}: ${answer.status}`);
          clock.advance(1500); // each token stays under its limit
        }
        clock.set(NOW);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never shows a token in a log line', async () => {
    const made = await make(acme.root, ['read']);
    await as(made.token, 'GET', '/api/procedures/get/resource');
    await as(made.token, 'POST', '/api/procedures/add/resource', {});
    await as(`${made.token}x`, 'GET', '/api/procedures/get/resource');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(made.token.slice(4));
    expect(lines.some((line) => line.includes('API token'))).toBe(true);
  });
});
