import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  acceptEvent,
  addWebhook,
  deleteWebhook,
  enableWebhook,
  escalateEvent,
  listWebhooks,
  resolveEvent,
  webhookDeliveries,
} from '@relevo/api';
import {
  Role,
  WEBHOOK_CHANGES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  forbiddenAddress,
  webhookDeliveryKey,
  type WebhookBody,
  type WebhookChange,
} from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { SYSTEM } from '../src/db/database';
import { webhookSignature } from '../src/delivery/providers/webhook';
import { EngineWorker } from '../src/engine/worker';
import { responderService } from '../src/incidents/respond';
import { claim } from '../src/jobs/lease';
import { pruneDeliveries } from '../src/webhooks/queries';
import { postWebhook } from '../src/webhooks/sender';
import { WEBHOOK_JOBS, WebhookWorker, webhookTries, type WebhookJob } from '../src/webhooks/worker';
import type { RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { customerWithModule, reportIncident } from './support/keyed-module';
import { logLines } from './support/log-lines';

/**
 * docs/product.md#outgoing-webhooks over HTTP with a moved clock: a Customer Root's webhooks, the
 * changes of events queued by the database in the transaction of the change and sent signed to a
 * local receiver, retries after the backoff with the same key, a worker killed after the receiver
 * took a request, the address rule at registration and at each send, a day of failures disabling
 * the webhook (and the e-mail), the log, every role and another customer's ids, bad input, and the
 * secret kept out of answers, the trail and the logs.
 */
const NOW = Date.parse('2026-04-14T09:00:00.000Z');
const SECOND = 1_000;
const SECRET = 'whsec-0123456789abcdefghijklmnop';

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  body: WebhookBody;
}

/** A webhook receiver on 127.0.0.1: answers by path (200 unless told), keeps every request. */
class Receiver {
  readonly requests: Arrival[] = [];
  /** statuses to answer on a path, one per request, then 200 */
  readonly plans = new Map<string, number[]>();
  #server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = request.url ?? '/';
        this.requests.push({ path, headers: request.headers, raw, body: JSON.parse(raw) as WebhookBody });
        const plan = this.plans.get(path);
        const status = plan && plan.length > 0 ? plan.shift()! : path.startsWith('/down') ? 500 : 200;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'ok' : 'receiver is down');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  on(path: string): Arrival[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** What the receiver keeps when it drops a second arrival of a key it has seen. */
  arrivals(path: string): Arrival[] {
    const seen = new Set<string>();
    return this.on(path).filter((request) => {
      const key = request.headers['idempotency-key'] as string;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/** A name of this machine's hosts file that stands for a loopback address (and is not "localhost"). */
function loopbackHostName(): string | null {
  for (const line of readFileSync('/etc/hosts', 'utf8').split('\n')) {
    const [address, ...names] = line.replace(/#.*/, '').trim().split(/\s+/);
    if (!address || !forbiddenAddress(address)) continue;
    const name = names.find((n) => n && !/^localhost$/i.test(n) && !n.toLowerCase().endsWith('.localhost'));
    if (name) return name;
  }
  return null;
}

describe.each(DATABASE_KINDS)('outgoing webhooks on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let root: SignedIn;
  let reader: SignedIn;
  let staff: SignedIn;
  let other: { root: SignedIn; customerId: number; module: RunnableModule & { key: string } };
  let acme: number;
  let module: RunnableModule & { key: string };
  const receiver = new Receiver();
  const { sink, lines } = logLines();

  const worker = (id: string, options: Partial<ConstructorParameters<typeof WebhookWorker>[0]> = {}) =>
    new WebhookWorker({ ctx: t.ctx, database: t.database, clock: t.clock, log: t.ctx.log, workerId: id, ...options });
  const as = (who: SignedIn, method: string, path: string, body?: unknown) =>
    t.raw(method, path, { body, headers: { authorization: `Bearer ${who.token}` } });
  const add = (
    path: string,
    body: Partial<{ changes: WebhookChange[]; webhook_desc: string; webhook_url: string }> = {},
  ) =>
    root.client.call(addWebhook, {
      body: { webhook_url: `${receiver.url}${path}`, signing_secret: SECRET, webhook_desc: 'Status page', ...body },
    });
  const deliveriesOf = (webhookId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', webhookId)
        .orderBy('delivery_id')
        .execute(),
    );
  const webhookRow = (id: number) =>
    asSystem(t, (tx) => tx.selectFrom('webhooks').selectAll().where('webhook_id', '=', id).executeTakeFirstOrThrow());
  const stored = () =>
    asSystem(t, async (tx) => ({
      webhooks: await tx.selectFrom('webhooks').selectAll().orderBy('webhook_id').execute(),
      deliveries: await tx
        .selectFrom('webhook_deliveries')
        .select(['delivery_id', 'status'])
        .orderBy('delivery_id')
        .execute(),
    }));
  const incident = (subject = `Disk full ${Math.random().toString(36).slice(2, 7)}`) =>
    reportIncident(t, module, subject);
  const changesOn = (path: string) => receiver.on(path).map((request) => request.body.change);
  const signedRight = (request: Arrival) =>
    request.headers['x-relevo-signature'] ===
    webhookSignature(SECRET, Number(request.headers['x-relevo-timestamp']), request.raw);

  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp({
      kind,
      clock: new ManualClock(NOW),
      logSink: sink,
      config: { logLevel: 'debug', webhookAllowPrivate: true, publicUrl: 'https://relevo.example.test' },
    });
    const made = await customerWithModule(t, 'Acme');
    ({ root, module } = made);
    acme = made.customerId;
    const user = await t.createUser({ role: 'Customer', customer: 'Acme' });
    reader = await t.signIn(user.email, user.password);
    const staffUser = await t.createUser({ role: 'StaffRoot' });
    staff = await t.signIn(staffUser.email, staffUser.password);
    other = await customerWithModule(t, 'Other');
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'webhooks-test-engine',
      scale: 1,
      link: responderService(t.ctx).link,
    });
  }, 60_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await receiver.stop();
  });
  // each case hears its own webhooks only: the walks of earlier incidents stop
  afterEach(async () => {
    t.ctx.config.webhookAllowPrivate = true;
    await asSystem(t, async (tx) => {
      await tx.deleteFrom('webhooks').execute();
      await tx.updateTable('engine_timers').set({ status: 'canceled' }).where('status', '=', 'pending').execute();
    });
    receiver.requests.length = 0;
  });

  it('is made by a Customer Root with its secret sealed, listed without it, audited, and deleted', async () => {
    const made = await add('/made', { changes: ['resolved', 'created'] });
    expect(made).toMatchObject({
      customer_id: acme,
      webhook_url: `${receiver.url}/made`,
      webhook_desc: 'Status page',
      changes: ['created', 'resolved'],
      webhook_active: 'Y',
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      last_delivery_at: null,
      last_delivery_state: null,
      pending_count: 0,
      webhook_createdt: new Date(NOW).toISOString(),
    });
    expect(made.id).toBe(made.webhook_id);
    expect(JSON.stringify(made)).not.toContain(SECRET);
    const kept = await webhookRow(made.webhook_id);
    expect(kept.secret_sealed).toMatch(/^v1\./);
    expect(kept.secret_sealed).not.toContain(SECRET);
    const listed = await as(root, 'GET', '/api/webhooks');
    expect(listed.body).toEqual({ total: 1, list: [made] });
    expect(listed.text).not.toContain(SECRET);
    const log = await root.client.call(webhookDeliveries, { params: { id: made.webhook_id } });
    expect(log).toEqual({ webhook: made, total: 0, list: [] });
    expect(await root.client.call(deleteWebhook, { params: { id: made.webhook_id } })).toEqual({
      Message: WEBHOOK_MESSAGES.deleted,
    });
    expect((await root.client.call(listWebhooks)).total).toBe(0);
    const trail = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('entity', '=', 'webhook')
        .where('entity_id', '=', String(made.webhook_id))
        .orderBy('id')
        .execute(),
    );
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(trail[0]!.detail).toEqual({
      webhook_host: new URL(receiver.url).host,
      webhook_desc: 'Status page',
      changes: ['created', 'resolved'],
    });
    expect(JSON.stringify(trail)).not.toContain(SECRET);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('sends each change of an event once, signed, in order: created, contacted, escalated, accepted, resolved', async () => {
    const all = await add('/all');
    const some = await add('/some', { changes: ['created', 'resolved'] });
    const sender = worker('w1');
    const { case_id, event_id } = await incident('Checkout down');
    expect(await sender.drain()).toBe(2);
    const [created] = receiver.on('/all');
    expect(created!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Relevo-Webhooks',
      'x-relevo-event': 'created',
      'x-relevo-timestamp': String(Math.floor(NOW / 1000)),
    });
    const key = created!.headers['idempotency-key'] as string;
    expect(created!.headers['x-relevo-delivery']).toBe(key);
    expect(key).toMatch(/^relevo-webhook-\d+$/);
    expect(signedRight(created!)).toBe(true);
    expect(created!.raw.startsWith('{"id":')).toBe(true);
    expect(created!.body).toEqual({
      id: key,
      change: 'created',
      occurred_at: new Date(NOW).toISOString(),
      customer_id: acme,
      event: {
        event_id,
        case_id,
        event_status: 'open',
        subject: 'Checkout down',
        description: 'Checkout down, reported by the test',
        module_id: module.id,
        application_id: module.applicationId,
        created_at: new Date(NOW).toISOString(),
        accepted_at: null,
        accepted_by: null,
        closed_at: null,
        sla_compliance: null,
        in_maintenance: false,
      },
    });
    // the engine's first contact, then the next step at once from the dashboard
    await engine.drain();
    await sender.drain();
    await root.client.call(escalateEvent, { params: { case_id } });
    await sender.drain();
    t.clock.advance(60 * SECOND);
    await root.client.call(acceptEvent, { params: { case_id } });
    await sender.drain();
    await root.client.call(resolveEvent, { params: { case_id }, body: {} });
    await sender.drain();
    expect(changesOn('/all')).toEqual(['created', 'contacted', 'contacted', 'escalated', 'accepted', 'resolved']);
    expect(receiver.on('/all').every(signedRight)).toBe(true);
    const [, contacted, escalatedContact, escalated, accepted, resolved] = receiver.on('/all');
    expect(contacted!.body.contact).toEqual({ resource: 'Carlos Méndez', channel: 'voice' });
    expect(escalatedContact!.body.contact).toEqual({ resource: 'Carlos Méndez', channel: 'email' });
    expect(escalated!.body).toMatchObject({ change: 'escalated', contact: { channel: 'email' } });
    expect(accepted!.body.event).toMatchObject({
      event_status: 'progress',
      accepted_at: new Date(NOW + 60 * SECOND).toISOString(),
    });
    expect(accepted!.body.occurred_at).toBe(new Date(NOW + 60 * SECOND).toISOString());
    expect(resolved!.body.event).toMatchObject({ event_status: 'completed', sla_compliance: 'YES' });
    // each change has its own key
    expect(new Set(receiver.on('/all').map((r) => r.headers['idempotency-key'])).size).toBe(6);
    // the limited webhook heard of its changes only
    expect(changesOn('/some')).toEqual(['created', 'resolved']);
    // nothing more is queued: every delivery was received once
    expect(
      (await deliveriesOf(all.webhook_id)).map((d) => [d.change, d.status, d.attempts, d.response_status]),
    ).toEqual([
      ['created', 'done', 1, 200],
      ['contacted', 'done', 1, 200],
      ['contacted', 'done', 1, 200],
      ['escalated', 'done', 1, 200],
      ['accepted', 'done', 1, 200],
      ['resolved', 'done', 1, 200],
    ]);
    expect(await sender.drain()).toBe(0);
    const log = await root.client.call(webhookDeliveries, { params: { id: some.webhook_id } });
    expect(log.list.map((d) => [d.change, d.state, d.case_id])).toEqual([
      ['resolved', 'delivered', case_id],
      ['created', 'delivered', case_id],
    ]);
    expect(log.webhook).toMatchObject({ last_delivery_state: 'delivered', pending_count: 0 });
  });

  it('sends a cancel through the ingest API as canceled, and a customer without webhooks queues nothing', async () => {
    await add('/canceled', { changes: ['canceled', 'resolved'] });
    const { case_id } = await incident();
    const canceled = await t.raw('POST', `/api/v1/incidents/${case_id}/cancel`, {
      headers: { authorization: `Basic ${Buffer.from(`${module.id}:${module.key}`).toString('base64')}` },
    });
    expect(canceled.status).toBe(200);
    await worker('w1').drain();
    expect(changesOn('/canceled')).toEqual(['canceled']);
    expect(receiver.on('/canceled')[0]!.body.event).toMatchObject({ case_id, event_status: 'canceled' });
    const before = (await stored()).deliveries.length;
    await reportIncident(t, other.module, 'Nobody listens');
    expect((await stored()).deliveries.length).toBe(before);
  });

  it('tries a failed delivery again after the backoff and it arrives once, with the key of the first try', async () => {
    const flaky = await add('/flaky', { changes: ['created'] });
    receiver.plans.set('/flaky', [500]);
    const sender = worker('w1');
    const start = t.clock.now().getTime();
    await incident();
    expect(await sender.drain()).toBe(1);
    const [first] = await deliveriesOf(flaky.webhook_id);
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 500,
      last_error: 'answered 500: receiver is down',
      due_at: new Date(start + WEBHOOK_LIMITS.retryFirstMs),
    });
    expect((await webhookRow(flaky.webhook_id)).failing_since).toEqual(new Date(start));
    const log = await root.client.call(webhookDeliveries, { params: { id: flaky.webhook_id } });
    expect(log.list[0]).toMatchObject({
      state: 'pending',
      next_attempt_at: new Date(start + WEBHOOK_LIMITS.retryFirstMs).toISOString(),
      last_error: 'answered 500: receiver is down',
    });
    expect(log.webhook).toMatchObject({ pending_count: 1, failing_since: new Date(start).toISOString() });
    // not before its time
    t.clock.advance(WEBHOOK_LIMITS.retryFirstMs - SECOND);
    await sender.drain();
    expect(receiver.on('/flaky')).toHaveLength(1);
    t.clock.advance(SECOND);
    await sender.drain();
    const [tried, accepted] = receiver.on('/flaky');
    expect(accepted!.headers['idempotency-key']).toBe(tried!.headers['idempotency-key']);
    expect(accepted!.raw).toBe(tried!.raw);
    expect(receiver.arrivals('/flaky')).toHaveLength(1);
    expect((await deliveriesOf(flaky.webhook_id))[0]).toMatchObject({
      status: 'done',
      attempts: 2,
      response_status: 200,
      last_error: null,
      delivered_at: t.clock.now(),
    });
    expect((await webhookRow(flaky.webhook_id)).failing_since).toBeNull();
    // a redirect is not followed: it is a failure
    receiver.plans.set('/flaky', [302]);
    await incident();
    await sender.drain();
    expect((await deliveriesOf(flaky.webhook_id))[1]).toMatchObject({
      status: 'pending',
      last_error: 'answered 302 (redirects are not followed): receiver is down',
    });
  });

  it('sends again with the same key after a worker dies between the request and its record; the receiver keeps one', async () => {
    const hook = await add('/killed', { changes: ['created'] });
    await incident();
    // a worker claims the delivery, the receiver takes its request, and the worker dies
    const { jobs } = await t.database.scoped(SYSTEM, (tx) =>
      claim<WebhookJob>(tx, WEBHOOK_JOBS, { workerId: 'doomed', now: t.clock.now(), leaseMs: 30_000, limit: 10 }),
    );
    const taken = jobs.find((job) => job.webhook_id === hook.webhook_id)!;
    const doomed = webhookTries({ ctx: t.ctx, database: t.database, clock: t.clock });
    const sent = await doomed.send(taken, new AbortController().signal);
    expect(sent).toEqual({ kind: 'delivered', status: 200 });
    expect(receiver.on('/killed')).toHaveLength(1);
    // while its lease holds nobody sends it again
    expect(await worker('heir').drain()).toBe(0);
    // the lease runs out: the heir sends it with the same key, and records it
    t.clock.advance(31 * SECOND);
    expect(await worker('heir').drain()).toBe(1);
    const [first, again] = receiver.on('/killed');
    expect(again!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(again!.headers['idempotency-key']).toBe(webhookDeliveryKey(taken.delivery_id));
    expect(receiver.arrivals('/killed')).toHaveLength(1);
    expect((await deliveriesOf(hook.webhook_id))[0]).toMatchObject({ status: 'done', attempts: 2 });
    // the dead worker's late write changes nothing
    expect(await doomed.settle(taken, sent)).toBe(false);
    // two workers at once send a delivery once
    await incident();
    const done = await Promise.all([worker('a').drain(), worker('b').drain(), worker('c').drain()]);
    expect(done.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(receiver.on('/killed')).toHaveLength(3);
  });

  it('refuses at send time an address that became private (after DNS), sending nothing, and connects only to the address checked', async () => {
    const hook = await add('/private', { changes: ['created'] });
    t.ctx.config.webhookAllowPrivate = false;
    await incident();
    await worker('w1').drain();
    expect(receiver.on('/private')).toEqual([]);
    expect((await deliveriesOf(hook.webhook_id))[0]).toMatchObject({
      status: 'pending',
      response_status: null,
      last_error: WEBHOOK_MESSAGES.httpsOnly,
    });
    // a name whose DNS answer is a loopback address: refused before any connection
    const signal = new AbortController().signal;
    const post = { url: 'https://hooks.example.test/relevo', headers: {}, body: '{}' };
    await expect(
      postWebhook(post, { allowPrivate: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }], signal }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(
      postWebhook(post, {
        allowPrivate: false,
        resolve: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '::ffff:10.0.0.7', family: 6 },
        ],
        signal,
      }),
    ).rejects.toThrow(WEBHOOK_MESSAGES.privateAddress);
    await expect(postWebhook(post, { allowPrivate: false, resolve: async () => [], signal })).rejects.toThrow(
      WEBHOOK_MESSAGES.unresolvable,
    );
    // the connection goes to the address the check answered, whatever the name's own DNS says
    const port = new URL(receiver.url).port;
    const answer = await postWebhook(
      {
        url: `http://hooks.example.test:${port}/pinned`,
        headers: { 'content-type': 'application/json' },
        body: '{"id":"x"}',
      },
      { allowPrivate: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], signal },
    );
    expect(answer).toEqual({ status: 200, answer: 'ok' });
    expect(receiver.on('/pinned')).toHaveLength(1);
    expect(receiver.on('/pinned')[0]!.headers.host).toBe(`hooks.example.test:${port}`);
  });

  it('answers the log latest first and bounded, and housekeeping keeps the latest deliveries of each webhook', async () => {
    const hook = await add('/log', { changes: ['created'] });
    const { event_id } = await incident();
    await worker('w1').drain();
    // a long history, written as the triggers would have
    await asSystem(t, (tx) =>
      sql`insert into webhook_deliveries (customer_id, webhook_id, event_id, event_log_id, change, occurred_at, payload, status, due_at, created_at)
        select ${acme}::integer, ${hook.webhook_id}::integer, ${event_id}::integer, n, 'contacted', ${t.clock.now()}, '{"event":{}}'::jsonb, 'done', ${t.clock.now()}, ${t.clock.now()}
        from generate_series(1, ${WEBHOOK_LIMITS.logKept + 20}::integer) as n`.execute(tx),
    );
    const log = await root.client.call(webhookDeliveries, { params: { id: hook.webhook_id } });
    expect(log.total).toBe(WEBHOOK_LIMITS.logKept + 21);
    expect(log.list).toHaveLength(WEBHOOK_LIMITS.logShown);
    const ids = log.list.map((d) => d.delivery_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await t.database.scoped(SYSTEM, (tx) => pruneDeliveries(tx, 15))).toBe(15);
    expect(await t.database.scoped(SYSTEM, (tx) => pruneDeliveries(tx))).toBe(6);
    expect(await t.database.scoped(SYSTEM, (tx) => pruneDeliveries(tx))).toBe(0);
    const left = await deliveriesOf(hook.webhook_id);
    expect(left).toHaveLength(WEBHOOK_LIMITS.logKept);
    expect(left.at(-1)!.delivery_id).toBe(ids[0]);
  });

  it('answers every role: Customer Roots only; staff and the Customer role are refused', async () => {
    const hook = await add('/roles');
    const before = await stored();
    const path = `/api/webhooks/${hook.webhook_id}`;
    const body = { webhook_url: `${receiver.url}/x`, signing_secret: SECRET };
    for (const who of [reader, staff]) {
      expect((await as(who, 'GET', '/api/webhooks')).status).toBe(403);
      expect((await as(who, 'POST', '/api/webhooks', body)).status).toBe(403);
      expect((await as(who, 'DELETE', path)).status).toBe(403);
      expect((await as(who, 'GET', `${path}/deliveries`)).status).toBe(403);
      expect((await as(who, 'POST', `${path}/enable`)).status).toBe(403);
    }
    expect((await t.raw('GET', '/api/webhooks')).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("answers 404 for another customer's webhooks, changing nothing, and lists only the caller's", async () => {
    const hook = await add('/mine');
    const before = await stored();
    const path = `/api/webhooks/${hook.webhook_id}`;
    const notFound = { status: 404, body: { detail: WEBHOOK_MESSAGES.notFound } };
    expect(await as(other.root, 'DELETE', path)).toMatchObject(notFound);
    expect(await as(other.root, 'GET', `${path}/deliveries`)).toMatchObject(notFound);
    expect(await as(other.root, 'POST', `${path}/enable`)).toMatchObject(notFound);
    expect(await as(root, 'DELETE', '/api/webhooks/999999')).toMatchObject(notFound);
    expect((await as(other.root, 'GET', '/api/webhooks')).body).toEqual({ total: 0, list: [] });
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input on its fields (422) and a webhook too many (409), storing nothing', async () => {
    t.ctx.config.webhookAllowPrivate = false;
    const hostsName = loopbackHostName();
    const urlCases: [string, string][] = [
      ['', WEBHOOK_MESSAGES.urlRequired],
      ['hooks.example.com/relevo', WEBHOOK_MESSAGES.urlInvalid],
      ['ftp://hooks.example.com/', WEBHOOK_MESSAGES.urlInvalid],
      ['http://hooks.example.com/relevo', WEBHOOK_MESSAGES.httpsOnly],
      [`https://${'a'.repeat(WEBHOOK_LIMITS.urlMax)}.example.com/`, WEBHOOK_MESSAGES.urlTooLong],
      ['https://user:pass@hooks.example.com/', WEBHOOK_MESSAGES.credentials],
      ['https://127.0.0.1/relevo', WEBHOOK_MESSAGES.privateAddress],
      ['https://10.20.30.40/relevo', WEBHOOK_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::1]/relevo', WEBHOOK_MESSAGES.privateAddress],
      ['https://[fd00::1]/relevo', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::ffff:127.0.0.1]/relevo', WEBHOOK_MESSAGES.privateAddress],
      ['https://localhost/relevo', WEBHOOK_MESSAGES.privateAddress],
      ['https://hooks.invalid/relevo', WEBHOOK_MESSAGES.unresolvable],
      ...(hostsName ? ([[`https://${hostsName}/relevo`, WEBHOOK_MESSAGES.privateAddress]] as [string, string][]) : []),
    ];
    const before = await stored();
    for (const [url, msg] of urlCases) {
      const answer = await as(root, 'POST', '/api/webhooks', { webhook_url: url, signing_secret: SECRET });
      expect({ url, status: answer.status, body: answer.body }).toEqual({
        url,
        status: 422,
        body: { detail: [{ loc: ['body', 'webhook_url'], msg }] },
      });
    }
    // the form's rules answer first; the address rule is checked once the form is right
    const fieldCases: [unknown, string[]][] = [
      [{ webhook_url: 'https://127.0.0.1/', signing_secret: 'short' }, [WEBHOOK_MESSAGES.secretLength]],
      [{ webhook_url: 'https://10.0.0.1/', signing_secret: `${'s'.repeat(30)} x` }, [WEBHOOK_MESSAGES.secretSpaces]],
      [{ webhook_url: 'https://10.0.0.1/' }, [WEBHOOK_MESSAGES.secretRequired]],
      [{ webhook_url: 'https://10.0.0.1/', signing_secret: SECRET, changes: [] }, [WEBHOOK_MESSAGES.changesRequired]],
      [
        { webhook_url: 'https://10.0.0.1/', signing_secret: SECRET, changes: ['created', 'exploded'] },
        [WEBHOOK_MESSAGES.changeUnknown],
      ],
    ];
    for (const [body, messages] of fieldCases) {
      const answer = await as(root, 'POST', '/api/webhooks', body);
      expect(answer.status).toBe(422);
      expect((answer.body as { detail: { msg: string }[] }).detail.map((d) => d.msg)).toEqual(messages);
    }
    expect((await as(root, 'DELETE', '/api/webhooks/abc')).status).toBe(422);
    expect(await stored()).toEqual(before);
    // the secret of a refused request is in no log line
    expect(lines.join('\n')).not.toContain(SECRET);
    // at most WEBHOOK_LIMITS.perCustomer
    t.ctx.config.webhookAllowPrivate = true;
    for (let n = 0; n < WEBHOOK_LIMITS.perCustomer; n++) await add(`/many-${n}`);
    const error = await failure(add('/one-more'));
    expect({ status: error.status, message: error.message }).toEqual({
      status: 409,
      message: WEBHOOK_MESSAGES.tooMany,
    });
    expect((await root.client.call(listWebhooks)).total).toBe(WEBHOOK_LIMITS.perCustomer);
    expect(WEBHOOK_CHANGES).toHaveLength(6);
  });

  it('disables a webhook after a day of failures, cancels its waiting deliveries, mails its Customer Roots, and enable makes it hear again', async () => {
    const down = await add('/down', { changes: ['created'] });
    // one at a time: the oldest delivery is tried first
    const sender = worker('w1', { concurrency: 1 });
    const start = t.clock.now().getTime();
    await incident('First failure');
    await sender.drain();
    expect((await webhookRow(down.webhook_id)).failing_since).toEqual(new Date(start));
    t.clock.advance(WEBHOOK_LIMITS.disableAfterMs - 60 * SECOND);
    await incident('Still failing');
    await sender.drain();
    expect((await webhookRow(down.webhook_id)).webhook_active).toBe('Y');
    t.clock.advance(60 * SECOND);
    await incident('Waiting behind');
    await sender.drain();
    const disabledAt = t.clock.now();
    const row = await webhookRow(down.webhook_id);
    expect(row).toMatchObject({ webhook_active: 'N', failing_since: new Date(start), disabled_at: disabledAt });
    expect(row.disabled_reason).toBe(
      `Failing since ${new Date(start).toISOString()}; the last try: answered 500: receiver is down`,
    );
    expect((await deliveriesOf(down.webhook_id)).map((d) => d.status)).toEqual(['canceled', 'canceled', 'canceled']);
    const mails = await asSystem(t, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['recipient', 'customer_id'])
        .where('subject', '=', WEBHOOK_MESSAGES.disabledNotice)
        .execute(),
    );
    const roots = await asSystem(t, (tx) =>
      tx
        .selectFrom('users')
        .select('email')
        .where('customer_id', '=', acme)
        .where('rol_id', '=', Role.CustomerRoot)
        .execute(),
    );
    expect(mails.map((m) => m.recipient).sort()).toEqual(roots.map((r) => r.email).sort());
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.customer_id).toBe(acme);
      // the outbox clears a body once it is sent: the mail as it arrived
      const { text } = await t.mailbox.waitFor(mail.recipient, 1, 10_000, WEBHOOK_MESSAGES.disabledNotice);
      expect(text).toContain(`${receiver.url}/down`);
      expect(text).toContain('answered 500: receiver is down');
      expect(text).toContain('https://relevo.example.test/webhooks');
      expect(text).not.toContain(SECRET);
    }
    // disabled: nothing queued for it, nothing sent
    const sentBefore = receiver.on('/down').length;
    await incident('While disabled');
    await sender.drain();
    expect(receiver.on('/down')).toHaveLength(sentBefore);
    expect(await deliveriesOf(down.webhook_id)).toHaveLength(3);
    // a day later the morning's session has ended: the Customer Root signs in again
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    root = await t.signIn(rootUser.email, rootUser.password);
    const listed = (await root.client.call(listWebhooks)).list[0]!;
    expect(listed).toMatchObject({ webhook_active: 'N', disabled_at: disabledAt.toISOString() });
    // enabled: failures forgotten, the changes from now on are sent
    const enabled = await root.client.call(enableWebhook, { params: { id: down.webhook_id } });
    expect(enabled).toMatchObject({
      webhook_active: 'Y',
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
    });
    receiver.plans.set('/down', [200]);
    await incident('After enable');
    await sender.drain();
    expect(receiver.on('/down')).toHaveLength(sentBefore + 1);
    expect((await deliveriesOf(down.webhook_id)).at(-1)).toMatchObject({ status: 'done' });
  });
});
