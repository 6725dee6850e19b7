import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTimeline } from '@relevo/api';
import type { RotationBody } from '@relevo/domain';
import type { KyselyPlugin } from 'kysely';
import { advanceEvent } from '../src/engine/advance';
import { EngineWorker } from '../src/engine/worker';
import { responderService } from '../src/incidents/respond';
import type { Tx } from '../src/db/database';
import { insertModuleWithSteps, insertResource } from './support/catalogue';
import { insertSchedule } from './support/schedules';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, startTestApp, type SignedIn, type TestApp } from './support/harness';
import { customerWithModule, reportIncident, withCredentialKey } from './support/keyed-module';

// docs/product.md#schedules: an escalation step that calls a schedule contacts whoever is on call
// when the step runs (each contact of the step asks again), and skips with "nobody on call".

const MINUTE = 60_000;
const ANA = { name: 'Ana Ruiz', email: 'ana@example.test', phone: '7875550201' };
const BRUNO = { name: 'Bruno Díaz', email: 'bruno@example.test', phone: '7875550202' };
const CARLA = { name: 'Carla Soto', email: 'carla@example.test', phone: '7875550203' };
const DIEGO = { name: 'Diego Vega', email: 'diego@example.test', phone: '7875550204' };
/** 2026-03-10 08:55 in New York (EDT, two days after the change): Ana's day, Bruno's from 09:00 */
const BEFORE_HANDOFF = Date.parse('2026-03-10T12:55:00Z');

/** A schedule of these rotations (named and unrestricted unless they say otherwise), in New York. */
const scheduleOf = (
  tx: Tx,
  customerId: number,
  spec: { name: string; rotations: (Omit<RotationBody, 'rotation_name' | 'restrictions'> & Partial<RotationBody>)[] },
) =>
  insertSchedule(tx, customerId, {
    name: spec.name,
    definition: {
      rotations: spec.rotations.map((rotation, index) => ({
        rotation_name: `Rotation ${index + 1}`,
        restrictions: [],
        ...rotation,
        rotation_id: index + 1,
      })),
      temporary_schedules: [],
    },
  });

describe.each(DATABASE_KINDS)('escalation steps that call a schedule, on %s', (kind) => {
  let t: TestApp;
  let engine: EngineWorker;
  let root: SignedIn;
  let customerId: number;
  const ids = new Map<string, number>();
  const id = (person: { name: string }) => ids.get(person.name)!;
  let daily: number;
  let night: number;

  const logsOf = (eventId: number) =>
    asSystem(t, (tx) =>
      tx
        .selectFrom('event_logs')
        .select(['followup_status', 'channel', 'resource', 'resource_id', 'called_number', 'idempotency_key'])
        .where('event_id', '=', eventId)
        .orderBy('event_log_id')
        .execute(),
    );
  const moduleCalling = async (name: string, scheduleId: number) => {
    const made = await asSystem(t, (tx) =>
      insertModuleWithSteps(tx, customerId, {
        name,
        slaMinutes: 60,
        steps: [
          { scheduleId, participation: 'agent', channel: 'sms', recalls: 1, followUpMinutes: 15 },
          { resourceId: id(CARLA), participation: 'agent', channel: 'email' },
        ],
      }),
    );
    return withCredentialKey(root.client, made);
  };
  const at = async (when: number) => {
    await t.settleOutbox();
    t.clock.set(when);
    await engine.drain();
    await t.settleOutbox();
  };

  beforeAll(async () => {
    t = await startTestApp({ kind });
    ({ customerId, root } = await customerWithModule(t, 'Oncall Co'));
    for (const person of [ANA, BRUNO, CARLA, DIEGO])
      ids.set(person.name, await asSystem(t, (tx) => insertResource(tx, customerId, person)));
    // a daily rotation of Ana and Bruno, handing off at 09:00 New York time from March 1st (Ana's)
    daily = await asSystem(t, (tx) =>
      scheduleOf(tx, customerId, {
        name: 'Primary',
        rotations: [
          {
            participants: [id(ANA), id(BRUNO)],
            shift_length: 1,
            shift_unit: 'D',
            handoff_time: '09:00',
            start: '2026-03-01',
          },
        ],
      }),
    );
    // a rotation that covers weekdays 10:00-11:00 only: nobody at 08:55
    night = await asSystem(t, (tx) =>
      scheduleOf(tx, customerId, {
        name: 'Late morning',
        rotations: [
          {
            participants: [id(DIEGO)],
            shift_length: 1,
            shift_unit: 'W',
            handoff_time: '00:00',
            start: '2026-03-02',
            restrictions: [{ days: [1, 2, 3, 4, 5], from: '10:00', to: '11:00' }],
          },
        ],
      }),
    );
    engine = new EngineWorker({
      database: t.database,
      clock: t.clock,
      log: t.ctx.log,
      workerId: 'schedule-steps-test',
      scale: 1,
      link: responderService(t.ctx).link,
    });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  it('contacts the person on call at each contact: Ana before the 09:00 handoff, Bruno at the recall after it', async () => {
    const module = await moduleCalling('Payments', daily);
    t.clock.set(BEFORE_HANDOFF);
    const { event_id, case_id } = await reportIncident(t, module, 'Checkout errors');
    await at(BEFORE_HANDOFF);
    // the recall comes halfway through the 15 minutes: 09:02:30, Bruno's shift
    await at(BEFORE_HANDOFF + 7.5 * MINUTE);
    const logs = await logsOf(event_id);
    expect(logs.map((log) => [log.followup_status, log.channel, log.resource, log.called_number])).toEqual([
      ['open', 'sms', ANA.name, `+1${ANA.phone}`],
      ['follow-up', 'sms', BRUNO.name, `+1${BRUNO.phone}`],
    ]);
    expect(logs.map((log) => log.resource_id)).toEqual([id(ANA), id(BRUNO)]);
    expect(t.sms.to(`+1${ANA.phone}`).filter((message) => message.body.includes(case_id))).toHaveLength(1);
    expect(t.sms.to(`+1${BRUNO.phone}`).filter((message) => message.body.includes(case_id))).toHaveLength(1);
    // a second drain at the same moment sends nothing again
    await at(BEFORE_HANDOFF + 7.5 * MINUTE);
    expect(await logsOf(event_id)).toHaveLength(2);
  });

  it('an override wins over the rotation while it lasts', async () => {
    const module = await moduleCalling('Billing', daily);
    const start = BEFORE_HANDOFF + 2 * 24 * 60 * MINUTE; // March 12th, 08:55: Ana's day again
    await asSystem(t, (tx) =>
      tx
        .insertInto('schedule_overrides')
        .values({
          customer_id: customerId,
          schedule_id: daily,
          resource_id: id(DIEGO),
          start_at: new Date(start - 60 * MINUTE),
          end_at: new Date(start + 60 * MINUTE),
        })
        .execute(),
    );
    t.clock.set(start);
    const { event_id } = await reportIncident(t, module, 'Invoices late');
    await at(start);
    expect((await logsOf(event_id)).map((log) => log.resource)).toEqual([DIEGO.name]);
  });

  it('skips the step with a "nobody on call" row and escalates at once; the timeline says so', async () => {
    const module = await moduleCalling('Reports', night);
    t.clock.set(BEFORE_HANDOFF + 7 * 24 * 60 * MINUTE);
    const { event_id, case_id } = await reportIncident(t, module, 'Report job stuck');
    await at(t.clock.now().getTime());
    const logs = await logsOf(event_id);
    expect(logs.map((log) => [log.followup_status, log.channel, log.resource, log.resource_id])).toEqual([
      ['nobody on call', 'sms', 'Late morning', null],
      ['escalation', 'email', CARLA.name, id(CARLA)],
    ]);
    expect(logs[0]!.idempotency_key).toBe(`event:${event_id}:step:1:attempt:1:nobody-on-call`);
    const timeline = await root.client.call(eventTimeline, { params: { case_id } });
    expect(timeline.entries.find((entry) => entry.kind === 'nobody on call')).toMatchObject({
      schedule: 'Late morning',
    });
  });

  it('counts as not reached when nobody is on call at the last step', async () => {
    const made = await asSystem(t, (tx) =>
      insertModuleWithSteps(tx, customerId, {
        name: 'Archive',
        slaMinutes: 60,
        steps: [{ scheduleId: night, participation: 'agent', channel: 'email' }],
      }),
    );
    const module = await withCredentialKey(root.client, made);
    const start = BEFORE_HANDOFF + 8 * 24 * 60 * MINUTE;
    t.clock.set(start);
    const { event_id } = await reportIncident(t, module, 'Archive full');
    await at(start);
    expect((await logsOf(event_id)).map((log) => [log.followup_status, log.resource])).toEqual([
      ['nobody on call', 'Late morning'],
      ['not reached', 'Late morning'],
    ]);
    const timer = await asSystem(t, (tx) =>
      tx.selectFrom('engine_timers').select('status').where('event_id', '=', event_id).executeTakeFirstOrThrow(),
    );
    // the SLA's deadline is all that is left to decide
    expect(timer.status).toBe('pending');
  });

  it('a wake-up of a step on a schedule costs one statement more than a step on a resource', async () => {
    /** the statements one wake-up sends, the first contact of a new event of `module` */
    const statementsOfFirstContact = async (module: { id: number; key: string }) => {
      const { event_id } = await reportIncident(t, module, 'Counted statements');
      const timer = await asSystem(t, (tx) =>
        tx.selectFrom('engine_timers').select('id').where('event_id', '=', event_id).executeTakeFirstOrThrow(),
      );
      let statements = 0;
      const counting: KyselyPlugin = {
        transformQuery: (args) => {
          statements++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      const result = await t.database.scoped({ kind: 'staff' }, (tx) =>
        advanceEvent(tx.withPlugin(counting) as typeof tx, timer.id, { kind: 'due' }, t.clock.now(), { scale: 1 }),
      );
      expect(result).toBe('applied');
      expect((await logsOf(event_id)).map((log) => log.followup_status)).toEqual(['open']);
      return statements;
    };
    const start = BEFORE_HANDOFF + 9 * 24 * 60 * MINUTE;
    t.clock.set(start);
    const onResource = await withCredentialKey(
      root.client,
      await asSystem(t, (tx) =>
        insertModuleWithSteps(tx, customerId, {
          name: 'Counted resource',
          slaMinutes: 60,
          steps: [{ resourceId: id(ANA), participation: 'agent', channel: 'sms' }],
        }),
      ),
    );
    const onSchedule = await withCredentialKey(
      root.client,
      await asSystem(t, (tx) =>
        insertModuleWithSteps(tx, customerId, {
          name: 'Counted schedule',
          slaMinutes: 60,
          steps: [{ scheduleId: daily, participation: 'agent', channel: 'sms' }],
        }),
      ),
    );
    const resource = await statementsOfFirstContact(onResource);
    const schedule = await statementsOfFirstContact(onSchedule);
    expect(resource).toBeGreaterThan(0);
    expect(schedule - resource).toBe(1);
  });
});
