import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, sessionUser } from '@relevo/api';
import { PrincipalCache } from '../src/auth/principals';
import { openDatabase, type Database } from '../src/db/database';
import { POSTGRES_URL } from './support/databases';
import { asSystem, startTestApp, type TestApp } from './support/harness';

describe.each(POSTGRES_URL ? ['postgres' as const] : [])('sessions across processes on %s', (kind) => {
  let t: TestApp;
  let other: Database;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    // a second process on the same database, as a second API instance would be
    other = await openDatabase({ url: t.ctx.config.databaseUrl, dataDir: null, migrate: false });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('forgets a revoked session in another process at once, through NOTIFY', async () => {
    await t.createCustomer('Acme');
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const { token, client } = await t.signIn(user.email, user.password);
    const claims = (await t.ctx.signer.verify(token, ['session'], t.clock.now()))!;
    const remote = new PrincipalCache(other, t.clock);
    await remote.start();
    expect((await remote.get(claims.sid))?.userId).toBe(user.id);
    await client.call(sessionUser);
    await t.raw('POST', '/api/login/jwt/logout', { body: {}, headers: { authorization: `Bearer ${token}` } });
    const deadline = Date.now() + 3000;
    let seen = await remote.get(claims.sid);
    while (seen && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await remote.get(claims.sid);
    }
    expect(seen).toBeNull();
    const revoked = await asSystem(t, (tx) =>
      tx.selectFrom('sessions').select('revoked_at').where('id', '=', claims.sid).executeTakeFirstOrThrow(),
    );
    expect(revoked.revoked_at).not.toBeNull();
    await expect(client.call(sessionUser)).rejects.toBeInstanceOf(ApiError);
  });
});

// one process (the embedded database has no second one): its own cache forgets at once
describe('sessions in one process on pglite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers from the cache while the session lives and forgets it at logout and at deactivation', async () => {
    await t.createCustomer('Acme');
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.signIn(user.email, user.password);
    const sid = (await t.ctx.signer.verify(first.token, ['session'], t.clock.now()))!.sid;
    await first.client.call(sessionUser);
    expect((await t.ctx.principals.get(sid))?.userId).toBe(user.id);
    await t.raw('POST', '/api/login/jwt/logout', { body: {}, headers: { authorization: `Bearer ${first.token}` } });
    expect(await t.ctx.principals.get(sid)).toBeNull();
    await expect(first.client.call(sessionUser)).rejects.toMatchObject({ status: 401 });

    const second = await t.signIn(user.email, user.password);
    const secondSid = (await t.ctx.signer.verify(second.token, ['session'], t.clock.now()))!.sid;
    await second.client.call(sessionUser);
    await asSystem(t, (tx) => tx.updateTable('users').set({ status: 0 }).where('id', '=', user.id).execute());
    await t.ctx.principals.evictUser(user.id);
    expect(await t.ctx.principals.get(secondSid)).toBeNull();
    await expect(second.client.call(sessionUser)).rejects.toMatchObject({ status: 401 });
  });
});
