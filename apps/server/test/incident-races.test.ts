import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCredential } from '@relevo/api';
import { EngineWorker } from '../src/engine/worker';
import { responderService } from '../src/incidents/respond';
import { insertRunnableModule, type RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type RawAnswer, type TestApp } from './support/harness';

const incident = {
  incident: 'Checkout errors above 5%',
  description: 'The payment provider answers 502 to one request in twenty.',
};
/** events acted on per round, each resolved and canceled twice at once */
const EVENTS = 40;
const ROUNDS = 3;

describe.each(DATABASE_KINDS)('resolve and cancel race incidents coming in and the engine on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let module: RunnableModule & { key: string };

  const basic = (m: { id: number; key: string }) => ({
    authorization: `Basic ${Buffer.from(`${m.id}:${m.key}`).toString('base64')}`,
  });
  const report = (dedupKey: string) =>
    t.raw<{ case_id: string; event_id: number }>('POST', '/api/v1/incidents', {
      body: { ...incident, dedup_key: dedupKey },
      headers: basic(module),
    });
  const act = (caseId: string, action: 'resolve' | 'cancel') =>
    t.raw<{ event_status?: string; detail?: unknown }>('POST', `/api/v1/incidents/${caseId}/${action}`, {
      headers: basic(module),
      ...(action === 'resolve' ? { body: { resolution: 'Provider fixed' } } : {}),
    });

  beforeAll(async () => {
    // the server's error log shows the cause of a 5xx (a deadlock's statements are in PostgreSQL's own log)
    t = await startTestApp({
      kind,
      limits: { ingestPerModule: { limit: 100_000, windowSeconds: 60 } },
      config: { logLevel: 'error' },
    });
    const acme = await t.createCustomer('Acme');
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Acme' });
    const root = await t.signIn(rootUser.email, rootUser.password);
    const made = await asSystem(t, (tx) => insertRunnableModule(tx, acme));
    const [key] = await root.client.call(generateCredential, {
      params: { module: made.id, application: made.applicationId },
    });
    module = { ...made, key: key.body.credentialKey };
    // the engine runs as in a server: it wakes the new incidents' timers while the calls come in
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'races-test',
      scale: 1,
      link: responderService(t.ctx).link,
    });
    await engine.start();
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('answers every resolve and cancel without a 5xx while the same events are woken by the engine and new incidents come in', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const reported = await Promise.all(Array.from({ length: EVENTS }, (_, i) => report(`race-${round}-${i}`)));
      expect(reported.map((answer) => answer.status)).toEqual(reported.map(() => 201));
      const cases = reported.map((answer) => answer.body.case_id);
      // at once: each event resolved twice and canceled twice (the engine is taking its first step), and a storm of new incidents
      const calls: Promise<RawAnswer<{ event_status?: string; detail?: unknown }> & { action: string }>[] = [];
      for (const caseId of cases) {
        for (const action of ['cancel', 'resolve', 'cancel', 'resolve'] as const)
          calls.push(act(caseId, action).then((answer) => ({ ...answer, action })));
      }
      const storm = Array.from({ length: EVENTS }, (_, i) => report(`storm-${round}-${i}`));
      const answers = await Promise.all(calls);
      expect((await Promise.all(storm)).filter((answer) => answer.status !== 201)).toEqual([]);
      const failed = answers
        .filter((answer) => answer.status >= 500)
        .map(({ action, status, body }) => ({ action, status, body }));
      expect(failed).toEqual([]);
      // the first call to reach an event closes it; the others find it closed and say so (200 with its status)
      expect(
        answers.filter((answer) => answer.status !== 200).map(({ action, status, body }) => ({ action, status, body })),
      ).toEqual([]);
      const closed = await asSystem(t, (tx) =>
        tx.selectFrom('events').select(['case_id', 'event_status']).where('case_id', 'in', cases).execute(),
      );
      expect(closed.filter((event) => event.event_status !== 'completed' && event.event_status !== 'canceled')).toEqual(
        [],
      );
      for (const answer of answers) expect(['completed', 'canceled']).toContain(answer.body.event_status);
    }
  });
});
