import { describe, expect, it } from 'vitest';
import { formErrors, validate } from './validation';
import {
  STEP_MESSAGES,
  StepSchema,
  changeStepForm,
  defaultFollowUp,
  emptyStepForm,
  followUpMinutes,
  maskDigits,
  stepFormBody,
  stepFormLayout,
  type StepFormValues,
} from './escalation-step';

const AGENT = 1;
const SUPERVISOR = 2;

/** A valid agent step on SMS, changed by `patch`. */
const values = (patch: Partial<StepFormValues> = {}): StepFormValues => ({
  ...emptyStepForm(7),
  participation_type_id: AGENT,
  channel_id: 2,
  resource_id: 3,
  next_followup_time: '15',
  ...patch,
});
const errorsOf = (v: StepFormValues) => formErrors(StepSchema, stepFormBody(v));

describe('escalation step rules (docs/product.md#validation-rules, word for word)', () => {
  it('names each missing id with its own message', () => {
    expect(errorsOf({ ...emptyStepForm(null), next_followup_time: '15' })).toEqual({
      escalation_id: [STEP_MESSAGES.escalationRequired],
      participation_type_id: [STEP_MESSAGES.participationTypeRequired],
      channel_id: [STEP_MESSAGES.channelRequired],
      resource_id: [STEP_MESSAGES.resourceRequired],
    });
    expect(STEP_MESSAGES).toMatchObject({
      participationTypeRequired: 'Participation type ID is required',
      channelRequired: 'Channel ID is required',
      escalationRequired: 'Escalation ID is required',
      resourceRequired: 'Resource ID is required',
    });
  });

  it('accepts a valid agent step and sends 0 attempts while call again is off', () => {
    const result = validate(StepSchema, stepFormBody(values({ max_attemp_number: '4' })));
    expect(result).toEqual({
      success: true,
      output: {
        escalation_id: 7,
        participation_type_id: AGENT,
        channel_id: 2,
        resource_id: 3,
        schedule_id: null,
        escalation_active: 'Y',
        ind_call_again: 'N',
        max_attemp_number: 0,
        next_followup_time: 15,
        next_followup_time_mult: 'M',
      },
    });
  });

  it('calls a resource or a schedule, exactly one (docs/product.md#schedules)', () => {
    const schedule = validate(
      StepSchema,
      stepFormBody(values({ calls: 'schedule', resource_id: null, schedule_id: 9 })),
    );
    expect(schedule).toMatchObject({ success: true, output: { resource_id: null, schedule_id: 9 } });
    expect(validate(StepSchema, stepFormBody(values({ resource_id: null, schedule_id: null })))).toEqual({
      success: false,
      issues: [{ path: ['resource_id'], message: 'Resource ID is required' }],
    });
    // the form never sends both (below); the server refuses a body that does
    expect(validate(StepSchema, { ...stepFormBody(values()), resource_id: 3, schedule_id: 9 })).toEqual({
      success: false,
      issues: [{ path: ['schedule_id'], message: 'A step calls a resource or a schedule, not both' }],
    });
    expect(validate(StepSchema, { ...stepFormBody(values()), schedule_id: 'x' })).toMatchObject({
      success: false,
      issues: [{ path: ['schedule_id'] }],
    });
  });

  it.each([
    ['', 'Max Attempt Recall is required when Call Again is checked'],
    ['0', 'Max Attempt Recall must be at least 1'],
    ['1', null],
    ['5', null],
    ['6', 'Max Attempt Recall cannot exceed 5'],
  ])('checks max attempt recall %j when call again is on', (attempts, message) => {
    const errors = errorsOf(values({ ind_call_again: 'Y', max_attemp_number: attempts }));
    expect(errors.max_attemp_number ?? null).toEqual(message === null ? null : [message]);
  });

  it.each([
    ['M', '', 'Next Follow Up Time is required'],
    ['M', '14', 'Next Follow Up Time must be at least 15'],
    ['M', '15', null],
    ['M', '1440', null],
    ['M', '1441', 'Next Follow Up Time cannot exceed 1440'],
    ['H', '0', 'Next Follow Up Time must be at least 1'],
    ['H', '1', null],
    ['H', '24', null],
    ['H', '25', 'Next Follow Up Time cannot exceed 24'],
  ] as const)('checks a follow-up of unit %s and value %j', (unit, time, message) => {
    const errors = errorsOf(values({ next_followup_time_mult: unit, next_followup_time: time }));
    expect(errors.next_followup_time ?? null).toEqual(message === null ? null : [message]);
  });

  it('requires the unit of an agent step', () => {
    expect(errorsOf(values({ next_followup_time_mult: '' })).next_followup_time_mult).toEqual([
      'Follow-up time unit is required',
    ]);
  });

  it('gives a supervisor step no follow-up: 0 with unit M, whatever the hidden fields held', () => {
    const supervisor = values({
      participation_type_id: SUPERVISOR,
      next_followup_time: '9999',
      next_followup_time_mult: '',
    });
    expect(errorsOf(supervisor)).toEqual({});
    expect(validate(StepSchema, stepFormBody(supervisor))).toMatchObject({
      success: true,
      output: { next_followup_time: 0, next_followup_time_mult: 'M' },
    });
    // the server normalises a body that carries values anyway
    expect(
      validate(StepSchema, { ...stepFormBody(supervisor), next_followup_time: 30, next_followup_time_mult: 'H' }),
    ).toMatchObject({
      success: true,
      output: { next_followup_time: 0, next_followup_time_mult: 'M' },
    });
  });

  it('refuses flags other than Y and N with their messages, and bad numbers with the generic one', () => {
    const body = { ...stepFormBody(values()), escalation_active: 'yes', ind_call_again: true };
    expect(formErrors(StepSchema, body)).toEqual({
      escalation_active: ['Escalation active state is required'],
      ind_call_again: ['Call again indicator is required'],
    });
    expect(formErrors(StepSchema, { ...stepFormBody(values()), next_followup_time: '1.5' }).next_followup_time).toEqual(
      ['Must be a whole number'],
    );
    expect(formErrors(StepSchema, { ...stepFormBody(values()), resource_id: 'x' }).resource_id).toEqual([
      'Must be a valid id',
    ]);
    expect(formErrors(StepSchema, { ...stepFormBody(values()), extra: 1 }).extra).toEqual(['Unknown field']);
  });

  it('accepts the day unit of the spec bounded to one day', () => {
    expect(
      validate(StepSchema, { ...stepFormBody(values()), next_followup_time: 1, next_followup_time_mult: 'D' }).success,
    ).toBe(true);
    expect(
      formErrors(StepSchema, { ...stepFormBody(values()), next_followup_time: 2, next_followup_time_mult: 'D' })
        .next_followup_time,
    ).toEqual(['Next Follow Up Time cannot exceed 1']);
  });
});

describe('the step form as it changes (docs/product.md#states-and-transitions)', () => {
  it('defaults the follow-up to 15 for an agent and 0 for any other type (docs/product.md#entities)', () => {
    expect(defaultFollowUp(AGENT)).toBe(15);
    expect(defaultFollowUp(SUPERVISOR)).toBe(0);
    expect(defaultFollowUp(null)).toBe(0);
    expect(changeStepForm(emptyStepForm(7), 'participation_type_id', AGENT)).toMatchObject({
      next_followup_time: '15',
      next_followup_time_mult: 'M',
    });
  });

  it('forces 0 and unit M on choosing supervisor, hides them, and gives an agent its 15 back', () => {
    let form = values({ next_followup_time: '2', next_followup_time_mult: 'H' });
    form = changeStepForm(form, 'participation_type_id', SUPERVISOR);
    expect(form).toMatchObject({ next_followup_time: '0', next_followup_time_mult: 'M' });
    expect(stepFormLayout(form, 'create').hasFollowUp).toBe(false);
    expect(errorsOf(form)).toEqual({});
    form = changeStepForm(form, 'participation_type_id', AGENT);
    expect(form).toMatchObject({ next_followup_time: '15', next_followup_time_mult: 'M' });
    expect(stepFormLayout(form, 'create').hasFollowUp).toBe(true);
    expect(errorsOf(form)).toEqual({});
  });

  it('switches units back and forth, checking each against its own bounds', () => {
    let form = values({ next_followup_time: '30' });
    expect(errorsOf(form)).toEqual({});
    form = changeStepForm(form, 'next_followup_time_mult', 'H');
    expect(errorsOf(form).next_followup_time).toEqual(['Next Follow Up Time cannot exceed 24']);
    form = changeStepForm(form, 'next_followup_time', '2');
    expect(errorsOf(form)).toEqual({});
    form = changeStepForm(form, 'next_followup_time_mult', 'M');
    expect(errorsOf(form).next_followup_time).toEqual(['Next Follow Up Time must be at least 15']);
  });

  it('shows max attempts only while call again is on, proposes 1, and sends 0 when off', () => {
    let form = values();
    expect(stepFormLayout(form, 'create').hasMaxAttempts).toBe(false);
    form = changeStepForm(form, 'ind_call_again', 'Y');
    expect(form.max_attemp_number).toBe('1');
    expect(stepFormLayout(form, 'create').hasMaxAttempts).toBe(true);
    form = changeStepForm(form, 'max_attemp_number', '3');
    expect(validate(StepSchema, stepFormBody(form))).toMatchObject({
      success: true,
      output: { ind_call_again: 'Y', max_attemp_number: 3 },
    });
    form = changeStepForm(form, 'ind_call_again', 'N');
    expect(form.max_attemp_number).toBe('');
    expect(stepFormBody(form).max_attemp_number).toBe(0);
  });

  it('sends only what the Calls choice names, whatever the other field still holds', () => {
    const both = values({ resource_id: 3, schedule_id: 9 });
    expect(stepFormBody(both)).toMatchObject({ resource_id: 3, schedule_id: null });
    expect(stepFormBody({ ...both, calls: 'schedule' })).toMatchObject({ resource_id: null, schedule_id: 9 });
    expect(validate(StepSchema, stepFormBody({ ...both, calls: 'schedule' }))).toMatchObject({
      success: true,
      output: { resource_id: null, schedule_id: 9 },
    });
  });

  it('starts on Resource; choosing Schedule shows its select and clears the resource, and back', () => {
    let form = values();
    expect(form.calls).toBe('resource');
    expect(stepFormLayout(form, 'create').callsSchedule).toBe(false);
    form = changeStepForm(form, 'calls', 'schedule');
    expect(form).toMatchObject({ calls: 'schedule', resource_id: null, schedule_id: null });
    expect(stepFormLayout(form, 'create').callsSchedule).toBe(true);
    form = changeStepForm(form, 'schedule_id', 9);
    expect(errorsOf(form)).toEqual({});
    // choosing the same again changes nothing
    expect(changeStepForm(form, 'calls', 'schedule')).toMatchObject({ schedule_id: 9 });
    form = changeStepForm(form, 'calls', 'resource');
    expect(form).toMatchObject({ calls: 'resource', resource_id: null, schedule_id: null });
    expect(errorsOf(form)).toEqual({ resource_id: ['Resource ID is required'] });
  });

  it('shows the status only when editing (docs/product.md#states-and-transitions)', () => {
    expect(stepFormLayout(values(), 'create').hasStatus).toBe(false);
    expect(stepFormLayout(values(), 'edit').hasStatus).toBe(true);
  });

  it('masks attempts to 2 digits and follow-ups to 4 (docs/product.md#validation-rules)', () => {
    expect(maskDigits('1a2b3', 2)).toBe('12');
    expect(maskDigits('14400', 4)).toBe('1440');
  });

  it('counts a follow-up in minutes for the engine', () => {
    expect(followUpMinutes({ next_followup_time: 15, next_followup_time_mult: 'M' })).toBe(15);
    expect(followUpMinutes({ next_followup_time: 2, next_followup_time_mult: 'H' })).toBe(120);
    expect(followUpMinutes({ next_followup_time: 1, next_followup_time_mult: 'D' })).toBe(1440);
  });
});
