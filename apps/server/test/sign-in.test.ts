import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOwnPassword, login, logout, resendCode, sessionUser, userDashboard, verifyCode } from '@relevo/api';
import { AUTH_MESSAGES, MESSAGES } from '@relevo/domain';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, codeIn, cookiesOf, failure, startTestApp, type TestApp } from './support/harness';

describe.each(DATABASE_KINDS)('two-step sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    await t.createCustomer('Acme');
  });
  afterAll(async () => t?.close());

  it('signs in with e-mail, password and the code read from the delivered e-mail', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme', name: 'Lucía', lastName: 'Vega' });
    const first = await t.client().call(login, { body: { email: user.email.toUpperCase(), password: user.password } });
    expect(first.token_type).toBe('bearer');
    expect(first.delivery).toEqual(['e-mail']);
    const mail = await t.mailbox.waitFor(user.email);
    // the code is in the body only: a subject shows on lock screens and in message lists
    expect(mail.subject).toBe('Your Relevo verification code');
    expect(mail.subject).not.toMatch(/\d/);
    expect(mail.html).toContain(String(codeIn(mail.text)));
    const second = await t.client(first.access_token).call(verifyCode, { body: { code: codeIn(mail.text) } });
    const me = await t.client(second.access_token).call(sessionUser);
    expect(me).toMatchObject({
      id: user.id,
      name: 'Lucía',
      last_name: 'Vega',
      email: user.email,
      role: { rol_id: 5, rol_name: 'Customer' },
    });
    expect(me.customer?.customer_name).toBe('Acme');
  });

  it('also sends the code by SMS through the webhook when the user has a phone', async () => {
    const user = await t.createUser({ role: 'CustomerRoot', customer: 'Acme', phone: '+17875550142' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    expect(first.delivery).toEqual(['e-mail', 'SMS']);
    const sms = await t.sms.waitFor('+17875550142');
    const mail = await t.mailbox.waitFor(user.email);
    expect(sms.kind).toBe('sms');
    // one key per code and channel, so the gateway can recognise a repeat (architecture.md, Messages)
    const sid = (await t.ctx.signer.verify(first.access_token, ['preauth'], t.clock.now()))!.sid;
    const code = await asSystem(t, (tx) =>
      tx.selectFrom('verification_codes').select('id').where('session_id', '=', sid).executeTakeFirstOrThrow(),
    );
    expect(sms.idempotency_key).toBe(`login-code:${code.id}:sms`);
    expect(mail.headers['x-relevo-idempotency-key']).toBe(`login-code:${code.id}:email`);
    expect(codeIn(sms.body)).toBe(codeIn(mail.text));
    await t.client(first.access_token).call(verifyCode, { body: { code: codeIn(sms.body) } });
  });

  it('gives a wrong password and an unknown e-mail the same answer in similar time', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const time = async (email: string) => {
      const started = performance.now();
      const error = await failure(t.client().call(login, { body: { email, password: 'Wrong.Pass1' } }));
      return { ms: performance.now() - started, status: error.status, body: error.body };
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    let wrongAnswer: unknown;
    let unknownAnswer: unknown;
    for (let i = 0; i < 5; i++) {
      const a = await time(user.email);
      const b = await time(`nobody${i}@example.test`);
      wrong.push(a.ms);
      unknown.push(b.ms);
      wrongAnswer = { status: a.status, body: a.body };
      unknownAnswer = { status: b.status, body: b.body };
    }
    expect(wrongAnswer).toEqual({ status: 401, body: { detail: AUTH_MESSAGES.badCredentials } });
    expect(unknownAnswer).toEqual(wrongAnswer);
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[2]!;
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('uses a code once only', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    await t.client(first.access_token).call(verifyCode, { body: { code } });
    const again = await failure(t.client(first.access_token).call(verifyCode, { body: { code } }));
    expect(again.status).toBe(401);
  });

  it('voids the code after five wrong tries, even when the sixth is right', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    const wrongCode = code === 999_999 ? 100_000 : code + 1;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await failure(t.client(first.access_token).call(verifyCode, { body: { code: wrongCode } }))).message,
      );
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(AUTH_MESSAGES.codeWrong));
    expect(answers[4]).toBe(AUTH_MESSAGES.codeVoided);
    const right = await failure(t.client(first.access_token).call(verifyCode, { body: { code } }));
    expect(right.status).toBe(400);
    expect(right.message).toBe(AUTH_MESSAGES.codeVoided);
    const stored = await asSystem(t, (tx) =>
      tx
        .selectFrom('verification_codes')
        .select(['wrong_attempts', 'voided_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.wrong_attempts).toBe(5);
    expect(stored.voided_at).not.toBeNull();
  });

  it('refuses a code after 10 minutes', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    t.clock.advance(10 * 60 * 1000 + 1000);
    try {
      const late = await failure(t.client(first.access_token).call(verifyCode, { body: { code } }));
      // the pre-auth token expires with the code: the answer says to sign in again
      expect(late.status).toBe(401);
      expect(late.message).toBe(AUTH_MESSAGES.sessionExpired);
    } finally {
      t.clock.advance(0);
    }
  });

  it('refuses a code whose 10 minutes passed even while the pre-auth session lives', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    await asSystem(t, (tx) =>
      tx
        .updateTable('verification_codes')
        .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
        .where('user_id', '=', user.id)
        .execute(),
    );
    const late = await failure(t.client(first.access_token).call(verifyCode, { body: { code } }));
    expect(late.status).toBe(400);
    expect(late.message).toBe(AUTH_MESSAGES.codeExpired);
  });

  it('resends a new code that replaces the old one, three times per 10 minutes', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    const oldCode = codeIn((await t.mailbox.waitFor(user.email, 1)).text);
    const resent = await t.client(first.access_token).call(resendCode);
    expect(resent).toEqual({ Message: MESSAGES.codeResent });
    const newCode = codeIn((await t.mailbox.waitFor(user.email, 2)).text);
    await t.client(first.access_token).call(resendCode);
    await t.client(first.access_token).call(resendCode);
    const fourth = await failure(t.client(first.access_token).call(resendCode));
    expect(fourth.status).toBe(429);
    expect(fourth.message).toBe(AUTH_MESSAGES.resendLimit);
    expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
    const latest = codeIn((await t.mailbox.waitFor(user.email, 4)).text);
    // every earlier code is replaced; one that happens to equal the latest is the latest
    const replaced = [oldCode, newCode].find((code) => code !== latest);
    if (replaced !== undefined)
      expect((await failure(t.client(first.access_token).call(verifyCode, { body: { code: replaced } }))).message).toBe(
        AUTH_MESSAGES.codeWrong,
      );
    await t.client(first.access_token).call(verifyCode, { body: { code: latest } });
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('verification_codes').select('consumed_at').where('user_id', '=', user.id).execute(),
    );
    expect(stored.filter((code) => code.consumed_at !== null)).toHaveLength(1);
  });

  it('keeps the pre-auth token to the code step and the session token out of it', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    for (const call of [
      t.client(first.access_token).call(sessionUser),
      t.client(first.access_token).call(userDashboard),
    ]) {
      expect((await failure(call)).status).toBe(401);
    }
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    const session = await t.client(first.access_token).call(verifyCode, { body: { code } });
    expect((await failure(t.client(session.access_token).call(resendCode))).status).toBe(401);
    expect((await failure(t.client('not-a-token').call(sessionUser))).status).toBe(401);
    const tampered = session.access_token.slice(0, -3) + (session.access_token.endsWith('A') ? 'BBB' : 'AAA');
    expect((await failure(t.client(tampered).call(sessionUser))).status).toBe(401);
  });

  it('sets HttpOnly SameSite=Strict cookies and accepts the session cookie as well as the bearer', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.raw('POST', '/api/login/jwt/', { body: { email: user.email, password: user.password } });
    const preauth = cookiesOf(first.headers).relevo_preauth!;
    expect(preauth.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/login/jwt']));
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    const second = await t.raw('POST', '/api/login/jwt/tfa', {
      body: { code },
      headers: { cookie: `relevo_preauth=${preauth.value}` },
    });
    expect(second.status).toBe(200);
    const session = cookiesOf(second.headers).relevo_token!;
    expect(session.attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/', 'max-age=86400']),
    );
    const me = await t.raw<{ email: string }>('GET', '/api/users/me', {
      headers: { cookie: `relevo_token=${session.value}` },
    });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(user.email);
  });

  it('refuses a cookie-authenticated change from a foreign origin', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const { token } = await t.signIn(user.email, user.password);
    const body = { current_password: user.password, new_password: 'Other.Pass2', confirm_password: 'Other.Pass2' };
    const foreign = await t.raw('PUT', '/api/management/password/change/', {
      body,
      headers: { cookie: `relevo_token=${token}`, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow(),
    );
    // the foreign request changed nothing
    expect((await t.raw('GET', '/api/users/me', { headers: { cookie: `relevo_token=${token}` } })).status).toBe(200);
    const own = await t.raw('PUT', '/api/management/password/change/', {
      body,
      headers: { cookie: `relevo_token=${token}`, origin: new URL(t.baseUrl).origin },
    });
    expect(own.status).toBe(200);
    const after = await asSystem(t, (tx) =>
      tx.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow(),
    );
    expect(after.password_hash).not.toBe(stored.password_hash);
  });

  it('revokes the session on logout', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const { client, token } = await t.signIn(user.email, user.password);
    await client.call(sessionUser);
    const answer = await t.raw('POST', '/api/login/jwt/logout', {
      body: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect((await failure(client.call(sessionUser))).status).toBe(401);
    expect((await failure(client.call(logout))).status).toBe(401);
  });

  it('changes the own password: checks the current one, revokes the other sessions, keeps this one', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const a = await t.signIn(user.email, user.password);
    const b = await t.signIn(user.email, user.password);
    const wrong = await failure(
      a.client.call(changeOwnPassword, {
        body: { current_password: 'Nope.Pass1', new_password: 'Fresh.Pass2', confirm_password: 'Fresh.Pass2' },
      }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ detail: [{ loc: ['body', 'current_password'], msg: AUTH_MESSAGES.currentWrong }] });
    const weak = await failure(
      a.client.call(changeOwnPassword, {
        body: { current_password: user.password, new_password: 'weak', confirm_password: 'weak' },
      }),
    );
    expect(weak.status).toBe(422);
    expect(weak.message).toBe('Password must be at least 8 characters long');
    const done = await a.client.call(changeOwnPassword, {
      body: { current_password: user.password, new_password: 'Fresh.Pass2', confirm_password: 'Fresh.Pass2' },
    });
    expect(done).toEqual({ Message: 'User password has been updated' });
    await a.client.call(sessionUser);
    expect((await failure(b.client.call(sessionUser))).status).toBe(401);
    expect(
      (await failure(t.client().call(login, { body: { email: user.email, password: user.password } }))).status,
    ).toBe(401);
    await t.signIn(user.email, 'Fresh.Pass2');
  });

  it('clears force_change_password once the user sets a new password', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme', force: true });
    const { client } = await t.signIn(user.email, user.password);
    expect((await client.call(sessionUser)).force_change_password).toBe(true);
    await client.call(changeOwnPassword, {
      body: { current_password: user.password, new_password: 'Fresh.Pass3', confirm_password: 'Fresh.Pass3' },
    });
    expect((await client.call(sessionUser)).force_change_password).toBe(false);
  });

  it('refuses an inactive user and ends its sessions', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const { client } = await t.signIn(user.email, user.password);
    await asSystem(t, (tx) => tx.updateTable('users').set({ status: 0 }).where('id', '=', user.id).execute());
    await t.ctx.principals.evictUser(user.id);
    expect((await failure(client.call(sessionUser))).status).toBe(401);
    const refused = await failure(t.client().call(login, { body: { email: user.email, password: user.password } }));
    expect(refused.status).toBe(401);
    expect(refused.message).toBe(AUTH_MESSAGES.inactive);
  });

  it('answers the profile counts from the events of the own customer', async () => {
    const customerId = await t.createCustomer('Counted Co');
    const other = await t.createCustomer('Other Co');
    const user = await t.createUser({ role: 'Customer', customer: 'Counted Co' });
    const now = t.clock.now();
    await asSystem(t, (tx) =>
      tx
        .insertInto('events')
        .values([
          {
            customer_id: customerId,
            case_id: `C-${kind}-1`,
            event_status: 'completed',
            sla_compliance: 'YES',
            short_event_subject: 's',
            short_event_body: 'b',
            event_createdt: now,
          },
          {
            customer_id: customerId,
            case_id: `C-${kind}-2`,
            event_status: 'open',
            sla_compliance: 'NO',
            short_event_subject: 's',
            short_event_body: 'b',
            event_createdt: now,
          },
          {
            customer_id: customerId,
            case_id: `C-${kind}-3`,
            event_status: 'progress',
            short_event_subject: 's',
            short_event_body: 'b',
            event_createdt: new Date(now.getTime() - 3 * 86_400_000),
          },
          {
            customer_id: other,
            case_id: `C-${kind}-4`,
            event_status: 'open',
            sla_compliance: 'NO',
            short_event_subject: 's',
            short_event_body: 'b',
            event_createdt: now,
          },
        ])
        .execute(),
    );
    const { client } = await t.signIn(user.email, user.password);
    expect(await client.call(userDashboard)).toEqual({ completed: 1, non_compliance: 1, open: 2, today: 2 });
  });
});

describe.each(DATABASE_KINDS)('sign-in rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      limits: { loginPerAccount: { limit: 3, windowSeconds: 900 }, loginPerAddress: { limit: 8, windowSeconds: 900 } },
    });
    await t.createCustomer('Acme');
  });
  afterAll(async () => t?.close());

  it('limits attempts per account with 429 and Retry-After, whether or not the account exists', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    for (const email of [user.email, 'ghost@example.test']) {
      const statuses: number[] = [];
      let last: Headers | null = null;
      for (let i = 0; i < 4; i++) {
        const answer = await t.raw('POST', '/api/login/jwt/', { body: { email, password: 'Wrong.Pass1' } });
        statuses.push(answer.status);
        last = answer.headers;
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(Number(last!.get('retry-after'))).toBeGreaterThan(0);
    }
    // the right password is refused too while the window lasts
    expect(
      (await t.raw('POST', '/api/login/jwt/', { body: { email: user.email, password: user.password } })).status,
    ).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect(
      (await t.raw('POST', '/api/login/jwt/', { body: { email: user.email, password: user.password } })).status,
    ).toBe(200);
  });

  it('limits attempts per address across accounts', async () => {
    t.clock.advance(15 * 60 * 1000 + 1000);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push(
        (await t.raw('POST', '/api/login/jwt/', { body: { email: `spray${i}@example.test`, password: 'Wrong.Pass1' } }))
          .status,
      );
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe.each(DATABASE_KINDS)('bad input on the sign-in endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(async () => t?.close());

  const cases: [string, string, { body?: unknown; rawBody?: string }, number, unknown][] = [
    [
      'malformed JSON',
      '/api/login/jwt/',
      { rawBody: '{"email": ' },
      400,
      { detail: 'The request body is not valid JSON' },
    ],
    [
      'an empty body',
      '/api/login/jwt/',
      { rawBody: '' },
      400,
      { detail: 'The request body is empty; send a JSON object' },
    ],
    [
      'a JSON array',
      '/api/login/jwt/',
      { body: [1, 2] },
      422,
      { detail: [{ loc: ['body'], msg: 'The body must be a JSON object' }] },
    ],
    [
      'missing fields',
      '/api/login/jwt/',
      { body: {} },
      422,
      {
        detail: [
          { loc: ['body', 'email'], msg: 'Email is required' },
          { loc: ['body', 'password'], msg: 'Password is required' },
        ],
      },
    ],
    [
      'wrong types',
      '/api/login/jwt/',
      { body: { email: 42, password: true } },
      422,
      {
        detail: [
          { loc: ['body', 'email'], msg: 'Email is required' },
          { loc: ['body', 'password'], msg: 'Password is required' },
        ],
      },
    ],
    [
      'an unknown field',
      '/api/login/jwt/',
      { body: { email: 'a@b.co', password: 'x', role: 1 } },
      422,
      { detail: [{ loc: ['body', 'role'], msg: 'Unknown field' }] },
    ],
    [
      'an overlong string',
      '/api/login/jwt/',
      { body: { email: `${'a'.repeat(11_000)}@b.co`, password: 'x' } },
      422,
      { detail: [{ loc: ['body', 'email'], msg: 'Must be at most 254 characters' }] },
    ],
  ];
  it.each(cases)('answers %s with a clear error', async (_name, path, init, status, body) => {
    const answer = await t.raw('POST', path, init);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual(body);
    expect(answer.text).not.toMatch(/at \w+ \(|node_modules|SELECT|stack/i);
  });

  it('answers a code that is not an integer with 422 on the code field', async () => {
    await t.createCustomer('Acme');
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
    for (const code of ['123456', 12345.5, 99, 1_000_000, null]) {
      const answer = await t.raw('POST', '/api/login/jwt/tfa', {
        body: { code },
        headers: { authorization: `Bearer ${first.access_token}` },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ detail: [{ loc: ['body', 'code'], msg: AUTH_MESSAGES.codeFormat }] });
    }
  });

  it('answers a body over the size limit with 413 and an unknown API path with 404', async () => {
    const huge = await t.raw('POST', '/api/login/jwt/', { body: { email: 'a@b.co', password: 'x'.repeat(300_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ detail: 'The request body is too large' });
    expect((await t.raw('GET', '/api/nothing/here')).body).toEqual({ detail: 'Not found' });
  });

  it('never answers a protected endpoint with its validation to an anonymous caller', async () => {
    const answer = await t.raw('PUT', '/api/management/password/change/', { body: { bogus: 1 } });
    expect(answer.status).toBe(401);
  });
});
