import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUsers, login, ownUsers, sessionUser, staffUsers } from '@relevo/api';
import { MESSAGES, PASSWORD_MESSAGES, USER_MESSAGES } from '@relevo/domain';
import { DATABASE_KINDS } from './support/databases';
import { STRONG_PASSWORD, asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

const person = (email: string, rol_id: number, extra: Record<string, unknown> = {}) => ({
  name: 'Elena',
  last_name: 'Ruiz',
  email,
  password: STRONG_PASSWORD,
  confirm_password: STRONG_PASSWORD,
  rol_id,
  ...extra,
});

describe.each(DATABASE_KINDS)('users on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let rootId: number;
  let edit: SignedIn;
  let acmeRoot: SignedIn;
  let acme: number;
  let globex: number;
  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
    acme = await t.createCustomer('Acme');
    globex = await t.createCustomer('Globex');
    const r = await t.createUser({ role: 'StaffRoot', name: 'Root' });
    rootId = r.id;
    root = await t.signIn(r.email, r.password);
    const e = await t.createUser({ role: 'StaffEdit' });
    edit = await t.signIn(e.email, e.password);
    const a = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    acmeRoot = await t.signIn(a.email, a.password);
  });
  afterAll(async () => t?.close());

  it('creates a staff user: active, asked to change its password, e-mail stored lower-case, audited', async () => {
    const user = await root.client.call(staffUsers.create, { body: person(`Staff.One.${kind}@Example.test`, 2, { phone: '+1 787 555 0100' }) });
    expect(user).toMatchObject({
      email: `staff.one.${kind}@example.test`,
      status: 1,
      role: { rol_id: 2, rol_name: 'StaffEdit' },
      customer: { customer_name: 'Relevo' },
      is_admin: false,
      force_change_password: true,
      phone: '+17875550100',
      updated_at: null,
    });
    expect(user.created_by).toMatch(/@example\.test$/);
    expect(JSON.stringify(user)).not.toMatch(/password_hash|argon2/);
    const audit = await asSystem(t, (tx) => tx.selectFrom('audit_log').selectAll().where('entity', '=', 'user').where('entity_id', '=', String(user.id)).execute());
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(STRONG_PASSWORD);
    // the new user signs in and must change its password
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    expect((await session.client.call(sessionUser)).force_change_password).toBe(true);
  });

  it('refuses a taken e-mail in any case with 422 on the email field', async () => {
    await root.client.call(staffUsers.create, { body: person(`taken.${kind}@example.test`, 3) });
    const again = await failure(acmeRoot.client.call(ownUsers.create, { body: person(`TAKEN.${kind}@example.test`, 5) }));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ detail: [{ loc: ['body', 'email'], msg: USER_MESSAGES.emailTaken }] });
  });

  it('grants only the roles of the screen and of the caller', async () => {
    const staffRoleOnCustomer = await failure(root.client.call(customerUsers.create, { body: person(`x1.${kind}@example.test`, 1, { customer_id: acme }) }));
    expect(staffRoleOnCustomer.body).toEqual({ detail: [{ loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleNotAllowed }] });
    const customerRoleOnStaff = await failure(root.client.call(staffUsers.create, { body: person(`x2.${kind}@example.test`, 4) }));
    expect(customerRoleOnStaff.status).toBe(422);
    const staffByCustomerRoot = await failure(acmeRoot.client.call(ownUsers.create, { body: person(`x3.${kind}@example.test`, 2) }));
    expect(staffByCustomerRoot.body).toEqual({ detail: [{ loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleNotAllowed }] });
    const noSuchRole = await failure(root.client.call(staffUsers.create, { body: person(`x4.${kind}@example.test`, 9) }));
    expect(noSuchRole.body).toEqual({ detail: [{ loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleRequired }] });
  });

  it('puts Customer Users in a real customer, never the provider', async () => {
    const missing = await failure(edit.client.call(customerUsers.create, { body: person(`c1.${kind}@example.test`, 5) }));
    expect(missing.body).toEqual({ detail: [{ loc: ['body', 'customer_id'], msg: USER_MESSAGES.customerRequired }] });
    const provider = (await asSystem(t, (tx) => tx.selectFrom('customers').select('customer_id').where('is_provider', '=', true).executeTakeFirstOrThrow())).customer_id;
    expect((await failure(edit.client.call(customerUsers.create, { body: person(`c2.${kind}@example.test`, 5, { customer_id: provider }) }))).status).toBe(422);
    expect((await failure(edit.client.call(customerUsers.create, { body: person(`c3.${kind}@example.test`, 5, { customer_id: 999_999 }) }))).status).toBe(422);
    const made = await edit.client.call(customerUsers.create, { body: person(`c4.${kind}@example.test`, 4, { customer_id: globex }) });
    expect(made.customer).toEqual({ customer_id: globex, customer_name: 'Globex' });
    // StaffRoot may move it to another customer (spec 3: customer user edit sends a customer id)
    const moved = await root.client.call(customerUsers.update, { params: { id: made.id }, body: { name: 'Moved', last_name: 'User', status: 1, rol_id: 4, customer_id: acme } });
    expect(moved.customer).toEqual({ customer_id: acme, customer_name: 'Acme' });
  });

  it('keeps the e-mail after creation and checks the rest of an edit', async () => {
    const user = await acmeRoot.client.call(ownUsers.create, { body: person(`edit.${kind}@example.test`, 5) });
    const locked = await failure(acmeRoot.client.call(ownUsers.update, { params: { id: user.id }, body: { name: 'A', last_name: 'B', status: 1, rol_id: 5, email: `other.${kind}@example.test` } }));
    expect(locked.body).toEqual({ detail: [{ loc: ['body', 'email'], msg: USER_MESSAGES.emailLocked }] });
    const same = await acmeRoot.client.call(ownUsers.update, { params: { id: user.id }, body: { name: 'Ana', last_name: 'Paz', status: 1, rol_id: 4, email: user.email.toUpperCase() } });
    expect(same).toMatchObject({ name: 'Ana', last_name: 'Paz', role: { rol_id: 4 }, email: user.email });
    expect(same.updated_by).toMatch(/@example\.test$/);
    const bad = await t.raw('PUT', `/api/user/clients/not_root/${user.id}`, { body: { name: '', last_name: 'x'.repeat(200), status: 3, rol_id: 'five' }, headers: { authorization: `Bearer ${acmeRoot.token}` } });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: USER_MESSAGES.nameRequired },
        { loc: ['body', 'last_name'], msg: 'Must be at most 100 characters' },
        { loc: ['body', 'status'], msg: USER_MESSAGES.statusRequired },
        { loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleRequired },
      ],
    });
  });

  it('ends the sessions of a deactivated user, who can no longer sign in', async () => {
    const user = await acmeRoot.client.call(ownUsers.create, { body: person(`off.${kind}@example.test`, 5, { force_change_password: false }) });
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    await acmeRoot.client.call(ownUsers.update, { params: { id: user.id }, body: { name: 'Off', last_name: 'User', status: 0, rol_id: 5 } });
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    expect((await failure(t.client().call(login, { body: { email: user.email, password: STRONG_PASSWORD } }))).status).toBe(401);
  });

  it('changes a user\'s password by an admin: the user must change it again and loses its sessions', async () => {
    const user = await acmeRoot.client.call(ownUsers.create, { body: person(`pw.${kind}@example.test`, 5, { force_change_password: false }) });
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    const weak = await failure(acmeRoot.client.call(ownUsers.changePassword, { params: { id: user.id }, body: { new_password: 'short', confirm_password: 'short' } }));
    expect(weak.status).toBe(422);
    expect(weak.message).toBe(PASSWORD_MESSAGES.minLength);
    const done = await acmeRoot.client.call(ownUsers.changePassword, { params: { id: user.id }, body: { new_password: 'Admin.Set9', confirm_password: 'Admin.Set9' } });
    expect(done).toEqual({ Message: MESSAGES.passwordUpdated });
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    const again = await t.signIn(user.email, 'Admin.Set9');
    expect((await again.client.call(sessionUser)).force_change_password).toBe(true);
    const audit = await asSystem(t, (tx) => tx.selectFrom('audit_log').select('action').where('entity_id', '=', String(user.id)).where('entity', '=', 'user').orderBy('id').execute());
    expect(audit.map((a) => a.action)).toEqual(['create', 'password']);
  });

  it('refuses deleting, demoting or deactivating yourself', async () => {
    expect((await failure(root.client.call(staffUsers.remove, { params: { id: rootId } }))).message).toBe(USER_MESSAGES.selfDelete);
    const demote = await failure(root.client.call(staffUsers.update, { params: { id: rootId }, body: { name: 'Root', last_name: 'X', status: 1, rol_id: 2 } }));
    expect(demote).toMatchObject({ status: 409, message: USER_MESSAGES.selfDemote });
    expect((await failure(root.client.call(staffUsers.update, { params: { id: rootId }, body: { name: 'Root', last_name: 'X', status: 0, rol_id: 1 } }))).status).toBe(409);
    expect((await root.client.call(staffUsers.get, { params: { id: rootId } })).status).toBe(1);
  });

  it('deletes a user with the spec message and forgets its sessions', async () => {
    const user = await root.client.call(staffUsers.create, { body: person(`bye.${kind}@example.test`, 3, { force_change_password: false }) });
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    expect(await root.client.call(staffUsers.remove, { params: { id: user.id } })).toEqual({ Message: MESSAGES.userDeleted });
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    expect((await failure(root.client.call(staffUsers.get, { params: { id: user.id } }))).status).toBe(404);
  });

  it('lists with search over name, last name and e-mail, sort from an allow-list, and paging', async () => {
    for (const [name, last] of [['Zoe', 'Alvarez'], ['adam', 'Berg'], ['Mia', 'Zorro'], ['Liam', 'Cole']] as const) {
      await acmeRoot.client.call(ownUsers.create, { body: { ...person(`${name.toLowerCase()}.${kind}@list.test`, 5), name, last_name: last } });
    }
    const byName = await acmeRoot.client.call(ownUsers.list, { query: { search: '@list.test', page_size: 10 } });
    expect(byName.list.map((u) => u.name)).toEqual(['adam', 'Liam', 'Mia', 'Zoe']);
    const full = await acmeRoot.client.call(ownUsers.list, { query: { search: 'mia zorro' } });
    expect(full.list.map((u) => u.name)).toEqual(['Mia']);
    const desc = await acmeRoot.client.call(ownUsers.list, { query: { search: '@list.test', order_by_column: 'last_name', order_by_direction: 'desc' } });
    expect(desc.list.map((u) => u.last_name)).toEqual(['Zorro', 'Cole', 'Berg', 'Alvarez']);
    const paged = await acmeRoot.client.call(ownUsers.list, { query: { search: '@list.test', page_size: 3, page_num: 2 } });
    expect(paged).toMatchObject({ total: 4, list: [{ name: 'Zoe' }] });
    const unknownColumn = await acmeRoot.client.call(ownUsers.list, { query: { search: '@list.test', order_by_column: 'password_hash' } });
    expect(unknownColumn.list.map((u) => u.name)).toEqual(['adam', 'Liam', 'Mia', 'Zoe']);
    const staffView = await root.client.call(customerUsers.list, { query: { search: '@list.test', order_by_column: 'customer' } });
    expect(staffView.total).toBe(4);
    expect(staffView.list.every((u) => u.customer?.customer_name === 'Acme')).toBe(true);
    const staffDefault = await root.client.call(customerUsers.list, { query: { page_size: 100 } });
    const ids = staffDefault.list.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(staffDefault.list.every((u) => u.role.rol_id >= 4)).toBe(true);
    const admins = await root.client.call(staffUsers.list, { query: { page_size: 100 } });
    expect(admins.list.every((u) => u.role.rol_id <= 3 && u.customer?.customer_name === 'Relevo')).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('the last active Staff Root on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(async () => t?.close());

  it('is never removed, demoted or deactivated, even by a root whose own rights just ended', async () => {
    const a = await t.createUser({ role: 'StaffRoot' });
    const b = await t.createUser({ role: 'StaffRoot' });
    const sessionA = await t.signIn(a.email, a.password);
    await sessionA.client.call(sessionUser);
    // A is deactivated in the database; its session is still in the cache for a few seconds
    await asSystem(t, (tx) => tx.updateTable('users').set({ status: 0 }).where('id', '=', a.id).execute());
    for (const call of [
      () => sessionA.client.call(staffUsers.remove, { params: { id: b.id } }),
      () => sessionA.client.call(staffUsers.update, { params: { id: b.id }, body: { name: 'B', last_name: 'Root', status: 0, rol_id: 1 } }),
      () => sessionA.client.call(staffUsers.update, { params: { id: b.id }, body: { name: 'B', last_name: 'Root', status: 1, rol_id: 2 } }),
    ]) {
      const refused = await failure(call());
      expect(refused).toMatchObject({ status: 409, message: USER_MESSAGES.lastStaffRoot });
    }
    const still = await asSystem(t, (tx) => tx.selectFrom('users').select(['rol_id', 'status']).where('id', '=', b.id).executeTakeFirstOrThrow());
    expect(still).toEqual({ rol_id: 1, status: 1 });
    // with another active root, B may go
    await asSystem(t, (tx) => tx.updateTable('users').set({ status: 1 }).where('id', '=', a.id).execute());
    expect(await sessionA.client.call(staffUsers.remove, { params: { id: b.id } })).toEqual({ Message: MESSAGES.userDeleted });
  });
});
