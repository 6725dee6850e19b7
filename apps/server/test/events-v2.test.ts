import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INGEST_MESSAGES } from '@relevo/domain';
import type { RunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { customerWithModule } from './support/keyed-module';
import { asSystem, startTestApp, type RawAnswer, type TestApp } from './support/harness';

type Answer = {
  status: string;
  message: string;
  dedup_key?: string;
  errors?: string[];
  detail?: unknown;
  events?: unknown[];
};

const payload = (summary: string) => ({ summary, source: 'web-1.example', severity: 'critical' as const });

describe.each(DATABASE_KINDS)('PagerDuty Events API v2 compatibility on %s', (kind) => {
  let t: TestApp;
  let module: RunnableModule & { key: string };

  const enqueue = (body: unknown, path = '/v2/enqueue'): Promise<RawAnswer<Answer>> =>
    typeof body === 'string' ? t.raw('POST', path, { rawBody: body }) : t.raw('POST', path, { body });
  const eventOf = (dedupKey: string) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('events')
        .select(['event_id', 'event_status', 'accepted_by', 'short_event_subject', 'short_event_body', 'module_id'])
        .where('dedup_key', '=', dedupKey)
        .orderBy('event_id', 'desc')
        .executeTakeFirst(),
    );
  const count = async () =>
    Number(
      (
        await asSystem(t, (tx) =>
          tx
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow(),
        )
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp({ kind, limits: { ingestPerModule: { limit: 40, windowSeconds: 60 } } });
    ({ module } = await customerWithModule(t, 'Acme'));
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.clock.advance(61_000));

  it('triggers an incident as the ingest API does, with 202 and the dedup key, reusing an open one', async () => {
    const body = {
      routing_key: module.key,
      event_action: 'trigger',
      dedup_key: 'web-1-cpu',
      payload: { ...payload('CPU load above 90% on web-1 for 5 minutes'), custom_details: { load: 7.5 } },
      client: 'Grafana',
    };
    const first = await enqueue(body);
    expect(first).toMatchObject({
      status: 202,
      body: { status: 'success', message: 'Event processed', dedup_key: 'web-1-cpu' },
    });
    const event = await eventOf('web-1-cpu');
    expect(event).toMatchObject({
      event_status: 'open',
      module_id: module.id,
      short_event_subject: 'CPU load above 90% on web-1 for 5 minutes',
    });
    expect(event!.short_event_body).toBe(
      'CPU load above 90% on web-1 for 5 minutes\n\nSource: web-1.example\nSeverity: critical\nClient: Grafana\n\nload: 7.5',
    );
    // its escalation started: the engine has a timer for it
    const timers = await asSystem(t, (tx) =>
      tx.selectFrom('engine_timers').select('status').where('event_id', '=', event!.event_id).execute(),
    );
    expect(timers).toEqual([{ status: 'pending' }]);
    // the same dedup key while it is open: the same event; also at /api/v2/enqueue
    const before = await count();
    expect((await enqueue(body, '/api/v2/enqueue')).body).toMatchObject({ status: 'success', dedup_key: 'web-1-cpu' });
    expect(await count()).toBe(before);
  });

  it('generates a dedup key for a trigger without one, and a routing key in capitals works', async () => {
    const answer = await enqueue({
      routing_key: module.key.toUpperCase(),
      event_action: 'trigger',
      payload: payload('Memory above 95% on web-1'),
    });
    expect(answer.status).toBe(202);
    expect(answer.body.dedup_key).toMatch(/^[0-9a-f]{32}$/);
    expect(await eventOf(answer.body.dedup_key!)).toMatchObject({ event_status: 'open' });
  });

  it('acknowledges as "integration" and resolves; an unknown dedup key is accepted and ignored', async () => {
    await enqueue({
      routing_key: module.key,
      event_action: 'trigger',
      dedup_key: 'db-1-disk',
      payload: payload('Disk almost full on db-1'),
    });
    const ack = await enqueue({ routing_key: module.key, event_action: 'acknowledge', dedup_key: 'db-1-disk' });
    expect(ack).toMatchObject({
      status: 202,
      body: { status: 'success', message: 'Event processed', dedup_key: 'db-1-disk' },
    });
    expect(await eventOf('db-1-disk')).toMatchObject({ event_status: 'progress', accepted_by: 'integration' });
    const resolved = await enqueue({ routing_key: module.key, event_action: 'resolve', dedup_key: 'db-1-disk' });
    expect(resolved.status).toBe(202);
    expect(await eventOf('db-1-disk')).toMatchObject({ event_status: 'completed' });
    // resolved: the key is free again, the next trigger opens a new event
    await enqueue({
      routing_key: module.key,
      event_action: 'trigger',
      dedup_key: 'db-1-disk',
      payload: payload('Disk almost full on db-1 again'),
    });
    expect(await eventOf('db-1-disk')).toMatchObject({
      event_status: 'open',
      short_event_subject: 'Disk almost full on db-1 again',
    });
    const before = await count();
    for (const action of ['acknowledge', 'resolve']) {
      expect(await enqueue({ routing_key: module.key, event_action: action, dedup_key: 'never-seen' })).toMatchObject({
        status: 202,
        body: { status: 'success', dedup_key: 'never-seen' },
      });
    }
    expect(await count()).toBe(before);
  });

  it("answers invalid events with 400 in PagerDuty's words, and stores nothing", async () => {
    const before = await count();
    const refusals: [unknown, string[]][] = [
      [
        { routing_key: module.key, event_action: 'trigger', payload: { source: 's', severity: 'info' } },
        ["'payload.summary' is missing or blank"],
      ],
      [
        {
          routing_key: module.key,
          event_action: 'trigger',
          payload: { summary: 'Disk almost full', severity: 'info' },
        },
        ["'payload.source' is missing or blank"],
      ],
      [
        { routing_key: module.key, event_action: 'trigger', payload: { summary: 'Disk almost full', source: 's' } },
        ["'payload.severity' is missing"],
      ],
      [
        {
          routing_key: module.key,
          event_action: 'trigger',
          payload: { summary: 'Disk almost full', source: 's', severity: 'fatal' },
        },
        ["'payload.severity' must be one of critical, error, warning, info"],
      ],
      [{ routing_key: module.key, event_action: 'trigger' }, ["'payload' is required to trigger an alert"]],
      [
        { routing_key: module.key, event_action: 'resolve' },
        ["'dedup_key' is required to acknowledge or resolve an alert"],
      ],
      [
        { routing_key: module.key, event_action: 'explode', dedup_key: 'x' },
        ["'event_action' must be one of trigger, acknowledge, resolve"],
      ],
      [{ event_action: 'trigger', payload: payload('Disk almost full') }, ["'routing_key' is missing or not a string"]],
      [
        { routing_key: 42, event_action: 'trigger', payload: payload('Disk almost full') },
        ["'routing_key' is missing or not a string"],
      ],
      [
        { routing_key: module.key, event_action: 'trigger', payload: { summary: ['a'], source: 1, severity: 'info' } },
        ["'payload.summary' must be a string", "'payload.source' must be a string"],
      ],
      [[1, 2], ['The event must be a JSON object']],
      ['"trigger"', ['The event must be a JSON object']],
      ['{"routing_key": ', ['The body is not valid JSON']],
      ['', ['The body is not valid JSON']],
      // a well-formed key of no module
      [
        { routing_key: 'f'.repeat(32), event_action: 'trigger', payload: payload('Disk almost full') },
        ['Invalid routing key'],
      ],
      // texts PostgreSQL cannot store: refused in these words, not a 500
      [
        { routing_key: module.key, event_action: 'trigger', payload: payload('Disk\u0000full') },
        ["'payload.summary': Must not contain the NUL character"],
      ],
      [
        { routing_key: module.key, event_action: 'trigger', payload: payload('Disk \ud800 full') },
        ["'payload.summary': Must be valid Unicode text (a lone surrogate is not)"],
      ],
    ];
    for (const [body, errors] of refusals) {
      const answer = await enqueue(body);
      expect({ body, status: answer.status, answer: answer.body }).toEqual({
        body,
        status: 400,
        answer: { status: 'invalid event', message: 'Event object is invalid', errors },
      });
    }
    // bigger than the body limit: refused before it is read
    const huge = await enqueue({
      routing_key: module.key,
      event_action: 'trigger',
      payload: { ...payload('Disk almost full'), custom_details: { log: 'x'.repeat(1024 * 1024) } },
    });
    expect(huge.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it("answers 429 once the module's limit is reached, like PagerDuty", async () => {
    let throttled: RawAnswer<Answer> | undefined;
    for (let i = 0; i < 45 && !throttled; i++) {
      const answer = await enqueue({
        routing_key: module.key,
        event_action: 'trigger',
        dedup_key: `storm-${i}`,
        payload: payload(`Storm incident number ${i}`),
      });
      if (answer.status === 429) throttled = answer;
      else expect(answer.status).toBe(202);
    }
    expect(throttled).toBeDefined();
    expect(throttled!.body).toEqual({
      status: 'throttle event',
      message: 'Requests for this service are arriving too quickly. Please retry later.',
    });
    expect(throttled!.headers.get('retry-after')).toBe('60');
  });

  it('tells the tool when the module cannot take incidents (409)', async () => {
    await asSystem(t, (tx) =>
      tx.updateTable('modules').set({ module_active: 'N' }).where('module_id', '=', module.id).execute(),
    );
    try {
      const answer = await enqueue({
        routing_key: module.key,
        event_action: 'trigger',
        payload: payload('Disk almost full on db-9'),
      });
      expect(answer).toMatchObject({
        status: 409,
        body: { status: 'invalid event', errors: [INGEST_MESSAGES.moduleInactive] },
      });
    } finally {
      await asSystem(t, (tx) =>
        tx.updateTable('modules').set({ module_active: 'Y' }).where('module_id', '=', module.id).execute(),
      );
    }
  });

  it('receives Alertmanager webhooks: one event per fingerprint, firing triggers, resolved resolves', async () => {
    const basic = { authorization: `Basic ${Buffer.from(`${module.id}:${module.key}`).toString('base64')}` };
    const alert = (fingerprint: string, status: 'firing' | 'resolved') => ({
      status,
      labels: { alertname: 'HighLoad', instance: `web-${fingerprint}:9100`, severity: 'warning' },
      annotations: { summary: `Load above 4 on web-${fingerprint}` },
      startsAt: '2026-11-24T15:00:00Z',
      fingerprint,
    });
    const webhook = (alerts: unknown[]) => ({
      version: '4',
      status: 'firing',
      receiver: 'relevo',
      groupKey: '{}:{alertname="HighLoad"}',
      alerts,
    });
    const fired = await t.raw<Answer>('POST', '/api/v1/integrations/alertmanager', {
      body: webhook([alert('aa01', 'firing'), alert('aa02', 'firing')]),
      headers: basic,
    });
    expect(fired.status).toBe(200);
    expect(fired.body.events).toEqual([
      expect.objectContaining({
        fingerprint: 'aa01',
        action: 'trigger',
        dedup_key: 'alertmanager:aa01',
        applied: true,
      }),
      expect.objectContaining({
        fingerprint: 'aa02',
        action: 'trigger',
        dedup_key: 'alertmanager:aa02',
        applied: true,
      }),
    ]);
    expect(await eventOf('alertmanager:aa01')).toMatchObject({
      event_status: 'open',
      short_event_subject: 'Load above 4 on web-aa01',
    });
    const resolved = await t.raw<Answer>('POST', '/api/v1/integrations/alertmanager', {
      body: webhook([alert('aa01', 'resolved')]),
      headers: basic,
    });
    expect(resolved.body.events).toEqual([
      expect.objectContaining({ fingerprint: 'aa01', action: 'resolve', applied: true }),
    ]);
    expect(await eventOf('alertmanager:aa01')).toMatchObject({ event_status: 'completed' });
    expect(await eventOf('alertmanager:aa02')).toMatchObject({ event_status: 'open' });
    // wrong credentials: 401 and nothing done, for a resolve too
    const wrong = { authorization: `Basic ${Buffer.from(`${module.id}:${'0'.repeat(32)}`).toString('base64')}` };
    const refused = await t.raw<Answer>('POST', '/api/v1/integrations/alertmanager', {
      body: webhook([alert('aa02', 'resolved')]),
      headers: wrong,
    });
    expect(refused).toMatchObject({ status: 401, body: { detail: INGEST_MESSAGES.badCredentials } });
    expect(await eventOf('alertmanager:aa02')).toMatchObject({ event_status: 'open' });
    const bad = await t.raw<Answer>('POST', '/api/v1/integrations/alertmanager', {
      body: { alerts: [{ status: 'burning', labels: {}, fingerprint: 'x' }] },
      headers: basic,
    });
    expect(bad.status).toBe(422);
  });
});
