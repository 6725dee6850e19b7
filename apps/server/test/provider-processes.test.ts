import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';
import { enqueue, OUTBOX_CHANNEL } from '../src/delivery/queries';
import { bundleForTest } from './support/bundle';
import { freshDatabase, POSTGRES_URL, type TestDatabase } from './support/databases';
import { WorkerProcess, waitUntil } from './support/worker-process';

/**
 * A provider's durability with real processes (docs/product.md#durability): a worker is killed
 * with SIGKILL while Twilio holds its request (Twilio took the SMS, the worker never learnt its
 * id); the worker that takes the message over asks Twilio, finds it, and records it: every SMS
 * reaches Twilio once, none is lost.
 */
const SID = `AC${'c3'.repeat(16)}`;
const TOKEN = 'process-test-auth-token';
const FROM = '+17875550100';

/** api.twilio.com for the test: takes each SMS; holds the answer to the ones sent to `hold`. */
class HoldingTwilio {
  readonly taken: { sid: string; to: string; body: string; created: Date }[] = [];
  readonly hold = new Set<string>();
  readonly held: ServerResponse[] = [];
  #server: Server;
  #n = 0;
  url = '';
  constructor() {
    this.#server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      request.on('end', () => {
        const path = request.url ?? '';
        response.setHeader('content-type', 'application/json');
        if (request.method === 'GET' && path.startsWith(`/2010-04-01/Accounts/${SID}/Messages.json?`)) {
          const to = new URLSearchParams(path.split('?')[1]).get('To');
          const messages = this.taken
            .filter((m) => m.to === to)
            .reverse()
            .map((m) => ({
              sid: m.sid,
              to: m.to,
              from: FROM,
              body: m.body,
              status: 'queued',
              date_created: m.created.toUTCString().replace('GMT', '+0000'),
            }));
          response.end(
            JSON.stringify({ messages, first_page_uri: path, next_page_uri: null, page: 0, page_size: 20, uri: path }),
          );
          return;
        }
        if (request.method === 'POST' && path === `/2010-04-01/Accounts/${SID}/Messages.json`) {
          const form = Object.fromEntries(new URLSearchParams(text));
          const sid = `SM${String(++this.#n).padStart(32, '0')}`;
          this.taken.push({ sid, to: form.To!, body: form.Body!, created: new Date() });
          if (this.hold.has(form.To!)) {
            this.held.push(response);
            return;
          }
          response.statusCode = 201;
          response.end(JSON.stringify({ sid, to: form.To, from: FROM, status: 'queued' }));
          return;
        }
        response.statusCode = 404;
        response.end('{}');
      });
    });
  }
  async start() {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }
  close() {
    for (const response of this.held) response.destroy();
    this.#server.closeAllConnections();
    return new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

let BUNDLE = '';
beforeAll(async () => {
  BUNDLE = await bundleForTest('test/support/outbox-worker.ts', 'provider-outbox-worker');
});

describe.each(POSTGRES_URL ? ['postgres' as const] : [])('Twilio sends under kill -9 on %s', (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  let twilio: HoldingTwilio;
  const workers: WorkerProcess[] = [];
  const start = (n: number) =>
    WorkerProcess.start(BUNDLE, {
      DATABASE_URL: testDb.url!,
      WORKER_ID: `provider-${n}`,
      LEASE_MS: '1500',
      DELIVERY_CHAIN: 'twilio',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_URL: twilio.url,
      LOG_LEVEL: 'silent',
    });

  beforeAll(async () => {
    testDb = await freshDatabase(kind);
    database = await openDatabase({ url: testDb.url, dataDir: null });
    twilio = new HoldingTwilio();
    await twilio.start();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill('SIGKILL')));
    await database?.close();
    await twilio?.close();
    await testDb?.drop();
  });

  it('sends each SMS to Twilio once when the worker dies during a hand-over, and loses none', async () => {
    const phones = Array.from({ length: 12 }, (_, i) => `+1787555${String(4000 + i)}`);
    // Twilio takes the sixth SMS and never answers the worker that sent it
    twilio.hold.add(phones[5]!);
    await database.scoped(SYSTEM, async (tx) => {
      for (const [i, to] of phones.entries()) {
        await enqueue(
          tx,
          { channel: 'sms', recipient: to, body: `Kill test ${i}`, idempotencyKey: `kill:${i}` },
          systemClock.now(),
        );
      }
    });
    await database.notify(OUTBOX_CHANNEL, '');
    const first = await start(1);
    workers.push(first);
    await waitUntil('Twilio took every SMS once', async () => twilio.taken.length >= phones.length, 20_000);
    expect(twilio.held).toHaveLength(1);
    await first.kill('SIGKILL');
    // the heir takes the held message over once its lease has run out
    twilio.hold.clear();
    const heir = await start(2);
    workers.push(heir);
    const sent = async () =>
      database.scoped(SYSTEM, (tx) =>
        tx
          .selectFrom('outbox')
          .select(['idempotency_key', 'recipient', 'status', 'provider', 'provider_message_id', 'locked_by'])
          .where('idempotency_key', 'like', 'kill:%')
          .execute(),
      );
    await waitUntil('every SMS recorded as sent', async () => (await sent()).every((r) => r.status === 'sent'), 20_000);
    const rows = await sent();
    expect(rows).toHaveLength(phones.length);
    // Twilio got each SMS once: the held one was found at Twilio, not sent again
    expect(twilio.taken.map((m) => m.to).sort()).toEqual([...phones].sort());
    const heldRow = rows.find((r) => r.recipient === phones[5])!;
    expect(heldRow).toMatchObject({
      provider: 'twilio',
      provider_message_id: twilio.taken.find((m) => m.to === phones[5])!.sid,
      locked_by: 'provider-2',
    });
    for (const row of rows) expect(row.provider_message_id).toMatch(/^SM/);
    await heir.kill('SIGTERM');
  }, 60_000);
});
