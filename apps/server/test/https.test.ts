import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { connect as tlsConnect } from 'node:tls';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { LOGIN_CODE_SUBJECT } from '../src/delivery/templates';
import { startTestApp, type TestApp } from './support/harness';
import { codeIn } from './support/mailbox';

// a certificate for 127.0.0.1 and its key, made for the tests (also the local push service's)
const CERT_FILE = new URL('./fixtures/push-service.crt', import.meta.url).pathname;
const KEY_FILE = new URL('./fixtures/push-service.key', import.meta.url).pathname;
const cert = readFileSync(CERT_FILE);
const key = readFileSync(KEY_FILE);

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('HTTPS settings (docs/operations.md, "HTTPS")', () => {
  it('reads the certificate and key once, and makes the default public address https', () => {
    const config = loadConfig({ TLS_CERT_FILE: CERT_FILE, TLS_KEY_FILE: KEY_FILE, PORT: '8443' });
    expect(config.tls?.cert.equals(cert)).toBe(true);
    expect(config.tls?.key.equals(key)).toBe(true);
    expect(config.publicUrl).toBe('https://127.0.0.1:8443');
    expect(loadConfig({}).tls).toBeNull();
  });

  it('stops with one line for a half setting, a missing file or files that are not a certificate and key', () => {
    expect(refusal({ TLS_CERT_FILE: CERT_FILE })).toBe(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE go together (TLS_KEY_FILE is not set)',
    );
    expect(refusal({ TLS_KEY_FILE: KEY_FILE })).toBe(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE go together (TLS_CERT_FILE is not set)',
    );
    expect(refusal({ TLS_CERT_FILE: '/no/such/cert.pem', TLS_KEY_FILE: KEY_FILE })).toBe(
      'Invalid configuration: TLS_CERT_FILE cannot be read (ENOENT: /no/such/cert.pem)',
    );
    // the certificate in place of the key: refused without quoting either file
    const swapped = refusal({ TLS_CERT_FILE: KEY_FILE, TLS_KEY_FILE: CERT_FILE });
    expect(swapped).toBe(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its private key',
    );
    const dir = mkdtempSync(join(tmpdir(), 'relevo-tls-'));
    writeFileSync(join(dir, 'cert.pem'), 'not a certificate');
    expect(refusal({ TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: KEY_FILE })).toMatch(
      /are not a PEM certificate/,
    );
    const keyText = key.toString('utf8');
    expect(swapped).not.toContain(keyText.split('\n')[1]);
  });
});

describe('the server over HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', config: { tls: { cert, key } } });
  });
  afterAll(async () => t.close());

  it('listens for HTTPS', () => {
    expect(t.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  /** one request on an HTTP/2 connection: its status and body */
  const ask = (
    session: ClientHttp2Session,
    path: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const stream = session.request({
        ':path': path,
        ':method': init.method ?? 'GET',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      });
      let status = 0;
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => resolve({ status, body }));
      stream.on('error', reject);
      stream.end(init.body ? JSON.stringify(init.body) : undefined);
    });

  it('answers over HTTP/2, many requests on one connection', async () => {
    const session: ClientHttp2Session = connect(t.baseUrl, { ca: cert });
    try {
      const answers = await Promise.all([
        ask(session, '/api/health'),
        ask(session, '/api/health'),
        ask(session, '/api/users/me'),
      ]);
      expect(session.alpnProtocol).toBe('h2');
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401]);
      expect(JSON.parse(answers[0]!.body)).toMatchObject({ status: 'ok' });
    } finally {
      session.close();
    }
  });

  it('signs a user in and streams the changes of the events list over HTTP/2', async () => {
    await t.createCustomer('Acme');
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    const session: ClientHttp2Session = connect(t.baseUrl, { ca: cert });
    try {
      const before = t.mailbox.to(user.email, LOGIN_CODE_SUBJECT).length;
      const login = await ask(session, '/api/login/jwt/', {
        method: 'POST',
        body: { email: user.email, password: user.password },
      });
      expect(login.status).toBe(200);
      const mail = await t.mailbox.waitFor(user.email, before + 1, 10_000, LOGIN_CODE_SUBJECT);
      const verified = await ask(session, '/api/login/jwt/tfa', {
        method: 'POST',
        body: { code: codeIn(mail.text) },
        token: (JSON.parse(login.body) as { access_token: string }).access_token,
      });
      expect(verified.status).toBe(200);
      const token = (JSON.parse(verified.body) as { access_token: string }).access_token;
      expect((await ask(session, '/api/users/me', { token })).status).toBe(200);

      // the live stream: its headers and its first bytes come while the stream stays open
      const opened = await new Promise<{ status: number; type: string; first: string }>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/events/stream', authorization: `Bearer ${token}` });
        let status = 0;
        let type = '';
        stream.setEncoding('utf8');
        stream.on('response', (headers) => {
          status = Number(headers[':status']);
          type = String(headers['content-type']);
        });
        stream.once('data', (chunk: string) => {
          resolve({ status, type, first: chunk });
          stream.close();
        });
        stream.on('error', reject);
      });
      expect(opened.status).toBe(200);
      expect(opened.type).toMatch(/^text\/event-stream/);
      expect(opened.first.length).toBeGreaterThan(0);
    } finally {
      session.close();
    }
  });

  it('answers HTTP/1.1 clients on the same port', async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      get(`${t.baseUrl}/api/health`, { ca: cert }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, version: response.httpVersion }));
      }).on('error', reject);
    });
    expect(answer).toEqual({ status: 200, version: '1.1' });
  });

  it('refuses clients that do not trust its certificate', async () => {
    await expect(
      new Promise((resolve, reject) => get(`${t.baseUrl}/api/health`, resolve).on('error', reject)),
    ).rejects.toMatchObject({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  });
});

describe('a client that trickles its request over HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', config: { tls: { cert, key }, requestTimeoutMs: 400 } });
  });
  afterAll(async () => t.close());

  it('over HTTP/1.1 is answered 408 and cut off once the request timeout passes', async () => {
    const { port } = new URL(t.baseUrl);
    const started = Date.now();
    const answer = await new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
      const socket = tlsConnect({ port: Number(port), host: '127.0.0.1', ca: cert, ALPNProtocols: ['http/1.1'] });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
      socket.on('error', reject);
      // the headers and a body promised 100 bytes long, of which one arrives
      socket.write(
        'POST /api/login/jwt/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 10_000);
    });
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(400);
    expect(answer.closedAfterMs).toBeLessThan(5_000);
  });

  it('over HTTP/2 has its request cancelled once the request timeout passes, and the connection serves on', async () => {
    const session: ClientHttp2Session = connect(t.baseUrl, { ca: cert });
    try {
      const started = Date.now();
      const cancelled = await new Promise<{ code: number; afterMs: number }>((resolve, reject) => {
        const stream = session.request({
          ':path': '/api/login/jwt/',
          ':method': 'POST',
          'content-type': 'application/json',
          'content-length': '100',
        });
        stream.on('response', (headers) => reject(new Error(`answered ${String(headers[':status'])}`)));
        stream.on('close', () => resolve({ code: stream.rstCode, afterMs: Date.now() - started }));
        stream.on('error', () => undefined);
        // one byte of the promised hundred, and no more
        stream.write('{');
        setTimeout(() => reject(new Error('the server kept the request open')), 10_000);
      });
      expect(cancelled.code).toBe(8); // NGHTTP2_CANCEL
      expect(cancelled.afterMs).toBeGreaterThanOrEqual(400);
      expect(cancelled.afterMs).toBeLessThan(5_000);
      // a whole request on the same connection is answered
      const health = await new Promise<number>((resolve, reject) => {
        const stream = session.request({ ':path': '/api/health' });
        stream.on('response', (headers) => resolve(Number(headers[':status'])));
        stream.on('error', reject);
        stream.resume();
      });
      expect(health).toBe(200);
    } finally {
      session.close();
    }
  });
});
