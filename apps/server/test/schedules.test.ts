import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEscalation,
  addOverride,
  addResource,
  addSchedule,
  addStep,
  deleteOverride,
  deleteResource,
  deleteSchedule,
  deleteStep,
  getEscalation,
  getSchedule,
  listEscalations,
  listOverrides,
  listSchedules,
  listSteps,
  nextShifts,
  onCallNow,
  scheduleOnCall,
  scheduleShifts,
  updateSchedule,
  updateStep,
} from '@relevo/api';
import {
  AUTH_MESSAGES,
  MESSAGES,
  RESOURCE_MESSAGES,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  STEP_MESSAGES,
  resourceDeleteRefusal,
  type Resource,
  type Schedule,
  type ScheduleCreate,
} from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { agentStep } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

/**
 * docs/product.md#schedules over HTTP: schedules and their rotations, shifts, who is on call,
 * overrides, the dashboard's "On call now" and the resources' next shifts, escalation steps that
 * call a schedule, and the refusals (bad input 422, another customer's ids 404, roles 403, in use
 * 409), each leaving nothing changed.
 *
 * The known schedule: a weekly rotation of Ana, Ben and Cleo in America/New_York, handed over on
 * Mondays at 09:00 from Monday 2 March 2026. Daylight saving time begins on Sunday 8 March, so
 * Ana's first shift lasts 167 hours: 2 March 14:00Z to 9 March 13:00Z; then Ben to 16 March
 * 13:00Z, Cleo to 23 March 13:00Z, Ana again. The clock stands on Tuesday 10 March 12:00Z (Ben).
 */
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

describe.each(DATABASE_KINDS)('schedules on %s', (kind) => {
  let t: TestApp;
  let root: SignedIn;
  let reader: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  let ana: Resource;
  let ben: Resource;
  let cleo: Resource;
  let dora: Resource;
  let stranger: Resource;
  let primary: Schedule;
  let other: Schedule;

  const status = async (promise: Promise<unknown>) => (await failure(promise)).status;
  const refusal = async (promise: Promise<unknown>) => {
    const error = await failure(promise);
    return { status: error.status, message: error.message };
  };
  const as = (who: SignedIn, method: string, path: string, body?: unknown) =>
    t.raw(method, path, { body, headers: { authorization: `Bearer ${who.token}` } });
  /** A 422's body that refuses fields of the request (each path's message, in order). */
  const refusedAt = (...items: [(string | number)[], string][]) => ({
    detail: items.map(([loc, msg]) => ({ loc, msg })),
  });

  const weekly = (participants: number[]): ScheduleCreate['rotations'][number] => ({
    rotation_name: 'Weekly',
    participants,
    shift_length: 1,
    shift_unit: 'W',
    handoff_time: '09:00',
    start: '2026-03-02',
    restrictions: [],
  });
  const primaryBody = () => ({
    schedule_name: 'Primary',
    schedule_desc: 'Weekly, handed over on Monday mornings',
    time_zone: 'America/New_York',
    rotations: [weekly([ana.resource_id, ben.resource_id, cleo.resource_id])],
  });

  /** What a refused call must leave as it was. */
  const stored = () =>
    asSystem(t, async (tx) => ({
      schedules: await tx.selectFrom('schedules').selectAll().orderBy('schedule_id').execute(),
      members: await tx
        .selectFrom('schedule_members')
        .selectAll()
        .orderBy('schedule_id')
        .orderBy('resource_id')
        .execute(),
      overrides: await tx.selectFrom('schedule_overrides').selectAll().orderBy('override_id').execute(),
      steps: await tx.selectFrom('escalation_resources').selectAll().orderBy('escalation_resource_id').execute(),
      resources: await tx.selectFrom('resources').select('resource_id').orderBy('resource_id').execute(),
    }));
  const membersOf = (scheduleId: number) =>
    asSystem(t, async (tx) =>
      (
        await tx
          .selectFrom('schedule_members')
          .select('resource_id')
          .where('schedule_id', '=', scheduleId)
          .orderBy('resource_id')
          .execute()
      ).map((row) => row.resource_id),
    );

  beforeAll(async () => {
    t = await startTestApp({ kind, clock: new ManualClock(NOW) });
    await t.createCustomer('Acme', 20);
    await t.createCustomer('Other', 20);
    const make = async (role: string, customer?: string) => {
      const user = await t.createUser({ role, customer });
      return t.signIn(user.email, user.password);
    };
    root = await make('CustomerRoot', 'Acme');
    reader = await make('Customer', 'Acme');
    otherRoot = await make('CustomerRoot', 'Other');
    staff = await make('StaffRoot');
    const person = (who: SignedIn, name: string) =>
      who.client.call(addResource, {
        body: { resource_fullname: name, resource_phone1: '7875550142', resource_country_phone1: 'PR' },
      });
    ana = await person(root, 'Ana Torres');
    ben = await person(root, 'Ben Ortiz');
    cleo = await person(root, 'Cleo Ramos');
    dora = await person(root, 'Dora Vidal');
    stranger = await person(otherRoot, 'Stranger');
    other = await otherRoot.client.call(addSchedule, {
      body: {
        schedule_name: 'Theirs',
        time_zone: 'Europe/Madrid',
        rotations: [{ ...weekly([stranger.resource_id]), start: '2026-01-05' }],
      },
    });
  }, 60_000);
  afterAll(async () => t?.close());

  describe('a schedule', () => {
    it('is made by a Customer Root with its rotations numbered and its people named, members kept and audited', async () => {
      primary = await root.client.call(addSchedule, { body: primaryBody() });
      expect(primary).toMatchObject({
        schedule_name: 'Primary',
        schedule_desc: 'Weekly, handed over on Monday mornings',
        time_zone: 'America/New_York',
        schedule_active: 'Y',
        handoff_notices: 'N',
        rotations: [
          {
            rotation_id: 1,
            rotation_name: 'Weekly',
            participants: [
              { resource_id: ana.resource_id, resource_fullname: 'Ana Torres' },
              { resource_id: ben.resource_id, resource_fullname: 'Ben Ortiz' },
              { resource_id: cleo.resource_id, resource_fullname: 'Cleo Ramos' },
            ],
            shift_length: 1,
            shift_unit: 'W',
            handoff_time: '09:00',
            start: '2026-03-02',
            restrictions: [],
          },
        ],
        temporary_schedules: [],
        // Tuesday 10 March, 12:00Z: Ben's week, covered every day of the next two weeks
        on_call_now: { resource_id: ben.resource_id, resource_fullname: 'Ben Ortiz' },
        next_gap: null,
        schedule_createdt: at(NOW),
        schedule_updatedt: null,
      });
      expect(primary.schedule_createby).toMatch(/@example\.test$/);
      expect(primary.id).toBe(primary.schedule_id);
      // docs/product.md#calendar-feeds: the feed's secret address, for those who may change the schedule only
      expect(primary.calendar_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/calendar\/[A-Za-z0-9_-]{32,64}\.ics$/);
      const read = await reader.client.call(getSchedule, { params: { id: primary.schedule_id } });
      expect(read).not.toHaveProperty('calendar_url');
      const { calendar_url: _url, ...shown } = primary;
      expect(read).toEqual(shown);
      expect(await membersOf(primary.schedule_id)).toEqual(
        [ana.resource_id, ben.resource_id, cleo.resource_id].sort((a, b) => a - b),
      );
      const audited = await asSystem(t, (tx) =>
        tx
          .selectFrom('audit_log')
          .select(['action', 'actor_email'])
          .where('entity', '=', 'schedule')
          .where('entity_id', '=', String(primary.schedule_id))
          .execute(),
      );
      expect(audited).toEqual([{ action: 'create', actor_email: primary.schedule_createby }]);
    });

    it('refuses bad input on its fields and stores nothing', async () => {
      const before = await stored();
      const post = (body: unknown) => as(root, 'POST', '/api/schedules', body);
      const base = primaryBody();
      const cases: [unknown, ReturnType<typeof refusedAt>][] = [
        [
          { ...base, schedule_name: ' ', time_zone: 'Mars/Olympus_Mons' },
          refusedAt(
            [['body', 'schedule_name'], SCHEDULE_MESSAGES.nameRequired],
            [['body', 'time_zone'], SCHEDULE_MESSAGES.zoneUnknown],
          ),
        ],
        [
          { ...base, rotations: [{ ...base.rotations[0], handoff_time: '25:00' }] },
          refusedAt([['body', 'rotations', 0, 'handoff_time'], SCHEDULE_MESSAGES.handoffRequired]),
        ],
        [
          { ...base, rotations: [{ ...base.rotations[0], participants: [] }] },
          refusedAt([['body', 'rotations', 0, 'participants'], SCHEDULE_MESSAGES.participantsRequired]),
        ],
        [
          { ...base, rotations: [{ ...base.rotations[0], start: '2026-02-30x' }] },
          refusedAt([['body', 'rotations', 0, 'start'], SCHEDULE_MESSAGES.startDateRequired]),
        ],
        [
          {
            ...base,
            temporary_schedules: [{ start: '2026-04-02T00:00:00Z', end: '2026-04-01T00:00:00Z', shifts: [] }],
          },
          refusedAt([['body', 'temporary_schedules', 0, 'end'], SCHEDULE_MESSAGES.endAfterStart]),
        ],
        // another customer's resource in a rotation or a temporary shift: not found, at its place
        [
          {
            ...base,
            schedule_name: 'Borrowed',
            rotations: [weekly([ana.resource_id, stranger.resource_id])],
            temporary_schedules: [
              {
                start: '2026-04-01T00:00:00Z',
                end: '2026-04-02T00:00:00Z',
                shifts: [{ resource_id: 999_999, start: '2026-04-01T00:00:00Z', end: '2026-04-01T12:00:00Z' }],
              },
            ],
          },
          refusedAt(
            [['body', 'rotations', 0, 'participants', 1], SCHEDULE_MESSAGES.participantNotFound],
            [['body', 'temporary_schedules', 0, 'shifts', 0, 'resource_id'], SCHEDULE_MESSAGES.participantNotFound],
          ),
        ],
        // one name per customer, letter case aside
        [{ ...base, schedule_name: 'PRIMARY' }, refusedAt([['body', 'schedule_name'], SCHEDULE_MESSAGES.nameTaken])],
      ];
      for (const [body, expected] of cases) {
        const answer = await post(body);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 422, body: expected });
      }
      expect(await stored()).toEqual(before);
      // the same name in another customer is another schedule's
      const twin = await otherRoot.client.call(addSchedule, {
        body: { ...base, schedule_name: 'primary', rotations: [] },
      });
      await otherRoot.client.call(deleteSchedule, { params: { id: twin.schedule_id } });
    });

    it('is changed whole: rotations replaced and renumbered, members kept in sync, a taken name refused', async () => {
      const backup = await root.client.call(addSchedule, {
        body: { schedule_name: 'Backup', time_zone: 'Europe/Madrid', rotations: [weekly([dora.resource_id])] },
      });
      const renamed = await as(root, 'PUT', `/api/schedules/${backup.schedule_id}`, {
        ...primaryBody(),
        schedule_name: 'primary',
        schedule_active: 'Y',
      });
      expect({ status: renamed.status, body: renamed.body }).toEqual({
        status: 422,
        body: refusedAt([['body', 'schedule_name'], SCHEDULE_MESSAGES.nameTaken]),
      });
      t.clock.advance(60_000);
      const changed = await root.client.call(updateSchedule, {
        params: { id: backup.schedule_id },
        body: {
          schedule_name: 'Backup',
          time_zone: 'Europe/Madrid',
          schedule_active: 'Y',
          handoff_notices: 'Y',
          rotations: [
            { ...weekly([cleo.resource_id]), rotation_name: 'Days' },
            {
              ...weekly([ben.resource_id]),
              rotation_name: 'Evenings',
              restrictions: [{ days: [5, 1, 1], from: '18:00', to: '22:00' }],
            },
          ],
        },
      });
      t.clock.advance(-60_000);
      expect(changed).toMatchObject({
        handoff_notices: 'Y',
        rotations: [
          { rotation_id: 1, rotation_name: 'Days' },
          { rotation_id: 2, rotation_name: 'Evenings', restrictions: [{ days: [1, 5], from: '18:00', to: '22:00' }] },
        ],
        schedule_updatedt: at(NOW + 60_000),
      });
      expect(await membersOf(backup.schedule_id)).toEqual([ben.resource_id, cleo.resource_id].sort((a, b) => a - b));
      expect(await root.client.call(deleteSchedule, { params: { id: backup.schedule_id } })).toEqual({
        Message: MESSAGES.scheduleDeleted,
      });
      expect(await membersOf(backup.schedule_id)).toEqual([]);
      expect(await status(reader.client.call(getSchedule, { params: { id: backup.schedule_id } }))).toBe(404);
    });

    it('lists with search, sort and pager, who is on call now and the first gap of the next 14 days', async () => {
      // weekdays 09:00 to 17:00 in New York only: at 08:00 there, nobody is on call yet
      const daytime = await root.client.call(addSchedule, {
        body: {
          schedule_name: 'Daytime',
          schedule_desc: 'Office hours',
          time_zone: 'America/New_York',
          rotations: [
            { ...weekly([dora.resource_id]), restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] },
          ],
        },
      });
      expect(daytime).toMatchObject({ on_call_now: null, next_gap: at(NOW) });
      const page = await reader.client.call(listSchedules, {});
      expect(page.total).toBe(2);
      expect(page.list.map((s) => [s.schedule_name, s.on_call_now?.resource_fullname ?? null, s.next_gap])).toEqual([
        ['Daytime', null, at(NOW)],
        ['Primary', 'Ben Ortiz', null],
      ]);
      expect(page.list.every((s) => s.calendar_url === undefined)).toBe(true);
      const named = (query: Record<string, unknown>) =>
        reader.client.call(listSchedules, { query }).then((answer) => answer.list.map((s) => s.schedule_name));
      expect(await named({ search: 'office' })).toEqual(['Daytime']);
      expect(await named({ order_by_column: 'schedule_name', order_by_direction: 'desc' })).toEqual([
        'Primary',
        'Daytime',
      ]);
      expect(await named({ page_size: 1, page_num: 2 })).toEqual(['Primary']);
      // an unknown sort column falls back to the name
      expect(await named({ order_by_column: 'definition' })).toEqual(['Daytime', 'Primary']);
      expect(await otherRoot.client.call(listSchedules, {})).toMatchObject({
        total: 1,
        list: [{ schedule_name: 'Theirs' }],
      });
      // the step form's options: active ones
      await root.client.call(updateSchedule, {
        params: { id: daytime.schedule_id },
        body: {
          schedule_name: 'Daytime',
          time_zone: 'America/New_York',
          schedule_active: 'N',
          rotations: [weekly([dora.resource_id])],
        },
      });
      expect(await named({ schedule_active: 'Y' })).toEqual(['Primary']);
      await root.client.call(deleteSchedule, { params: { id: daytime.schedule_id } });
    });
  });

  describe('shifts, on call and overrides at the known rotation', () => {
    it('answers the week across the change to daylight saving time, and its gap before the first shift', async () => {
      const answer = await reader.client.call(scheduleShifts, {
        params: { id: primary.schedule_id },
        query: { from: '2026-03-01T19:00:00-05:00', to: '2026-03-10T00:00:00Z' },
      });
      expect(answer).toEqual({
        schedule_id: primary.schedule_id,
        time_zone: 'America/New_York',
        from: '2026-03-02T00:00:00.000Z',
        to: '2026-03-10T00:00:00.000Z',
        shifts: [
          {
            resource_id: ana.resource_id,
            resource_fullname: 'Ana Torres',
            start: '2026-03-02T14:00:00.000Z',
            end: '2026-03-09T13:00:00.000Z',
            source: 'rotation',
            rotation_id: 1,
            override_id: null,
          },
          {
            resource_id: ben.resource_id,
            resource_fullname: 'Ben Ortiz',
            start: '2026-03-09T13:00:00.000Z',
            end: '2026-03-10T00:00:00.000Z',
            source: 'rotation',
            rotation_id: 1,
            override_id: null,
          },
        ],
        gaps: [{ start: '2026-03-02T00:00:00.000Z', end: '2026-03-02T14:00:00.000Z' }],
      });
      // without a range: the next 7 days from the clock
      const week = await reader.client.call(scheduleShifts, { params: { id: primary.schedule_id }, query: {} });
      expect({ from: week.from, to: week.to }).toEqual({ from: at(NOW), to: at(NOW + 7 * DAY) });
      expect(week.shifts.map((s) => [s.resource_fullname, s.start, s.end])).toEqual([
        ['Ben Ortiz', at(NOW), '2026-03-16T13:00:00.000Z'],
        ['Cleo Ramos', '2026-03-16T13:00:00.000Z', at(NOW + 7 * DAY)],
      ]);
      expect(week.gaps).toEqual([]);
    });

    it('puts an override over the rotation, for both customer roles; lists and removes it', async () => {
      const override = await reader.client.call(addOverride, {
        params: { id: primary.schedule_id },
        body: { resource_id: cleo.resource_id, start: '2026-03-10T20:00:00-04:00', end: '2026-03-11T12:00:00Z' },
      });
      expect(override).toMatchObject({
        schedule_id: primary.schedule_id,
        resource_id: cleo.resource_id,
        resource_fullname: 'Cleo Ramos',
        start: '2026-03-11T00:00:00.000Z',
        end: '2026-03-11T12:00:00.000Z',
        override_createdt: at(NOW),
      });
      expect(override.override_createby).toMatch(/@example\.test$/);

      const week = await reader.client.call(scheduleShifts, {
        params: { id: primary.schedule_id },
        query: { from: at(NOW), to: '2026-03-17T12:00:00Z' },
      });
      expect(week.shifts.map((s) => [s.resource_fullname, s.source, s.start, s.end, s.override_id])).toEqual([
        ['Ben Ortiz', 'rotation', at(NOW), '2026-03-11T00:00:00.000Z', null],
        ['Cleo Ramos', 'override', '2026-03-11T00:00:00.000Z', '2026-03-11T12:00:00.000Z', override.override_id],
        ['Ben Ortiz', 'rotation', '2026-03-11T12:00:00.000Z', '2026-03-16T13:00:00.000Z', null],
        ['Cleo Ramos', 'rotation', '2026-03-16T13:00:00.000Z', '2026-03-17T12:00:00.000Z', null],
      ]);
      const onCall = (query: { at?: string }) =>
        reader.client.call(scheduleOnCall, { params: { id: primary.schedule_id }, query });
      expect(await onCall({ at: '2026-03-11T06:00:00Z' })).toEqual({
        at: '2026-03-11T06:00:00.000Z',
        resource: { resource_id: cleo.resource_id, resource_fullname: 'Cleo Ramos' },
        source: 'override',
        until: '2026-03-11T12:00:00.000Z',
      });
      expect(await onCall({})).toEqual({
        at: at(NOW),
        resource: { resource_id: ben.resource_id, resource_fullname: 'Ben Ortiz' },
        source: 'rotation',
        until: '2026-03-11T00:00:00.000Z',
      });
      // before the first shift: nobody, until it starts
      expect(await onCall({ at: '2026-03-01T00:00:00Z' })).toEqual({
        at: '2026-03-01T00:00:00.000Z',
        resource: null,
        source: null,
        until: '2026-03-02T14:00:00.000Z',
      });

      // the clock moved into the override: the schedule says Cleo now
      t.clock.set(Date.parse('2026-03-11T06:00:00Z'));
      try {
        expect((await reader.client.call(getSchedule, { params: { id: primary.schedule_id } })).on_call_now).toEqual({
          resource_id: cleo.resource_id,
          resource_fullname: 'Cleo Ramos',
        });
        expect(await reader.client.call(onCallNow, {})).toEqual({
          at: '2026-03-11T06:00:00.000Z',
          schedules: [
            {
              schedule_id: primary.schedule_id,
              schedule_name: 'Primary',
              resource: { resource_id: cleo.resource_id, resource_fullname: 'Cleo Ramos' },
              until: '2026-03-11T12:00:00.000Z',
            },
          ],
        });
      } finally {
        t.clock.set(NOW);
      }

      const listed = await reader.client.call(listOverrides, { params: { id: primary.schedule_id }, query: {} });
      expect(listed).toEqual({ total: 1, list: [override] });
      // a window it does not touch
      expect(
        await reader.client.call(listOverrides, {
          params: { id: primary.schedule_id },
          query: { from: '2026-03-12T00:00:00Z', to: '2026-03-13T00:00:00Z' },
        }),
      ).toEqual({ total: 0, list: [] });

      expect(
        await reader.client.call(deleteOverride, {
          params: { id: primary.schedule_id, override_id: override.override_id },
        }),
      ).toEqual({ Message: MESSAGES.overrideDeleted });
      expect(
        await refusal(
          reader.client.call(deleteOverride, {
            params: { id: primary.schedule_id, override_id: override.override_id },
          }),
        ),
      ).toEqual({ status: 404, message: SCHEDULE_MESSAGES.overrideNotFound });
      const audited = await asSystem(t, (tx) =>
        tx
          .selectFrom('audit_log')
          .select('action')
          .where('entity', '=', 'schedule_override')
          .where('entity_id', '=', String(override.override_id))
          .orderBy('id')
          .execute(),
      );
      expect(audited.map((row) => row.action)).toEqual(['create', 'delete']);
    });

    it('refuses bad ranges and overrides, another customer’s resource and a schedule past its overrides', async () => {
      const before = await stored();
      const shiftsOf = (query: string) => as(reader, 'GET', `/api/schedules/${primary.schedule_id}/shifts${query}`);
      const overOneYear = await shiftsOf('?from=2026-01-01T00:00:00Z&to=2027-01-03T00:00:00Z');
      expect({ status: overOneYear.status, body: overOneYear.body }).toEqual({
        status: 422,
        body: refusedAt([['query', 'to'], SCHEDULE_MESSAGES.rangeTooLong]),
      });
      const backwards = await shiftsOf('?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z');
      expect(backwards.body).toEqual(refusedAt([['query', 'to'], SCHEDULE_MESSAGES.endAfterStart]));
      const noOffset = await as(reader, 'GET', `/api/schedules/${primary.schedule_id}/on-call?at=2026-03-02T10:00`);
      expect(noOffset.body).toEqual(refusedAt([['query', 'at'], SCHEDULE_MESSAGES.instantRequired]));

      const override = (body: unknown) => as(reader, 'POST', `/api/schedules/${primary.schedule_id}/overrides`, body);
      const reversed = await override({
        resource_id: ana.resource_id,
        start: '2026-03-12T00:00:00Z',
        end: '2026-03-11T00:00:00Z',
      });
      expect({ status: reversed.status, body: reversed.body }).toEqual({
        status: 422,
        body: refusedAt([['body', 'end'], SCHEDULE_MESSAGES.endAfterStart]),
      });
      const long = await override({
        resource_id: ana.resource_id,
        start: '2026-03-12T00:00:00Z',
        end: '2027-03-14T00:00:00Z',
      });
      expect(long.body).toEqual(refusedAt([['body', 'end'], SCHEDULE_MESSAGES.rangeTooLong]));
      const window = { start: '2026-03-12T00:00:00Z', end: '2026-03-13T00:00:00Z' };
      for (const resource_id of [stranger.resource_id, 999_999])
        expect(
          await refusal(
            reader.client.call(addOverride, { params: { id: primary.schedule_id }, body: { resource_id, ...window } }),
          ),
        ).toEqual({ status: 404, message: RESOURCE_MESSAGES.notFound });
      expect(await stored()).toEqual(before);

      // docs/product.md#schedules: at most SCHEDULE_LIMITS.overrides a schedule
      await asSystem(t, (tx) =>
        tx
          .insertInto('schedule_overrides')
          .values(
            Array.from({ length: SCHEDULE_LIMITS.overrides - 1 }, (_, i) => ({
              customer_id: primary.customer_id,
              schedule_id: primary.schedule_id,
              resource_id: ana.resource_id,
              start_at: new Date(Date.parse('2025-01-01T00:00:00Z') + i * HOUR),
              end_at: new Date(Date.parse('2025-01-01T00:30:00Z') + i * HOUR),
            })),
          )
          .execute(),
      );
      const last = await root.client.call(addOverride, {
        params: { id: primary.schedule_id },
        body: { resource_id: dora.resource_id, ...window },
      });
      const full = await stored();
      expect(
        await refusal(
          root.client.call(addOverride, {
            params: { id: primary.schedule_id },
            body: { resource_id: dora.resource_id, ...window },
          }),
        ),
      ).toEqual({ status: 409, message: SCHEDULE_MESSAGES.overridesTooMany });
      expect(await stored()).toEqual(full);
      await asSystem(t, (tx) =>
        tx
          .deleteFrom('schedule_overrides')
          .where('schedule_id', '=', primary.schedule_id)
          .where('override_id', '<>', last.override_id)
          .execute(),
      );
      // Dora is in no rotation, only in the override: she is still named in it
      expect(await membersOf(primary.schedule_id)).not.toContain(dora.resource_id);
      await root.client.call(deleteOverride, { params: { id: primary.schedule_id, override_id: last.override_id } });
    });
  });

  describe('the dashboard and the resources list', () => {
    it('answers who is on call now in every active schedule, and each asked resource’s next shift', async () => {
      expect(await reader.client.call(onCallNow, {})).toEqual({
        at: at(NOW),
        schedules: [
          {
            schedule_id: primary.schedule_id,
            schedule_name: 'Primary',
            resource: { resource_id: ben.resource_id, resource_fullname: 'Ben Ortiz' },
            until: '2026-03-16T13:00:00.000Z',
          },
        ],
      });
      // Dora takes a shift on Friday in another schedule
      const override = await reader.client.call(addOverride, {
        params: { id: primary.schedule_id },
        body: { resource_id: dora.resource_id, start: '2026-03-13T13:00:00Z', end: '2026-03-13T21:00:00Z' },
      });
      const ids = [ana, ben, cleo, dora, stranger].map((r) => r.resource_id).join(',');
      const answer = await reader.client.call(nextShifts, { query: { ids } });
      const next = (resource: Resource, start: string, end: string) => ({
        resource_id: resource.resource_id,
        schedule_id: primary.schedule_id,
        schedule_name: 'Primary',
        start,
        end,
      });
      expect(answer).toEqual({
        next_shifts: [
          next(ana, '2026-03-23T13:00:00.000Z', '2026-03-30T13:00:00.000Z'),
          // running now: from its start, in two parts around Dora's override
          next(ben, '2026-03-09T13:00:00.000Z', '2026-03-13T13:00:00.000Z'),
          next(cleo, '2026-03-16T13:00:00.000Z', '2026-03-23T13:00:00.000Z'),
          next(dora, '2026-03-13T13:00:00.000Z', '2026-03-13T21:00:00.000Z'),
        ],
      });
      // another customer asks the same ids: only its own resource, whose schedule started in January
      const theirs = await otherRoot.client.call(nextShifts, { query: { ids } });
      expect(theirs.next_shifts.map((shift) => [shift.resource_id, shift.schedule_id])).toEqual([
        [stranger.resource_id, other.schedule_id],
      ]);
      const bad = await as(reader, 'GET', '/api/on-call/next-shifts?ids=1,x');
      expect(bad.status).toBe(422);
      // past the database's integers: refused, not a database error
      const huge = await as(reader, 'GET', '/api/on-call/next-shifts?ids=1,2147483648');
      expect(huge).toMatchObject({
        status: 422,
        body: { detail: [{ loc: ['query', 'ids'], msg: 'Must be up to 100 ids separated by commas' }] },
      });
      await reader.client.call(deleteOverride, {
        params: { id: primary.schedule_id, override_id: override.override_id },
      });
    });
  });

  describe('escalation steps that call a schedule', () => {
    it('calls whoever is on call, valid while the schedule is active; the schedule cannot go while used', async () => {
      const escalation = await root.client.call(addEscalation, { body: { escalation_name: 'Night' } });
      const body = {
        ...agentStep,
        escalation_id: escalation.escalation_id,
        channel_id: 1,
        resource_id: null,
        schedule_id: primary.schedule_id,
      };
      const first = await root.client.call(addStep, {
        body: { ...agentStep, escalation_id: escalation.escalation_id, channel_id: 1, resource_id: dora.resource_id },
      });
      const step = await root.client.call(addStep, { body });
      expect(step.escalation_resource).toMatchObject({
        resource: null,
        schedule: { schedule_id: primary.schedule_id, schedule_name: 'Primary' },
        escalation_priority_orden: 2,
        escalation_last_in_line: 'Y',
      });
      expect(first.escalation_resource).toMatchObject({ schedule: null, resource: { resource_id: dora.resource_id } });
      const escalationNow = () => reader.client.call(getEscalation, { params: { id: escalation.escalation_id } });
      expect(await escalationNow()).toMatchObject({ escalation_validate: 'Y', resources: 'Dora Vidal, Primary' });
      expect(
        (await reader.client.call(listEscalations, { query: { search: 'night' } })).list.map((e) => e.resources),
      ).toEqual(['Dora Vidal, Primary']);
      // the steps sort by whom they call, a resource's name or a schedule's, and are searched by it
      const byTarget = async (direction: 'asc' | 'desc', search?: string) =>
        (
          await reader.client.call(listSteps, {
            query: {
              escalation_id: escalation.escalation_id,
              order_by_column: 'resource',
              order_by_direction: direction,
              search,
            },
          })
        ).list.map((s) => s.resource?.resource_fullname ?? s.schedule?.schedule_name);
      expect(await byTarget('asc')).toEqual(['Dora Vidal', 'Primary']);
      expect(await byTarget('desc')).toEqual(['Primary', 'Dora Vidal']);
      expect(await byTarget('asc', 'prim')).toEqual(['Primary']);

      // the schedule made inactive: the escalation is not valid; active again: valid
      const active = (schedule_active: 'Y' | 'N') =>
        root.client.call(updateSchedule, {
          params: { id: primary.schedule_id },
          body: { ...primaryBody(), schedule_active },
        });
      await active('N');
      expect((await escalationNow()).escalation_validate).toBe('N');
      await active('Y');
      expect((await escalationNow()).escalation_validate).toBe('Y');

      // another customer's schedule, both targets, neither: refused, nothing made
      const before = await stored();
      expect(await refusal(root.client.call(addStep, { body: { ...body, schedule_id: other.schedule_id } }))).toEqual({
        status: 404,
        message: SCHEDULE_MESSAGES.notFound,
      });
      expect(
        await refusal(otherRoot.client.call(addStep, { body: { ...body, schedule_id: other.schedule_id } })),
      ).toEqual({
        status: 404,
        message: 'Escalation not found',
      });
      const both = await as(root, 'POST', '/api/escalation/resource', { ...body, resource_id: dora.resource_id });
      expect({ status: both.status, body: both.body }).toEqual({
        status: 422,
        body: refusedAt([['body', 'schedule_id'], STEP_MESSAGES.targetBoth]),
      });
      expect(await status(reader.client.call(addStep, { body }))).toBe(403);
      expect(await stored()).toEqual(before);

      // in use: not deleted, the escalation named; Ana, in its rotation, is not deleted either
      expect(await refusal(root.client.call(deleteSchedule, { params: { id: primary.schedule_id } }))).toEqual({
        status: 409,
        message: SCHEDULE_MESSAGES.inUse('"Night"'),
      });
      expect(await refusal(root.client.call(deleteResource, { params: { id: ana.resource_id } }))).toEqual({
        status: 409,
        message: resourceDeleteRefusal([], ['Primary']),
      });
      expect(resourceDeleteRefusal([], ['Primary'])).toContain('"Primary"');
      expect(await stored()).toEqual(before);

      // the step turned to a resource: the schedule is called by no step
      await root.client.call(updateStep, {
        params: { id: step.escalation_resource.escalation_resource_id },
        body: { ...body, schedule_id: null, resource_id: cleo.resource_id },
      });
      expect(await escalationNow()).toMatchObject({ escalation_validate: 'Y', resources: 'Dora Vidal, Cleo Ramos' });
      expect(
        await asSystem(t, (tx) =>
          tx
            .selectFrom('escalation_resources')
            .select('escalation_resource_id')
            .where('schedule_id', '=', primary.schedule_id)
            .execute(),
        ),
      ).toEqual([]);
      // an override alone also keeps a resource: Dora, in no rotation
      const override = await root.client.call(addOverride, {
        params: { id: primary.schedule_id },
        body: { resource_id: dora.resource_id, start: '2026-04-01T00:00:00Z', end: '2026-04-02T00:00:00Z' },
      });
      await root.client.call(deleteStep, { params: { id: first.escalation_resource.escalation_resource_id } });
      expect(await refusal(root.client.call(deleteResource, { params: { id: dora.resource_id } }))).toEqual({
        status: 409,
        message: resourceDeleteRefusal([], ['Primary']),
      });
      await root.client.call(deleteOverride, {
        params: { id: primary.schedule_id, override_id: override.override_id },
      });
    });
  });

  describe('roles and other customers', () => {
    it('keeps schedule changes to a Customer Root; a Customer reads and sets overrides; staff reach nothing', async () => {
      const before = await stored();
      const id = primary.schedule_id;
      const forbidden = { status: 403, message: AUTH_MESSAGES.forbidden };
      expect(
        await refusal(reader.client.call(addSchedule, { body: { ...primaryBody(), schedule_name: 'Mine' } })),
      ).toEqual(forbidden);
      expect(
        await refusal(
          reader.client.call(updateSchedule, { params: { id }, body: { ...primaryBody(), schedule_active: 'N' } }),
        ),
      ).toEqual(forbidden);
      expect(await refusal(reader.client.call(deleteSchedule, { params: { id } }))).toEqual(forbidden);
      const window = { resource_id: ana.resource_id, start: '2026-03-12T00:00:00Z', end: '2026-03-12T06:00:00Z' };
      for (const call of [
        () => staff.client.call(listSchedules, {}),
        () => staff.client.call(getSchedule, { params: { id } }),
        () => staff.client.call(scheduleShifts, { params: { id }, query: {} }),
        () => staff.client.call(scheduleOnCall, { params: { id }, query: {} }),
        () => staff.client.call(listOverrides, { params: { id }, query: {} }),
        () => staff.client.call(addOverride, { params: { id }, body: window }),
        () => staff.client.call(deleteOverride, { params: { id, override_id: 1 } }),
        () => staff.client.call(addSchedule, { body: primaryBody() }),
        () => staff.client.call(deleteSchedule, { params: { id } }),
        () => staff.client.call(onCallNow, {}),
        () => staff.client.call(nextShifts, { query: { ids: String(ana.resource_id) } }),
      ])
        expect(await refusal(call())).toEqual(forbidden);
      expect(await stored()).toEqual(before);
    });

    it('answers 404 to every call on another customer’s schedule or override, and changes nothing', async () => {
      const theirOverride = await otherRoot.client.call(addOverride, {
        params: { id: other.schedule_id },
        body: { resource_id: stranger.resource_id, start: '2026-03-12T00:00:00Z', end: '2026-03-12T06:00:00Z' },
      });
      const before = await stored();
      const id = other.schedule_id;
      const notFound = { status: 404, message: SCHEDULE_MESSAGES.notFound };
      const window = { resource_id: ana.resource_id, start: '2026-03-12T00:00:00Z', end: '2026-03-12T06:00:00Z' };
      for (const who of [root, reader]) {
        for (const call of [
          () => who.client.call(getSchedule, { params: { id } }),
          () => who.client.call(scheduleShifts, { params: { id }, query: {} }),
          () => who.client.call(scheduleOnCall, { params: { id }, query: {} }),
          () => who.client.call(listOverrides, { params: { id }, query: {} }),
          () => who.client.call(addOverride, { params: { id }, body: window }),
          () => who.client.call(deleteOverride, { params: { id, override_id: theirOverride.override_id } }),
        ])
          expect(await refusal(call())).toEqual(notFound);
        // their override through one of our schedules: not ours either
        expect(
          await refusal(
            who.client.call(deleteOverride, {
              params: { id: primary.schedule_id, override_id: theirOverride.override_id },
            }),
          ),
        ).toEqual({ status: 404, message: SCHEDULE_MESSAGES.overrideNotFound });
      }
      expect(
        await refusal(
          root.client.call(updateSchedule, {
            params: { id },
            body: { ...primaryBody(), schedule_name: 'Hijacked', schedule_active: 'N' },
          }),
        ),
      ).toEqual(notFound);
      expect(await refusal(root.client.call(deleteSchedule, { params: { id } }))).toEqual(notFound);
      expect(await refusal(root.client.call(getSchedule, { params: { id: 999_999 } }))).toEqual(notFound);
      expect(await stored()).toEqual(before);
      expect(await otherRoot.client.call(getSchedule, { params: { id } })).toMatchObject({ schedule_name: 'Theirs' });
    });
  });
});
