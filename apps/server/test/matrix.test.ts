import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEndpoints, customerUsers, fillPath, ownUsers, staffUsers, type AnyEndpoint } from '@relevo/api';
import { ALL_ROLES, ROLE_NAMES, can, type RoleId } from '@relevo/domain';
import { hashPassword } from '../src/auth/passwords';
import { insertUser } from '../src/db/users';
import { DATABASE_KINDS } from './support/databases';
import { STRONG_PASSWORD, asSystem, startTestApp, type TestApp } from './support/harness';

/**
 * Issue 5: every users/customers endpoint × every role × the caller's own tenant and another
 * tenant, asserting the status and, where refused, that nothing changed.
 */
type Area = 'customers' | 'staffUsers' | 'customerUsers' | 'ownUsers';
const AREAS: [Area, AnyEndpoint[]][] = [
  ['customers', Object.values(customerEndpoints)],
  ['staffUsers', Object.values(staffUsers)],
  ['customerUsers', Object.values(customerUsers)],
  ['ownUsers', Object.values(ownUsers)],
];

const hasId = (endpoint: AnyEndpoint) => endpoint.path.includes(':id');

describe.each(DATABASE_KINDS)('the role and tenant matrix on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  let provider: number;
  let hash: string;
  let seq = 0;
  const tokens = new Map<RoleId, string>();

  const addUser = async (customerId: number, role: RoleId) =>
    (await asSystem(t, (tx) =>
      insertUser(
        tx,
        { customerId, name: 'Target', lastName: `N${++seq}`, email: `target${seq}.${kind}@example.test`, phone: null, passwordHash: hash, roleId: role, status: 1, forceChangePassword: false, createdBy: 'test' },
        t.clock.now(),
      ),
    ))!;
  const addCustomer = async () => t.createCustomer(`Spare ${kind} ${++seq}`);

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
    hash = await hashPassword(STRONG_PASSWORD);
    alpha = await t.createCustomer('Alpha');
    beta = await t.createCustomer('Beta');
    provider = (await asSystem(t, (tx) => tx.selectFrom('customers').select('customer_id').where('is_provider', '=', true).executeTakeFirstOrThrow())).customer_id;
    const people: [RoleId, string | undefined][] = [
      [1, undefined],
      [2, undefined],
      [3, undefined],
      [4, 'Alpha'],
      [5, 'Alpha'],
    ];
    for (const [role, customer] of people) {
      const user = await t.createUser({ role: ROLE_NAMES[role], customer });
      tokens.set(role, (await t.signIn(user.email, user.password)).token);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  /** An id the endpoint's screen reaches for the caller (own), or one it must not (other). */
  async function target(area: Area, endpoint: AnyEndpoint, which: 'own' | 'other'): Promise<number> {
    switch (area) {
      case 'customers':
        return which === 'own' ? (endpoint.name === 'getCustomer' ? alpha : await addCustomer()) : 987_654;
      case 'staffUsers':
        return which === 'own' ? addUser(provider, 3) : addUser(alpha, 5);
      case 'customerUsers':
        return which === 'own' ? addUser(alpha, 5) : addUser(provider, 3);
      case 'ownUsers':
        return which === 'own' ? addUser(alpha, 5) : addUser(beta, 5);
    }
  }

  function bodyFor(area: Area, endpoint: AnyEndpoint): unknown {
    const unique = `${kind}.${++seq}`;
    const role = area === 'staffUsers' ? 3 : 5;
    switch (endpoint.name) {
      case 'addCustomer':
        return { customer_name: `Added ${unique}`, customer_qty_resources: 5 };
      case 'updateCustomer':
        return { customer_name: `Renamed ${unique}`, customer_active: 'Y', customer_qty_resources: 7 };
    }
    if (endpoint.name.endsWith('.create')) {
      return { name: 'New', last_name: 'Person', email: `new.${unique}@example.test`, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD, rol_id: role, customer_id: alpha };
    }
    if (endpoint.name.endsWith('.update')) return { name: 'Changed', last_name: 'Name', status: 1, rol_id: role };
    if (endpoint.name.endsWith('.changePassword')) return { new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' };
    return undefined;
  }

  /** What a refused call must leave as it was. */
  const snapshot = (id: number | undefined) =>
    asSystem(t, async (tx) => ({
      users: await tx.selectFrom('users').select(['id', 'name', 'status', 'rol_id', 'customer_id', 'password_hash']).orderBy('id').execute(),
      customers: await tx.selectFrom('customers').selectAll().orderBy('customer_id').execute(),
      id,
    }));

  const cases = AREAS.flatMap(([area, endpoints]) =>
    endpoints.flatMap((endpoint) =>
      ALL_ROLES.flatMap((role) => (hasId(endpoint) ? (['own', 'other'] as const) : (['none'] as const)).map((which) => ({ area, endpoint, role, which }))),
    ),
  );

  it.each(cases.map((c) => [`${c.endpoint.method} ${c.endpoint.path} as ${ROLE_NAMES[c.role]} on ${c.which} tenant`, c] as const))('%s', async (_title, c) => {
    const id = c.which === 'none' ? undefined : await target(c.area, c.endpoint, c.which);
    const before = await snapshot(id);
    const body = bodyFor(c.area, c.endpoint);
    const answer = await t.raw(c.endpoint.method, fillPath(c.endpoint.path, { id }), {
      headers: { authorization: `Bearer ${tokens.get(c.role)}` },
      ...(body === undefined ? {} : { body }),
    });
    const allowed = c.endpoint.permissions.some((permission) => can(c.role, permission));
    const expected = !allowed ? 403 : c.which === 'other' ? 404 : 200;
    expect({ status: answer.status, body: expected === 200 ? 'ok' : answer.body }).toEqual({
      status: expected,
      body: expected === 200 ? 'ok' : { detail: expected === 403 ? 'You do not have permission to do this' : expect.stringMatching(/not found/) },
    });
    if (expected !== 200) expect(await snapshot(id)).toEqual(before);
  });

  it('shows a Customer Root only its own customer, whatever it asks', async () => {
    const token = tokens.get(4)!;
    type Page = { total: number; list: { customer: { customer_id: number } }[] };
    const asked = await t.raw<Page>('GET', `/api/user/clients/not_root?page_size=1000&customer_id=${beta}`, { headers: { authorization: `Bearer ${token}` } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ total: 0, list: [] });
    const all = await t.raw<Page>('GET', '/api/user/clients/not_root?page_size=1000', { headers: { authorization: `Bearer ${token}` } });
    expect(all.body.total).toBeGreaterThan(0);
    expect(new Set(all.body.list.map((u) => u.customer.customer_id))).toEqual(new Set([alpha]));
    const created = await t.raw<{ customer: { customer_id: number } }>('POST', '/api/user/clients/not_root', {
      headers: { authorization: `Bearer ${token}` },
      body: { name: 'Sneaky', last_name: 'Move', email: `sneaky.${kind}@example.test`, password: STRONG_PASSWORD, confirm_password: STRONG_PASSWORD, rol_id: 5, customer_id: beta },
    });
    expect(created.status).toBe(200);
    expect(created.body.customer.customer_id).toBe(alpha);
    const current = await t.raw<{ customer_id: number }>('GET', '/api/procedures/get/current', { headers: { authorization: `Bearer ${token}` } });
    expect(current.body.customer_id).toBe(alpha);
  });
});
