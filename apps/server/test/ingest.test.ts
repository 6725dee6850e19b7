import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateCredential, simulateIncident } from '@relevo/api';
import {
  AUTH_MESSAGES,
  INCIDENT_MESSAGES,
  INGEST_MESSAGES,
  MODULE_MESSAGES,
  ingestExamples,
  type EngineState,
} from '@relevo/domain';
import { insertRunnableModule } from './support/catalogue';
import { credentialHash } from '../src/catalogue/module-tools';
import { DATABASE_KINDS } from './support/databases';
import { POOL_SIZE } from '../src/db/database';
import { sql } from 'kysely';
import { EngineWorker } from '../src/engine/worker';
import { asSystem, failure, startTestApp, type RawAnswer, type SignedIn, type TestApp } from './support/harness';
import { withCredentialKey } from './support/keyed-module';

const run = promisify(execFile);
const incident = {
  incident: 'Disk almost full on db-1',
  description: 'The data disk of db-1 is 95% full and still growing.',
};
const basic = (moduleId: number, key: string) => ({
  authorization: `Basic ${Buffer.from(`${moduleId}:${key}`).toString('base64')}`,
});

describe.each(DATABASE_KINDS)('incidents in: the ingest API and the simulation on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let reader: SignedIn;
  let acmeId: number;
  /** Acme's module with a valid escalation (two steps) and an SLA of 30 minutes, and its key */
  let module: { id: number; applicationId: number; escalationId: number; key: string };
  let otherModuleId: number;
  let otherId: number;

  const post = (
    moduleId: number,
    key: string,
    body: unknown,
  ): Promise<RawAnswer<{ case_id: string; event_id: number; detail?: unknown }>> =>
    t.raw('POST', '/api/v1/incidents', { body, headers: basic(moduleId, key) });
  const counts = () =>
    asSystem(t, async (tx) => ({
      events: Number(
        (
          await tx
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      timers: Number(
        (
          await tx
            .selectFrom('engine_timers')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    }));

  const catalogueOf = (customerId: number) => asSystem(t, (tx) => insertRunnableModule(tx, customerId));

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { ingestPerModule: { limit: 150, windowSeconds: 60 } } });
    acmeId = await t.createCustomer('Acme');
    otherId = await t.createCustomer('Other');
    const acme = await catalogueOf(acmeId);
    otherModuleId = (await catalogueOf(otherId)).id;
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    root = await t.signIn(rootUser.email, rootUser.password);
    const readerUser = await t.createUser({ role: 'Customer', customer: 'Acme' });
    reader = await t.signIn(readerUser.email, readerUser.password);
    module = await withCredentialKey(root.client, acme);
  });
  afterAll(async () => t?.close());
  // every case starts with a fresh per-module window
  beforeEach(() => t.clock.advance(61_000));

  it('makes an event with its SLA and steps copied and its first timer due now (201)', async () => {
    const answer = await post(module.id, module.key, { ...incident, dedup_key: 'disk-db-1' });
    expect(answer.status).toBe(201);
    expect(answer.body.case_id).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    const stored = await asSystem(t, async (tx) => ({
      event: await tx
        .selectFrom('events')
        .selectAll()
        .where('event_id', '=', answer.body.event_id)
        .executeTakeFirstOrThrow(),
      timer: await tx
        .selectFrom('engine_timers')
        .selectAll()
        .where('event_id', '=', answer.body.event_id)
        .executeTakeFirstOrThrow(),
    }));
    expect(stored.event).toMatchObject({
      case_id: answer.body.case_id,
      customer_id: acmeId,
      module_id: module.id,
      escalation_id: module.escalationId,
      event_status: 'open',
      sla_response: 30,
      short_event_subject: incident.incident,
      short_event_body: incident.description,
      dedup_key: 'disk-db-1',
    });
    expect(stored.timer).toMatchObject({ status: 'pending', customer_id: acmeId, attempts: 0 });
    expect(stored.timer.due_at.getTime()).toBe(t.clock.now().getTime());
    const state = stored.timer.state as EngineState;
    expect(state).toMatchObject({ status: 'open', sla_minutes: 30, at: null });
    expect(
      state.steps.map((step) => [step.participation, step.channel, step.address, step.recalls, step.follow_up_minutes]),
    ).toEqual([
      ['agent', 'voice', '+17875550142', 2, 15],
      ['supervisor', 'email', 'carlos@example.test', 0, 0],
    ]);
  });

  it('answers the open event again for the same dedup_key (200), a new one for another key or once it is closed', async () => {
    const first = await post(module.id, module.key, { ...incident, dedup_key: 'cpu-web-2' });
    const again = await post(module.id, module.key, {
      ...incident,
      incident: 'CPU high again on web-2',
      dedup_key: 'cpu-web-2',
    });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    const other = await post(module.id, module.key, { ...incident, dedup_key: 'cpu-web-3' });
    expect(other.status).toBe(201);
    await asSystem(t, (tx) =>
      tx.updateTable('events').set({ event_status: 'completed' }).where('event_id', '=', first.body.event_id).execute(),
    );
    const reopened = await post(module.id, module.key, { ...incident, dedup_key: 'cpu-web-2' });
    expect(reopened.status).toBe(201);
    expect(reopened.body.event_id).not.toBe(first.body.event_id);
  });

  it('makes one event for 100 concurrent identical requests', async () => {
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => post(module.id, module.key, { ...incident, dedup_key: 'storm-1' })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(99);
    expect(new Set(answers.map((answer) => answer.body.case_id)).size).toBe(1);
    expect(await counts()).toEqual({ events: before.events + 1, timers: before.timers + 1 });
  });

  // the embedded database has one connection: the test after this one is its counterpart
  it.skipIf(kind === 'pglite')(
    'takes an incident while readers hold every connection of the general pool (its own connections on PostgreSQL)',
    async () => {
      const finished: string[] = [];
      // a crowd of slow reads, more than the general pool has connections: each holds one for a second and a half
      const readers = Array.from({ length: POOL_SIZE + 5 }, () =>
        t.database
          .read({ kind: 'staff' }, [t.database.db.selectNoFrom(sql<unknown>`pg_sleep(1.5)`.as('slept'))])
          .then(() => finished.push('read')),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await post(module.id, module.key, { ...incident, dedup_key: 'under-readers' });
      finished.push('incident');
      await Promise.all(readers);
      expect(answer.status).toBe(201);
      // the incident was answered before the first read let its connection go
      expect(finished[0]).toBe('incident');
    },
  );

  it.skipIf(kind === 'postgres')(
    "stores an incident before the engine's queued wake-ups on the embedded database (its one connection serves incidents first)",
    async () => {
      // a backlog: due timers, all claimed at once, so every wake-up waits in line for the one connection
      const BACKLOG = 120;
      const backlog = await Promise.all(
        Array.from({ length: BACKLOG }, (_, i) =>
          post(module.id, module.key, { ...incident, dedup_key: `backlog-${i}` }),
        ),
      );
      expect(backlog.every((answer) => answer.status === 201)).toBe(true);
      const backlogIds = backlog.map((answer) => answer.body.event_id);
      const engine = new EngineWorker({
        database: t.database,
        clock: t.clock,
        log: t.ctx.log,
        workerId: 'engine-backlog',
        scale: 1,
        concurrency: BACKLOG,
      });
      // how many of the backlog's wake-ups have been done (each writes its event's first log row), read as an incident's call reads
      const wakeUpsDone = async () => {
        const [[row]] = await t.database.urgent.read({ kind: 'staff' }, [
          t.database.db
            .selectFrom('event_logs')
            .select((eb) => eb.fn.count<number>('event_id').distinct().as('n'))
            .where('event_id', '=', sql<number>`any(${backlogIds}::integer[])`),
        ]);
        return Number(row!.n);
      };
      const drained = engine.drain();
      try {
        // the engine is working through its backlog
        while ((await wakeUpsDone()) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        const answer = await post(module.id, module.key, { ...incident, dedup_key: 'before-the-backlog' });
        const doneWhenAnswered = await wakeUpsDone();
        expect(answer.status).toBe(201);
        // in one line, first come first served, the incident would have waited for every wake-up queued before it
        expect(doneWhenAnswered).toBeLessThan(BACKLOG / 2);
      } finally {
        await drained;
      }
      // and the engine worked through all of it afterwards
      expect(await wakeUpsDone()).toBe(BACKLOG);
    },
  );

  it('answers each of many concurrent requests on its own, though they reach the database together', async () => {
    // the other customer's module gets a key too, so the requests span two tenants
    const otherKey = 'a'.repeat(32);
    await asSystem(t, (tx) =>
      tx
        .updateTable('modules')
        .set({ credential_hash: credentialHash(otherKey) })
        .where('module_id', '=', otherModuleId)
        .execute(),
    );
    const before = await counts();
    const requests = Array.from({ length: 60 }, (_, i) => {
      if (i % 10 === 9)
        return { expect: 401, answer: post(module.id, 'b'.repeat(32), { ...incident, dedup_key: `mixed-${i}` }) };
      if (i % 10 === 8) return { expect: 422, answer: post(module.id, module.key, { ...incident, incident: '' }) };
      const [id, key] = i % 2 === 0 ? [module.id, module.key] : [otherModuleId, otherKey];
      // pairs of requests share a dedup key (the second one answered with the first one's event)
      return {
        expect: 'made',
        id,
        answer: post(id, key, { ...incident, dedup_key: `mixed-${id}-${Math.floor(i / 4)}` }),
      };
    });
    const answers = await Promise.all(requests.map(async (request) => ({ ...request, answer: await request.answer })));
    for (const { expect: expected, answer } of answers) {
      if (expected === 'made') expect([200, 201]).toContain(answer.status);
      else expect(answer.status).toBe(expected);
    }
    const made = answers.filter((a) => a.expect === 'made');
    const stored = await asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['event_id', 'case_id', 'module_id', 'customer_id', 'dedup_key'])
        .where('dedup_key', 'like', 'mixed-%')
        .execute(),
    );
    // one event per (module, dedup key), in its module's customer, answered to every request with that key
    expect(new Set(stored.map((e) => e.module_id))).toEqual(new Set([module.id, otherModuleId]));
    expect(stored).toHaveLength(new Set(stored.map((e) => `${e.module_id}:${e.dedup_key}`)).size);
    expect(made.filter((a) => a.answer.status === 201)).toHaveLength(stored.length);
    for (const { id, answer } of made) {
      const event = stored.find((e) => e.event_id === answer.body.event_id)!;
      expect({ module: event.module_id, case: event.case_id, customer: event.customer_id }).toEqual({
        module: id,
        case: answer.body.case_id,
        customer: id === module.id ? acmeId : otherId,
      });
    }
    expect(await counts()).toEqual({ events: before.events + stored.length, timers: before.timers + stored.length });
  });
  it('refuses bad credentials with 401 and writes nothing', async () => {
    const before = await counts();
    const refusals = [
      await post(module.id, 'f'.repeat(32), incident),
      await post(otherModuleId, module.key, incident),
      await post(987_654, module.key, incident),
      await t.raw('POST', '/api/v1/incidents', { body: incident }),
      await t.raw('POST', '/api/v1/incidents', {
        body: incident,
        headers: { authorization: 'Basic not-base64-at-all' },
      }),
      await t.raw('POST', '/api/v1/incidents', { body: incident, headers: { authorization: `Bearer ${root.token}` } }),
      await t.raw('POST', '/api/v1/incidents', { body: incident, headers: basic(0, module.key) }),
    ];
    for (const refusal of refusals) {
      expect({ status: refusal.status, body: refusal.body }).toEqual({
        status: 401,
        body: { detail: INGEST_MESSAGES.badCredentials },
      });
      expect(refusal.headers.get('www-authenticate')).toBe('Basic realm="Relevo"');
    }
    expect(await counts()).toEqual(before);
  });

  it('stops the old key at once when a new one is made', async () => {
    const [renewed] = await root.client.call(generateCredential, {
      params: { module: module.id, application: module.applicationId },
    });
    expect((await post(module.id, module.key, incident)).status).toBe(401);
    module.key = renewed.body.credentialKey;
    expect((await post(module.id, module.key, incident)).status).toBe(201);
  });

  it('refuses bad bodies with 422 and the spec messages, and writes nothing', async () => {
    const before = await counts();
    const short = await post(module.id, module.key, { incident: 'short', description: 'tiny', dedup_key: 'x' });
    expect(short.status).toBe(422);
    expect(short.body).toEqual({
      detail: [
        { loc: ['body', 'incident'], msg: INCIDENT_MESSAGES.incidentTooShort },
        { loc: ['body', 'description'], msg: INCIDENT_MESSAGES.descriptionTooShort },
      ],
    });
    const unknown = await post(module.id, module.key, { ...incident, severity: 'high' });
    expect(unknown.body).toEqual({ detail: [{ loc: ['body', 'severity'], msg: 'Unknown field' }] });
    const long = await post(module.id, module.key, { incident: 'x'.repeat(101), description: 'y'.repeat(1001) });
    expect(long.body).toEqual({
      detail: [
        { loc: ['body', 'incident'], msg: INCIDENT_MESSAGES.incidentTooLong },
        { loc: ['body', 'description'], msg: INCIDENT_MESSAGES.descriptionTooLong },
      ],
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses with 409 while the module or its escalation cannot run, and writes nothing', async () => {
    const before = await counts();
    await asSystem(t, (tx) =>
      tx.updateTable('modules').set({ module_active: 'N' }).where('module_id', '=', module.id).execute(),
    );
    expect((await post(module.id, module.key, incident)).body).toEqual({ detail: INGEST_MESSAGES.moduleInactive });
    await asSystem(t, (tx) =>
      tx.updateTable('modules').set({ module_active: 'Y' }).where('module_id', '=', module.id).execute(),
    );
    await asSystem(t, (tx) =>
      tx
        .updateTable('escalations')
        .set({ escalation_active: 'N' })
        .where('escalation_id', '=', module.escalationId)
        .execute(),
    );
    const inactive = await post(module.id, module.key, incident);
    expect({ status: inactive.status, body: inactive.body }).toEqual({
      status: 409,
      body: { detail: INGEST_MESSAGES.escalationNotReady },
    });
    await asSystem(t, (tx) =>
      tx
        .updateTable('escalations')
        .set({ escalation_active: 'Y', escalation_validate: 'N' })
        .where('escalation_id', '=', module.escalationId)
        .execute(),
    );
    expect((await post(module.id, module.key, incident)).status).toBe(409);
    await asSystem(t, (tx) =>
      tx
        .updateTable('escalations')
        .set({ escalation_validate: 'Y' })
        .where('escalation_id', '=', module.escalationId)
        .execute(),
    );
    expect(await counts()).toEqual(before);
    expect((await post(module.id, module.key, incident)).status).toBe(201);
  });

  it("limits each module's incidents per minute with 429 and Retry-After", async () => {
    let answer: RawAnswer<unknown> | undefined;
    for (let sent = 0; sent < 151; sent++)
      answer = await post(module.id, module.key, { ...incident, dedup_key: 'limit-test' });
    expect(answer!.status).toBe(429);
    expect(Number(answer!.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await post(module.id, module.key, { ...incident, dedup_key: 'limit-test' })).status).toBe(200);
  });

  it('runs the curl, JavaScript and Events API v2 examples of Get Examples against this server', async () => {
    const examples = ingestExamples(module.id, t.baseUrl);
    const env = { ...process.env, RELEVO_KEY: module.key };
    const curl = await run('bash', ['-c', examples.curl.blockProgrammingCode], { env });
    const byCurl = JSON.parse(curl.stdout) as { case_id: string; event_id: number };
    expect(byCurl.case_id).toMatch(/^[A-Z2-9]{8}$/);
    // the same dedup_key: the JavaScript example finds the event the curl one made
    const js = await run(process.execPath, ['--input-type=module', '-e', examples.JavaScript.blockProgrammingCode], {
      env,
    });
    expect(js.stdout).toContain(byCurl.case_id);
    // the Events API v2 tab: the same incident by its dedup_key, answered as PagerDuty answers
    const before = await counts();
    const v2 = await run('bash', ['-c', examples['Events API v2'].blockProgrammingCode], { env });
    expect(JSON.parse(v2.stdout)).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'db-1-disk' });
    expect(await counts()).toEqual(before);
  });

  it('simulates an incident from the module screen through the same path; a Customer may not, nor another customer', async () => {
    const [answer] = await root.client.call(simulateIncident, { params: { id: module.id }, body: incident });
    expect(answer).toMatchObject({ status: '200', message: INGEST_MESSAGES.simulated });
    const event = await asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['case_id', 'module_id', 'dedup_key'])
        .where('event_id', '=', answer.event_id)
        .executeTakeFirstOrThrow(),
    );
    expect(event).toEqual({ case_id: answer.case_id, module_id: module.id, dedup_key: null });
    const before = await counts();
    const refused = await failure(reader.client.call(simulateIncident, { params: { id: module.id }, body: incident }));
    expect({ status: refused.status, message: refused.message }).toEqual({
      status: 403,
      message: AUTH_MESSAGES.forbidden,
    });
    const foreign = await failure(
      root.client.call(simulateIncident, { params: { id: otherModuleId }, body: incident }),
    );
    expect({ status: foreign.status, message: foreign.message }).toEqual({
      status: 404,
      message: MODULE_MESSAGES.notFound,
    });
    const invalid = await failure(
      root.client.call(simulateIncident, { params: { id: module.id }, body: { incident: '', description: 'x' } }),
    );
    expect(invalid.status).toBe(422);
    expect(await counts()).toEqual(before);
  });
});
