import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addHeartbeat, deleteHeartbeat, listHeartbeats, rotateHeartbeatToken, updateHeartbeat } from '@relevo/api';
import { HEARTBEAT_LIMITS, HEARTBEAT_MESSAGES, type Heartbeat } from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { SYSTEM } from '../src/db/database';
import { claim } from '../src/jobs/lease';
import { HEARTBEAT_JOBS, HeartbeatWorker, heartbeatMisses, type HeartbeatJob } from '../src/heartbeats/worker';
import { redactUrl } from '../src/http/security';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { logLines } from './support/log-lines';

/**
 * docs/product.md#heartbeat-monitors over HTTP with a moved clock: monitors of a module, their beat
 * addresses, beats, misses found by the job layer at their due time (one incident however many
 * workers look, and after a worker killed mid-claim), the next beat resolving the incident, every
 * role and another customer's ids, bad input, and the secret kept out of the logs.
 */
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const SECOND = 1_000;

describe.each(DATABASE_KINDS)('heartbeat monitors on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let reader: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  let acme: number;
  let module: RunnableModule;
  let inactive: RunnableModule;
  let theirs: RunnableModule;
  const { sink, lines } = logLines();

  const worker = (id: string) =>
    new HeartbeatWorker({ ctx: t.ctx, database: t.database, clock: t.clock, log: t.ctx.log, workerId: id });
  const tokenOf = (monitor: Heartbeat) => monitor.beat_url!.split('/').pop()!;
  const beat = (token: string) => t.raw<{ message: string; state: string }>('POST', `/api/v1/heartbeat/${token}`);
  const as = (who: SignedIn, method: string, path: string, body?: unknown) =>
    t.raw(method, path, { body, headers: { authorization: `Bearer ${who.token}` } });
  const row = (id: number) =>
    asSystem(t, (tx) =>
      tx.selectFrom('heartbeats').selectAll().where('heartbeat_id', '=', id).executeTakeFirstOrThrow(),
    );
  const incidentsOf = (id: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['event_id', 'case_id', 'event_status', 'short_event_subject', 'short_event_body'])
        .where('dedup_key', '=', `heartbeat:${id}`)
        .orderBy('event_id')
        .execute(),
    );
  const stored = () => asSystem(t, (tx) => tx.selectFrom('heartbeats').selectAll().orderBy('heartbeat_id').execute());
  const create = (
    who: SignedIn,
    body: Partial<{ module_id: number; heartbeat_name: string; interval_seconds: number; grace_seconds: number }>,
  ) =>
    who.client.call(addHeartbeat, {
      body: {
        module_id: module.id,
        heartbeat_name: 'Nightly backup',
        interval_seconds: 300,
        grace_seconds: 60,
        ...body,
      },
    });

  beforeAll(async () => {
    t = await startTestApp({
      kind,
      clock: new ManualClock(NOW),
      logSink: sink,
      config: { logLevel: 'debug', publicUrl: 'https://relevo.example.test' },
    });
    acme = await t.createCustomer('Acme', 20);
    const other = await t.createCustomer('Other', 20);
    const make = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    root = await make('CustomerRoot', 'Acme');
    reader = await make('Customer', 'Acme');
    otherRoot = await make('CustomerRoot', 'Other');
    staff = await make('StaffRoot');
    module = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    inactive = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    await asSystem(t, (tx) =>
      tx.updateTable('modules').set({ module_active: 'N' }).where('module_id', '=', inactive.id).execute(),
    );
    theirs = await asSystem(t, (tx) => insertRunnableModule(tx, other));
  }, 60_000);
  afterAll(async () => t?.close());
  // each case watches its own monitors only: the clock it moves makes no earlier one due
  afterEach(async () => {
    await asSystem(t, (tx) => tx.deleteFrom('heartbeats').execute());
  });

  it('is made by a Customer Root, waiting for its first beat, with its secret address, and audited', async () => {
    const made = await create(root, {});
    expect(made).toMatchObject({
      module_id: module.id,
      customer_id: acme,
      heartbeat_name: 'Nightly backup',
      interval_seconds: 300,
      grace_seconds: 60,
      heartbeat_active: 'Y',
      state: 'waiting',
      last_beat_at: null,
      due_at: null,
      open_case_id: null,
      heartbeat_createdt: new Date(NOW).toISOString(),
    });
    expect(made.id).toBe(made.heartbeat_id);
    expect(made.beat_url).toMatch(/^https:\/\/relevo\.example\.test\/api\/v1\/heartbeat\/[A-Za-z0-9_-]{43}$/);
    // stored as its hash and sealed, never in the clear
    const kept = await row(made.heartbeat_id);
    expect(kept.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.token_sealed).not.toContain(tokenOf(made));
    expect(kept.status).toBe('idle');
    // the reader sees the monitor, not its address
    const listed = await reader.client.call(listHeartbeats, { query: { module_id: module.id } });
    expect(listed.total).toBe(1);
    expect(listed.list[0]).not.toHaveProperty('beat_url');
    const { beat_url: _url, ...shown } = made;
    expect(listed.list[0]).toEqual(shown);
    expect((await root.client.call(listHeartbeats, { query: { module_id: module.id } })).list[0]!.beat_url).toBe(
      made.beat_url,
    );
    const audited = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('entity', '=', 'heartbeat')
        .where('entity_id', '=', String(made.heartbeat_id))
        .execute(),
    );
    expect(audited).toEqual([
      { action: 'create', detail: expect.objectContaining({ heartbeat_name: 'Nightly backup' }) },
    ]);
    await root.client.call(deleteHeartbeat, { params: { id: made.heartbeat_id } });
  });

  it('opens one incident when a beat is missed, keeps it up while beats come on time, and the next beat resolves it', async () => {
    const monitor = await create(root, { heartbeat_name: 'Cron' });
    const token = tokenOf(monitor);
    // waiting: nothing is watched before the first beat, however long
    t.clock.advance(3_600 * SECOND);
    expect(await worker('w1').drain()).toBe(0);
    const first = await beat(token);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ message: HEARTBEAT_MESSAGES.beatRecorded, state: 'up' });
    const beatAt = t.clock.now().getTime();
    expect(await row(monitor.heartbeat_id)).toMatchObject({
      state: 'up',
      status: 'pending',
      last_beat_at: new Date(beatAt),
      due_at: new Date(beatAt + 360 * SECOND),
    });
    // a beat before the due time keeps it up and moves the due time
    t.clock.advance(350 * SECOND);
    expect(await worker('w1').drain()).toBe(0);
    expect((await beat(token)).status).toBe(202);
    const secondBeat = t.clock.now().getTime();
    t.clock.advance(359 * SECOND);
    expect(await worker('w1').drain()).toBe(0);
    expect(await incidentsOf(monitor.heartbeat_id)).toEqual([]);
    // the due time passes: the worker claims it, opens the incident and marks the monitor missed
    t.clock.advance(1 * SECOND);
    expect(await worker('w1').drain()).toBe(1);
    const [opened, ...more] = await incidentsOf(monitor.heartbeat_id);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({
      event_status: 'open',
      short_event_subject: 'Heartbeat Cron missed',
      short_event_body: `The last beat arrived at ${new Date(secondBeat).toISOString().slice(0, 19).replace('T', ' ')} UTC. A beat is expected every 5 minutes and 1 minute of grace; none had come by ${new Date(secondBeat + 360 * SECOND).toISOString().slice(0, 19).replace('T', ' ')} UTC.`,
    });
    expect(await row(monitor.heartbeat_id)).toMatchObject({
      state: 'missed',
      status: 'idle',
      due_at: null,
      open_event_id: opened!.event_id,
    });
    const [listed] = (await reader.client.call(listHeartbeats, { query: { module_id: module.id } })).list.filter(
      (m) => m.heartbeat_id === monitor.heartbeat_id,
    );
    expect(listed).toMatchObject({ state: 'missed', open_case_id: opened!.case_id, due_at: null });
    // nothing more happens while it stays missed
    t.clock.advance(3_600 * SECOND);
    expect(await worker('w1').drain()).toBe(0);
    expect(await incidentsOf(monitor.heartbeat_id)).toHaveLength(1);
    // the next beat resolves it as the integration, and the monitor is up again
    const back = await beat(token);
    expect(back.body).toEqual({ message: HEARTBEAT_MESSAGES.beatRecorded, state: 'up' });
    expect((await incidentsOf(monitor.heartbeat_id))[0]).toMatchObject({
      event_id: opened!.event_id,
      event_status: 'completed',
    });
    const resolvedBy = await asSystem(t, (tx) =>
      tx.selectFrom('event_actions').select(['kind', 'via']).where('event_id', '=', opened!.event_id).execute(),
    );
    expect(resolvedBy).toEqual([{ kind: 'resolved', via: 'integration' }]);
    expect(await row(monitor.heartbeat_id)).toMatchObject({ state: 'up', status: 'pending', open_event_id: null });
    // a second miss opens a second incident (the first is closed)
    t.clock.advance(360 * SECOND);
    expect(await worker('w1').drain()).toBe(1);
    expect((await incidentsOf(monitor.heartbeat_id)).map((e) => e.event_status)).toEqual(['completed', 'open']);
    await beat(token);
  });

  it('opens only one incident when two workers look at once, and after a worker killed mid-claim', async () => {
    const monitor = await create(root, { heartbeat_name: 'Two workers', grace_seconds: 0 });
    await beat(tokenOf(monitor));
    t.clock.advance(300 * SECOND);
    const done = await Promise.all([worker('w1').drain(), worker('w2').drain(), worker('w3').drain()]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await incidentsOf(monitor.heartbeat_id)).toHaveLength(1);
    await root.client.call(deleteHeartbeat, { params: { id: monitor.heartbeat_id } });

    // a worker claims the due monitor, opens its incident and dies before it writes the miss
    const killed = await create(root, { heartbeat_name: 'Killed worker', grace_seconds: 0 });
    await beat(tokenOf(killed));
    t.clock.advance(300 * SECOND);
    const { jobs } = await t.database.scoped(SYSTEM, (tx) =>
      claim<HeartbeatJob>(tx, HEARTBEAT_JOBS, { workerId: 'doomed', now: t.clock.now(), leaseMs: 30_000, limit: 10 }),
    );
    const taken = jobs.find((job) => job.heartbeat_id === killed.heartbeat_id)!;
    expect(taken).toBeDefined();
    const half = await heartbeatMisses(t.ctx).open(taken, t.clock.now());
    expect(half.kind).toBe('opened');
    // while its lease holds nobody takes it
    expect(await worker('heir').drain()).toBe(0);
    expect(await row(killed.heartbeat_id)).toMatchObject({ status: 'claimed', state: 'up' });
    // the lease runs out: the heir takes it over and finds the same incident open
    t.clock.advance(31 * SECOND);
    expect(await worker('heir').drain()).toBe(1);
    const events = await incidentsOf(killed.heartbeat_id);
    expect(events).toHaveLength(1);
    expect(await row(killed.heartbeat_id)).toMatchObject({
      state: 'missed',
      status: 'idle',
      open_event_id: events[0]!.event_id,
      claim_token: null,
    });
    // the dead worker's late write changes nothing
    expect(await heartbeatMisses(t.ctx).settle(taken, half)).toBe(false);
    await beat(tokenOf(killed));
  });

  it('resolves the incident a worker opened while a beat was on its way', async () => {
    const monitor = await create(root, { heartbeat_name: 'Racing beat', grace_seconds: 0 });
    await beat(tokenOf(monitor));
    t.clock.advance(300 * SECOND);
    const { jobs } = await t.database.scoped(SYSTEM, (tx) =>
      claim<HeartbeatJob>(tx, HEARTBEAT_JOBS, { workerId: 'slow', now: t.clock.now(), leaseMs: 30_000, limit: 10 }),
    );
    const taken = jobs.find((job) => job.heartbeat_id === monitor.heartbeat_id)!;
    t.clock.advance(1 * SECOND);
    expect((await beat(tokenOf(monitor))).body).toMatchObject({ state: 'up' });
    const outcome = await heartbeatMisses(t.ctx).open(taken, t.clock.now());
    expect(outcome.kind).toBe('opened');
    expect(await heartbeatMisses(t.ctx).settle(taken, outcome)).toBe(false);
    expect((await incidentsOf(monitor.heartbeat_id)).map((e) => e.event_status)).toEqual(['completed']);
    expect(await row(monitor.heartbeat_id)).toMatchObject({ state: 'up', status: 'pending' });
  });

  it('records the miss of a module that takes no incidents and opens nothing', async () => {
    const monitor = await create(root, { module_id: inactive.id, heartbeat_name: 'Paused module', grace_seconds: 0 });
    await beat(tokenOf(monitor));
    t.clock.advance(300 * SECOND);
    expect(await worker('w1').drain()).toBe(1);
    expect(await incidentsOf(monitor.heartbeat_id)).toEqual([]);
    expect(await row(monitor.heartbeat_id)).toMatchObject({
      state: 'missed',
      status: 'idle',
      open_event_id: null,
      last_error: 'incident refused: This module is inactive: it accepts no incidents',
    });
    expect((await beat(tokenOf(monitor))).body).toMatchObject({ state: 'up' });
  });

  it('changes and deletes a monitor; an inactive one is not watched; a rotated address replaces the old one', async () => {
    const monitor = await create(root, { heartbeat_name: 'Changing', grace_seconds: 0 });
    await beat(tokenOf(monitor));
    const changed = await root.client.call(updateHeartbeat, {
      params: { id: monitor.heartbeat_id },
      body: { heartbeat_name: 'Changed', interval_seconds: 600, grace_seconds: 120, heartbeat_active: 'Y' },
    });
    expect(changed).toMatchObject({
      heartbeat_name: 'Changed',
      interval_seconds: 600,
      grace_seconds: 120,
      state: 'up',
      due_at: new Date(t.clock.now().getTime() + 720 * SECOND).toISOString(),
      beat_url: monitor.beat_url,
    });
    const paused = await root.client.call(updateHeartbeat, {
      params: { id: monitor.heartbeat_id },
      body: { heartbeat_name: 'Changed', interval_seconds: 600, grace_seconds: 120, heartbeat_active: 'N' },
    });
    expect(paused).toMatchObject({ heartbeat_active: 'N', due_at: null });
    t.clock.advance(3_600 * SECOND);
    expect(await worker('w1').drain()).toBe(0);
    const rotated = await root.client.call(rotateHeartbeatToken, { params: { id: monitor.heartbeat_id } });
    expect(rotated.beat_url).not.toBe(monitor.beat_url);
    expect((await beat(tokenOf(monitor))).status).toBe(404);
    expect((await beat(tokenOf(rotated))).status).toBe(202);
    expect(await root.client.call(deleteHeartbeat, { params: { id: monitor.heartbeat_id } })).toEqual({
      Message: HEARTBEAT_MESSAGES.deleted,
    });
    expect((await beat(tokenOf(rotated))).status).toBe(404);
    const trail = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'heartbeat')
        .where('entity_id', '=', String(monitor.heartbeat_id))
        .orderBy('id')
        .execute(),
    );
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
  });

  it('answers every role: readers read, Customer Roots change, staff are refused', async () => {
    const monitor = await create(root, { heartbeat_name: 'Roles' });
    const before = await stored();
    const path = `/api/heartbeats/${monitor.heartbeat_id}`;
    const body = { heartbeat_name: 'Roles', interval_seconds: 300, grace_seconds: 60, heartbeat_active: 'Y' };
    expect((await as(reader, 'GET', `/api/heartbeats?module_id=${module.id}`)).status).toBe(200);
    for (const who of [reader, staff]) {
      expect((await as(who, 'POST', '/api/heartbeats', { ...body, module_id: module.id })).status).toBe(403);
      expect((await as(who, 'PUT', path, body)).status).toBe(403);
      expect((await as(who, 'DELETE', path)).status).toBe(403);
      expect((await as(who, 'POST', `${path}/token`)).status).toBe(403);
    }
    expect((await as(staff, 'GET', `/api/heartbeats?module_id=${module.id}`)).status).toBe(403);
    expect((await t.raw('GET', `/api/heartbeats?module_id=${module.id}`)).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("answers 404 for another customer's monitors and modules, changing nothing", async () => {
    const monitor = await create(root, { heartbeat_name: 'Not theirs' });
    const before = await stored();
    const path = `/api/heartbeats/${monitor.heartbeat_id}`;
    const body = { heartbeat_name: 'Taken', interval_seconds: 300, grace_seconds: 60, heartbeat_active: 'Y' };
    const notFound = { detail: HEARTBEAT_MESSAGES.notFound };
    expect(await as(otherRoot, 'PUT', path, body)).toMatchObject({ status: 404, body: notFound });
    expect(await as(otherRoot, 'DELETE', path)).toMatchObject({ status: 404, body: notFound });
    expect(await as(otherRoot, 'POST', `${path}/token`)).toMatchObject({ status: 404, body: notFound });
    expect(await as(otherRoot, 'GET', `/api/heartbeats?module_id=${module.id}`)).toMatchObject({
      status: 404,
      body: { detail: HEARTBEAT_MESSAGES.moduleNotFound },
    });
    expect(await as(root, 'POST', '/api/heartbeats', { ...body, module_id: theirs.id })).toMatchObject({
      status: 404,
      body: { detail: HEARTBEAT_MESSAGES.moduleNotFound },
    });
    expect((await as(root, 'GET', '/api/heartbeats?module_id=999999')).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('refuses bad input on its fields (422), a taken name, and too many monitors, storing nothing', async () => {
    await create(root, { heartbeat_name: 'Unique name' });
    const before = await stored();
    const cases: [unknown, [string[], string][]][] = [
      [
        { module_id: module.id, heartbeat_name: ' ', interval_seconds: 59, grace_seconds: 86_401 },
        [
          [['body', 'heartbeat_name'], HEARTBEAT_MESSAGES.nameRequired],
          [['body', 'interval_seconds'], HEARTBEAT_MESSAGES.intervalMin],
          [['body', 'grace_seconds'], HEARTBEAT_MESSAGES.graceMax],
        ],
      ],
      [
        { module_id: 'x', heartbeat_name: 'A', interval_seconds: 604_801, grace_seconds: -1, secret: 'x' },
        [
          [['body', 'module_id'], HEARTBEAT_MESSAGES.moduleRequired],
          [['body', 'interval_seconds'], HEARTBEAT_MESSAGES.intervalMax],
          [['body', 'grace_seconds'], HEARTBEAT_MESSAGES.graceMin],
          [['body', 'secret'], 'Unknown field'],
        ],
      ],
      [
        { module_id: module.id, heartbeat_name: 'unique NAME', interval_seconds: 60, grace_seconds: 0 },
        [[['body', 'heartbeat_name'], HEARTBEAT_MESSAGES.nameTaken]],
      ],
    ];
    for (const [body, detail] of cases) {
      const answer = await as(root, 'POST', '/api/heartbeats', body);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { detail: detail.map(([loc, msg]) => ({ loc, msg })) },
      });
    }
    expect((await as(root, 'GET', '/api/heartbeats?module_id=0')).status).toBe(422);
    expect((await as(root, 'PUT', '/api/heartbeats/abc', {})).status).toBe(422);
    expect(await stored()).toEqual(before);
    // a module holds at most HEARTBEAT_LIMITS.perModule
    const crowded = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    for (let n = 0; n < HEARTBEAT_LIMITS.perModule; n++)
      await create(root, { module_id: crowded.id, heartbeat_name: `Monitor ${n}` });
    const error = await failure(create(root, { module_id: crowded.id, heartbeat_name: 'One more' }));
    expect({ status: error.status, message: error.message }).toEqual({
      status: 409,
      message: HEARTBEAT_MESSAGES.tooMany,
    });
    expect((await root.client.call(listHeartbeats, { query: { module_id: crowded.id } })).total).toBe(
      HEARTBEAT_LIMITS.perModule,
    );
  });

  it('answers an unknown address 404 with no hint, limits beats per address, and keeps the secret out of the logs', async () => {
    const unknown = await beat('A'.repeat(43));
    expect(unknown).toMatchObject({ status: 404, body: { detail: HEARTBEAT_MESSAGES.beatNotFound } });
    expect((await beat('short')).status).toBe(404);
    const monitor = await create(root, { heartbeat_name: 'Chatty' });
    const token = tokenOf(monitor);
    for (let n = 0; n < HEARTBEAT_LIMITS.beatsPerMinute; n++) expect((await beat(token)).status).toBe(202);
    const limited = await beat(token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(60 * SECOND);
    expect((await beat(token)).status).toBe(202);
    expect(redactUrl(`/api/v1/heartbeat/${token}`)).toBe('/api/v1/heartbeat/[redacted]');
    const logged = lines.join('\n');
    // the request lines name the route; the refused beat's security line names the address redacted
    expect(logged).toContain('"route":"/api/v1/heartbeat/:token"');
    expect(logged).not.toContain(token);
  });
});
