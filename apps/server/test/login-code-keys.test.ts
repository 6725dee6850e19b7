import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, resendCode, verifyCode } from '@relevo/api';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, codeIn, startTestApp, type TestApp } from './support/harness';

describe.each(DATABASE_KINDS)('sign-in code messages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    await t.createCustomer('Acme');
  });
  afterAll(async () => t?.close());

  it('gives every code its own idempotency key, so two quick resends both go out and the newest code signs in', async () => {
    const phone = '+17875550177';
    const user = await t.createUser({ role: 'Customer', customer: 'Acme', phone });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    const sid = (await t.ctx.signer.verify(first.access_token, ['preauth'], t.clock.now()))!.sid;
    // two resends at once: before, both could count the same number of codes and build one key
    await Promise.all([t.client(first.access_token).call(resendCode), t.client(first.access_token).call(resendCode)]);

    const codes = await asSystem(t, (tx) =>
      tx.selectFrom('verification_codes').select('id').where('session_id', '=', sid).orderBy('id').execute(),
    );
    expect(codes).toHaveLength(3);
    const queued = await asSystem(t, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['idempotency_key', 'channel'])
        .where('recipient', 'in', [user.email, phone])
        .orderBy('id')
        .execute(),
    );
    expect(queued.filter((m) => m.channel === 'email').map((m) => m.idempotency_key)).toEqual(
      codes.map((c) => `login-code:${c.id}:email`),
    );
    expect(queued.filter((m) => m.channel === 'sms').map((m) => m.idempotency_key)).toEqual(
      codes.map((c) => `login-code:${c.id}:sms`),
    );

    await t.mailbox.waitFor(user.email, 3);
    await t.sms.waitFor(phone, 3);
    const mails = t.mailbox.to(user.email);
    expect(mails.map((m) => m.headers['x-relevo-idempotency-key']).sort()).toEqual(
      codes.map((c) => `login-code:${c.id}:email`).sort(),
    );
    const newest = mails.find((m) => m.headers['x-relevo-idempotency-key'] === `login-code:${codes[2]!.id}:email`)!;
    const newestSms = t.sms.to(phone).find((m) => m.idempotency_key === `login-code:${codes[2]!.id}:sms`)!;
    expect(codeIn(newestSms.body)).toBe(codeIn(newest.text));
    await t.client(first.access_token).call(verifyCode, { body: { code: codeIn(newest.text) } });
  });
});
