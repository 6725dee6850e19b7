import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ORDER_COLUMNS, customerUsers, login, ownUsers, sessionUser, staffUsers } from '@relevo/api';
import {
  AUTH_MESSAGES,
  CUSTOMER_MESSAGES,
  MESSAGES,
  PASSWORD_MESSAGES,
  USER_MESSAGES,
  type User,
} from '@relevo/domain';
import { createLogger } from '../src/logger';
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
    const user = await root.client.call(staffUsers.create, {
      body: person(`Staff.One.${kind}@Example.test`, 2, { phone: '+1 787 555 0100' }),
    });
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
    const audit = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', String(user.id))
        .execute(),
    );
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(STRONG_PASSWORD);
    // the new user signs in and must change its password
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    expect((await session.client.call(sessionUser)).force_change_password).toBe(true);
  });

  it('refuses a taken e-mail in any case with 422 on the email field', async () => {
    await root.client.call(staffUsers.create, { body: person(`taken.${kind}@example.test`, 3) });
    const again = await failure(
      acmeRoot.client.call(ownUsers.create, { body: person(`TAKEN.${kind}@example.test`, 5) }),
    );
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ detail: [{ loc: ['body', 'email'], msg: USER_MESSAGES.emailTaken }] });
  });

  it('grants only the roles of the screen and of the caller', async () => {
    const staffRoleOnCustomer = await failure(
      root.client.call(customerUsers.create, { body: person(`x1.${kind}@example.test`, 1, { customer_id: acme }) }),
    );
    expect(staffRoleOnCustomer.body).toEqual({
      detail: [{ loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleNotAllowed }],
    });
    const customerRoleOnStaff = await failure(
      root.client.call(staffUsers.create, { body: person(`x2.${kind}@example.test`, 4) }),
    );
    expect(customerRoleOnStaff.status).toBe(422);
    const staffByCustomerRoot = await failure(
      acmeRoot.client.call(ownUsers.create, { body: person(`x3.${kind}@example.test`, 2) }),
    );
    expect(staffByCustomerRoot.body).toEqual({
      detail: [{ loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleNotAllowed }],
    });
    const noSuchRole = await failure(
      root.client.call(staffUsers.create, { body: person(`x4.${kind}@example.test`, 9) }),
    );
    expect(noSuchRole.body).toEqual({ detail: [{ loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleRequired }] });
  });

  it('puts Customer Users in a real customer, never the provider', async () => {
    const missing = await failure(
      edit.client.call(customerUsers.create, { body: person(`c1.${kind}@example.test`, 5) }),
    );
    expect(missing.body).toEqual({ detail: [{ loc: ['body', 'customer_id'], msg: USER_MESSAGES.customerRequired }] });
    const provider = (
      await asSystem(t, (tx) =>
        tx.selectFrom('customers').select('customer_id').where('is_provider', '=', true).executeTakeFirstOrThrow(),
      )
    ).customer_id;
    expect(
      (
        await failure(
          edit.client.call(customerUsers.create, {
            body: person(`c2.${kind}@example.test`, 5, { customer_id: provider }),
          }),
        )
      ).status,
    ).toBe(422);
    expect(
      (
        await failure(
          edit.client.call(customerUsers.create, {
            body: person(`c3.${kind}@example.test`, 5, { customer_id: 999_999 }),
          }),
        )
      ).status,
    ).toBe(422);
    const made = await edit.client.call(customerUsers.create, {
      body: person(`c4.${kind}@example.test`, 4, { customer_id: globex }),
    });
    expect(made.customer).toEqual({ customer_id: globex, customer_name: 'Globex' });
    // StaffRoot may move it to another customer (docs/product.md#entities: customer user edit sends a customer id)
    const moved = await root.client.call(customerUsers.update, {
      params: { id: made.id },
      body: { name: 'Moved', last_name: 'User', status: 1, rol_id: 4, customer_id: acme },
    });
    expect(moved.customer).toEqual({ customer_id: acme, customer_name: 'Acme' });
  });

  it('keeps the e-mail after creation and checks the rest of an edit', async () => {
    const user = await acmeRoot.client.call(ownUsers.create, { body: person(`edit.${kind}@example.test`, 5) });
    const locked = await failure(
      acmeRoot.client.call(ownUsers.update, {
        params: { id: user.id },
        body: { name: 'A', last_name: 'B', status: 1, rol_id: 5, email: `other.${kind}@example.test` },
      }),
    );
    expect(locked.body).toEqual({ detail: [{ loc: ['body', 'email'], msg: USER_MESSAGES.emailLocked }] });
    const same = await acmeRoot.client.call(ownUsers.update, {
      params: { id: user.id },
      body: { name: 'Ana', last_name: 'Paz', status: 1, rol_id: 4, email: user.email.toUpperCase() },
    });
    expect(same).toMatchObject({ name: 'Ana', last_name: 'Paz', role: { rol_id: 4 }, email: user.email });
    expect(same.updated_by).toMatch(/@example\.test$/);
    const bad = await t.raw('PUT', `/api/user/clients/not_root/${user.id}`, {
      body: { name: '', last_name: 'x'.repeat(200), status: 3, rol_id: 'five' },
      headers: { authorization: `Bearer ${acmeRoot.token}` },
    });
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
    const user = await acmeRoot.client.call(ownUsers.create, {
      body: person(`off.${kind}@example.test`, 5, { force_change_password: false }),
    });
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    await acmeRoot.client.call(ownUsers.update, {
      params: { id: user.id },
      body: { name: 'Off', last_name: 'User', status: 0, rol_id: 5 },
    });
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    expect(
      (await failure(t.client().call(login, { body: { email: user.email, password: STRONG_PASSWORD } }))).status,
    ).toBe(401);
  });

  it("changes a user's password by an admin: the user must change it again and loses its sessions", async () => {
    const user = await acmeRoot.client.call(ownUsers.create, {
      body: person(`pw.${kind}@example.test`, 5, { force_change_password: false }),
    });
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    const weak = await failure(
      acmeRoot.client.call(ownUsers.changePassword, {
        params: { id: user.id },
        body: { new_password: 'short', confirm_password: 'short' },
      }),
    );
    expect(weak.status).toBe(422);
    expect(weak.message).toBe(PASSWORD_MESSAGES.minLength);
    const done = await acmeRoot.client.call(ownUsers.changePassword, {
      params: { id: user.id },
      body: { new_password: 'Admin.Set9', confirm_password: 'Admin.Set9' },
    });
    expect(done).toEqual({ Message: MESSAGES.passwordUpdated });
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    const again = await t.signIn(user.email, 'Admin.Set9');
    expect((await again.client.call(sessionUser)).force_change_password).toBe(true);
    const audit = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', String(user.id))
        .where('entity', '=', 'user')
        .orderBy('id')
        .execute(),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'password']);
  });

  it('refuses deleting, demoting or deactivating yourself', async () => {
    expect((await failure(root.client.call(staffUsers.remove, { params: { id: rootId } }))).message).toBe(
      USER_MESSAGES.selfDelete,
    );
    const demote = await failure(
      root.client.call(staffUsers.update, {
        params: { id: rootId },
        body: { name: 'Root', last_name: 'X', status: 1, rol_id: 2 },
      }),
    );
    expect(demote).toMatchObject({ status: 409, message: USER_MESSAGES.selfDemote });
    expect(
      (
        await failure(
          root.client.call(staffUsers.update, {
            params: { id: rootId },
            body: { name: 'Root', last_name: 'X', status: 0, rol_id: 1 },
          }),
        )
      ).status,
    ).toBe(409);
    expect((await root.client.call(staffUsers.get, { params: { id: rootId } })).status).toBe(1);
  });

  it('deletes a user with the spec message and forgets its sessions', async () => {
    const user = await root.client.call(staffUsers.create, {
      body: person(`bye.${kind}@example.test`, 3, { force_change_password: false }),
    });
    const session = await t.signIn(user.email, STRONG_PASSWORD);
    expect(await root.client.call(staffUsers.remove, { params: { id: user.id } })).toEqual({
      Message: MESSAGES.userDeleted,
    });
    expect((await failure(session.client.call(sessionUser))).status).toBe(401);
    expect((await failure(root.client.call(staffUsers.get, { params: { id: user.id } }))).status).toBe(404);
  });

  it('lists with search over name, last name and e-mail, sort from an allow-list, and paging', async () => {
    for (const [name, last] of [
      ['Zoe', 'Alvarez'],
      ['adam', 'Berg'],
      ['Mia', 'Zorro'],
      ['Liam', 'Cole'],
    ] as const) {
      await acmeRoot.client.call(ownUsers.create, {
        body: { ...person(`${name.toLowerCase()}.${kind}@list.test`, 5), name, last_name: last },
      });
    }
    const byName = await acmeRoot.client.call(ownUsers.list, { query: { search: '@list.test', page_size: 10 } });
    expect(byName.list.map((u) => u.name)).toEqual(['adam', 'Liam', 'Mia', 'Zoe']);
    const full = await acmeRoot.client.call(ownUsers.list, { query: { search: 'mia zorro' } });
    expect(full.list.map((u) => u.name)).toEqual(['Mia']);
    const desc = await acmeRoot.client.call(ownUsers.list, {
      query: { search: '@list.test', order_by_column: 'last_name', order_by_direction: 'desc' },
    });
    expect(desc.list.map((u) => u.last_name)).toEqual(['Zorro', 'Cole', 'Berg', 'Alvarez']);
    const paged = await acmeRoot.client.call(ownUsers.list, {
      query: { search: '@list.test', page_size: 3, page_num: 2 },
    });
    expect(paged).toMatchObject({ total: 4, list: [{ name: 'Zoe' }] });
    const unknownColumn = await acmeRoot.client.call(ownUsers.list, {
      query: { search: '@list.test', order_by_column: 'password_hash' },
    });
    expect(unknownColumn.list.map((u) => u.name)).toEqual(['adam', 'Liam', 'Mia', 'Zoe']);
    const staffView = await root.client.call(customerUsers.list, {
      query: { search: '@list.test', order_by_column: 'customer' },
    });
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
      () =>
        sessionA.client.call(staffUsers.update, {
          params: { id: b.id },
          body: { name: 'B', last_name: 'Root', status: 0, rol_id: 1 },
        }),
      () =>
        sessionA.client.call(staffUsers.update, {
          params: { id: b.id },
          body: { name: 'B', last_name: 'Root', status: 1, rol_id: 2 },
        }),
    ]) {
      const refused = await failure(call());
      expect(refused).toMatchObject({ status: 409, message: USER_MESSAGES.lastStaffRoot });
    }
    const still = await asSystem(t, (tx) =>
      tx.selectFrom('users').select(['rol_id', 'status']).where('id', '=', b.id).executeTakeFirstOrThrow(),
    );
    expect(still).toEqual({ rol_id: 1, status: 1 });
    // with another active root, B may go
    await asSystem(t, (tx) => tx.updateTable('users').set({ status: 1 }).where('id', '=', a.id).execute());
    expect(await sessionA.client.call(staffUsers.remove, { params: { id: b.id } })).toEqual({
      Message: MESSAGES.userDeleted,
    });
  });
});

describe.each(DATABASE_KINDS)('user rules and input on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let rootEmail: string;
  let acmeRoot: SignedIn;
  let acmeRootId: number;
  let acmeRootEmail: string;
  let acme: number;
  let globex: number;
  let provider: number;
  let seq = 0;
  const email = (label: string) => `${label}.${++seq}.${kind}@rules.test`;
  const bearer = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });
  const userRows = () => asSystem(t, (tx) => tx.selectFrom('users').selectAll().orderBy('id').execute());

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
    acme = await t.createCustomer('Acme');
    globex = await t.createCustomer('Globex');
    provider = (
      await asSystem(t, (tx) =>
        tx.selectFrom('customers').select('customer_id').where('is_provider', '=', true).executeTakeFirstOrThrow(),
      )
    ).customer_id;
    const r = await t.createUser({ role: 'StaffRoot' });
    rootEmail = r.email;
    root = await t.signIn(r.email, r.password);
    const a = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    acmeRootId = a.id;
    acmeRootEmail = a.email;
    acmeRoot = await t.signIn(a.email, a.password);
  });
  afterAll(async () => t?.close());

  it('answers an empty create with the required message of every field', async () => {
    const answer = await t.raw('POST', '/api/user/clients/not_root', { body: {}, headers: bearer(acmeRoot) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: USER_MESSAGES.nameRequired },
        { loc: ['body', 'last_name'], msg: USER_MESSAGES.lastNameRequired },
        { loc: ['body', 'email'], msg: USER_MESSAGES.emailRequired },
        { loc: ['body', 'password'], msg: PASSWORD_MESSAGES.passwordRequired },
        { loc: ['body', 'confirm_password'], msg: PASSWORD_MESSAGES.confirmRequired },
        { loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleRequired },
      ],
    });
    const edit = await t.raw('PUT', `/api/user/clients/not_root/${acmeRootId}`, {
      body: {},
      headers: bearer(acmeRoot),
    });
    expect(edit.body).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: USER_MESSAGES.nameRequired },
        { loc: ['body', 'last_name'], msg: USER_MESSAGES.lastNameRequired },
        { loc: ['body', 'status'], msg: USER_MESSAGES.statusRequired },
        { loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleRequired },
      ],
    });
  });

  it('refuses wrong types, overlong texts, unknown fields and a body that is not an object, storing nothing', async () => {
    const before = await userRows();
    const wrongTypes = await t.raw('POST', '/api/user/clients/not_root', {
      body: {
        name: 5,
        last_name: true,
        email: 'nope',
        password: 'x',
        confirm_password: 'y',
        rol_id: 'x',
        customer_id: 'z',
        force_change_password: 'yes',
      },
      headers: bearer(acmeRoot),
    });
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: USER_MESSAGES.nameRequired },
        { loc: ['body', 'last_name'], msg: USER_MESSAGES.lastNameRequired },
        { loc: ['body', 'email'], msg: 'Must be a valid email address' },
        { loc: ['body', 'password'], msg: PASSWORD_MESSAGES.minLength },
        { loc: ['body', 'password'], msg: PASSWORD_MESSAGES.uppercase },
        { loc: ['body', 'password'], msg: PASSWORD_MESSAGES.digit },
        { loc: ['body', 'password'], msg: PASSWORD_MESSAGES.special },
        { loc: ['body', 'rol_id'], msg: USER_MESSAGES.roleRequired },
        { loc: ['body', 'customer_id'], msg: USER_MESSAGES.customerRequired },
        { loc: ['body', 'force_change_password'], msg: 'Must be true or false' },
        { loc: ['body', 'confirm_password'], msg: PASSWORD_MESSAGES.mismatch },
      ],
    });
    const long = 'Aa1!'.repeat(40);
    const overlong = await t.raw('POST', '/api/user/clients/not_root', {
      body: {
        name: 'x'.repeat(101),
        last_name: 'y',
        email: `${'a'.repeat(250)}@b.test`,
        password: long,
        confirm_password: long,
        rol_id: 5,
      },
      headers: bearer(acmeRoot),
    });
    expect(overlong.body).toEqual({
      detail: [
        { loc: ['body', 'name'], msg: 'Must be at most 100 characters' },
        { loc: ['body', 'email'], msg: 'Must be at most 254 characters' },
        { loc: ['body', 'password'], msg: PASSWORD_MESSAGES.maxLength },
        { loc: ['body', 'confirm_password'], msg: PASSWORD_MESSAGES.maxLength },
      ],
    });
    // who and when come from the session (docs/product.md#tenants-and-roles); the status is hidden on create (docs/product.md#user-lists)
    for (const field of ['created_by', 'updated_by', 'created_at', 'status', 'is_admin', 'password_hash']) {
      const answer = await t.raw('POST', '/api/user/clients/not_root', {
        body: { ...person(email('unknown'), 5), [field]: 1 },
        headers: bearer(acmeRoot),
      });
      expect(answer.body, field).toEqual({ detail: [{ loc: ['body', field], msg: 'Unknown field' }] });
    }
    const notObject = await t.raw('POST', '/api/user/clients/not_root', {
      body: [person(email('array'), 5)],
      headers: bearer(acmeRoot),
    });
    expect(notObject).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body'], msg: 'The body must be a JSON object' }] },
    });
    expect(await userRows()).toEqual(before);
  });

  it('checks the id of every path: 422 for a bad one, 404 for one that does not exist', async () => {
    const bad: [string, string][] = [
      ['abc', 'Must be a valid id'],
      ['1.5', 'Must be a valid id'],
      ['1e3', 'Must be a valid id'],
      ['0', 'The value must be greater than or equal to 1'],
      ['-3', 'The value must be greater than or equal to 1'],
      ['99999999999', 'The value must be less than or equal to 2147483647'],
    ];
    const edit = { name: 'A', last_name: 'B', status: 1, rol_id: 5 };
    const password = { new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' };
    for (const [id, msg] of bad) {
      for (const [method, path, body] of [
        ['GET', `/api/user/clients/not_root/${id}`, undefined],
        ['PUT', `/api/user/clients/not_root/${id}`, edit],
        ['DELETE', `/api/user/clients/not_root/${id}`, undefined],
        ['PUT', `/api/user/clients/not_root/password/${id}`, password],
      ] as const) {
        const answer = await t.raw(method, path, { headers: bearer(acmeRoot), ...(body ? { body } : {}) });
        expect({ method, path, status: answer.status, body: answer.body }).toEqual({
          method,
          path,
          status: 422,
          body: { detail: [{ loc: ['path', 'id'], msg }] },
        });
      }
    }
    for (const path of ['/api/user/staff/root/77777', '/api/user/customer/root/77777']) {
      expect(await t.raw('GET', path, { headers: bearer(root) })).toMatchObject({
        status: 404,
        body: { detail: USER_MESSAGES.notFound },
      });
    }
    expect(await t.raw('DELETE', '/api/user/clients/not_root/77777', { headers: bearer(acmeRoot) })).toMatchObject({
      status: 404,
      body: { detail: USER_MESSAGES.notFound },
    });
  });

  it('checks the paging query of a list', async () => {
    const cases: [string, string, string][] = [
      ['page_size=0', 'page_size', 'The value must be greater than or equal to 1'],
      ['page_size=5000', 'page_size', 'A page holds at most 1000 rows'],
      ['page_num=abc', 'page_num', 'Must be a whole number'],
      ['page_num=1&page_num=2', 'page_num', 'Must be a whole number'],
      ['order_by_direction=up', 'order_by_direction', 'Must be asc or desc'],
      ['customer_id=abc', 'customer_id', 'Must be a valid id'],
      [`search=${'x'.repeat(201)}`, 'search', 'Must be at most 200 characters'],
      [`order_by_column=${'x'.repeat(65)}`, 'order_by_column', 'Must be at most 64 characters'],
    ];
    for (const [query, field, msg] of cases) {
      const answer = await t.raw('GET', `/api/user/customer/root?${query}`, { headers: bearer(root) });
      expect({ query, status: answer.status, body: answer.body }).toEqual({
        query,
        status: 422,
        body: { detail: [{ loc: ['query', field], msg }] },
      });
    }
  });

  it('asks for a confirmed password on create and on an admin change, and refuses a body id of another user', async () => {
    const mismatch = await failure(
      acmeRoot.client.call(ownUsers.create, {
        body: { ...person(email('mismatch'), 5), confirm_password: 'Strong.Pass2' },
      }),
    );
    expect(mismatch.body).toEqual({ detail: [{ loc: ['body', 'confirm_password'], msg: PASSWORD_MESSAGES.mismatch }] });
    const user = await acmeRoot.client.call(ownUsers.create, { body: person(email('pw'), 5) });
    const empty = await t.raw('PUT', `/api/user/clients/not_root/password/${user.id}`, {
      body: {},
      headers: bearer(acmeRoot),
    });
    expect(empty.body).toEqual({
      detail: [
        { loc: ['body', 'new_password'], msg: PASSWORD_MESSAGES.newPasswordRequired },
        { loc: ['body', 'confirm_password'], msg: PASSWORD_MESSAGES.confirmRequired },
      ],
    });
    const differ = await failure(
      acmeRoot.client.call(ownUsers.changePassword, {
        params: { id: user.id },
        body: { new_password: 'Other.Pass9', confirm_password: 'Other.Pass8' },
      }),
    );
    expect(differ.body).toEqual({ detail: [{ loc: ['body', 'confirm_password'], msg: PASSWORD_MESSAGES.mismatch }] });
    const hashBefore = (await userRows()).find((u) => u.id === user.id)!.password_hash;
    const otherId = await failure(
      acmeRoot.client.call(ownUsers.changePassword, {
        params: { id: user.id },
        body: { id: acmeRootId, new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' },
      }),
    );
    expect(otherId.body).toEqual({ detail: [{ loc: ['body', 'id'], msg: USER_MESSAGES.idMismatch }] });
    expect((await userRows()).find((u) => u.id === user.id)!.password_hash).toBe(hashBefore);
    expect(
      await acmeRoot.client.call(ownUsers.changePassword, {
        params: { id: user.id },
        body: { id: user.id, new_password: 'Other.Pass9', confirm_password: 'Other.Pass9' },
      }),
    ).toEqual({
      Message: MESSAGES.passwordUpdated,
    });
    expect((await userRows()).find((u) => u.id === user.id)).toMatchObject({
      force_change_password: true,
      updated_by: acmeRootEmail,
    });
  });

  it('sets who and when from the session, never from the body', async () => {
    const created = await root.client.call(customerUsers.create, {
      body: person(email('who'), 5, { customer_id: acme, force_change_password: false }),
    });
    expect(created).toMatchObject({
      created_by: rootEmail,
      created_at: t.clock.now().toISOString(),
      updated_by: null,
      updated_at: null,
      status: 1,
      force_change_password: false,
    });
    t.clock.advance(5_000);
    const updated = await root.client.call(customerUsers.update, {
      params: { id: created.id },
      body: { name: 'Who', last_name: 'Changed', status: 1, rol_id: 5 },
    });
    expect(updated).toMatchObject({
      created_by: rootEmail,
      created_at: created.created_at,
      updated_by: rootEmail,
      updated_at: t.clock.now().toISOString(),
    });
    const stored = (await userRows()).find((u) => u.id === created.id)!;
    expect(stored).toMatchObject({
      created_by: rootEmail,
      updated_by: rootEmail,
      status: 1,
      force_change_password: false,
      customer_id: acme,
    });
  });

  it("keeps staff users in the provider and a Customer Root's users in its customer, whatever customer the body names", async () => {
    const staff = await root.client.call(staffUsers.create, { body: person(email('staff'), 3, { customer_id: acme }) });
    expect(staff.customer?.customer_id).toBe(provider);
    const staffEdited = await root.client.call(staffUsers.update, {
      params: { id: staff.id },
      body: { name: 'S', last_name: 'T', status: 1, rol_id: 2, customer_id: acme },
    });
    expect(staffEdited).toMatchObject({ customer: { customer_id: provider }, role: { rol_id: 2 } });
    const own = await acmeRoot.client.call(ownUsers.create, { body: person(email('own'), 5, { customer_id: globex }) });
    expect(own.customer?.customer_id).toBe(acme);
    const ownEdited = await acmeRoot.client.call(ownUsers.update, {
      params: { id: own.id },
      body: { name: 'O', last_name: 'W', status: 1, rol_id: 5, customer_id: globex },
    });
    expect(ownEdited.customer?.customer_id).toBe(acme);
    const stored = await userRows();
    expect(stored.find((u) => u.id === staff.id)!.customer_id).toBe(provider);
    expect(stored.find((u) => u.id === own.id)!.customer_id).toBe(acme);
  });

  it('answers a customer that does not exist, or the provider, with 422 on customer_id', async () => {
    const before = await userRows();
    for (const customer_id of [provider, 999_999]) {
      const refused = await failure(
        root.client.call(customerUsers.create, { body: person(email('nowhere'), 5, { customer_id }) }),
      );
      expect(refused.body).toEqual({
        detail: [{ loc: ['body', 'customer_id'], msg: CUSTOMER_MESSAGES.customerNotFound }],
      });
    }
    const user = (await userRows()).find((u) => u.customer_id === acme && u.rol_id === 4)!;
    const move = await failure(
      root.client.call(customerUsers.update, {
        params: { id: user.id },
        body: { name: 'M', last_name: 'V', status: 1, rol_id: 4, customer_id: provider },
      }),
    );
    expect(move.body).toEqual({ detail: [{ loc: ['body', 'customer_id'], msg: CUSTOMER_MESSAGES.customerNotFound }] });
    expect(await userRows()).toEqual(before);
  });

  it('searches without regard to case, accented letters included, and takes % and _ literally', async () => {
    for (const [name, last] of [
      ['Sofía', 'Ñúñez'],
      ['Rosa', 'Del_Rio'],
      ['Cien', 'Por%Ciento'],
      ['Delia', 'Rios'],
    ] as const) {
      await acmeRoot.client.call(ownUsers.create, { body: { ...person(email('search'), 5), name, last_name: last } });
    }
    const names = async (search: string) =>
      (await acmeRoot.client.call(ownUsers.list, { query: { search, page_size: 100 } })).list.map((u) => u.name);
    expect(await names('SOFÍA ñÚÑ')).toEqual(['Sofía']);
    expect(await names('_')).toEqual(['Rosa']);
    expect(await names('l_r')).toEqual(['Rosa']);
    expect(await names('%')).toEqual(['Cien']);
    expect(await names('del')).toEqual(['Delia', 'Rosa']);
    expect(await names('nobody at all')).toEqual([]);
    // the search reaches the e-mail too, and only this customer's users
    expect(
      (await acmeRoot.client.call(ownUsers.list, { query: { search: `@rules.test`, page_size: 1000 } })).list.every(
        (u) => u.customer?.customer_id === acme,
      ),
    ).toBe(true);
  });

  it('answers a page past the end with the total and no rows, and filters Customer Users by customer', async () => {
    const all = await acmeRoot.client.call(ownUsers.list, { query: { page_size: 10 } });
    expect(all.total).toBeGreaterThan(0);
    expect(await acmeRoot.client.call(ownUsers.list, { query: { page_num: 999 } })).toEqual({
      total: all.total,
      list: [],
    });
    await root.client.call(customerUsers.create, { body: person(email('globex'), 5, { customer_id: globex }) });
    const globexUsers = await root.client.call(customerUsers.list, { query: { customer_id: globex, page_size: 100 } });
    expect(globexUsers.total).toBeGreaterThan(0);
    expect(globexUsers.list.every((u) => u.customer?.customer_id === globex)).toBe(true);
    expect(await root.client.call(customerUsers.list, { query: { customer_id: provider } })).toEqual({
      total: 0,
      list: [],
    });
  });

  it('sorts by every column of the allow-list both ways, and by the default for any other', async () => {
    const sorters = await t.createCustomer(`Sorters ${kind}`);
    const rows: [string, string, number][] = [
      ['carla', 'Zeta', 4],
      ['Bruno', 'alba', 5],
      ['adela', 'Mora', 5],
      ['Bruno', 'Casas', 4],
      ['Eva', 'bosque', 5],
    ];
    const made: number[] = [];
    for (const [name, last_name, rol_id] of rows) {
      t.clock.advance(1_000);
      made.push(
        (
          await root.client.call(customerUsers.create, {
            body: { ...person(email(name.toLowerCase()), rol_id, { customer_id: sorters }), name, last_name },
          })
        ).id,
      );
    }
    // a few edited (updated_at) and one inactive (status)
    t.clock.advance(1_000);
    await root.client.call(customerUsers.update, {
      params: { id: made[3]! },
      body: { name: 'Bruno', last_name: 'Casas', status: 0, rol_id: 4 },
    });
    t.clock.advance(1_000);
    await root.client.call(customerUsers.update, {
      params: { id: made[0]! },
      body: { name: 'carla', last_name: 'Zeta', status: 1, rol_id: 4 },
    });

    type Row = User;
    const key: Record<(typeof USER_ORDER_COLUMNS)[number], (u: Row) => string | number | null> = {
      id: (u) => u.id,
      name: (u) => u.name.toLowerCase(),
      last_name: (u) => u.last_name.toLowerCase(),
      email: (u) => u.email,
      status: (u) => u.status,
      role: (u) => u.role.rol_id,
      customer: (u) => u.customer!.customer_name.toLowerCase(),
      created_at: (u) => u.created_at,
      updated_at: (u) => u.updated_at,
    };
    // PostgreSQL puts nulls last going up and first going down; ties go by id in the same direction
    const expected = (list: Row[], column: keyof typeof key, direction: 'asc' | 'desc') =>
      [...list]
        .sort((a, b) => {
          const [x, y] = [key[column](a), key[column](b)];
          let order = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
          if (order === 0) order = a.id - b.id;
          return direction === 'asc' ? order : -order;
        })
        .map((u) => u.id);
    for (const column of USER_ORDER_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const page = await root.client.call(customerUsers.list, {
          query: { customer_id: sorters, order_by_column: column, order_by_direction: direction, page_size: 100 },
        });
        expect({ column, direction, ids: page.list.map((u) => u.id) }).toEqual({
          column,
          direction,
          ids: expected(page.list, column, direction),
        });
      }
    }
    for (const column of ['password_hash', 'name; drop table users', 'NAME', 'search_text']) {
      const page = await root.client.call(customerUsers.list, {
        query: { customer_id: sorters, order_by_column: column, page_size: 100 },
      });
      expect(page.list.map((u) => u.id)).toEqual([...made].sort((a, b) => a - b));
    }
    // the Users screen sorts by name by default (docs/product.md#constants-and-limits)
    const sortersRoot = await t.signIn(
      (await t.createUser({ role: 'CustomerRoot', customer: `Sorters ${kind}`, name: 'aaron' })).email,
      STRONG_PASSWORD,
    );
    const own = await sortersRoot.client.call(ownUsers.list, { query: { page_size: 100 } });
    expect(own.list.map((u) => u.id)).toEqual(expected(own.list, 'name', 'asc'));
  });

  it('audits every update, delete and password change with who did it, and never a password', async () => {
    const user = await root.client.call(customerUsers.create, {
      body: person(email('audited'), 5, { customer_id: acme }),
    });
    await root.client.call(customerUsers.update, {
      params: { id: user.id },
      body: { name: 'Audited', last_name: 'Person', status: 0, rol_id: 4 },
    });
    await root.client.call(customerUsers.changePassword, {
      params: { id: user.id },
      body: { new_password: 'Audit.Pass9', confirm_password: 'Audit.Pass9' },
    });
    await root.client.call(customerUsers.remove, { params: { id: user.id } });
    const rows = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', String(user.id))
        .orderBy('id')
        .execute(),
    );
    expect(rows.map((r) => [r.action, r.actor_email, r.customer_id])).toEqual([
      ['create', rootEmail, acme],
      ['update', rootEmail, acme],
      ['password', rootEmail, acme],
      ['delete', rootEmail, acme],
    ]);
    expect(rows[1]!.detail).toEqual({ name: 'Audited', last_name: 'Person', status: 0, rol_id: 4 });
    const text = JSON.stringify(rows);
    for (const secret of [STRONG_PASSWORD, 'Audit.Pass9', 'argon2']) expect(text).not.toContain(secret);
  });

  it('refuses a Customer Root deleting or demoting itself', async () => {
    expect(await failure(acmeRoot.client.call(ownUsers.remove, { params: { id: acmeRootId } }))).toMatchObject({
      status: 409,
      message: USER_MESSAGES.selfDelete,
    });
    const demote = await failure(
      acmeRoot.client.call(ownUsers.update, {
        params: { id: acmeRootId },
        body: { name: 'Me', last_name: 'Myself', status: 1, rol_id: 5 },
      }),
    );
    expect(demote).toMatchObject({ status: 409, message: USER_MESSAGES.selfDemote });
    expect((await userRows()).find((u) => u.id === acmeRootId)).toMatchObject({ rol_id: 4, status: 1 });
  });

  it("refuses the admin password change on the caller's own account on every screen, pointing to the settings menu, changing nothing", async () => {
    const me = (await root.client.call(sessionUser)).id;
    const before = (await userRows()).find((u) => u.id === me)!;
    const body = { new_password: 'Mine.Pass9', confirm_password: 'Mine.Pass9' };
    for (const call of [
      () => root.client.call(staffUsers.changePassword, { params: { id: me }, body }),
      () => root.client.call(customerUsers.changePassword, { params: { id: me }, body }),
      () => acmeRoot.client.call(ownUsers.changePassword, { params: { id: acmeRootId }, body }),
    ]) {
      const refused = await failure(call());
      expect(refused).toMatchObject({ status: 409, message: USER_MESSAGES.ownPasswordElsewhere });
    }
    expect(USER_MESSAGES.ownPasswordElsewhere).toContain('Password in the settings menu');
    const after = (await userRows()).find((u) => u.id === me)!;
    expect(after.password_hash).toBe(before.password_hash);
    // the session still works and the old password still signs in
    expect((await root.client.call(sessionUser)).id).toBe(me);
    await t.signIn(rootEmail, STRONG_PASSWORD);
  });
});

describe.each(DATABASE_KINDS)("one's own phone and the security log on %s (issue: account security)", (kind) => {
  let t: TestApp;
  /** the structured log lines the server writes while these tests run */
  const lines: Record<string, unknown>[] = [];
  const securityLines = (event: string) => lines.filter((line) => line.security === event);
  const NOTICE_SMS = 'Your Relevo phone number was changed';
  const noticesTo = (phone: string) => t.sms.to(phone).filter((sms) => sms.body.startsWith(NOTICE_SMS));
  const editBody = (
    user: { name?: string; rol_id: number },
    extra: { phone?: string | null; current_password?: string; status?: 0 | 1 },
  ) => ({
    name: user.name ?? 'Own',
    last_name: 'Phone',
    status: 1 as 0 | 1,
    rol_id: user.rol_id,
    ...extra,
  });
  const auditOf = (id: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'user')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute(),
    );

  beforeAll(async () => {
    t = await startTestApp({
      kind,
      limits: {
        loginPerAddress: { limit: 1000, windowSeconds: 900 },
        loginPerAccount: { limit: 4, windowSeconds: 900 },
      },
    });
    await t.createCustomer('Acme');
    t.ctx.log = createLogger(
      { logLevel: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
  });
  afterAll(async () => t?.close());

  it('lets a Customer Root change its own phone on Users only with its current password, and tells the old phone and the e-mail', async () => {
    const oldPhone = '+17875550140';
    const newPhone = '+17875550141';
    const me = await t.createUser({ role: 'CustomerRoot', customer: 'Acme', phone: oldPhone, name: 'Own' });
    const session = await t.signIn(me.email, me.password);
    const update = (extra: Parameters<typeof editBody>[1]) =>
      session.client.call(ownUsers.update, { params: { id: me.id }, body: editBody({ rol_id: 4 }, extra) });

    for (const extra of [{ phone: newPhone }, { phone: newPhone, current_password: '' }]) {
      const missing = await failure(update(extra));
      expect(missing.body).toEqual({
        detail: [{ loc: ['body', 'current_password'], msg: PASSWORD_MESSAGES.currentRequired }],
      });
    }
    const wrong = await failure(update({ phone: newPhone, current_password: 'Wrong.Pass1' }));
    expect(wrong.body).toEqual({ detail: [{ loc: ['body', 'current_password'], msg: AUTH_MESSAGES.currentWrong }] });
    expect(
      (
        await asSystem(t, (tx) =>
          tx.selectFrom('users').select('phone').where('id', '=', me.id).executeTakeFirstOrThrow(),
        )
      ).phone,
    ).toBe(oldPhone);
    expect(noticesTo(oldPhone)).toEqual([]);

    const mailsBefore = t.mailbox.to(me.email).length;
    const changed = await update({ phone: newPhone, current_password: me.password });
    expect(changed.phone).toBe(newPhone);

    // the old phone and the e-mail are told; the new phone is not
    await expect.poll(() => noticesTo(oldPhone).length, { timeout: 10_000 }).toBe(1);
    const sms = noticesTo(oldPhone)[0]!;
    expect(sms.body).toMatch(/^Your Relevo phone number was changed\. If you did not change it/);
    expect(sms.body).not.toMatch(/\d{4}/);
    const mail = await t.mailbox.waitFor(me.email, mailsBefore + 1);
    expect(mail.subject).toBe('Your Relevo phone number was changed');
    expect(mail.text).toContain('The phone number of your Relevo account was changed');
    expect(`${mail.text}${mail.html}`).not.toContain('5550140');
    expect(`${mail.text}${mail.html}`).not.toContain('5550141');
    expect(noticesTo(newPhone)).toEqual([]);

    // audited and logged without the numbers or the password
    const audit = await auditOf(me.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      actor_id: me.id,
      detail: { phone: 'changed', confirmed_with_password: true, last_name: 'Phone' },
    });
    expect(securityLines('phone_changed')).toEqual([
      expect.objectContaining({
        userId: me.id,
        actorId: me.id,
        detail: { own: true, removed: false, confirmed_with_password: true },
      }),
    ]);
    const written = JSON.stringify([audit, lines]);
    for (const secret of ['5550140', '5550141', me.password]) expect(written).not.toContain(secret);

    // the same number written another way is no change: no password asked, no notice
    const again = await update({ phone: '+1 787 555 0141' });
    expect(again.phone).toBe(newPhone);
    expect(noticesTo(oldPhone)).toHaveLength(1);
    expect(securityLines('phone_changed')).toHaveLength(1);
  });

  it("lets a Staff Root remove its own phone on Admin Users with its password; another user's phone needs none and sends no notice", async () => {
    const rootPhone = '+17875550150';
    const otherPhone = '+17875550151';
    const root = await t.createUser({ role: 'StaffRoot', phone: rootPhone, name: 'Root' });
    const other = await t.createUser({ role: 'StaffView', phone: otherPhone, name: 'Other' });
    const session = await t.signIn(root.email, root.password);
    lines.length = 0;

    const moved = await session.client.call(staffUsers.update, {
      params: { id: other.id },
      body: editBody({ name: 'Other', rol_id: 3 }, { phone: '+17875550152' }),
    });
    expect(moved.phone).toBe('+17875550152');
    expect(noticesTo(otherPhone)).toEqual([]);
    expect(securityLines('phone_changed')).toEqual([
      expect.objectContaining({
        userId: other.id,
        actorId: root.id,
        detail: { own: false, removed: false, confirmed_with_password: false },
      }),
    ]);

    const mailsBefore = t.mailbox.to(root.email).length;
    const noticesBefore = noticesTo(rootPhone).length;
    const removed = await session.client.call(staffUsers.update, {
      params: { id: root.id },
      body: editBody({ name: 'Root', rol_id: 1 }, { phone: null, current_password: root.password }),
    });
    expect(removed.phone).toBeNull();
    await expect.poll(() => noticesTo(rootPhone).length, { timeout: 10_000 }).toBe(noticesBefore + 1);
    const mail = await t.mailbox.waitFor(root.email, mailsBefore + 1);
    expect(mail.subject).toBe('Your Relevo phone number was removed');
    expect(mail.text).toContain('Sign-in and password reset codes are no longer sent by SMS.');
    expect((await auditOf(root.id)).at(-1)?.detail).toMatchObject({ phone: 'removed', confirmed_with_password: true });
    expect(securityLines('phone_changed').at(-1)).toMatchObject({
      userId: root.id,
      actorId: root.id,
      detail: { own: true, removed: true },
    });
  });

  it('writes a security line for every role, status and admin password change, with the audit rows kept', async () => {
    const root = await t.createUser({ role: 'StaffRoot' });
    const other = await t.createUser({ role: 'StaffView' });
    const session = await t.signIn(root.email, root.password);
    lines.length = 0;
    await session.client.call(staffUsers.update, { params: { id: other.id }, body: editBody({ rol_id: 2 }, {}) });
    await session.client.call(staffUsers.update, {
      params: { id: other.id },
      body: editBody({ rol_id: 2 }, { status: 0 }),
    });
    await session.client.call(staffUsers.changePassword, {
      params: { id: other.id },
      body: { new_password: 'Given.Pass9', confirm_password: 'Given.Pass9' },
    });
    const who = { userId: other.id, actorId: root.id };
    expect(securityLines('role_changed')).toEqual([expect.objectContaining({ ...who, detail: { from: 3, to: 2 } })]);
    expect(securityLines('status_changed')).toEqual([expect.objectContaining({ ...who, detail: { from: 1, to: 0 } })]);
    expect(securityLines('password_changed')).toEqual([
      expect.objectContaining({ ...who, detail: { by_admin: true } }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('Given.Pass9');
    // after the row of its creation
    const audit = (await auditOf(other.id)).slice(1);
    expect(audit.map((row) => [row.action, row.detail])).toEqual([
      ['update', { name: 'Own', last_name: 'Phone', rol_id: 2 }],
      ['update', { status: 0 }],
      ['password', { by_admin: true }],
    ]);
  });

  it('limits wrong current passwords like the change-password flow', async () => {
    const me = await t.createUser({ role: 'CustomerRoot', customer: 'Acme', phone: '+17875550160' });
    const session = await t.signIn(me.email, me.password);
    const attempt = (current_password: string) =>
      failure(
        session.client.call(ownUsers.update, {
          params: { id: me.id },
          body: editBody({ rol_id: 4 }, { phone: '+17875550161', current_password }),
        }),
      );
    for (let i = 0; i < 4; i++) expect((await attempt(`Wrong.Pass${i}`)).status).toBe(422);
    expect((await attempt(me.password)).status).toBe(429);
    expect(
      (
        await asSystem(t, (tx) =>
          tx.selectFrom('users').select('phone').where('id', '=', me.id).executeTakeFirstOrThrow(),
        )
      ).phone,
    ).toBe('+17875550160');
  });
});
