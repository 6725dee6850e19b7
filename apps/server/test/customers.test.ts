import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_ORDER_COLUMNS,
  addCustomer,
  currentCustomer,
  deleteCustomer,
  freeCustomers,
  getCustomer,
  listCustomers,
  login,
  sessionUser,
  updateCustomer,
} from '@relevo/api';
import { AUTH_MESSAGES, CUSTOMER_MESSAGES, DEFAULT_RESOURCE_QUOTA, MESSAGES, type Customer } from '@relevo/domain';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

describe.each(DATABASE_KINDS)('customers on %s', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let viewer: SignedIn;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    const root = await t.createUser({ role: 'StaffRoot' });
    staff = await t.signIn(root.email, root.password);
    const view = await t.createUser({ role: 'StaffView' });
    viewer = await t.signIn(view.email, view.password);
    for (const name of ['Zeta Labs', 'Acme 100%', 'acme_underscore', 'Borealis']) await t.createCustomer(name, 12);
  });
  afterAll(async () => t?.close());

  it('creates a customer with the quota, sets who and when from the session, and audits it', async () => {
    const created = await staff.client.call(addCustomer, {
      body: { customer_name: '  Nimbus Co  ', customer_qty_resources: 25 },
    });
    expect(created).toMatchObject({
      customer_name: 'Nimbus Co',
      customer_active: 'Y',
      customer_qty_resources: 25,
      customer_updatedt: null,
    });
    expect(created.customer_createby).toMatch(/@example\.test$/);
    expect(new Date(created.customer_createdt).getTime()).toBeGreaterThan(0);
    const audit = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'customer')
        .where('entity_id', '=', String(created.customer_id))
        .execute(),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', customer_id: created.customer_id });
    expect(await staff.client.call(getCustomer, { params: { id: created.customer_id } })).toEqual(created);
  });

  it('refuses a duplicate name in any case, and bad fields, with 422', async () => {
    const dup = await failure(
      staff.client.call(addCustomer, { body: { customer_name: 'ZETA LABS', customer_qty_resources: 1 } }),
    );
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ detail: [{ loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameTaken }] });
    const bad = await t.raw('POST', '/api/procedures/add/customer', {
      body: { customer_name: '', customer_qty_resources: -1, extra: 1 },
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      detail: [
        { loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameRequired },
        { loc: ['body', 'customer_qty_resources'], msg: 'The value must be greater than or equal to 0' },
        { loc: ['body', 'extra'], msg: 'Unknown field' },
      ],
    });
    const long = await t.raw('POST', '/api/procedures/add/customer', {
      body: { customer_name: 'x'.repeat(20_000) },
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(long.body).toEqual({ detail: [{ loc: ['body', 'customer_name'], msg: 'Must be at most 100 characters' }] });
    const badId = await t.raw('GET', '/api/procedures/get/customer/abc', {
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(badId.body).toEqual({ detail: [{ loc: ['path', 'id'], msg: 'Must be a valid id' }] });
  });

  it('lists with paging, search (wildcards taken literally), allow-listed sort and not_root', async () => {
    const page = await staff.client.call(listCustomers, { query: { page_size: 2, page_num: 1 } });
    expect(page.list).toHaveLength(2);
    expect(page.list[0]!.customer_name).toBe('Relevo');
    const ids = page.list.map((c) => c.customer_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const notRoot = await staff.client.call(listCustomers, { query: { not_root: true, page_size: 100 } });
    expect(notRoot.list.map((c) => c.customer_name)).not.toContain('Relevo');
    expect(notRoot.total).toBe(page.total - 1);
    const percent = await staff.client.call(listCustomers, { query: { search: '100%' } });
    expect(percent.list.map((c) => c.customer_name)).toEqual(['Acme 100%']);
    const underscore = await staff.client.call(listCustomers, { query: { search: 'e_u' } });
    expect(underscore.list.map((c) => c.customer_name)).toEqual(['acme_underscore']);
    const byName = await staff.client.call(listCustomers, {
      query: { order_by_column: 'customer_name', order_by_direction: 'desc', page_size: 100 },
    });
    const names = byName.list.map((c) => c.customer_name);
    expect(names[0]).toBe('Zeta Labs');
    const injected = await staff.client.call(listCustomers, {
      query: { order_by_column: 'customer_id; drop table users', page_size: 100 },
    });
    expect(injected.list.map((c) => c.customer_id)).toEqual(
      [...injected.list.map((c) => c.customer_id)].sort((a, b) => a - b),
    );
    expect(injected.total).toBe(page.total);
  });

  it("edits a customer and deactivating it ends its people's sessions and sign-ins", async () => {
    const id = await t.createCustomer('Fading Inc');
    const user = await t.createUser({ role: 'Customer', customer: 'Fading Inc' });
    const session = await t.signIn(user.email, user.password);
    const updated = await staff.client.call(updateCustomer, {
      params: { id },
      body: { customer_name: 'Fading Inc', customer_active: 'N', customer_qty_resources: 3 },
    });
    expect(updated).toMatchObject({ customer_active: 'N', customer_qty_resources: 3 });
    expect(updated.customer_updateby).toMatch(/@example\.test$/);
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    const refused = await failure(t.client().call(login, { body: { email: user.email, password: user.password } }));
    expect(refused.message).toBe(AUTH_MESSAGES.inactive);
    const dupName = await failure(
      staff.client.call(updateCustomer, {
        params: { id },
        body: { customer_name: 'borealis', customer_active: 'N', customer_qty_resources: 3 },
      }),
    );
    expect(dupName.body).toEqual({ detail: [{ loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameTaken }] });
  });

  it('refuses to delete a customer that still has people or events, saying what remains', async () => {
    const id = await t.createCustomer('Busy Co');
    await t.createUser({ role: 'Customer', customer: 'Busy Co' });
    await t.createUser({ role: 'CustomerRoot', customer: 'Busy Co' });
    await asSystem(t, (tx) =>
      tx
        .insertInto('events')
        .values({ customer_id: id, case_id: `BUSY-${kind}`, short_event_subject: 's', short_event_body: 'b' })
        .execute(),
    );
    const refused = await failure(staff.client.call(deleteCustomer, { params: { id } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('This customer still has 2 users and 1 event; remove them first');
    const empty = await t.createCustomer('Empty Co');
    expect(await staff.client.call(deleteCustomer, { params: { id: empty } })).toEqual({
      Message: MESSAGES.customerDeleted,
    });
    expect((await failure(staff.client.call(getCustomer, { params: { id: empty } }))).status).toBe(404);
  });

  it('protects the provider organisation', async () => {
    const provider = (await staff.client.call(currentCustomer)).customer_id;
    expect((await failure(staff.client.call(deleteCustomer, { params: { id: provider } }))).message).toBe(
      CUSTOMER_MESSAGES.providerLocked,
    );
    const deactivate = await failure(
      staff.client.call(updateCustomer, {
        params: { id: provider },
        body: { customer_name: 'Relevo', customer_active: 'N', customer_qty_resources: 0 },
      }),
    );
    expect(deactivate.status).toBe(409);
  });

  it('lists as free only active customers without a Customer Root', async () => {
    await t.createCustomer('Has Root');
    await t.createUser({ role: 'CustomerRoot', customer: 'Has Root' });
    await t.createCustomer('Rootless');
    const free = await viewer.client.call(freeCustomers);
    const names = free.list.map((c) => c.customer_name);
    expect(names).toContain('Rootless');
    expect(names).not.toContain('Has Root');
    expect(names).not.toContain('Relevo');
    expect(names).not.toContain('Fading Inc');
  });

  it('keeps StaffView to reading', async () => {
    expect((await viewer.client.call(listCustomers)).total).toBeGreaterThan(0);
    expect(
      (await failure(viewer.client.call(addCustomer, { body: { customer_name: 'Nope', customer_qty_resources: 1 } })))
        .status,
    ).toBe(403);
  });
});

describe.each(DATABASE_KINDS)('customer rules and input on %s', (kind) => {
  let t: TestApp;
  let staff: SignedIn;
  let staffEmail: string;
  let acme: number;
  const bearer = () => ({ authorization: `Bearer ${staff.token}` });
  const customerRows = () =>
    asSystem(t, (tx) => tx.selectFrom('customers').selectAll().orderBy('customer_id').execute());

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
    const root = await t.createUser({ role: 'StaffEdit' });
    staffEmail = root.email;
    staff = await t.signIn(root.email, root.password);
    acme = await t.createCustomer('Acme');
  });
  afterAll(async () => t?.close());

  it('answers an empty edit with the required message of every field, and bad fields with theirs', async () => {
    const before = await customerRows();
    const empty = await t.raw('PUT', `/api/procedures/upd/customer/${acme}`, { body: {}, headers: bearer() });
    expect(empty).toMatchObject({
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameRequired },
          { loc: ['body', 'customer_active'], msg: CUSTOMER_MESSAGES.activeRequired },
          { loc: ['body', 'customer_qty_resources'], msg: CUSTOMER_MESSAGES.quota },
        ],
      },
    });
    const wrong = await t.raw('PUT', `/api/procedures/upd/customer/${acme}`, {
      body: { customer_name: 7, customer_active: 'X', customer_qty_resources: 'ten' },
      headers: bearer(),
    });
    expect(wrong.body).toEqual({
      detail: [
        { loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameRequired },
        { loc: ['body', 'customer_active'], msg: CUSTOMER_MESSAGES.activeRequired },
        { loc: ['body', 'customer_qty_resources'], msg: CUSTOMER_MESSAGES.quota },
      ],
    });
    const tooMany = await t.raw('PUT', `/api/procedures/upd/customer/${acme}`, {
      body: { customer_name: 'Acme', customer_active: 'Y', customer_qty_resources: 100_001 },
      headers: bearer(),
    });
    expect(tooMany.body).toEqual({
      detail: [{ loc: ['body', 'customer_qty_resources'], msg: 'The value must be less than or equal to 100000' }],
    });
    const fraction = await t.raw('POST', '/api/procedures/add/customer', {
      body: { customer_name: 'Half', customer_qty_resources: 1.5 },
      headers: bearer(),
    });
    expect(fraction.body).toEqual({
      detail: [{ loc: ['body', 'customer_qty_resources'], msg: CUSTOMER_MESSAGES.quota }],
    });
    // who, when and the provider flag come from the server (docs/product.md#tenants-and-roles)
    for (const field of ['customer_createby', 'customer_createdt', 'customer_updateby', 'is_provider', 'customer_id']) {
      const answer = await t.raw('POST', '/api/procedures/add/customer', {
        body: { customer_name: `Field ${field}`, [field]: 'x' },
        headers: bearer(),
      });
      expect(answer.body, field).toEqual({ detail: [{ loc: ['body', field], msg: 'Unknown field' }] });
    }
    const notObject = await t.raw('POST', '/api/procedures/add/customer', { body: 'Acme', headers: bearer() });
    expect(notObject).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body'], msg: 'The body must be a JSON object' }] },
    });
    expect(await customerRows()).toEqual(before);
  });

  it('checks the id of every path: 422 for a bad one, 404 for one that does not exist', async () => {
    const edit = { customer_name: 'Nobody', customer_active: 'Y', customer_qty_resources: 1 };
    for (const [id, msg] of [
      ['abc', 'Must be a valid id'],
      ['0', 'The value must be greater than or equal to 1'],
      ['99999999999', 'The value must be less than or equal to 2147483647'],
    ] as const) {
      for (const [method, path, body] of [
        ['GET', `/api/procedures/get/customer/${id}`, undefined],
        ['PUT', `/api/procedures/upd/customer/${id}`, edit],
        ['DELETE', `/api/procedures/del/customer/${id}`, undefined],
      ] as const) {
        const answer = await t.raw(method, path, { headers: bearer(), ...(body ? { body } : {}) });
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 422,
          body: { detail: [{ loc: ['path', 'id'], msg }] },
        });
      }
    }
    for (const [method, path, body] of [
      ['GET', '/api/procedures/get/customer/55555', undefined],
      ['PUT', '/api/procedures/upd/customer/55555', edit],
      ['DELETE', '/api/procedures/del/customer/55555', undefined],
    ] as const) {
      expect(await t.raw(method, path, { headers: bearer(), ...(body ? { body } : {}) })).toMatchObject({
        status: 404,
        body: { detail: CUSTOMER_MESSAGES.notFound },
      });
    }
  });

  it('checks the paging query of the list', async () => {
    for (const [query, field, msg] of [
      ['not_root=maybe', 'not_root', 'Must be true or false'],
      ['page_size=-1', 'page_size', 'The value must be greater than or equal to 1'],
      ['page_num=0', 'page_num', 'The value must be greater than or equal to 1'],
      ['order_by_direction=sideways', 'order_by_direction', 'Must be asc or desc'],
    ] as const) {
      const answer = await t.raw('GET', `/api/procedures/get/customer?${query}`, { headers: bearer() });
      expect({ query, status: answer.status, body: answer.body }).toEqual({
        query,
        status: 422,
        body: { detail: [{ loc: ['query', field], msg }] },
      });
    }
  });

  it('creates with the default quota of docs/product.md#constants-and-limits, sets who and when from the session, and audits edits and deletes', async () => {
    const created = await staff.client.call(addCustomer, { body: { customer_name: 'Quota Default' } });
    expect(created).toMatchObject({
      customer_qty_resources: DEFAULT_RESOURCE_QUOTA,
      customer_createby: staffEmail,
      customer_createdt: t.clock.now().toISOString(),
      customer_updateby: null,
    });
    t.clock.advance(3_000);
    const edited = await staff.client.call(updateCustomer, {
      params: { id: created.customer_id },
      body: { customer_name: 'Quota Set', customer_active: 'Y', customer_qty_resources: 40 },
    });
    expect(edited).toMatchObject({
      customer_name: 'Quota Set',
      customer_qty_resources: 40,
      customer_createby: staffEmail,
      customer_updateby: staffEmail,
      customer_updatedt: t.clock.now().toISOString(),
    });
    expect(await staff.client.call(deleteCustomer, { params: { id: created.customer_id } })).toEqual({
      Message: MESSAGES.customerDeleted,
    });
    const audit = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'customer')
        .where('entity_id', '=', String(created.customer_id))
        .orderBy('id')
        .execute(),
    );
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ['create', staffEmail],
      ['update', staffEmail],
      ['delete', staffEmail],
    ]);
    expect(audit[1]!.detail).toEqual({ customer_name: 'Quota Set', customer_qty_resources: 40 });
    expect(audit[2]!.detail).toEqual({ customer_name: 'Quota Set' });
    expect((await customerRows()).some((c) => c.customer_id === created.customer_id)).toBe(false);
  });

  it('says how many users remain when a customer with one user is deleted', async () => {
    const id = await t.createCustomer('One Left');
    await t.createUser({ role: 'Customer', customer: 'One Left' });
    const refused = await failure(staff.client.call(deleteCustomer, { params: { id } }));
    expect(refused).toMatchObject({ status: 409, message: 'This customer still has 1 user; remove them first' });
    expect((await customerRows()).some((c) => c.customer_id === id)).toBe(true);
  });

  it("answers the session user's own customer as the current one", async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const session = await t.signIn(user.email, user.password);
    expect(await session.client.call(currentCustomer)).toMatchObject({ customer_id: acme, customer_name: 'Acme' });
    expect(await staff.client.call(currentCustomer)).toMatchObject({ customer_name: 'Relevo' });
  });

  it("shows a renamed customer and its new quota in its people's session at once", async () => {
    const id = await t.createCustomer('Old Name');
    const user = await t.createUser({ role: 'CustomerRoot', customer: 'Old Name' });
    const session = await t.signIn(user.email, user.password);
    expect((await session.client.call(sessionUser)).customer).toMatchObject({
      customer_name: 'Old Name',
      customer_qty_resources: 10,
    });
    await staff.client.call(updateCustomer, {
      params: { id },
      body: { customer_name: 'New Name', customer_active: 'Y', customer_qty_resources: 25 },
    });
    expect((await session.client.call(sessionUser)).customer).toMatchObject({
      customer_name: 'New Name',
      customer_qty_resources: 25,
    });
  });

  it('searches names without regard to case, pages past the end, and sorts by every allowed column', async () => {
    for (const name of ['Kappa Uno', 'kappa dos', 'KAPPA Tres'])
      await staff.client.call(addCustomer, { body: { customer_name: name, customer_qty_resources: name.length } });
    const found = await staff.client.call(listCustomers, { query: { search: 'kApPa', page_size: 100 } });
    expect(found.list.map((c) => c.customer_name).sort()).toEqual(['KAPPA Tres', 'Kappa Uno', 'kappa dos']);
    expect(await staff.client.call(listCustomers, { query: { search: 'kappa', page_num: 2 } })).toEqual({
      total: 3,
      list: [],
    });
    type Row = Customer;
    const key: Record<(typeof CUSTOMER_ORDER_COLUMNS)[number], (c: Row) => string | number | null> = {
      customer_id: (c) => c.customer_id,
      customer_name: (c) => c.customer_name.toLowerCase(),
      customer_active: (c) => c.customer_active,
      customer_qty_resources: (c) => c.customer_qty_resources,
      customer_createdt: (c) => c.customer_createdt,
      customer_updatedt: (c) => c.customer_updatedt,
    };
    const all = await staff.client.call(listCustomers, { query: { page_size: 1000 } });
    expect(all.list.map((c) => c.customer_id)).toEqual(all.list.map((c) => c.customer_id).sort((a, b) => a - b));
    for (const column of CUSTOMER_ORDER_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const page = await staff.client.call(listCustomers, {
          query: { order_by_column: column, order_by_direction: direction, page_size: 1000 },
        });
        const expected = [...page.list]
          .sort((a, b) => {
            const [x, y] = [key[column](a), key[column](b)];
            let order = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
            if (order === 0) order = a.customer_id - b.customer_id;
            return direction === 'asc' ? order : -order;
          })
          .map((c) => c.customer_id);
        expect({ column, direction, ids: page.list.map((c) => c.customer_id) }).toEqual({
          column,
          direction,
          ids: expected,
        });
      }
    }
  });
});
