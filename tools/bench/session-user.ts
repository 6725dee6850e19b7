/**
 * Authenticated GET of the session user (GET /api/users/me with the session cookie) against a
 * bare Fastify hello world measured in the same run, both with autocannon at 50 connections.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { fmt, freePort, startServer, tempDir } from './lib';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 50;

async function measure(url: string, headers: Record<string, string> = {}) {
  // a short warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

// a mailbox to read the sign-in code from
const codes: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream).then((mail) => {
      const code = /\b([1-9]\d{5})\b/.exec(mail.text ?? '')?.[1];
      if (code) codes.push(code);
      done();
    }, done);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const dataDir = tempDir('relevo-bench-me-');
const server = await startServer({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
const helloPort = await freePort();
const hello = spawn(process.execPath, [join(import.meta.dirname, 'hello.mjs')], { env: { ...process.env, PORT: String(helloPort) }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve) => hello.stdout!.once('data', () => resolve()));

try {
  const login = await fetch(`${server.url}/api/login/jwt/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@democompany.demo', password: 'User.Demo.2026' }),
  });
  const { access_token: preauth } = (await login.json()) as { access_token: string };
  while (codes.length === 0) await new Promise((r) => setTimeout(r, 20));
  const tfa = await fetch(`${server.url}/api/login/jwt/tfa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${preauth}` },
    body: JSON.stringify({ code: Number(codes[0]) }),
  });
  const session = /relevo_token=([^;]+)/.exec(tfa.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');

  const baseline = await measure(`http://127.0.0.1:${helloPort}/hello`);
  const me = await measure(`${server.url}/api/users/me`, { cookie: `relevo_token=${session}` });
  const ratio = me.rps / baseline.rps;
  console.log(`| ${CONNECTIONS} connections, ${DURATION} s | req/s | p50 ms | p99 ms |`);
  console.log('|---|---:|---:|---:|');
  console.log(`| bare Fastify hello world | ${fmt(baseline.rps)} | ${baseline.p50} | ${baseline.p99} |`);
  console.log(`| GET /api/users/me (session cookie) | ${fmt(me.rps)} | ${me.p50} | ${me.p99} |`);
  console.log(`\nratio: ${fmt(ratio * 100, 1)} % of the hello world (target ≥ 70 %)`);
} finally {
  hello.kill('SIGTERM');
  await server.stop();
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
