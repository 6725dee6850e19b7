import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCustomer, currentCustomer, deleteCustomer, freeCustomers, getCustomer, listCustomers, login, sessionUser, updateCustomer } from '@relevo/api';
import { AUTH_MESSAGES, CUSTOMER_MESSAGES, MESSAGES } from '@relevo/domain';
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
    const created = await staff.client.call(addCustomer, { body: { customer_name: '  Nimbus Co  ', customer_qty_resources: 25 } });
    expect(created).toMatchObject({ customer_name: 'Nimbus Co', customer_active: 'Y', customer_qty_resources: 25, customer_updatedt: null });
    expect(created.customer_createby).toMatch(/@example\.test$/);
    expect(new Date(created.customer_createdt).getTime()).toBeGreaterThan(0);
    const audit = await asSystem(t, (tx) => tx.selectFrom('audit_log').selectAll().where('entity', '=', 'customer').where('entity_id', '=', String(created.customer_id)).execute());
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', customer_id: created.customer_id });
    expect(await staff.client.call(getCustomer, { params: { id: created.customer_id } })).toEqual(created);
  });

  it('refuses a duplicate name in any case, and bad fields, with 422', async () => {
    const dup = await failure(staff.client.call(addCustomer, { body: { customer_name: 'ZETA LABS', customer_qty_resources: 1 } }));
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ detail: [{ loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameTaken }] });
    const bad = await t.raw('POST', '/api/procedures/add/customer', { body: { customer_name: '', customer_qty_resources: -1, extra: 1 }, headers: { authorization: `Bearer ${staff.token}` } });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      detail: [
        { loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameRequired },
        { loc: ['body', 'customer_qty_resources'], msg: 'The value must be greater than or equal to 0' },
        { loc: ['body', 'extra'], msg: 'Unknown field' },
      ],
    });
    const long = await t.raw('POST', '/api/procedures/add/customer', { body: { customer_name: 'x'.repeat(20_000) }, headers: { authorization: `Bearer ${staff.token}` } });
    expect(long.body).toEqual({ detail: [{ loc: ['body', 'customer_name'], msg: 'Must be at most 100 characters' }] });
    const badId = await t.raw('GET', '/api/procedures/get/customer/abc', { headers: { authorization: `Bearer ${staff.token}` } });
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
    const byName = await staff.client.call(listCustomers, { query: { order_by_column: 'customer_name', order_by_direction: 'desc', page_size: 100 } });
    const names = byName.list.map((c) => c.customer_name);
    expect(names[0]).toBe('Zeta Labs');
    const injected = await staff.client.call(listCustomers, { query: { order_by_column: 'customer_id; drop table users', page_size: 100 } });
    expect(injected.list.map((c) => c.customer_id)).toEqual([...injected.list.map((c) => c.customer_id)].sort((a, b) => a - b));
    expect(injected.total).toBe(page.total);
  });

  it('edits a customer and deactivating it ends its people\'s sessions and sign-ins', async () => {
    const id = await t.createCustomer('Fading Inc');
    const user = await t.createUser({ role: 'Customer', customer: 'Fading Inc' });
    const session = await t.signIn(user.email, user.password);
    const updated = await staff.client.call(updateCustomer, { params: { id }, body: { customer_name: 'Fading Inc', customer_active: 'N', customer_qty_resources: 3 } });
    expect(updated).toMatchObject({ customer_active: 'N', customer_qty_resources: 3 });
    expect(updated.customer_updateby).toMatch(/@example\.test$/);
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    const refused = await failure(t.client().call(login, { body: { email: user.email, password: user.password } }));
    expect(refused.message).toBe(AUTH_MESSAGES.inactive);
    const dupName = await failure(staff.client.call(updateCustomer, { params: { id }, body: { customer_name: 'borealis', customer_active: 'N', customer_qty_resources: 3 } }));
    expect(dupName.body).toEqual({ detail: [{ loc: ['body', 'customer_name'], msg: CUSTOMER_MESSAGES.nameTaken }] });
  });

  it('refuses to delete a customer that still has people or events, saying what remains', async () => {
    const id = await t.createCustomer('Busy Co');
    await t.createUser({ role: 'Customer', customer: 'Busy Co' });
    await t.createUser({ role: 'CustomerRoot', customer: 'Busy Co' });
    await asSystem(t, (tx) => tx.insertInto('events').values({ customer_id: id, case_id: `BUSY-${kind}`, short_event_subject: 's', short_event_body: 'b' }).execute());
    const refused = await failure(staff.client.call(deleteCustomer, { params: { id } }));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('This customer still has 2 users and 1 event; remove them first');
    const empty = await t.createCustomer('Empty Co');
    expect(await staff.client.call(deleteCustomer, { params: { id: empty } })).toEqual({ Message: MESSAGES.customerDeleted });
    expect((await failure(staff.client.call(getCustomer, { params: { id: empty } }))).status).toBe(404);
  });

  it('protects the provider organisation', async () => {
    const provider = (await staff.client.call(currentCustomer)).customer_id;
    expect((await failure(staff.client.call(deleteCustomer, { params: { id: provider } }))).message).toBe(CUSTOMER_MESSAGES.providerLocked);
    const deactivate = await failure(staff.client.call(updateCustomer, { params: { id: provider }, body: { customer_name: 'Relevo', customer_active: 'N', customer_qty_resources: 0 } }));
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
    expect((await failure(viewer.client.call(addCustomer, { body: { customer_name: 'Nope', customer_qty_resources: 1 } }))).status).toBe(403);
  });
});
