import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '@relevo/api';
import { createCustomer, createUser } from '../src/admin';
import { credentialHash } from '../src/catalogue/module-tools';
import { systemClock } from '../src/clock';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, POOL_SIZE, type Database, type Tx } from '../src/db/database';
import { DOWNLOAD_RETRY_AFTER_SECONDS, tooManyDownloads } from '../src/http/download-slots';
import { createLogger } from '../src/logger';
import { startRelevo, type Running } from '../src/server';
import { insertModuleWithSteps, insertResource } from './support/catalogue';
import { DATABASE_KINDS, freshDatabase, POSTGRES_URL, type TestDatabase } from './support/databases';
import { startTestApp, type SignedIn, type TestApp } from './support/harness';
import { Mailbox } from './support/mailbox';
import { signInAt } from './support/remote';
import { SmsReceiver } from './support/sms-receiver';
import { UNTHROTTLED } from './support/worker-process';

/**
 * Events enough that a client that reads nothing stalls its download: a socket on this machine
 * takes about 4 MB before it stops (the kernel's buffers), and a line here is about 330 bytes.
 */
const EVENTS = 25_000;

/** `count` long events of `customerId`, written at once as the owner. */
async function insertManyEvents(tx: Tx, customerId: number, count: number, prefix: string) {
  await sql`insert into events (customer_id, case_id, short_event_subject, short_event_body, last_resource_assigned, event_createdt)
    select ${customerId}, ${prefix} || lpad(g::text, 6, '0'), rpad('Disk almost full on db-' || g, 100, '.'), 'b', rpad('Carlos Mendez, on call for the ' || g || 'th time', 150, '.'),
      timestamptz '2026-01-01' + g * interval '1 minute'
    from generate_series(1, ${count}) g`.execute(tx);
}

interface Stalled {
  status: number;
  head: string;
  socket: Socket;
  /** the rest of the answer once `readAll` resumes reading, up to the end of the connection */
  readAll(): Promise<string>;
}

/** A download whose client reads the answer's status and headers, then nothing more. */
async function stalledDownload(baseUrl: string, token: string, path = '/api/events/export'): Promise<Stalled> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  let text = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.pause();
      resolve();
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
  const head = text.slice(0, text.indexOf('\r\n\r\n'));
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
    head,
    socket,
    readAll: () =>
      new Promise<string>((resolve) => {
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.once('close', () => resolve(text));
        socket.on('error', () => undefined);
        socket.resume();
      }),
  };
}

/** `promise`, or a failure naming `what` when it takes longer than `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** a whole chunked answer ends with its last, empty chunk */
const isWhole = (answer: string) => answer.endsWith('\r\n0\r\n\r\n');

describe.each(DATABASE_KINDS)('CSV downloads: slots per user and slow clients on %s', (kind) => {
  /** a server that never cuts a download in the time of a test */
  let relaxed: TestApp;
  /**
   * a server that cuts a client after 2 s without taking anything, or once 2 s old when it takes
   * less than 4 MB a second of the time the server waits on it (what the socket's buffers take at
   * once, a few MB, counts as taken: the floor must be high for a test to see it)
   */
  let t: TestApp;
  const users: { relaxed: SignedIn[]; strict: SignedIn[] } = { relaxed: [], strict: [] };

  beforeAll(async () => {
    relaxed = await startTestApp({
      kind,
      config: { downloadsPerUser: 2, downloadIdleSeconds: 600, downloadGraceSeconds: 600 },
    });
    t = await startTestApp({
      kind,
      config: {
        downloadsPerUser: 2,
        downloadIdleSeconds: 2,
        downloadGraceSeconds: 2,
        downloadMinBytesPerSecond: 4_000_000,
      },
    });
    for (const [app, signedIn] of [
      [relaxed, users.relaxed],
      [t, users.strict],
    ] as const) {
      const customerId = await app.createCustomer('Exporting');
      await app.database.asOwner((tx) => insertManyEvents(tx, customerId, EVENTS, 'DL'));
      for (let i = 0; i < 2; i++) {
        const user = await app.createUser({ role: 'Customer', customer: 'Exporting' });
        signedIn.push(await app.signIn(user.email, user.password));
      }
    }
  }, 180_000);
  afterAll(async () => {
    await relaxed?.close();
    await t?.close();
  });

  it('lets a user have two downloads on their way and refuses a third with 429, Retry-After and a clear text; other users download meanwhile', async () => {
    const [mine, other] = [users.relaxed[0]!, users.relaxed[1]!];
    const stalled = [
      await stalledDownload(relaxed.baseUrl, mine.token),
      await stalledDownload(relaxed.baseUrl, mine.token),
    ];
    expect(stalled.map((download) => download.status)).toEqual([200, 200]);
    try {
      const third = await relaxed.raw<{ detail: string }>('GET', '/api/events/export', {
        headers: { authorization: `Bearer ${mine.token}` },
      });
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe(String(DOWNLOAD_RETRY_AFTER_SECONDS));
      expect(third.body.detail).toBe(
        'You already have 2 downloads of events on their way. Wait until one of them finishes (or cancel it), then try again.',
      );
      expect(tooManyDownloads(1)).toBe(
        'You already have a download of events on its way. Wait until it finishes (or cancel it), then try again.',
      );
      // another user of the same customer downloads the whole file, three times in a row: each
      // finished download gives its slot back
      for (let i = 0; i < 3; i++) {
        const whole = await relaxed.raw('GET', '/api/events/export', {
          headers: { authorization: `Bearer ${other.token}` },
        });
        expect(whole.status).toBe(200);
        expect(whole.text.trimEnd().split('\r\n')).toHaveLength(EVENTS + 1);
      }
      // an event's log is no download of events: it is answered
      const log = await relaxed.raw('GET', '/api/events/log/1/export', {
        headers: { authorization: `Bearer ${mine.token}` },
      });
      expect(log.status).toBe(200);
      // the user's downloads are still on their way
      expect(
        (await relaxed.raw('GET', '/api/events/export', { headers: { authorization: `Bearer ${mine.token}` } })).status,
      ).toBe(429);
    } finally {
      for (const download of stalled) download.socket.destroy();
    }
    // a client that goes away gives its slot back (a download answered is let go at once)
    await within(
      20_000,
      'a slot given back by a client that went away',
      (async () => {
        for (;;) {
          const again = await stalledDownload(relaxed.baseUrl, mine.token);
          again.socket.destroy();
          if (again.status === 200) return;
          expect(again.status).toBe(429);
          await sleep(100);
        }
      })(),
    );
  });

  it('cuts a download whose client stops reading, and gives its slot back', async () => {
    const user = users.strict[0]!;
    const stalled = [await stalledDownload(t.baseUrl, user.token), await stalledDownload(t.baseUrl, user.token)];
    expect(stalled.map((download) => download.status)).toEqual([200, 200]);
    // stalled once the socket's buffers are full (a second or two), then idle for 2 s: cut (a
    // shared machine may take longer to fill them)
    await sleep(8_000);
    for (const download of stalled) {
      const answer = await within(10_000, 'the end of a cut download', download.readAll());
      expect(answer.length).toBeGreaterThan(100_000);
      expect(isWhole(answer)).toBe(false);
    }
    const again = await t.raw('GET', '/api/events/export', { headers: { authorization: `Bearer ${user.token}` } });
    expect(again.status).toBe(200);
    expect(again.text.trimEnd().split('\r\n')).toHaveLength(EVENTS + 1);
  });

  it('cuts a download whose client reads, but slower than the floor, once the grace period is over', async () => {
    const user = users.strict[1]!;
    const download = await stalledDownload(t.baseUrl, user.token);
    expect(download.status).toBe(200);
    // for 10 s, a read (64 KB at most) every 250 ms: never idle, but far under the floor; then as
    // fast as it comes, to the end (the whole file, had the server not cut it)
    let slow = true;
    setTimeout(() => (slow = false), 10_000);
    const answer = await within(
      40_000,
      'the end of a slow download',
      new Promise<string>((resolve) => {
        let text = '';
        download.socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (!slow) return;
          download.socket.pause();
          setTimeout(() => download.socket.resume(), 250);
        });
        download.socket.once('close', () => resolve(text));
        download.socket.on('error', () => undefined);
        download.socket.resume();
      }),
    );
    expect(answer.length).toBeGreaterThan(100_000);
    expect(isWhole(answer)).toBe(false);
    expect(
      (await t.raw('GET', '/api/events/export', { headers: { authorization: `Bearer ${user.token}` } })).status,
    ).toBe(200);
  }, 60_000);
});

// skipped, not absent, without PostgreSQL: a file without a suite fails the run
describe.skipIf(!POSTGRES_URL)('no customer can stall paging: PostgreSQL, ROLE=all', () => {
  let db: TestDatabase;
  let running: Running;
  let mailbox: Mailbox;
  let sms: SmsReceiver;
  let baseUrl: string;
  let stallingTokens: string[];
  let paged: { email: string; module: number; key: string; phone: string };
  let incidents = 0;

  const postIncident = (dedup: string) =>
    fetch(`${baseUrl}/api/v1/incidents`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${paged.module}:${paged.key}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        incident: `Checkout down ${dedup}`,
        description: 'The checkout answers 500',
        dedup_key: dedup,
      }),
    });

  /** Posts an incident of the customer being paged; answers how long its first contact (an SMS) took. */
  async function firstContact(dedup: string): Promise<number> {
    const before = sms.to(paged.phone).length;
    const posted = Date.now();
    const answer = await within(5_000, 'an incident posted', postIncident(dedup));
    expect(answer.status).toBe(201);
    incidents++;
    await sms.waitFor(paged.phone, before + 1, 15_000);
    return Date.now() - posted;
  }

  beforeAll(async () => {
    db = await freshDatabase('postgres', 'relevo_dl_');
    mailbox = new Mailbox();
    sms = new SmsReceiver();
    const [smtpUrl, smsUrl] = await Promise.all([mailbox.start(), sms.start()]);
    const config: Config = {
      ...loadConfig({ LOG_LEVEL: 'silent', ...UNTHROTTLED }),
      databaseUrl: db.url,
      smtpUrl,
      smsWebhookUrl: smsUrl,
      host: '127.0.0.1',
      port: 0,
      role: 'all',
      // downloads that stay stalled for the whole test
      downloadIdleSeconds: 600,
      downloadGraceSeconds: 600,
    };
    running = await startRelevo({ config, log: createLogger(config) });
    baseUrl = running.url!;
    const database = running.ctx.database;
    const stalling = await createCustomer(database, systemClock, { name: 'Stalling', qtyResources: 20 });
    await database.asOwner((tx) => insertManyEvents(tx, stalling, EVENTS, 'ST'));
    stallingTokens = [];
    for (let i = 0; i < 5; i++) {
      const email = `reader${i}@stalling.test`;
      await createUser(database, systemClock, {
        role: 'Customer',
        email,
        password: 'Strong.Pass1',
        name: 'Reader',
        lastName: `Number${i}`,
        customer: 'Stalling',
      });
      stallingTokens.push((await signInAt(baseUrl, mailbox, email, 'Strong.Pass1')).token);
    }
    const pagedId = await createCustomer(database, systemClock, { name: 'Paged' });
    await createUser(database, systemClock, {
      role: 'CustomerRoot',
      email: 'root@paged.test',
      password: 'Strong.Pass1',
      name: 'Rita',
      lastName: 'Root',
      customer: 'Paged',
    });
    const phone = '7875550199';
    const module = await database.asOwner(async (tx) => {
      const resourceId = await insertResource(tx, pagedId, { name: 'Olga On-Call', email: 'olga@paged.test', phone });
      return insertModuleWithSteps(tx, pagedId, {
        name: 'Paging',
        slaMinutes: 30,
        steps: [{ resourceId, participation: 'agent', channel: 'sms' }],
      });
    });
    const key = 'paged-module-key-0123456789abcdef';
    await database.asOwner((tx) =>
      tx
        .updateTable('modules')
        .set({ credential_hash: credentialHash(key) })
        .where('module_id', '=', module.id)
        .execute(),
    );
    paged = { email: 'root@paged.test', module: module.id, key, phone: `+1${phone}` };
  }, 180_000);
  afterAll(async () => {
    await running?.close();
    await mailbox?.stop();
    await sms?.stop();
    await db?.drop();
  });

  it('signs in, lists and pages another customer in its normal time while one customer holds ten downloads it never reads', async () => {
    // the normal time of a first contact, with nothing in the way
    const normal = await firstContact('before-the-downloads');

    // five users of one customer, two downloads each, none of them read past the headers
    const stalled: Stalled[] = [];
    try {
      for (const token of stallingTokens) {
        for (let i = 0; i < 2; i++)
          stalled.push(await within(10_000, 'a download answered', stalledDownload(baseUrl, token)));
      }
      expect(stalled.map((download) => download.status)).toEqual(Array(10).fill(200));
      // the downloads have stalled: their clients' sockets are full
      await sleep(1_000);

      // no connection of the server sits in a transaction for them (a cursor waiting on its reader
      // shows as active, or idle in transaction: either way its transaction stays open)
      const admin = new pg.Client({ connectionString: POSTGRES_URL! });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ state: string | null; query: string }>(
          // a download's statement writes its lines (`line`, as the cursor's did); the worker's own
          // chores meanwhile (folding the counts of 25,000 new events, its vacuums) are not downloads
          `select state, query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and xact_start < now() - interval '500 milliseconds'
             and query like '%line%'`,
          [new URL(db.url!).pathname.slice(1)],
        );
        expect(rows).toEqual([]);
      } finally {
        await admin.end();
      }

      // another customer signs in, lists its events, and its incident is paged in its normal time
      const root = await within(10_000, 'signing in', signInAt(baseUrl, mailbox, paged.email, 'Strong.Pass1'));
      const list = await within(5_000, 'the events list', root.client.call(listEvents, {}));
      expect(list.total).toBe(incidents);
      const during = await firstContact('during-the-downloads');
      expect(during).toBeLessThan(Math.max(3 * normal, 3_000));

      // and a third download of a user is refused
      const refused = await stalledDownload(baseUrl, stallingTokens[0]!);
      refused.socket.destroy();
      expect(refused.status).toBe(429);
    } finally {
      for (const download of stalled) download.socket.destroy();
    }
  });

  it("pages an incident in its normal time while users' reads hold every connection of the API's pool", async () => {
    const normal = await firstContact('before-the-reads');
    const database: Database = running.ctx.database;
    // more slow reads than the general pool has connections, each holding one for 6 s
    const reads = Array.from({ length: POOL_SIZE + 5 }, () =>
      database.read({ kind: 'staff' }, [database.db.selectNoFrom(sql<unknown>`pg_sleep(6)`.as('slept'))]),
    );
    await sleep(300);
    const started = Date.now();
    const during = await firstContact('during-the-reads');
    // paged before the first read let its connection go
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(during).toBeLessThan(Math.max(3 * normal, 3_000));
    await Promise.all(reads);
  });

  it('has PostgreSQL cancel a statement past the statement timeout, and end a transaction left idle', async () => {
    expect(
      (
        await running.ctx.database.read({ kind: 'staff' }, [
          running.ctx.database.db.selectNoFrom(sql<string>`current_setting('statement_timeout')`.as('value')),
        ])
      )[0][0]!.value,
    ).toBe('30s');
    const database = await openDatabase({
      url: db.url,
      dataDir: null,
      migrate: false,
      timeouts: { statementMs: 300, idleInTransactionMs: 500 },
    });
    try {
      const setting = (name: string) => database.db.selectNoFrom(sql<string>`current_setting(${name})`.as('value'));
      for (const pool of [database, database.urgent]) {
        const [[statement], [idle]] = await pool.read({ kind: 'staff' }, [
          setting('statement_timeout'),
          setting('idle_in_transaction_session_timeout'),
        ]);
        expect([statement!.value, idle!.value]).toEqual(['300ms', '500ms']);
      }
      await expect(
        database.read({ kind: 'staff' }, [database.db.selectNoFrom(sql<unknown>`pg_sleep(2)`.as('slept'))]),
      ).rejects.toThrow(/statement timeout/);
      await expect(
        database.scoped({ kind: 'staff' }, async (tx) => {
          await sleep(1_500);
          return tx.selectNoFrom(sql<number>`1`.as('one')).execute();
        }),
      ).rejects.toThrow();
      // the pools go on working
      expect(
        (await database.read({ kind: 'staff' }, [database.db.selectNoFrom(sql<number>`1`.as('one'))]))[0][0]!.one,
      ).toBe(1);
    } finally {
      await database.close();
    }
  });
});
