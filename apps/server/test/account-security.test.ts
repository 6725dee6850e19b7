import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailResetConfirm, emailResetStart, smsResetStart, smsResetVerify } from '@relevo/api';
import { AUTH_MESSAGES } from '@relevo/domain';
import { createLogger } from '../src/logger';
import { addressKey } from '../src/security/address';
import { DATABASE_KINDS } from './support/databases';
import { codeIn, cookiesOf, startTestApp, type TestApp } from './support/harness';

const WRONG = 'Wrong.Pass1';
const NEW_PASSWORD = 'Brand.New9';
let phoneCounter = 0;
const nextPhone = () => `+1787555${String(2000 + ++phoneCounter).padStart(4, '0')}`;

/** Captures the structured log lines a test app writes from now on. */
function captureLog(t: TestApp): { lines: () => Record<string, unknown>[]; text: () => string } {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  t.ctx.log = createLogger({ logLevel: 'info' }, sink);
  return {
    lines: () =>
      raw
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => raw.join(''),
  };
}

describe('the address a limit counts', () => {
  it('counts an IPv6 address as its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });
});

describe.each(DATABASE_KINDS)('account security on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      kind,
      // one proxy hop: the tests speak for clients at several addresses through X-Forwarded-For
      config: { trustProxy: 1 },
      limits: {
        loginPerAccount: { limit: 3, windowSeconds: 900 },
        loginPerAddress: { limit: 6, windowSeconds: 900 },
        wrongCodesPerUserDaily: { limit: 4, windowSeconds: 86_400 },
      },
    });
    await t.createCustomer('Acme');
  });
  afterAll(async () => t?.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const attempt = (email: string, password: string, address: string) =>
    t.raw('POST', '/api/login/jwt/', { body: { email, password }, headers: from(address) });
  /** Both steps from one address; answers the session token. */
  async function signInFrom(email: string, password: string, address: string): Promise<string> {
    await t.settleOutbox();
    const before = t.mailbox.to(email, 'Your Relevo verification code').length;
    const first = await attempt(email, password, address);
    expect(first.status).toBe(200);
    const mail = await t.mailbox.waitFor(email, before + 1, 10_000, 'Your Relevo verification code');
    const preauth = (first.body as { access_token: string }).access_token;
    const second = await t.raw('POST', '/api/login/jwt/tfa', {
      body: { code: codeIn(mail.text) },
      headers: { authorization: `Bearer ${preauth}`, ...from(address) },
    });
    expect(second.status).toBe(200);
    return (second.body as { access_token: string }).access_token;
  }

  it('counts failed sign-ins per account and address: another address still signs in', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(user.email, WRONG, '203.0.113.10')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // the right password from the same address waits for the window
    expect((await attempt(user.email, user.password, '203.0.113.10')).status).toBe(429);
    // the owner elsewhere is not locked out by somebody trying the account
    await signInFrom(user.email, user.password, '198.51.100.20');
    t.clock.advance(15 * 60 * 1000 + 1000);
  });

  it('never counts successful sign-ins toward the limits', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    for (let i = 0; i < 8; i++) expect((await attempt(user.email, user.password, '203.0.113.11')).status).toBe(200);
  });

  it('forgets the account failures from an address once the account signs in there', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    for (let i = 0; i < 2; i++) expect((await attempt(user.email, WRONG, '203.0.113.12')).status).toBe(401);
    await signInFrom(user.email, user.password, '203.0.113.12');
    // two more failures would be four in the window without the reset
    for (let i = 0; i < 3; i++) expect((await attempt(user.email, WRONG, '203.0.113.12')).status).toBe(401);
    expect((await attempt(user.email, WRONG, '203.0.113.12')).status).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
  });

  it('counts the failures of an IPv6 /64 together, whatever address of it is used', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await attempt(`nobody${i}@example.test`, WRONG, `2001:db8:7:7::${(i + 1).toString(16)}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // the next /64 is another subscriber
    expect((await attempt('nobody@example.test', WRONG, '2001:db8:7:8::1')).status).toBe(401);
    t.clock.advance(15 * 60 * 1000 + 1000);
  });

  it('caps the wrong codes of a user per day across sign-ins', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const wrongCodes = async (count: number) => {
      const first = await attempt(user.email, user.password, '203.0.113.13');
      const preauth = (first.body as { access_token: string }).access_token;
      const statuses = [];
      for (let i = 0; i < count; i++) {
        statuses.push(
          (
            await t.raw('POST', '/api/login/jwt/tfa', {
              body: { code: 111111 },
              headers: { authorization: `Bearer ${preauth}` },
            })
          ).status,
        );
      }
      return { preauth, statuses };
    };
    expect((await wrongCodes(2)).statuses).toEqual([400, 400]);
    // a fresh pre-auth session does not buy fresh guesses
    const second = await wrongCodes(3);
    expect(second.statuses).toEqual([400, 400, 429]);
    const capped = await t.raw('POST', '/api/login/jwt/tfa', {
      body: { code: 111111 },
      headers: { authorization: `Bearer ${second.preauth}` },
    });
    expect(capped.body).toEqual({ detail: AUTH_MESSAGES.dailyCodeLimit });
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(3600);
    // even the right code waits for the next day
    await t.settleOutbox();
    const before = t.mailbox.to(user.email, 'Your Relevo verification code').length;
    const third = await attempt(user.email, user.password, '203.0.113.13');
    const code = codeIn(
      (await t.mailbox.waitFor(user.email, before + 1, 10_000, 'Your Relevo verification code')).text,
    );
    const right = await t.raw('POST', '/api/login/jwt/tfa', {
      body: { code },
      headers: { authorization: `Bearer ${(third.body as { access_token: string }).access_token}` },
    });
    expect(right.status).toBe(429);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    await signInFrom(user.email, user.password, '203.0.113.13');
  });

  it('lets a user who must change its password do nothing else until it has', async () => {
    const user = await t.createUser({ role: 'CustomerRoot', customer: 'Acme', force: true });
    const token = await signInFrom(user.email, user.password, '203.0.113.14');
    const call = (method: string, path: string, body?: unknown) =>
      t.raw(method, path, { headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body }) });
    const me = await call('GET', '/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ force_change_password: true });
    for (const [method, path] of [
      ['GET', '/api/user/clients/not_root'],
      ['GET', '/api/users/user/dashboard/'],
      ['GET', '/api/procedures/get/current'],
      ['POST', '/api/user/clients/not_root'],
    ] as const) {
      const refused = await call(method, path, method === 'POST' ? {} : undefined);
      expect({ path, status: refused.status, body: refused.body }).toEqual({
        path,
        status: 403,
        body: { detail: AUTH_MESSAGES.passwordChangeRequired },
      });
    }
    const changed = await call('PUT', '/api/management/password/change/', {
      current_password: user.password,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await call('GET', '/api/users/user/dashboard/')).status).toBe(200);
    expect((await call('GET', '/api/user/clients/not_root')).status).toBe(200);
    expect((await call('POST', '/api/login/jwt/logout')).status).toBe(200);
  });

  it('lets a user who must change its password sign out', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme', force: true });
    const token = await signInFrom(user.email, user.password, '203.0.113.15');
    expect(
      (await t.raw('POST', '/api/login/jwt/logout', { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect((await t.raw('GET', '/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('tells the user by SMS after an e-mail reset, and by e-mail after an SMS reset', async () => {
    const phone = nextPhone();
    const user = await t.createUser({ role: 'Customer', customer: 'Acme', name: 'Inés', phone });
    await t.client().call(emailResetStart, { body: { email: user.email } });
    const link = (await t.mailbox.waitFor(user.email, 1, 10_000, 'Reset your Relevo password')).text;
    const token = /reset_password\/email\/([\w-]+)/.exec(link)![1]!;
    await t.client().call(emailResetConfirm, {
      params: { token },
      body: { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    const notice = await t.sms.waitFor(phone, 1);
    expect(notice.body).toBe(
      'Relevo: your password was reset through a link sent to your e-mail. If this was not you, reset it again at once and tell your administrator.',
    );

    const start = await t.client().call(smsResetStart, { body: { phone } });
    const code = codeIn((await t.sms.waitFor(phone, 2)).body);
    await t.client().call(smsResetVerify, {
      token: start.token,
      body: { smscod: code, password: 'Second.Pass7', password_verified: 'Second.Pass7' },
    });
    const mail = await t.mailbox.waitFor(user.email, 1, 10_000, 'Your Relevo password was reset');
    expect(mail.text).toContain('Hello Inés');
    expect(mail.text).toContain('Your Relevo password was reset with a code sent to your phone.');
    // the e-mail reset of a user without a phone has no other channel: nothing else is sent
    const plain = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const textsBefore = t.sms.messages.length;
    await t.client().call(emailResetStart, { body: { email: plain.email } });
    const plainLink = (await t.mailbox.waitFor(plain.email, 1, 10_000, 'Reset your Relevo password')).text;
    await t.client().call(emailResetConfirm, {
      params: { token: /reset_password\/email\/([\w-]+)/.exec(plainLink)![1]! },
      body: { new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    await t.dispatcher.drain();
    expect(t.sms.messages.length).toBe(textsBefore);
  });

  it('writes security events as structured lines without secrets', async () => {
    const log = captureLog(t);
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    await attempt(user.email, WRONG, '203.0.113.16');
    await attempt('ghost@example.test', user.password, '203.0.113.16');
    const first = await attempt(user.email, user.password, '203.0.113.16');
    await t.raw('POST', '/api/login/jwt/tfa', {
      body: { code: 123456 },
      headers: { authorization: `Bearer ${(first.body as { access_token: string }).access_token}` },
    });
    await t.raw('GET', '/api/users/me', { headers: { authorization: 'Bearer not-a-token' } });
    const token = await signInFrom(user.email, user.password, '203.0.113.16');
    await t.raw('GET', '/api/customers/free', { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 4; i++) await attempt(user.email, WRONG, '203.0.113.17');
    await t.raw('PUT', '/api/management/password/change/', {
      headers: { authorization: `Bearer ${token}` },
      body: { current_password: user.password, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });

    const events = log.lines().filter((line) => line.security);
    const named = (name: string) => events.filter((line) => line.security === name);
    expect(named('sign_in_failed').map((line) => (line.detail as { reason: string }).reason)).toEqual([
      'wrong password',
      'unknown account',
      'wrong password',
      'wrong password',
      'wrong password',
    ]);
    expect(named('sign_in_failed')[0]).toMatchObject({ userId: user.id, ip: '203.0.113.16', level: 40 });
    expect(named('code_wrong')).toEqual([expect.objectContaining({ userId: user.id })]);
    expect(named('unauthenticated')).toEqual([
      expect.objectContaining({ route: 'GET /api/users/me', detail: { reason: 'bad or expired token' } }),
    ]);
    expect(named('forbidden')).toEqual([
      expect.objectContaining({
        userId: user.id,
        route: 'GET /api/customers/free',
        detail: { reason: 'role', role: 5 },
      }),
    ]);
    expect(named('rate_limited')).toEqual([expect.objectContaining({ detail: { limits: 'login-fail:account' } })]);
    expect(named('password_changed')).toEqual([expect.objectContaining({ userId: user.id, detail: { own: true } })]);
    const text = log.text();
    for (const secret of [user.password, WRONG, NEW_PASSWORD, token, user.email, 'ghost@example.test'])
      expect(text).not.toContain(secret);
    t.clock.advance(15 * 60 * 1000 + 1000);
  });
});

describe.each(DATABASE_KINDS)('session cookies over https on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind, config: { publicUrl: 'https://relevo.example' } });
    await t.createCustomer('Acme');
  });
  afterAll(async () => t?.close());

  it('names the cookies with the __Host- and __Secure- prefixes and marks them Secure', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const first = await t.raw('POST', '/api/login/jwt/', { body: { email: user.email, password: user.password } });
    const preauth = cookiesOf(first.headers)['__Secure-relevo_preauth']!;
    expect(preauth.attributes).toEqual(
      expect.arrayContaining(['path=/api/login/jwt', 'httponly', 'samesite=strict', 'secure']),
    );
    const code = codeIn((await t.mailbox.waitFor(user.email)).text);
    const second = await t.raw('POST', '/api/login/jwt/tfa', {
      body: { code },
      headers: { cookie: `__Secure-relevo_preauth=${preauth.value}` },
    });
    expect(second.status).toBe(200);
    const session = cookiesOf(second.headers)['__Host-relevo_token']!;
    expect(session.attributes).toEqual(expect.arrayContaining(['path=/', 'httponly', 'samesite=strict', 'secure']));
    expect(session.attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
    expect(
      (await t.raw('GET', '/api/users/me', { headers: { cookie: `__Host-relevo_token=${session.value}` } })).status,
    ).toBe(200);
    // the unprefixed name means nothing on an https deployment
    expect((await t.raw('GET', '/api/users/me', { headers: { cookie: `relevo_token=${session.value}` } })).status).toBe(
      401,
    );
    expect(first.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
