import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ENDPOINTS, emailResetStart, fillPath, login, sessionUser } from '@relevo/api';
import { redactUrl } from '../src/http/security';
import { createLogger } from '../src/logger';
import { DATABASE_KINDS } from './support/databases';
import { codeIn, startTestApp, type TestApp } from './support/harness';

describe('the contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
  });
  afterAll(async () => t?.close());

  /** The answer of the server to a path it has no route for (the history fallback is off here: no web build). */
  const UNKNOWN_ROUTE = { status: 404, body: { detail: 'Not found' } };
  const call = async (method: string, path: string) => {
    const answer = await t.raw(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
    return { status: answer.status, body: answer.body };
  };

  it('answers every endpoint of the table over HTTP, by its method and path, with something other than an unknown route', async () => {
    const unanswered: string[] = [];
    for (const endpoint of ENDPOINTS) {
      const path = fillPath(endpoint.path, {
        id: 1,
        override_id: 1,
        module: 1,
        application: 1,
        case_id: 'ABCDEFGH',
        token: 'a'.repeat(43),
        provider: 'twilio',
        kind: 'status',
      });
      // single sign-on's navigations answer with redirects to the web app, which these tests do not serve
      const answer = path.startsWith('/api/auth/sso/')
        ? { status: (await fetch(`${t.baseUrl}${path}`, { redirect: 'manual' })).status, body: null }
        : await call(endpoint.method, path);
      if (answer.status === UNKNOWN_ROUTE.status && JSON.stringify(answer.body) === JSON.stringify(UNKNOWN_ROUTE.body))
        unanswered.push(`${endpoint.method} ${path}`);
    }
    expect(unanswered).toEqual([]);
  });

  it('answers a path or a method the table does not hold as an unknown route', async () => {
    expect(await call('GET', '/api/procedures/get/nothing')).toEqual(UNKNOWN_ROUTE);
    // the session user's path with a method it does not have
    expect(await call('DELETE', '/api/users/me')).toEqual(UNKNOWN_ROUTE);
  });
});

/** A script worth compressing, as the web build's chunks are. */
const BIG_SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;

describe.each(DATABASE_KINDS)('serving on %s', (kind) => {
  let t: TestApp;
  let webRoot: string;
  let webDist: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'relevo-web-'));
    // a deployment's build may lie under a folder named assets: only the build's own assets/ is hashed
    webDist = join(webRoot, 'assets', 'web');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(join(webDist, 'icons'));
    writeFileSync(join(webDist, 'sw.js'), "self.addEventListener('push', () => undefined);");
    writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Relevo"}');
    writeFileSync(join(webDist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Relevo</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(join(webDist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(webDist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
    t = await startTestApp({ kind, config: { webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the web app on every non-API path (history fallback) and hashed assets for a year', async () => {
    for (const path of ['/', '/login', '/escalation/12/resources', '/reset_password/email/abc']) {
      const page = await t.raw('GET', path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root">');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await t.raw('GET', '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.raw('GET', '/api/unknown')).body).toEqual({ detail: 'Not found' });
  });

  it('serves the service worker, the manifest and the icons at the root, checked again on every load', async () => {
    // a browser looks for a new /sw.js at most a day after the last; no-cache lets it take one at once
    const worker = await t.raw('GET', '/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await t.raw('GET', '/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const icon = await t.raw('GET', '/icons/icon-192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the compressed copy the web build wrote beside an asset to a browser that accepts it, and the plain file otherwise', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const asset = await t.raw('GET', '/assets/big-def456.js', { headers: { 'accept-encoding': encoding } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding')).toBe(encoding);
      expect(asset.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(asset.text).toBe(BIG_SCRIPT);
    }
    const plain = await t.raw('GET', '/assets/big-def456.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(BIG_SCRIPT);
  });

  it('sends the protective headers on every answer, and no-store on API answers', async () => {
    const answer = await t.raw('GET', '/api/health');
    expect(answer.body).toMatchObject({ status: 'ok', database: kind, version: '1.4.4' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    for (const path of [
      '/api/health',
      '/api/users/me',
      '/api/unknown',
      '/login',
      '/reset_password/email/abc',
      '/assets/app-abc123.js',
    ]) {
      const page = await t.raw('GET', path);
      expect(page.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(page.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      // no inline scripts: the built app loads its scripts from files
      expect(/script-src[^;]*unsafe-inline/.test(csp), path).toBe(false);
      // served over http here: no HSTS (it would pin a plain-http host)
      expect(page.headers.get('strict-transport-security'), path).toBeNull();
    }
    const unauthenticated = await t.raw('GET', '/api/users/me');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a NUL character anywhere in a query or a body with a 422 naming where, never a 500', async () => {
    await t.createCustomer('Acme');
    const user = await t.createUser({ role: 'StaffRoot' });
    const { token } = await t.signIn(user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };
    const search = await t.raw('GET', '/api/procedures/get/customer?search=a%00b', { headers });
    expect({ status: search.status, body: search.body }).toEqual({
      status: 422,
      body: { detail: [{ loc: ['query', 'search'], msg: 'Must not contain the NUL character' }] },
    });
    const body = await t.raw('POST', '/api/procedures/add/customer', {
      headers,
      body: { customer_name: 'Nul\u0000Corp' },
    });
    expect({ status: body.status, body: body.body }).toEqual({
      status: 422,
      body: { detail: [{ loc: ['body', 'customer_name'], msg: 'Must not contain the NUL character' }] },
    });
    const signIn = await t.raw('POST', '/api/login/jwt/', { body: { email: 'a@b.co', password: 'x\u0000' } });
    expect(signIn.status).toBe(422);
  });

  it('refuses a lone surrogate (text no database stores) in a body or a key with a 422 naming where, never a 500', async () => {
    const user = await t.createUser({ role: 'StaffRoot' });
    const { token } = await t.signIn(user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };
    const value = await t.raw('POST', '/api/procedures/add/customer', {
      headers,
      rawBody: '{"customer_name":"Acme \\ud800"}',
    });
    expect({ status: value.status, body: value.body }).toEqual({
      status: 422,
      body: {
        detail: [{ loc: ['body', 'customer_name'], msg: 'Must be valid Unicode text (a lone surrogate is not)' }],
      },
    });
    const key = await t.raw('POST', '/api/procedures/add/customer', {
      headers,
      rawBody: '{"customer_name":"Acme","\\udfff":1}',
    });
    expect({ status: key.status, loc: (key.body as { detail: { loc: unknown[] }[] }).detail[0]!.loc }).toEqual({
      status: 422,
      loc: ['body', '\udfff'],
    });
  });

  it('answers a body nested far deeper than any form with a 422, never a 500', async () => {
    const user = await t.createUser({ role: 'StaffRoot' });
    const { token } = await t.signIn(user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };
    // 200 kB of arrays, 100 000 deep; and a NUL at the bottom of 20 000 objects is still found
    const arrays = await t.raw('POST', '/api/procedures/add/customer', {
      headers,
      rawBody: `{"customer_name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    });
    expect(arrays.status).toBe(422);
    const objects = await t.raw('POST', '/api/procedures/add/customer', {
      headers,
      rawBody: `{"customer_name":${'{"a":'.repeat(20_000)}"\\u0000"${'}'.repeat(20_000)}}`,
    });
    expect({
      status: objects.status,
      loc: (objects.body as { detail: { loc: unknown[] }[] }).detail[0]!.loc.length,
    }).toEqual({ status: 422, loc: 20_002 });
  });

  it('answers the trailing-slash and bare forms of a path alike', async () => {
    expect((await t.raw('POST', '/api/login/jwt', { body: {} })).status).toBe(422);
    expect((await t.raw('POST', '/api/login/jwt/', { body: {} })).status).toBe(422);
  });
});

describe('a client that trickles its request', () => {
  it('is answered 408 and cut off once the request timeout passes, while a whole request in time is answered', async () => {
    const t = await startTestApp({ kind: 'pglite', config: { requestTimeoutMs: 400 } });
    try {
      const { port } = new URL(t.baseUrl);
      const started = Date.now();
      const answer = await new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
        socket.on('error', reject);
        // the headers and a body promised 100 bytes long, of which one arrives
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
        );
        setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 10_000);
      });
      expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.closedAfterMs).toBeGreaterThanOrEqual(400);
      expect(answer.closedAfterMs).toBeLessThan(5_000);
      // a request that arrives whole is served as usual
      expect((await t.raw('GET', '/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('secrets and the log', () => {
  it('redacts link tokens from URLs', () => {
    expect(redactUrl('/api/management/password/confirm/reset/abcDEF123_-?x=1')).toBe(
      '/api/management/password/confirm/reset/[redacted]?x=1',
    );
    expect(redactUrl('/reset_password/email/abcDEF123')).toBe('/reset_password/email/[redacted]');
    expect(redactUrl('/api/users/me')).toBe('/api/users/me');
  });

  it('writes no password, code, session token or reset link to the log during sign-in and reset', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await startTestApp({ kind: 'pglite', config: { logLevel: 'trace' } });
    try {
      t.ctx.log = createLogger({ logLevel: 'trace' }, sink);
      await t.createCustomer('Acme');
      const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
      const first = await t.client().call(login, { body: { email: user.email, password: user.password } });
      const code = codeIn((await t.mailbox.waitFor(user.email)).text);
      const { token } = await t.signIn(user.email, user.password);
      await t.client(token).call(sessionUser);
      await t.client().call(emailResetStart, { body: { email: user.email } });
      const link = (await t.mailbox.waitFor(user.email, 3)).text;
      await t.raw('GET', '/api/users/me', { headers: { authorization: 'Bearer broken' } });
      const text = lines.join('');
      for (const secret of [
        user.password,
        String(code),
        token,
        first.access_token,
        /email\/([\w-]+)/.exec(link)![1]!,
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
