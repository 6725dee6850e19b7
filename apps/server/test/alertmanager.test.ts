import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineWorker } from '../src/engine/worker';
import type { RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { customerWithModule } from './support/keyed-module';
import { asSystem, startTestApp, type TestApp } from './support/harness';

/**
 * A real Prometheus Alertmanager (Debian's prometheus-alertmanager, installed by .ci/run) sends to
 * this server through both of its receivers: `pagerduty_configs` pointed at `/v2/enqueue` and
 * `webhook_configs` pointed at the Alertmanager receiver. An alert posted to Alertmanager's own API
 * becomes a Relevo event whose escalation starts; the same alert ended resolves it.
 */
const ALERTMANAGER = '/usr/bin/prometheus-alertmanager';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(DATABASE_KINDS)('a real Alertmanager pages through Relevo on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let module: RunnableModule & { key: string };
  let alertmanager: ChildProcess | undefined;
  let amUrl = '';
  let dir = '';
  let output = '';

  const post = async (alerts: unknown[]) => {
    const response = await fetch(`${amUrl}/api/v2/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(alerts),
    });
    expect(response.status).toBe(200);
  };
  const eventWith = (subject: string) =>
    asSystem(t, async (tx) => {
      const event = await tx
        .selectFrom('events')
        .select(['event_id', 'event_status', 'dedup_key'])
        .where('short_event_subject', '=', subject)
        .executeTakeFirst();
      if (!event) return undefined;
      const contacts = await tx
        .selectFrom('event_logs')
        .select('followup_status')
        .where('event_id', '=', event.event_id)
        .execute();
      return { ...event, contacts: contacts.map((c) => c.followup_status) };
    });

  beforeAll(async () => {
    if (!existsSync(ALERTMANAGER))
      throw new Error(`${ALERTMANAGER} is missing: apt-get install prometheus-alertmanager (.ci/run does)`);
    t = await startTestApp({ kind });
    ({ module } = await customerWithModule(t, 'Acme'));
    // the engine runs as in the worker role: the escalation starts on its own
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'alertmanager-test',
      scale: 1,
    });
    await engine.start();

    dir = mkdtempSync(join(tmpdir(), 'relevo-alertmanager-'));
    const port = await freePort();
    amUrl = `http://127.0.0.1:${port}`;
    writeFileSync(
      join(dir, 'alertmanager.yml'),
      [
        'route:',
        '  receiver: relevo-pagerduty',
        "  group_by: ['alertname']",
        '  group_wait: 1s',
        '  group_interval: 1s',
        '  repeat_interval: 1h',
        '  routes:',
        '    - receiver: relevo-webhook',
        '      matchers: [\'via="webhook"\']',
        'receivers:',
        '  - name: relevo-pagerduty',
        '    pagerduty_configs:',
        `      - routing_key: '${module.key}'`,
        `        url: '${t.baseUrl}/v2/enqueue'`,
        '        send_resolved: true',
        "        description: '{{ .CommonAnnotations.summary }}'",
        '  - name: relevo-webhook',
        '    webhook_configs:',
        `      - url: '${t.baseUrl}/api/v1/integrations/alertmanager'`,
        '        send_resolved: true',
        '        http_config:',
        '          basic_auth:',
        `            username: '${module.id}'`,
        `            password: '${module.key}'`,
        '',
      ].join('\n'),
    );
    alertmanager = spawn(
      ALERTMANAGER,
      [
        `--config.file=${join(dir, 'alertmanager.yml')}`,
        `--storage.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--cluster.listen-address=',
        '--log.level=warn',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    alertmanager.stdout!.on('data', (chunk) => (output += chunk));
    alertmanager.stderr!.on('data', (chunk) => (output += chunk));
    await until(`Alertmanager to be ready (${output})`, async () => {
      if (alertmanager!.exitCode !== null) throw new Error(`Alertmanager exited: ${output}`);
      return (await fetch(`${amUrl}/-/ready`).catch(() => null))?.ok;
    });
  }, 60_000);

  afterAll(async () => {
    alertmanager?.kill('SIGTERM');
    await engine?.stop();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const via of ['pagerduty', 'webhook'] as const) {
    it(`opens an event for a firing alert and resolves it when the alert ends (${via} receiver)`, async () => {
      const summary = `Disk almost full on db-${via} (${Date.now().toString(36)})`;
      const alert = {
        labels: {
          alertname: `DiskFull-${via}-${kind}`,
          instance: 'db-1:9100',
          severity: 'critical',
          ...(via === 'webhook' ? { via: 'webhook' } : {}),
        },
        annotations: { summary },
      };
      await post([{ ...alert, startsAt: new Date().toISOString() }]);
      const opened = await until('the event of the firing alert', async () => {
        const event = await eventWith(summary);
        return event && event.contacts.length > 0 ? event : undefined;
      });
      // the escalation started: its first step contacted the on-call person
      expect(opened).toMatchObject({ event_status: 'open', contacts: ['open'] });

      await post([
        {
          ...alert,
          startsAt: new Date(Date.now() - 60_000).toISOString(),
          endsAt: new Date(Date.now() - 1_000).toISOString(),
        },
      ]);
      const closed = await until('the event to complete', async () => {
        const event = await eventWith(summary);
        return event?.event_status === 'completed' ? event : undefined;
      });
      expect(closed.dedup_key).toBe(opened.dedup_key);
    }, 60_000);
  }
});
