import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEndpoints, customerUsers, fillPath, ownUsers, staffUsers, type AnyEndpoint } from '@relevo/api';
import { ALL_ROLES, ROLE_NAMES, can, type RoleId } from '@relevo/domain';
import { hashPassword } from '../src/auth/passwords';
import { insertUser } from '../src/db/users';
import { DATABASE_KINDS } from './support/databases';
import { STRONG_PASSWORD, asSystem, startTestApp, type TestApp } from './support/harness';

/**
 * Issue 5: every users/customers endpoint × every role × the caller's own tenant and another
 * tenant, asserting the status, what a permitted call did, and, where refused, that nothing
 * changed. "Another tenant" is another customer's record for a call on one record, and another
 * customer named in the query or body for a list or a create; staff reach every customer, so
 * for them the other tenant's record is one their screen does not hold (a customer user on Admin
 * Users, a staff user on Customer Users, a customer that does not exist).
 */
type Area = 'customers' | 'staffUsers' | 'customerUsers' | 'ownUsers';
type Which = 'own' | 'other';
const AREAS: [Area, AnyEndpoint[]][] = [
  ['customers', Object.values(customerEndpoints)],
  ['staffUsers', Object.values(staffUsers)],
  ['customerUsers', Object.values(customerUsers)],
  ['ownUsers', Object.values(ownUsers)],
];

const hasId = (endpoint: AnyEndpoint) => endpoint.path.includes(':id');
const action = (endpoint: AnyEndpoint) => endpoint.name.split('.').pop()!;
/** calls on users that name a customer in the query (list) or the body (create) */
const namesCustomer = (area: Area, endpoint: AnyEndpoint) => area !== 'customers' && (action(endpoint) === 'list' || action(endpoint) === 'create');

interface Page {
  total: number;
  list: { id: number; role: { rol_id: number }; customer: { customer_id: number } }[];
}

describe.each(DATABASE_KINDS)('the role and tenant matrix on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  let provider: number;
  let hash: string;
  let seq = 0;
  const tokens = new Map<RoleId, string>();
  /** the customer each caller belongs to */
  const homes = new Map<RoleId, number>();

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
    for (const role of ALL_ROLES) {
      const customer = role >= 4 ? 'Alpha' : undefined;
      const user = await t.createUser({ role: ROLE_NAMES[role], customer });
      tokens.set(role, (await t.signIn(user.email, user.password)).token);
      homes.set(role, role >= 4 ? alpha : provider);
    }
    // every screen has something of each tenant to show (or to leave out)
    await addUser(alpha, 5);
    await addUser(beta, 5);
    await addUser(beta, 4);
  }, 120_000);
  afterAll(async () => t?.close());

  /** An id the endpoint's screen reaches for the caller (own), or one it must not (other). */
  async function target(area: Area, endpoint: AnyEndpoint, which: Which): Promise<number> {
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

  function bodyFor(area: Area, endpoint: AnyEndpoint, which: Which): Record<string, unknown> | undefined {
    const unique = `${kind}.${++seq}`;
    const role = area === 'staffUsers' ? 3 : 5;
    switch (endpoint.name) {
      case 'addCustomer':
        return { customer_name: `Added ${unique}`, customer_qty_resources: 5 };
      case 'updateCustomer':
        return { customer_name: `Renamed ${unique}`, customer_active: 'Y', customer_qty_resources: 7 };
    }
    switch (action(endpoint)) {
      case 'create':
        return {
          name: 'New',
          last_name: 'Person',
          email: `new.${unique}@example.test`,
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
          rol_id: role,
          customer_id: which === 'own' ? alpha : beta,
        };
      case 'update':
        return { name: 'Changed', last_name: `Name ${unique}`, status: 1, rol_id: role };
      case 'changePassword':
        return { new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' };
    }
    return undefined;
  }

  /** What a refused call must leave as it was. */
  const snapshot = () =>
    asSystem(t, async (tx) => ({
      users: await tx.selectFrom('users').select(['id', 'name', 'last_name', 'status', 'rol_id', 'customer_id', 'password_hash', 'updated_at']).orderBy('id').execute(),
      customers: await tx.selectFrom('customers').selectAll().orderBy('customer_id').execute(),
      audited: (await tx.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    }));

  /** Which users a screen shows to a caller (spec 2.10; service.md section 4). */
  function reaches(area: Area, role: RoleId, user: Page['list'][number]): boolean {
    if (area === 'staffUsers') return user.role.rol_id <= 3 && user.customer.customer_id === provider;
    if (area === 'customerUsers') return user.role.rol_id >= 4 && user.customer.customer_id !== provider;
    return user.role.rol_id >= 4 && user.customer.customer_id === homes.get(role);
  }

  /** What a permitted call must have done, read back from the database. */
  async function expectDone(area: Area, endpoint: AnyEndpoint, role: RoleId, which: Which, id: number | undefined, body: Record<string, unknown> | undefined, answer: unknown) {
    const name = endpoint.name;
    const users = await asSystem(t, (tx) => tx.selectFrom('users').selectAll().execute());
    const customers = await asSystem(t, (tx) => tx.selectFrom('customers').selectAll().execute());
    if (name === 'getCustomer') return expect((answer as { customer_id: number }).customer_id).toBe(id);
    if (name === 'updateCustomer') return expect(customers.find((c) => c.customer_id === id)?.customer_name).toBe(body!.customer_name);
    if (name === 'deleteCustomer') return expect(customers.find((c) => c.customer_id === id)).toBeUndefined();
    if (name === 'addCustomer') return expect(customers.filter((c) => c.customer_name === body!.customer_name)).toHaveLength(1);
    if (name === 'currentCustomer') return expect((answer as { customer_id: number }).customer_id).toBe(homes.get(role));
    if (name === 'listCustomers') return expect((answer as { total: number }).total).toBe(customers.length);
    if (name === 'freeCustomers') {
      const free = (answer as { list: { customer_id: number }[] }).list.map((c) => c.customer_id);
      const roots = new Set(users.filter((u) => u.rol_id === 4).map((u) => u.customer_id));
      const expected = customers.filter((c) => !c.is_provider && c.customer_active === 'Y' && !roots.has(c.customer_id)).map((c) => c.customer_id);
      return expect(free.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    }
    switch (action(endpoint)) {
      case 'get':
        return expect((answer as { id: number }).id).toBe(id);
      case 'update':
        return expect(users.find((u) => u.id === id)).toMatchObject({ last_name: body!.last_name });
      case 'remove':
        return expect(users.find((u) => u.id === id)).toBeUndefined();
      case 'changePassword':
        return expect(users.find((u) => u.id === id)!.password_hash).not.toBe(hash);
      case 'create': {
        const made = users.find((u) => u.email === body!.email);
        // Admin Users go to the provider and Users to the caller's customer, whatever the body says
        const home = area === 'staffUsers' ? provider : area === 'ownUsers' ? homes.get(role) : body!.customer_id;
        return expect(made?.customer_id).toBe(home);
      }
      case 'list': {
        const page = answer as Page;
        expect(page.list.filter((u) => !reaches(area, role, u))).toEqual([]);
        expect(page.total).toBe(page.list.length);
        // staff reach the other customer's users on Customer Users; no one else finds any there
        if (which === 'other' && area !== 'customerUsers') return expect(page).toEqual({ total: 0, list: [] });
        expect(page.list.length).toBeGreaterThan(0);
        if (which === 'other') expect(page.list.every((u) => u.customer.customer_id === beta)).toBe(true);
        return;
      }
    }
    throw new Error(`no expectation for ${name}`);
  }

  const cases = AREAS.flatMap(([area, endpoints]) =>
    endpoints.flatMap((endpoint) =>
      ALL_ROLES.flatMap((role) =>
        (hasId(endpoint) || namesCustomer(area, endpoint) ? (['own', 'other'] as const) : (['own'] as const)).map((which) => ({ area, endpoint, role, which })),
      ),
    ),
  );

  it.each(cases.map((c) => [`${c.endpoint.method} ${c.endpoint.path} as ${ROLE_NAMES[c.role]} on ${c.which} tenant`, c] as const))('%s', async (_title, c) => {
    const id = hasId(c.endpoint) ? await target(c.area, c.endpoint, c.which) : undefined;
    const before = await snapshot();
    const body = bodyFor(c.area, c.endpoint, c.which);
    const query = namesCustomer(c.area, c.endpoint) && action(c.endpoint) === 'list' ? `?page_size=1000${c.which === 'other' ? `&customer_id=${beta}` : ''}` : '';
    const answer = await t.raw(c.endpoint.method, `${fillPath(c.endpoint.path, { id })}${query}`, {
      headers: { authorization: `Bearer ${tokens.get(c.role)}` },
      ...(body === undefined ? {} : { body }),
    });
    const allowed = c.endpoint.permissions.some((permission) => can(c.role, permission));
    const expected = !allowed ? 403 : c.which === 'other' && hasId(c.endpoint) ? 404 : 200;
    expect({ status: answer.status, body: expected === 200 ? 'ok' : answer.body }).toEqual({
      status: expected,
      body: expected === 200 ? 'ok' : { detail: expected === 403 ? 'You do not have permission to do this' : expect.stringMatching(/not found/) },
    });
    if (expected === 200) await expectDone(c.area, c.endpoint, c.role, c.which, id, body, answer.body);
    else expect(await snapshot()).toEqual(before);
  });

  it('covers every endpoint of the two areas for every role', () => {
    const covered = new Set(cases.map((c) => `${c.endpoint.name}:${c.role}`));
    for (const [, endpoints] of AREAS) for (const endpoint of endpoints) for (const role of ALL_ROLES) expect(covered.has(`${endpoint.name}:${role}`)).toBe(true);
  });
});
