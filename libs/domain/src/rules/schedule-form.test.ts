import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { recordFormErrors } from '../machines/record-form/record-form.machine';
import {
  overrideFormInput,
  overrideFormMachine,
  rotationFormInput,
  rotationFormMachine,
  scheduleRecordForm,
  temporaryFormInput,
  temporaryFormMachine,
} from '../machines/schedule-form/schedule-form';
import { tick } from '../machines/test-actors';
import { SCHEDULE_MESSAGES, ScheduleUpdateSchema, type Schedule, type ScheduleOverride } from '../schedules/schedule';
import {
  SCHEDULE_FORM_MESSAGES,
  daysText,
  dayTimeText,
  emptyRotationForm,
  emptyScheduleForm,
  gapWarningText,
  instantOfLocalInput,
  isoInZone,
  localInputOf,
  movedItem,
  overrideBody,
  overrideFormErrors,
  overrideFormFor,
  resourceOfUser,
  restrictionKey,
  restrictionText,
  rotationBody,
  rotationFormErrors,
  rotationFormFromRotation,
  rotationSaveErrors,
  rotationSummary,
  rotationTitle,
  scheduleBodyOf,
  scheduleCreateBody,
  scheduleFormErrors,
  scheduleFormFields,
  scheduleFormFromSchedule,
  scheduleUpdateBody,
  scheduleWithRotation,
  scheduleWithoutRotation,
  scheduleZoneChoices,
  viewerZoneHint,
  emptyTemporaryForm,
  mayAddTemporary,
  mayAddTemporaryShift,
  nextTemporaryShift,
  scheduleTemporaryBody,
  scheduleWithoutTemporary,
  temporaryFormErrors,
  temporaryFormFromTemporary,
  temporaryPeriodText,
  temporarySaveErrors,
  temporaryShiftKey,
  type RotationFormValues,
  type TemporaryFormValues,
} from './schedule-form';
import { validate } from './validation';

const NY = 'America/New_York';
const MADRID = 'Europe/Madrid';

const schedule: Schedule = {
  id: 7,
  schedule_id: 7,
  customer_id: 2,
  schedule_name: 'Platform on call',
  schedule_desc: 'Who answers the platform',
  time_zone: NY,
  schedule_active: 'Y',
  handoff_notices: 'Y',
  rotations: [
    {
      rotation_id: 11,
      rotation_name: 'Weekly',
      participants: [
        { resource_id: 1, resource_fullname: 'Ana Torres' },
        { resource_id: 2, resource_fullname: 'Luis Soto' },
      ],
      shift_length: 1,
      shift_unit: 'W',
      handoff_time: '09:00',
      start: '2026-03-02',
      restrictions: [],
    },
    {
      rotation_id: 12,
      rotation_name: '',
      participants: [{ resource_id: 3, resource_fullname: 'Marta Ruiz' }],
      shift_length: 12,
      shift_unit: 'H',
      handoff_time: '08:00',
      start: '2026-03-02',
      restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }],
    },
  ],
  temporary_schedules: [
    {
      start: '2026-04-01T00:00:00.000Z',
      end: '2026-04-02T00:00:00.000Z',
      shifts: [
        {
          resource_id: 2,
          resource_fullname: 'Luis Soto',
          start: '2026-04-01T00:00:00.000Z',
          end: '2026-04-02T00:00:00.000Z',
        },
      ],
    },
  ],
  on_call_now: { resource_id: 1, resource_fullname: 'Ana Torres' },
  next_gap: null,
  schedule_createby: 'root@democompany.demo',
  schedule_createdt: '2026-03-01T12:00:00.000Z',
  schedule_updateby: null,
  schedule_updatedt: null,
};

describe('schedule texts in a zone (docs/product.md#schedules)', () => {
  it('reads an instant as the zone’s clock, across the spring change of New York', () => {
    // 2026-03-08 is the change in New York: 06:30Z is 01:30 EST, 07:30Z is 03:30 EDT
    expect(dayTimeText(NY, Date.parse('2026-03-08T06:30:00Z'))).toBe('Sun 8 Mar 01:30');
    expect(dayTimeText(NY, Date.parse('2026-03-08T07:30:00Z'))).toBe('Sun 8 Mar 03:30');
    expect(localInputOf(MADRID, Date.parse('2026-03-09T14:00:00Z'))).toBe('2026-03-09T15:00');
  });

  it('turns a field’s local time into the instant it means, and refuses what is no date', () => {
    expect(instantOfLocalInput(NY, '2026-03-09T09:00')).toBe(Date.parse('2026-03-09T13:00:00Z'));
    expect(instantOfLocalInput(NY, '2026-03-06T09:00')).toBe(Date.parse('2026-03-06T14:00:00Z'));
    // the hour skipped in spring reads as the same clock after the change
    expect(instantOfLocalInput(NY, '2026-03-08T02:30')).toBe(Date.parse('2026-03-08T07:30:00Z'));
    expect(instantOfLocalInput(NY, '2026-02-31T09:00')).toBeNull();
    expect(instantOfLocalInput(NY, '2026-03-09')).toBeNull();
    expect(instantOfLocalInput(NY, '')).toBeNull();
  });

  it('writes ISO instants with the zone’s offset, which the contract reads back as the same instant', () => {
    const at = Date.parse('2026-03-09T13:00:00Z');
    expect(isoInZone(NY, at)).toBe('2026-03-09T09:00:00-04:00');
    expect(isoInZone(MADRID, at)).toBe('2026-03-09T14:00:00+01:00');
    expect(isoInZone('Asia/Kolkata', at)).toBe('2026-03-09T18:30:00+05:30');
    expect(Date.parse(isoInZone(NY, at))).toBe(at);
  });

  it('says what the time is in the viewer’s zone, naming the day when it differs, and nothing in the same zone', () => {
    expect(viewerZoneHint(NY, MADRID, Date.parse('2026-03-09T13:00:00Z'))).toBe('= 14:00 in your zone (Europe/Madrid)');
    expect(viewerZoneHint(NY, MADRID, Date.parse('2026-03-10T03:00:00Z'))).toBe(
      '= Tue 10 Mar 04:00 in your zone (Europe/Madrid)',
    );
    expect(viewerZoneHint(NY, NY, Date.parse('2026-03-09T13:00:00Z'))).toBeNull();
    expect(viewerZoneHint('UTC', 'Etc/UTC', Date.parse('2026-03-09T13:00:00Z'))).toBeNull();
  });

  it('offers the platform’s zones with UTC and keeps a schedule’s own zone', () => {
    const zones = scheduleZoneChoices('America/Puerto_Rico');
    expect(zones).toContain('UTC');
    expect(zones).toContain(NY);
    expect(zones).toContain('America/Puerto_Rico');
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)));
  });

  it('warns of the first gap in the schedule’s zone, and not at all without one', () => {
    expect(gapWarningText({ next_gap: '2026-03-10T22:00:00.000Z', time_zone: NY })).toBe(
      'Nobody on call from Tue 10 Mar 18:00',
    );
    expect(gapWarningText({ next_gap: null, time_zone: NY })).toBeNull();
  });

  it('reads rotations and restrictions in words', () => {
    expect(daysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(daysText([6, 7])).toBe('Sat, Sun');
    expect(daysText([1, 3, 4, 5, 7])).toBe('Mon, Wed–Fri, Sun');
    expect(restrictionText({ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' })).toBe('Mon–Fri 09:00–17:00');
    expect(rotationSummary(schedule.rotations[0]!)).toBe('Shifts of 1 week, handed over at 09:00, from 2026-03-02');
    expect(rotationSummary(schedule.rotations[1]!)).toBe('Shifts of 12 hours, handed over at 08:00, from 2026-03-02');
    expect(rotationTitle(schedule.rotations[0]!, 0)).toBe('Weekly');
    expect(rotationTitle(schedule.rotations[1]!, 1)).toBe('Rotation 2');
  });
});

describe('the schedule window (docs/product.md#schedules)', () => {
  it('starts a new schedule in the viewer’s zone, UTC when the browser names an unknown one', () => {
    expect(emptyScheduleForm(MADRID).time_zone).toBe(MADRID);
    expect(emptyScheduleForm('Mars/Olympus').time_zone).toBe('UTC');
    expect(scheduleFormFields('create')).toEqual(['schedule_name', 'schedule_desc', 'time_zone', 'handoff_notices']);
    expect(scheduleFormFields('edit')).toContain('schedule_active');
  });

  it('checks the name and the zone with the contract’s messages', () => {
    const values = { ...emptyScheduleForm(NY), time_zone: 'Nowhere/City' };
    expect(scheduleFormErrors(values, 'create')).toEqual({
      schedule_name: [SCHEDULE_MESSAGES.nameRequired],
      time_zone: [SCHEDULE_MESSAGES.zoneUnknown],
    });
  });

  it('creates without a status and edits sending back every rotation and temporary schedule as read', () => {
    const created = scheduleCreateBody({ ...emptyScheduleForm(NY), schedule_name: ' Nights ' });
    expect(created).toMatchObject({ schedule_name: 'Nights', time_zone: NY, handoff_notices: 'N', rotations: [] });
    expect(created).not.toHaveProperty('schedule_active');

    const edited = scheduleUpdateBody({ ...scheduleFormFromSchedule(schedule), schedule_name: 'Platform' });
    expect(edited.schedule_name).toBe('Platform');
    expect(edited.rotations.map((rotation) => rotation.participants)).toEqual([[1, 2], [3]]);
    expect(edited.temporary_schedules[0]!.shifts).toEqual([
      { resource_id: 2, start: '2026-04-01T00:00:00.000Z', end: '2026-04-02T00:00:00.000Z' },
    ]);
    expect(scheduleRecordForm.id(schedule)).toBe(7);
  });

  it('makes a PUT body the contract accepts, with a rotation replaced, added or removed', () => {
    expect(validate(ScheduleUpdateSchema, scheduleBodyOf(schedule)).success).toBe(true);
    const rotation = rotationBody({ ...rotationFormFromRotation(schedule.rotations[0]!), shift_length: '2' });
    expect(scheduleWithRotation(schedule, 0, rotation).rotations.map((r) => r.shift_length)).toEqual([2, 12]);
    expect(scheduleWithRotation(schedule, null, rotation).rotations).toHaveLength(3);
    expect(scheduleWithoutRotation(schedule, 0).rotations.map((r) => r.participants)).toEqual([[3]]);
    // the schedule read is not changed
    expect(schedule.rotations).toHaveLength(2);
  });
});

const weekly = (values: Partial<RotationFormValues> = {}): RotationFormValues => ({
  ...emptyRotationForm('2026-03-02'),
  participants: [{ resource_id: 1, resource_fullname: 'Ana Torres' }],
  ...values,
});

describe('a rotation’s window (docs/product.md#schedules)', () => {
  it('starts weekly at 09:00 from the day given, and accepts it once someone takes part', () => {
    expect(emptyRotationForm('2026-03-09')).toMatchObject({ shift_unit: 'W', shift_length: '1', start: '2026-03-09' });
    expect(rotationFormErrors(emptyRotationForm('2026-03-09'))).toEqual({
      participants: [SCHEDULE_MESSAGES.participantsRequired],
    });
    expect(rotationFormErrors(weekly())).toEqual({});
  });

  it('refuses a shift longer than its unit allows, a bad handoff and a bad start', () => {
    expect(rotationFormErrors(weekly({ shift_length: '53' }))).toEqual({
      shift_length: [SCHEDULE_MESSAGES.shiftLengthMax('W')],
    });
    expect(rotationFormErrors(weekly({ shift_length: '' })).shift_length).toEqual([
      SCHEDULE_MESSAGES.shiftLengthRequired,
    ]);
    expect(rotationFormErrors(weekly({ handoff_time: '25:00', start: '2026-13-01' }))).toEqual({
      handoff_time: [SCHEDULE_MESSAGES.handoffRequired],
      start: [SCHEDULE_MESSAGES.startDateRequired],
    });
  });

  it('keys a restriction’s messages by the restriction and its field', () => {
    const errors = rotationFormErrors(
      weekly({
        restrictions: [
          { days: [1], from: '09:00', to: '17:00' },
          { days: [], from: '9', to: '17:00' },
        ],
      }),
    );
    expect(errors).toEqual({
      [restrictionKey(1, 'days')]: [SCHEDULE_MESSAGES.restrictionDays],
      [restrictionKey(1, 'from')]: [SCHEDULE_MESSAGES.timeRequired],
    });
  });

  it('saves its participants by id, in the order shown, a person twice if listed twice', () => {
    const participants = [
      { resource_id: 2, resource_fullname: 'Luis Soto' },
      { resource_id: 1, resource_fullname: 'Ana Torres' },
      { resource_id: 2, resource_fullname: 'Luis Soto' },
    ];
    expect(rotationBody(weekly({ participants, shift_length: '3', shift_unit: 'D' }))).toMatchObject({
      participants: [2, 1, 2],
      shift_length: 3,
      shift_unit: 'D',
      restrictions: [],
    });
  });

  it('moves a participant up or down, and nowhere past either end', () => {
    expect(movedItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movedItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(movedItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('puts a 422 of the PUT on the fields of the rotation it names, and counts the rest', () => {
    const detail = [
      { loc: ['body', 'rotations', 1, 'participants'], msg: SCHEDULE_MESSAGES.participantNotFound },
      { loc: ['body', 'rotations', 1, 'restrictions', 0, 'to'], msg: SCHEDULE_MESSAGES.timeRequired },
      { loc: ['body', 'rotations', 0, 'participants'], msg: SCHEDULE_MESSAGES.participantNotFound },
      { loc: ['body', 'rotations'], msg: SCHEDULE_MESSAGES.rotationsTooMany },
    ];
    expect(rotationSaveErrors(detail, 1)).toEqual({
      fields: {
        participants: [SCHEDULE_MESSAGES.participantNotFound],
        [restrictionKey(0, 'to')]: [SCHEDULE_MESSAGES.timeRequired],
      },
      others: 2,
    });
  });

  it('runs on the record-form machine: a 422 on the rotation shows on its field until it changes', async () => {
    const failure = new Error('422');
    const actor = createActor(
      rotationFormMachine.provide({
        actors: { save: fromPromise<Schedule, RotationFormValues>(() => Promise.reject(failure)) },
      }),
      {
        input: rotationFormInput(weekly(), (error) =>
          error === failure
            ? rotationSaveErrors([{ loc: ['body', 'rotations', 0, 'participants'], msg: 'Resource not found' }], 0)
                .fields
            : {},
        ),
      },
    ).start();
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(recordFormErrors(actor.getSnapshot().context).participants).toEqual(['Resource not found']);
    actor.send({ type: 'CHANGE', field: 'participants', value: [{ resource_id: 2, resource_fullname: 'Luis Soto' }] });
    expect(recordFormErrors(actor.getSnapshot().context).participants).toBeUndefined();
  });
});

describe('the override window and "take this shift" (docs/product.md#schedules)', () => {
  const shift = { start: Date.parse('2026-03-09T13:00:00Z'), end: Date.parse('2026-03-16T13:00:00Z') };

  it('prefills a shift’s stretch in the schedule’s zone', () => {
    expect(overrideFormFor(NY, shift, 4)).toEqual({
      resource_id: 4,
      start: '2026-03-09T09:00',
      end: '2026-03-16T09:00',
    });
  });

  it('sends the stretch as ISO instants with the schedule zone’s offset', () => {
    expect(overrideBody(NY, overrideFormFor(NY, shift, 4))).toEqual({
      resource_id: 4,
      start: '2026-03-09T09:00:00-04:00',
      end: '2026-03-16T09:00:00-04:00',
    });
    // before the spring change the offset is New York's winter one
    expect(overrideBody(NY, { resource_id: 4, start: '2026-03-07T09:00', end: '2026-03-08T09:00' })).toEqual({
      resource_id: 4,
      start: '2026-03-07T09:00:00-05:00',
      end: '2026-03-08T09:00:00-04:00',
    });
  });

  it('needs a person, a start and an end after it, within a year', () => {
    expect(overrideFormErrors(NY, { resource_id: null, start: '', end: '2026-03-09' })).toEqual({
      resource_id: ['Resource ID is required'],
      start: [SCHEDULE_FORM_MESSAGES.startRequired],
      end: [SCHEDULE_FORM_MESSAGES.dateTimeRequired],
    });
    expect(overrideFormErrors(NY, { resource_id: 1, start: '2026-03-09T10:00', end: '2026-03-09T09:00' })).toEqual({
      end: [SCHEDULE_MESSAGES.endAfterStart],
    });
    expect(overrideFormErrors(NY, { resource_id: 1, start: '2026-03-09T10:00', end: '2027-03-12T09:00' })).toEqual({
      end: [SCHEDULE_MESSAGES.rangeTooLong],
    });
    expect(overrideFormErrors(NY, overrideFormFor(NY, shift, 1))).toEqual({});
  });

  it('picks the signed-in user’s own resource by e-mail, whatever its case', () => {
    const resources = [
      { resource_id: 1, resource_email: null },
      { resource_id: 2, resource_email: 'Ana@DemoCompany.demo' },
    ];
    expect(resourceOfUser(resources, 'ana@democompany.demo')?.resource_id).toBe(2);
    expect(resourceOfUser(resources, 'nobody@democompany.demo')).toBeNull();
  });

  it('saves through the record-form machine with the override made as its answer', async () => {
    const saved: ScheduleOverride = {
      override_id: 5,
      schedule_id: 7,
      resource_id: 4,
      resource_fullname: 'Pedro Gómez',
      start: '2026-03-09T13:00:00.000Z',
      end: '2026-03-16T13:00:00.000Z',
      override_createby: 'root@democompany.demo',
      override_createdt: '2026-03-08T12:00:00.000Z',
    };
    const bodies: unknown[] = [];
    const actor = createActor(
      overrideFormMachine.provide({
        actors: {
          save: fromPromise(async ({ input }) => {
            bodies.push(overrideBody(NY, input));
            return saved;
          }),
        },
      }),
      { input: overrideFormInput(NY, overrideFormFor(NY, shift, null)) },
    ).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(recordFormErrors(actor.getSnapshot().context).resource_id).toEqual(['Resource ID is required']);
    actor.send({ type: 'CHANGE', field: 'resource_id', value: 4 });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.saved).toEqual(saved);
    expect(bodies).toEqual([{ resource_id: 4, start: '2026-03-09T09:00:00-04:00', end: '2026-03-16T09:00:00-04:00' }]);
  });
});

describe('a temporary schedule’s window (docs/product.md#schedules)', () => {
  const NOW = Date.parse('2026-03-11T19:00:00Z');
  // the fixture's temporary schedule, in New York: Tue 31 Mar 20:00 – Wed 1 Apr 20:00
  const weekend = (shifts: TemporaryFormValues['shifts'] = []): TemporaryFormValues => ({
    start: '2026-03-20T18:00',
    end: '2026-03-23T09:00',
    shifts,
  });
  const luisThenCarla = weekend([
    { resource_id: 2, start: '2026-03-20T18:00', end: '2026-03-21T18:00' },
    { resource_id: 5, start: '2026-03-21T18:00', end: '2026-03-22T18:00' },
  ]);

  it('starts a day from the next full hour with one shift over it, nobody chosen yet', () => {
    const values = emptyTemporaryForm(NY, NOW);
    expect(values).toEqual({
      start: '2026-03-11T15:00',
      end: '2026-03-12T15:00',
      shifts: [{ resource_id: null, start: '2026-03-11T15:00', end: '2026-03-12T15:00' }],
    });
    expect(temporaryFormErrors(schedule, null, values)).toEqual({
      [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_FORM_MESSAGES.personRequired],
    });
  });

  it('opens a temporary schedule as read in the schedule’s zone, which reads right as it is', () => {
    const values = temporaryFormFromTemporary(NY, schedule.temporary_schedules[0]!);
    expect(values).toEqual({
      start: '2026-03-31T20:00',
      end: '2026-04-01T20:00',
      shifts: [{ resource_id: 2, start: '2026-03-31T20:00', end: '2026-04-01T20:00' }],
    });
    expect(temporaryFormErrors(schedule, 0, values)).toEqual({});
    expect(temporaryPeriodText(NY, schedule.temporary_schedules[0]!)).toBe('Tue 31 Mar 20:00 – Wed 1 Apr 20:00');
  });

  it('proposes the next shift after the last one, as long as it, never past the period’s end', () => {
    expect(nextTemporaryShift(NY, weekend())).toEqual({
      resource_id: null,
      start: '2026-03-20T18:00',
      end: '2026-03-23T09:00',
    });
    expect(nextTemporaryShift(NY, weekend(luisThenCarla.shifts.slice(0, 1)))).toEqual({
      resource_id: null,
      start: '2026-03-21T18:00',
      end: '2026-03-22T18:00',
    });
    // a day after Carla's would end Monday 18:00: cut at the period's end
    expect(nextTemporaryShift(NY, luisThenCarla)).toMatchObject({ start: '2026-03-22T18:00', end: '2026-03-23T09:00' });
    // over the spring change a day's shift is 24 elapsed hours: 08:00 before it, 09:00 after
    expect(
      nextTemporaryShift(NY, {
        start: '2026-03-06T08:00',
        end: '2026-03-10T08:00',
        shifts: [{ resource_id: 1, start: '2026-03-06T08:00', end: '2026-03-07T08:00' }],
      }),
    ).toMatchObject({ start: '2026-03-07T08:00', end: '2026-03-08T09:00' });
    expect(nextTemporaryShift(NY, { ...weekend(), start: '' })).toEqual({ resource_id: null, start: '', end: '' });
  });

  it('needs a period whose end is after its start, and times it can read', () => {
    expect(temporaryFormErrors(schedule, null, { ...weekend(), end: '2026-03-20T17:00' })).toEqual({
      end: [SCHEDULE_MESSAGES.endAfterStart],
    });
    expect(temporaryFormErrors(schedule, null, { ...weekend(), start: '', end: '2026-03-23' })).toEqual({
      start: [SCHEDULE_FORM_MESSAGES.startRequired],
      end: [SCHEDULE_FORM_MESSAGES.dateTimeRequired],
    });
    // said even while a shift still lacks its person
    expect(
      temporaryFormErrors(schedule, null, {
        start: '2026-03-20T18:00',
        end: '2026-03-20T17:00',
        shifts: [{ resource_id: null, start: '2026-03-20T18:00', end: '2026-03-20T12:00' }],
      }),
    ).toEqual({
      end: [SCHEDULE_MESSAGES.endAfterStart],
      [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_FORM_MESSAGES.personRequired],
      [temporaryShiftKey(0, 'end')]: [SCHEDULE_MESSAGES.endAfterStart],
    });
    // no shifts is a period nobody is on call (but overrides)
    expect(temporaryFormErrors(schedule, null, weekend())).toEqual({});
  });

  it('checks each shift on its own fields: a person, an end after its start, within the period', () => {
    const errors = temporaryFormErrors(
      schedule,
      null,
      weekend([
        { resource_id: null, start: '2026-03-20T18:00', end: '' },
        { resource_id: 5, start: '2026-03-21T18:00', end: '2026-03-21T17:00' },
      ]),
    );
    expect(errors).toEqual({
      [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_FORM_MESSAGES.personRequired],
      [temporaryShiftKey(0, 'end')]: [SCHEDULE_FORM_MESSAGES.endRequired],
      [temporaryShiftKey(1, 'end')]: [SCHEDULE_MESSAGES.endAfterStart],
    });
    const outside = temporaryFormErrors(
      schedule,
      null,
      weekend([
        { resource_id: 2, start: '2026-03-20T12:00', end: '2026-03-21T18:00' },
        { resource_id: 5, start: '2026-03-21T18:00', end: '2026-03-23T10:00' },
      ]),
    );
    // the contract's message, on the very time that lies outside and not on the whole list
    expect(outside).toEqual({
      [temporaryShiftKey(0, 'start')]: [SCHEDULE_MESSAGES.temporaryShiftOutside],
      [temporaryShiftKey(1, 'end')]: [SCHEDULE_MESSAGES.temporaryShiftOutside],
    });
  });

  it('holds at most 100 shifts', () => {
    const shifts = Array.from({ length: 101 }, () => ({
      resource_id: 1,
      start: '2026-03-20T18:00',
      end: '2026-03-20T19:00',
    }));
    expect(temporaryFormErrors(schedule, null, weekend(shifts))).toEqual({
      shifts: [SCHEDULE_MESSAGES.temporaryShiftsTooMany],
    });
    expect(mayAddTemporaryShift({ shifts: shifts.slice(0, 99) })).toBe(true);
    expect(mayAddTemporaryShift({ shifts: shifts.slice(0, 100) })).toBe(false);
  });

  it('refuses a period over another temporary schedule, at once, but not over itself nor one it only touches', () => {
    const over = { start: '2026-04-01T12:00', end: '2026-04-03T12:00', shifts: [] };
    expect(temporaryFormErrors(schedule, null, over)).toEqual({ start: [SCHEDULE_MESSAGES.temporaryOverlap] });
    // said even while a shift still lacks its person (the contract checks it only once all else reads right)
    expect(
      temporaryFormErrors(schedule, null, {
        ...over,
        shifts: [{ resource_id: null, start: over.start, end: over.end }],
      }),
    ).toEqual({
      start: [SCHEDULE_MESSAGES.temporaryOverlap],
      [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_FORM_MESSAGES.personRequired],
    });
    expect(temporaryFormErrors(schedule, 0, over)).toEqual({});
    expect(
      temporaryFormErrors(schedule, null, { start: '2026-04-01T20:00', end: '2026-04-02T20:00', shifts: [] }),
    ).toEqual({});
  });

  it('holds at most 20 temporary schedules per schedule', () => {
    const day = (n: number) => ({
      start: new Date(Date.UTC(2026, 4, 1 + n)).toISOString(),
      end: new Date(Date.UTC(2026, 4, 1 + n, 12)).toISOString(),
      shifts: [],
    });
    const full = { ...schedule, temporary_schedules: Array.from({ length: 20 }, (_, n) => day(n)) };
    expect(mayAddTemporary(schedule)).toBe(true);
    expect(mayAddTemporary(full)).toBe(false);
    expect(temporaryFormErrors(full, null, weekend())).toEqual({ start: [SCHEDULE_MESSAGES.temporaryTooMany] });
  });

  it('saves the whole schedule with the temporary schedule added or replaced, everything else as read', () => {
    const added = scheduleTemporaryBody(schedule, null, luisThenCarla);
    expect(validate(ScheduleUpdateSchema, added).success).toBe(true);
    expect(added.temporary_schedules).toEqual([
      {
        start: '2026-04-01T00:00:00.000Z',
        end: '2026-04-02T00:00:00.000Z',
        shifts: [{ resource_id: 2, start: '2026-04-01T00:00:00.000Z', end: '2026-04-02T00:00:00.000Z' }],
      },
      {
        start: '2026-03-20T22:00:00.000Z',
        end: '2026-03-23T13:00:00.000Z',
        shifts: [
          { resource_id: 2, start: '2026-03-20T22:00:00.000Z', end: '2026-03-21T22:00:00.000Z' },
          { resource_id: 5, start: '2026-03-21T22:00:00.000Z', end: '2026-03-22T22:00:00.000Z' },
        ],
      },
    ]);
    expect(added.rotations).toEqual(scheduleBodyOf(schedule).rotations);
    expect(added.schedule_name).toBe(schedule.schedule_name);

    const replaced = scheduleTemporaryBody(schedule, 0, luisThenCarla);
    expect(replaced.temporary_schedules).toHaveLength(1);
    expect(replaced.temporary_schedules[0]!.start).toBe('2026-03-20T22:00:00.000Z');
    expect(scheduleWithoutTemporary(schedule, 0).temporary_schedules).toEqual([]);
    expect(scheduleWithoutTemporary(schedule, 0).rotations).toHaveLength(2);
    // the schedule read is not changed
    expect(schedule.temporary_schedules).toHaveLength(1);
    expect(() => scheduleTemporaryBody(schedule, null, emptyTemporaryForm(NY, NOW))).toThrow();
  });

  it('puts a 422 of the PUT on the fields of the temporary schedule it names, and counts the rest', () => {
    const detail = [
      {
        loc: ['body', 'temporary_schedules', 1, 'shifts', 0, 'resource_id'],
        msg: SCHEDULE_MESSAGES.participantNotFound,
      },
      { loc: ['body', 'temporary_schedules', 1, 'shifts', 1, 'end'], msg: SCHEDULE_MESSAGES.endAfterStart },
      { loc: ['body', 'temporary_schedules', 1, 'shifts'], msg: SCHEDULE_MESSAGES.temporaryShiftOutside },
      { loc: ['body', 'temporary_schedules', 1, 'end'], msg: SCHEDULE_MESSAGES.endAfterStart },
      { loc: ['body', 'temporary_schedules'], msg: SCHEDULE_MESSAGES.temporaryOverlap },
      {
        loc: ['body', 'temporary_schedules', 0, 'shifts', 0, 'resource_id'],
        msg: SCHEDULE_MESSAGES.participantNotFound,
      },
      { loc: ['body', 'rotations', 1, 'participants'], msg: SCHEDULE_MESSAGES.participantNotFound },
    ];
    expect(temporarySaveErrors(detail, 1)).toEqual({
      fields: {
        [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_MESSAGES.participantNotFound],
        [temporaryShiftKey(1, 'end')]: [SCHEDULE_MESSAGES.endAfterStart],
        shifts: [SCHEDULE_MESSAGES.temporaryShiftOutside],
        end: [SCHEDULE_MESSAGES.endAfterStart],
        start: [SCHEDULE_MESSAGES.temporaryOverlap],
      },
      others: 2,
    });
  });

  it('runs on the record-form machine: saved only once it reads right, a 422 on a shift’s person shown', async () => {
    const failure = new Error('422');
    const bodies: unknown[] = [];
    let fail = true;
    const actor = createActor(
      temporaryFormMachine.provide({
        actors: {
          save: fromPromise<Schedule, TemporaryFormValues>(async ({ input }) => {
            bodies.push(scheduleTemporaryBody(schedule, null, input));
            if (fail) throw failure;
            return schedule;
          }),
        },
      }),
      {
        input: temporaryFormInput(schedule, null, emptyTemporaryForm(NY, NOW), (error) =>
          error === failure
            ? temporarySaveErrors(
                [
                  {
                    loc: ['body', 'temporary_schedules', 1, 'shifts', 0, 'resource_id'],
                    msg: SCHEDULE_MESSAGES.participantNotFound,
                  },
                ],
                1,
              ).fields
            : {},
        ),
      },
    ).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({
      [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_FORM_MESSAGES.personRequired],
    });
    const shift = actor.getSnapshot().context.values.shifts[0]!;
    actor.send({ type: 'CHANGE', field: 'shifts', value: [{ ...shift, resource_id: 3 }] });
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({
      [temporaryShiftKey(0, 'resource_id')]: [SCHEDULE_MESSAGES.participantNotFound],
    });
    fail = false;
    actor.send({ type: 'SUBMIT' });
    await tick();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(bodies).toHaveLength(2);
    expect((bodies[1] as { temporary_schedules: unknown[] }).temporary_schedules[1]).toEqual({
      start: '2026-03-11T19:00:00.000Z',
      end: '2026-03-12T19:00:00.000Z',
      shifts: [{ resource_id: 3, start: '2026-03-11T19:00:00.000Z', end: '2026-03-12T19:00:00.000Z' }],
    });
  });
});
