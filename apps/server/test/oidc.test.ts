import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Provider from 'oidc-provider';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { customerEndpoints, sessionUser, verifyCode } from '@relevo/api';
import { LOGIN_CODE_SUBJECT } from '../src/delivery/templates';
import { ConfigError, loadConfig } from '../src/config';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, codeIn, cookiesOf, failure, startTestApp, type TestApp } from './support/harness';

/**
 * docs/product.md#single-sign-on against a real OpenID provider (`oidc-provider`) run on a loopback
 * port: the browser's redirects are followed with fetch, the provider's own sign-in and consent
 * pages answered as a person would.
 */

const CALLBACK = 'http://127.0.0.1:3000/api/auth/sso/callback';
const DEPLOYMENT_CLIENT = { client_id: 'relevo', client_secret: 'relevo-deployment-secret-0123456789' };
const CUSTOMER_CLIENT = { client_id: 'acme-relevo', client_secret: 'acme-customer-secret-0123456789abc' };

interface Account {
  email: string;
  email_verified: boolean;
}

/** The provider and what the tests change of it. */
interface TestProvider {
  issuer: string;
  accounts: Map<string, Account>;
  /** when set, the token endpoint answers an ID token for another audience (signed with the provider's key) */
  tamperAudience: string | null;
  /** the nonce of the last authorization request (a tampered token carries it) */
  lastNonce: string | null;
  close(): Promise<void>;
}

async function startProvider(): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Account>();
  const client = (c: typeof DEPLOYMENT_CLIENT) => ({
    ...c,
    redirect_uris: [CALLBACK],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const provider = new Provider(issuer, {
    clients: [client(DEPLOYMENT_CLIENT), client(CUSTOMER_CLIENT)],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // short: the expired-token case moves the server's clock past it
    ttl: { IdToken: 60, AccessToken: 600, AuthorizationCode: 60, Session: 600, Interaction: 600, Grant: 600 },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  const handle = provider.callback();
  const state: TestProvider = {
    issuer,
    accounts,
    tamperAudience: null,
    lastNonce: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname === '/auth' && url.searchParams.get('nonce')) state.lastNonce = url.searchParams.get('nonce');
    if (state.tamperAudience && request.method === 'POST' && url.pathname === '/token') {
      const sub = [...accounts.keys()].at(-1)!;
      void new SignJWT({ nonce: state.lastNonce, email: accounts.get(sub)!.email, email_verified: true })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(state.tamperAudience)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey)
        .then((idToken) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ access_token: 'x', token_type: 'Bearer', expires_in: 300, id_token: idToken }));
        });
      return;
    }
    void handle(request, response);
  });
  return state;
}

/** A browser's cookies for one site (names and values; paths do not matter to these tests). */
class CookieJar {
  #cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const [name, { value, attributes }] of Object.entries(cookiesOf(headers))) {
      if (!value || attributes.includes('max-age=0')) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string) {
    return this.#cookies.get(name);
  }
}

const manual = async (url: string, jar: CookieJar, init: RequestInit = {}) => {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.take(response.headers);
  return response;
};

interface Journey {
  /** where the server sent the browser at last (the dashboard or the sign-in screen) */
  landing: string;
  /** the server's cookies after the callback */
  app: CookieJar;
  callbackUrl: string;
}

describe('the single sign-on settings of the deployment', () => {
  const secret = 'a-client-secret-nobody-may-read';
  it('takes the issuer, client id and secret together, and says which is missing without the secret', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://idp.example.com/',
      OIDC_CLIENT_ID: 'relevo',
      OIDC_CLIENT_SECRET: secret,
    });
    expect(config.oidc).toEqual({ issuer: 'https://idp.example.com', clientId: 'relevo', clientSecret: secret });
    expect(config.oidcProviderMfa).toBe(false);
    expect(config.oidcCreateUsers).toBe(false);
    expect(loadConfig({}).oidc).toBeNull();
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example.com', OIDC_CLIENT_SECRET: secret })).toThrow(
      new ConfigError(
        'Invalid configuration: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, but OIDC_CLIENT_ID is unset',
      ),
    );
    expect(() => loadConfig({ OIDC_CLIENT_SECRET: secret })).toThrow(/OIDC_ISSUER and OIDC_CLIENT_ID are unset/);
  });

  it('refuses a plain http issuer off this machine, and reads the two switches', () => {
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'http://idp.example.com', OIDC_CLIENT_ID: 'relevo', OIDC_CLIENT_SECRET: secret }),
    ).toThrow('Invalid configuration: OIDC_ISSUER must be an https:// address (http:// only on a loopback host)');
    expect(() => loadConfig({ OIDC_PROVIDER_MFA: 'maybe' })).toThrow('OIDC_PROVIDER_MFA must be on or off');
    const config = loadConfig({ OIDC_PROVIDER_MFA: 'on', OIDC_CREATE_USERS: 'true' });
    expect([config.oidcProviderMfa, config.oidcCreateUsers]).toEqual([true, true]);
  });
});

describe.each(DATABASE_KINDS)('single sign-on on %s', (kind) => {
  let t: TestApp;
  let idp: TestProvider;
  const logLines: string[] = [];
  let acme: number;
  let globex: number;

  beforeAll(async () => {
    idp = await startProvider();
    t = await startTestApp({
      kind,
      config: {
        oidc: {
          issuer: idp.issuer,
          clientId: DEPLOYMENT_CLIENT.client_id,
          clientSecret: DEPLOYMENT_CLIENT.client_secret,
        },
        logLevel: 'info',
      },
      logSink: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    acme = await t.createCustomer('Acme SSO');
    globex = await t.createCustomer('Globex SSO');
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
  beforeEach(() => {
    // the expired-token case moves the clock on: each case starts at the real time the provider keeps
    t.clock.set(Date.now());
    t.ctx.config.oidcProviderMfa = false;
    t.ctx.config.oidcCreateUsers = false;
    idp.tamperAudience = null;
  });

  /** The browser from the sign-in button to the server's last redirect, signing in at the provider as `accountId`. */
  async function journey(
    email: string,
    accountId: string,
    opts: { beforeCallback?: () => void } = {},
  ): Promise<Journey> {
    const app = new CookieJar();
    const atIdp = new CookieJar();
    const start = await manual(`${t.baseUrl}/api/auth/sso/start?email=${encodeURIComponent(email)}`, app);
    expect(start.status).toBe(302);
    let location = start.headers.get('location')!;
    if (!location.startsWith(idp.issuer)) return { landing: location, app, callbackUrl: '' };
    for (let hop = 0; hop < 12 && !location.startsWith(CALLBACK); hop++) {
      const url = new URL(location, idp.issuer).href;
      if (/\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
        const page = await (await manual(url, atIdp)).text();
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? 'login';
        const body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'x' } : { prompt });
        const submitted = await manual(url, atIdp, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        location = submitted.headers.get('location')!;
      } else {
        const answer = await manual(url, atIdp);
        location = answer.headers.get('location')!;
        if (!location) throw new Error(`the provider answered ${answer.status}: ${await answer.text()}`);
      }
    }
    expect(location.startsWith(CALLBACK)).toBe(true);
    opts.beforeCallback?.();
    const callbackUrl = `${t.baseUrl}${location.slice('http://127.0.0.1:3000'.length)}`;
    const callback = await manual(callbackUrl, app);
    expect(callback.status).toBe(302);
    return { landing: callback.headers.get('location')!, app, callbackUrl };
  }

  const account = (email: string, verified = true) => {
    const id = `acct-${Math.random().toString(36).slice(2, 10)}`;
    idp.accounts.set(id, { email, email_verified: verified });
    return id;
  };
  const sessionOf = (jar: CookieJar) => jar.get('relevo_token');
  const refusedWith = (landing: string, code: string) => expect(landing).toBe(`/login?sso_error=${code}`);

  it('offers single sign-on on the sign-in screen when a provider is set up', async () => {
    const settings = await t.raw<{ sso: boolean }>('GET', '/api/settings/client');
    expect(settings.body.sso).toBe(true);
  });

  it('signs in through the provider, then the e-mailed code, and audits the login as by single sign-on', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme SSO' });
    const before = t.mailbox.to(user.email, LOGIN_CODE_SUBJECT).length;
    const { landing, app } = await journey(user.email.toUpperCase(), account(user.email));
    expect(landing).toBe('/authenticator');
    expect(sessionOf(app)).toBeUndefined();
    const preauth = app.get('relevo_preauth');
    expect(preauth).toBeTruthy();
    const mail = await t.mailbox.waitFor(user.email, before + 1, 10_000, LOGIN_CODE_SUBJECT);
    const { access_token } = await t.client(preauth).call(verifyCode, { body: { code: codeIn(mail.text) } });
    const me = await t.client(access_token).call(sessionUser, {});
    expect(me.email).toBe(user.email);
    const logins = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select('detail')
        .where('actor_id', '=', user.id)
        .where('action', '=', 'login')
        .execute(),
    );
    expect(logins.map((row) => (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail))).toEqual([
      { via: 'sso' },
    ]);
  });

  it('skips the code when the deployment says the provider did two factors', async () => {
    t.ctx.config.oidcProviderMfa = true;
    const user = await t.createUser({ role: 'CustomerRoot', customer: 'Acme SSO' });
    const before = t.mailbox.to(user.email, LOGIN_CODE_SUBJECT).length;
    const { landing, app } = await journey(user.email, account(user.email));
    expect(landing).toBe('/');
    const me = await t.client(sessionOf(app)).call(sessionUser, {});
    expect(me.id).toBe(user.id);
    await t.settleOutbox();
    expect(t.mailbox.to(user.email, LOGIN_CODE_SUBJECT).length).toBe(before);
    const session = await asSystem(t, (tx) =>
      tx.selectFrom('sessions').select(['via', 'kind']).where('user_id', '=', user.id).executeTakeFirstOrThrow(),
    );
    expect(session).toEqual({ via: 'sso', kind: 'session' });
  });

  it('refuses an unknown e-mail unless the deployment creates users, then makes a Customer of the claiming customer', async () => {
    const email = `new.${Math.random().toString(36).slice(2, 8)}@acme-sso.test`;
    const refused = await journey(email, account(email));
    refusedWith(refused.landing, 'account');
    expect(await countUsers(email)).toBe(0);
    expect(logLines.some((line) => line.includes('"reason":"unknown account"'))).toBe(true);

    // a domain no customer claims: nobody is created even when creating is allowed
    t.ctx.config.oidcCreateUsers = true;
    const unclaimed = await journey(email, account(email));
    refusedWith(unclaimed.landing, 'account');
    expect(await countUsers(email)).toBe(0);

    await saveSso(acme, { domains: ['acme-sso.test'] });
    t.ctx.config.oidcProviderMfa = true;
    const created = await journey(email, account(email));
    expect(created.landing).toBe('/');
    const me = await t.client(sessionOf(created.app)).call(sessionUser, {});
    expect(me.email).toBe(email);
    expect(me.role.rol_id).toBe(5);
    expect(me.customer?.customer_id).toBe(acme);
    await saveSso(acme, { domains: [] });
  });

  it('refuses an e-mail the provider has not verified', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme SSO' });
    const { landing, app } = await journey(user.email, account(user.email, false));
    refusedWith(landing, 'unverified');
    expect(sessionOf(app)).toBeUndefined();
    expect(app.get('relevo_preauth')).toBeUndefined();
  });

  it('refuses an ID token made for another audience', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme SSO' });
    idp.tamperAudience = 'someone-else';
    t.ctx.config.oidcProviderMfa = true;
    const { landing, app } = await journey(user.email, account(user.email));
    refusedWith(landing, 'failed');
    expect(sessionOf(app)).toBeUndefined();
    expect(
      logLines.some((line) => line.includes('"reason":"id token refused"') && line.includes('"claim":"aud"')),
    ).toBe(true);
  });

  it('refuses an expired ID token', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme SSO' });
    t.ctx.config.oidcProviderMfa = true;
    const { landing, app } = await journey(user.email, account(user.email), {
      // the provider's ID tokens live 60 s: the server's clock is 5 minutes on when the code comes back
      beforeCallback: () => t.clock.advance(5 * 60 * 1000),
    });
    refusedWith(landing, 'failed');
    expect(sessionOf(app)).toBeUndefined();
    expect(
      logLines.some((line) => line.includes('"reason":"id token refused"') && line.includes('"claim":"exp"')),
    ).toBe(true);
  });

  it('refuses a replayed callback, and a callback without the state cookie of its browser', async () => {
    const user = await t.createUser({ role: 'Customer', customer: 'Acme SSO' });
    t.ctx.config.oidcProviderMfa = true;
    const first = await journey(user.email, account(user.email));
    expect(first.landing).toBe('/');
    // the same answer again, with the same state cookie as the first time
    const state = new URL(first.callbackUrl).searchParams.get('state')!;
    const replay = await fetch(first.callbackUrl, { redirect: 'manual', headers: { cookie: `relevo_sso=${state}` } });
    expect(replay.headers.get('location')).toBe('/login?sso_error=failed');
    expect(cookiesOf(replay.headers).relevo_token).toBeUndefined();

    // another browser's answer, without its cookie: refused before the code is used
    let stolen = '';
    const second = await journey(user.email, account(user.email), {
      beforeCallback: () => undefined,
    }).then((j) => ((stolen = j.callbackUrl), j));
    expect(second.landing).toBe('/');
    const noCookie = await fetch(stolen, { redirect: 'manual' });
    expect(noCookie.headers.get('location')).toBe('/login?sso_error=failed');
  });

  it("lets a customer's own provider sign in only that customer's users, and keeps its secret", async () => {
    const saved = await saveSso(globex, {
      issuer: idp.issuer,
      client_id: CUSTOMER_CLIENT.client_id,
      client_secret: CUSTOMER_CLIENT.client_secret,
      domains: ['globex-sso.test'],
    });
    expect(saved).toEqual({
      customer_id: globex,
      issuer: idp.issuer,
      client_id: CUSTOMER_CLIENT.client_id,
      has_secret: true,
      domains: ['globex-sso.test'],
    });
    expect(JSON.stringify(saved)).not.toContain(CUSTOMER_CLIENT.client_secret);
    const stored = await asSystem(t, (tx) =>
      tx.selectFrom('customer_sso').select('client_secret').where('customer_id', '=', globex).executeTakeFirstOrThrow(),
    );
    expect(stored.client_secret).not.toContain(CUSTOMER_CLIENT.client_secret);
    const audited = await asSystem(t, (tx) =>
      tx.selectFrom('audit_log').select(['before', 'after', 'detail']).where('entity', '=', 'customer_sso').execute(),
    );
    expect(JSON.stringify(audited)).not.toContain(CUSTOMER_CLIENT.client_secret);
    expect(logLines.join('')).not.toContain(CUSTOMER_CLIENT.client_secret);

    t.ctx.config.oidcProviderMfa = true;
    // a Globex user of the claimed domain goes to Globex's provider (its own client) and is signed in
    const globexUser = await t.createUser({
      role: 'Customer',
      customer: 'Globex SSO',
      email: `g${Date.now()}@globex-sso.test`,
    });
    const start = await fetch(`${t.baseUrl}/api/auth/sso/start?email=${globexUser.email}`, { redirect: 'manual' });
    expect(new URL(start.headers.get('location')!).searchParams.get('client_id')).toBe(CUSTOMER_CLIENT.client_id);
    const ok = await journey(globexUser.email, account(globexUser.email));
    expect(ok.landing).toBe('/');

    // an Acme user whose e-mail is in Globex's domain: Globex's provider vouches for it, but may not sign it in
    const acmeUser = await t.createUser({
      role: 'Customer',
      customer: 'Acme SSO',
      email: `a${Date.now()}@globex-sso.test`,
    });
    const refused = await journey(acmeUser.email, account(acmeUser.email));
    refusedWith(refused.landing, 'account');
    expect(sessionOf(refused.app)).toBeUndefined();

    // and a Globex user outside the domain may not use the deployment's provider instead
    const outside = await t.createUser({ role: 'Customer', customer: 'Globex SSO' });
    const viaDeployment = await journey(outside.email, account(outside.email));
    refusedWith(viaDeployment.landing, 'account');

    // an empty secret keeps the stored one; the provider off forgets it
    const kept = await saveSso(globex, {
      issuer: idp.issuer,
      client_id: CUSTOMER_CLIENT.client_id,
      domains: ['globex-sso.test'],
    });
    expect(kept.has_secret).toBe(true);
    const off = await saveSso(globex, { domains: [] });
    expect(off).toEqual({ customer_id: globex, issuer: '', client_id: '', has_secret: false, domains: [] });
  });

  it("refuses bad settings with their messages, another customer's domain, and every role but Staff Root and Staff Edit", async () => {
    const staff = await t.createUser({ role: 'StaffEdit' });
    const client = (await t.signIn(staff.email, staff.password)).client;
    const bad = await failure(
      client.call(customerEndpoints.saveCustomerSso, {
        params: { id: acme },
        body: { issuer: 'ftp://idp.example', client_id: 'x', client_secret: 'y', domains: ['not a domain'] },
      }),
    );
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('The issuer must be an https:// address');
    const noSecret = await failure(
      client.call(customerEndpoints.saveCustomerSso, {
        params: { id: acme },
        body: { issuer: 'https://idp.example', client_id: 'x', domains: [] },
      }),
    );
    expect(JSON.stringify(noSecret.body)).toContain('Client secret is required');
    await saveSso(globex, { domains: ['taken-sso.test'] });
    const taken = await failure(
      client.call(customerEndpoints.saveCustomerSso, { params: { id: acme }, body: { domains: ['taken-sso.test'] } }),
    );
    expect(taken.status).toBe(422);
    expect(JSON.stringify(taken.body)).toContain('Another customer already claims this domain');
    const missing = await failure(client.call(customerEndpoints.getCustomerSso, { params: { id: 999_999 } }));
    expect(missing.status).toBe(404);

    for (const role of ['StaffView', 'CustomerRoot', 'Customer']) {
      const user = await t.createUser({ role, customer: role.startsWith('Customer') ? 'Acme SSO' : undefined });
      const other = (await t.signIn(user.email, user.password)).client;
      const refused = await failure(other.call(customerEndpoints.getCustomerSso, { params: { id: acme } }));
      expect(refused.status).toBe(403);
    }
    await saveSso(globex, { domains: [] });
  });

  it('refuses a start without a valid e-mail with 422, and limits the calls of one address', async () => {
    const bad = await t.raw('GET', '/api/auth/sso/start?email=nope');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Must be a valid email address');
    const saved = t.ctx.limits.ssoPerAddress;
    t.ctx.limits.ssoPerAddress = { limit: 1, windowSeconds: 60 };
    try {
      await fetch(`${t.baseUrl}/api/auth/sso/start?email=a@limit-sso.test`, { redirect: 'manual' });
      const limited = await fetch(`${t.baseUrl}/api/auth/sso/start?email=a@limit-sso.test`, { redirect: 'manual' });
      expect(limited.headers.get('location')).toBe('/login?sso_error=busy');
    } finally {
      t.ctx.limits.ssoPerAddress = saved;
      t.clock.advance(61_000);
    }
  });

  async function countUsers(email: string) {
    const rows = await asSystem(t, (tx) => tx.selectFrom('users').select('id').where('email', '=', email).execute());
    return rows.length;
  }

  let staffClient: Awaited<ReturnType<TestApp['signIn']>>['client'] | null = null;
  async function saveSso(
    customerId: number,
    body: { issuer?: string; client_id?: string; client_secret?: string; domains?: string[] },
  ) {
    if (!staffClient) {
      const staff = await t.createUser({ role: 'StaffRoot' });
      staffClient = (await t.signIn(staff.email, staff.password)).client;
    }
    return staffClient.call(customerEndpoints.saveCustomerSso, { params: { id: customerId }, body });
  }
});
