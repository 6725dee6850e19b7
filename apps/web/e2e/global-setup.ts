import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInbox, type Inbox } from './support/inbox-server';
import { E2E_ENV } from './support/environment';
import { CREATED_CUSTOMERS, CREATED_USERS } from './support/users';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const serverMain = join(repoRoot, 'apps/server/dist/main.js');
const serverCli = join(repoRoot, 'apps/server/dist/cli.js');

/** Handed to the global teardown, which runs in this same process. */
export interface RunningStack {
  inbox: Inbox;
  server: ChildProcess;
  dataDir: string;
}
const STACK = Symbol.for('relevo.e2e.stack');
type WithStack = typeof globalThis & { [STACK]?: RunningStack };
export const runningStack = () => (globalThis as WithStack)[STACK];

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function cli(args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, [serverCli, ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`cli ${args[0]} failed (${result.status}): ${result.stderr || result.stdout}`);
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}); see ${logFile}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer /api/health within 60 s; see ${logFile}`);
}

/**
 * Starts what the browser tests talk to: a real SMTP server and SMS webhook receiver, and the built
 * server (API and web app) on a fresh embedded database with the demo users and a few more.
 */
export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'relevo-e2e-'));
  const inbox = await startInbox();
  const port = await freePort();
  const inboundSmtpPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${inbox.smtpPort}`,
    SMS_WEBHOOK_URL: `${inbox.httpUrl}/sms`,
    DEMO_DATA: 'on',
    // the escalation engine's waits run 900 times faster: a 15-minute step ends in a second
    ESCALATION_TIME_SCALE: '900',
    // the tests call the demo people again and again: a second apart, not a minute (throttling)
    CONTACT_WINDOW_SECONDS: '1',
    // the webhooks' browser test receives them on a local port (docs/product.md#outgoing-webhooks)
    WEBHOOK_ALLOW_PRIVATE: 'on',
    // the browser reaches the server over loopback: its X-Forwarded-For is believed, so each sign-in
    // of the tests' fixture counts against an address of its own (support/fixtures.ts)
    TRUST_PROXY: '127.0.0.1',
    // docs/product.md#e-mail-into-incidents: the modules' addresses and the SMTP receiver of their mail
    INBOUND_SMTP_PORT: String(inboundSmtpPort),
    INBOUND_DOMAIN: 'in.relevo.test',
  };
  delete env.DATABASE_URL;
  delete env.WIDGET_SCRIPT_URL;

  // the demo users first (they load only into an empty database), then the extra ones
  cli(['demo-data'], env);
  for (const name of CREATED_CUSTOMERS) cli(['create-customer', '--name', name], env);
  for (const user of CREATED_USERS) {
    cli(
      [
        'create-user',
        ...[
          '--role',
          user.role,
          '--email',
          user.email,
          '--password',
          user.password,
          '--name',
          user.name,
          '--last-name',
          user.lastName,
        ],
        ...(user.customer ? ['--customer', user.customer] : []),
        ...(user.phone ? ['--phone', user.phone] : []),
        ...(user.forceChangePassword ? ['--force-change-password'] : []),
      ],
      env,
    );
  }

  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [serverMain], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  (globalThis as WithStack)[STACK] = { inbox, server, dataDir };
  await waitForHealth(baseUrl, server, logFile);

  process.env[E2E_ENV.baseUrl] = baseUrl;
  process.env[E2E_ENV.inboxUrl] = inbox.httpUrl;
  process.env[E2E_ENV.smtpUrl] = env.SMTP_URL;
  process.env[E2E_ENV.inboundSmtpPort] = env.INBOUND_SMTP_PORT;
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
