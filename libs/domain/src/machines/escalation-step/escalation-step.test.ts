import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { EscalationStep, StepSaveAnswer } from '../../entities/escalation';
import {
  PARTICIPATION,
  STEP_MESSAGES,
  StepSchema,
  emptyStepForm,
  stepFormBody,
  stepFormLayout,
  type StepFormValues,
} from '../../rules/escalation-step';
import { validate } from '../../rules/validation';
import { recordFormErrors } from '../record-form/record-form.machine';
import { deferredActor, tick } from '../test-actors';
import {
  channelOptions,
  followUpText,
  participationTypeOptions,
  resourceOptions,
  stepFormCanSave,
  stepFormFromStep,
  stepFormInput,
  stepFormMachine,
} from './escalation-step';

const { agent: AGENT, supervisor: SUPERVISOR } = PARTICIPATION;

class FieldFailure extends Error {
  constructor(readonly fields: Record<string, string[]>) {
    super(Object.values(fields)[0]?.[0] ?? 'failed');
  }
}
const fieldErrorsOf = (error: unknown) => (error instanceof FieldFailure ? error.fields : {});

function start(values: StepFormValues = emptyStepForm(7)) {
  const save = deferredActor<StepSaveAnswer, StepFormValues>();
  const actor = createActor(stepFormMachine.provide({ actors: { save: save.actor } }), {
    input: stepFormInput(values, fieldErrorsOf),
  }).start();
  const set = <K extends keyof StepFormValues>(field: K, value: StepFormValues[K]) =>
    actor.send({ type: 'CHANGE', field, value } as Parameters<typeof actor.send>[0]);
  const context = () => actor.getSnapshot().context;
  return {
    actor,
    save,
    set,
    values: () => context().values,
    errors: () => recordFormErrors(context()),
    canSave: () => stepFormCanSave(context()),
    layout: (mode: 'create' | 'edit' = 'create') => stepFormLayout(context().values, mode),
  };
}

/** A form with an agent on SMS for resource 3: valid with its default follow-up. */
/** The step agentForm fills in: escalation 7, an agent, SMS (2), resource 3. */
const AGENT_STEP = { escalation_id: 7, participation_type_id: AGENT, channel_id: 2, resource_id: 3 } as const;

function agentForm() {
  const form = start();
  form.set('participation_type_id', AGENT_STEP.participation_type_id);
  form.set('channel_id', AGENT_STEP.channel_id);
  form.set('resource_id', AGENT_STEP.resource_id);
  return form;
}

const storedStep = (patch: Partial<EscalationStep> = {}): EscalationStep => ({
  id: 11,
  escalation_resource_id: 11,
  escalation: { escalation_id: 7 },
  participation_type: { participation_type_id: AGENT, participation_type_desc: 'agent' },
  channel: { channel_id: 1, channel_desc: 'voice call' },
  resource: { resource_id: 3, resource_fullname: 'Ana Torres' },
  schedule: null,
  escalation_priority_orden: 1,
  escalation_active: 'Y',
  ind_call_again: 'Y',
  max_attemp_number: 3,
  next_followup_time: 2,
  next_followup_time_mult: 'H',
  escalation_last_in_line: 'Y',
  escalation_resource_createby: 'root@demo',
  escalation_resource_createdt: '2026-01-01T00:00:00Z',
  escalation_resource_updateby: 'root@demo',
  escalation_resource_updatedt: '2026-01-01T00:00:00Z',
  ...patch,
});

describe('the escalation step form (docs/product.md#escalation-steps, #states-and-transitions, #validation-rules)', () => {
  it('opens empty with Save disabled and no message until a field is touched', () => {
    const form = start();
    expect(form.canSave()).toBe(false);
    expect(form.errors()).toEqual({});
    expect(form.values()).toMatchObject({ escalation_active: 'Y', ind_call_again: 'N', next_followup_time_mult: 'M' });
  });

  it('names each required id with its spec message once a save is asked for', () => {
    const form = start(emptyStepForm(null));
    form.actor.send({ type: 'SUBMIT' });
    expect(form.actor.getSnapshot().value).toBe('editing');
    expect(form.errors()).toMatchObject({
      escalation_id: [STEP_MESSAGES.escalationRequired],
      participation_type_id: [STEP_MESSAGES.participationTypeRequired],
      channel_id: [STEP_MESSAGES.channelRequired],
      resource_id: [STEP_MESSAGES.resourceRequired],
    });
    expect(form.save.calls).toEqual([]);
  });

  it('shows a field rule as soon as that field changes (checked on every change)', () => {
    const form = start();
    form.set('participation_type_id', null);
    expect(form.errors()).toEqual({ participation_type_id: [STEP_MESSAGES.participationTypeRequired] });
    form.set('channel_id', null);
    expect(form.errors().channel_id).toEqual([STEP_MESSAGES.channelRequired]);
    form.set('resource_id', null);
    expect(form.errors().resource_id).toEqual([STEP_MESSAGES.resourceRequired]);
  });

  it('defaults the follow-up to 15 minutes for an agent and makes Save possible', () => {
    const form = agentForm();
    expect(form.values()).toMatchObject({ next_followup_time: '15', next_followup_time_mult: 'M' });
    expect(form.canSave()).toBe(true);
    expect(form.layout()).toMatchObject({ hasFollowUp: true, hasMaxAttempts: false, hasStatus: false });
  });

  it.each([
    ['', STEP_MESSAGES.followUpRequired],
    ['14', 'Next Follow Up Time must be at least 15'],
    ['15', null],
    ['1440', null],
    ['1441', 'Next Follow Up Time cannot exceed 1440'],
    ['0', 'Next Follow Up Time must be at least 15'],
  ])('minutes: %s → %s', (time, message) => {
    const form = agentForm();
    form.set('next_followup_time', time);
    expect(form.errors().next_followup_time).toEqual(message ? [message] : undefined);
    expect(form.canSave()).toBe(message === null);
  });

  it.each([
    ['', STEP_MESSAGES.followUpRequired],
    ['0', 'Next Follow Up Time must be at least 1'],
    ['1', null],
    ['24', null],
    ['25', 'Next Follow Up Time cannot exceed 24'],
  ])('hours: %s → %s', (time, message) => {
    const form = agentForm();
    form.set('next_followup_time_mult', 'H');
    form.set('next_followup_time', time);
    expect(form.errors().next_followup_time).toEqual(message ? [message] : undefined);
    expect(form.canSave()).toBe(message === null);
  });

  it('requires the unit of an agent step', () => {
    const form = agentForm();
    form.set('next_followup_time_mult', '');
    expect(form.errors().next_followup_time_mult).toEqual([STEP_MESSAGES.unitRequired]);
    expect(form.canSave()).toBe(false);
  });

  it('switches the unit back and forth, checking the same number against each unit', () => {
    const form = agentForm();
    form.set('next_followup_time', '30');
    expect(form.canSave()).toBe(true);
    form.set('next_followup_time_mult', 'H');
    expect(form.errors().next_followup_time).toEqual(['Next Follow Up Time cannot exceed 24']);
    form.set('next_followup_time_mult', 'M');
    expect(form.errors().next_followup_time).toBeUndefined();
    form.set('next_followup_time', '10');
    expect(form.errors().next_followup_time).toEqual(['Next Follow Up Time must be at least 15']);
    form.set('next_followup_time_mult', 'H');
    expect(form.canSave()).toBe(true);
    form.set('next_followup_time_mult', 'M');
    expect(form.errors().next_followup_time).toEqual(['Next Follow Up Time must be at least 15']);
    form.set('next_followup_time_mult', 'H');
    expect(form.canSave()).toBe(true);
  });

  it('forces follow-up 0 with unit M for a supervisor, hides those fields, and gives an agent 15 again', () => {
    const form = agentForm();
    form.set('next_followup_time_mult', 'H');
    form.set('next_followup_time', '25');
    expect(form.canSave()).toBe(false);
    form.set('participation_type_id', SUPERVISOR);
    expect(form.values()).toMatchObject({ next_followup_time: '0', next_followup_time_mult: 'M' });
    expect(form.layout().hasFollowUp).toBe(false);
    expect(form.errors()).toEqual({});
    expect(form.canSave()).toBe(true);
    expect(stepFormBody(form.values())).toMatchObject({ next_followup_time: 0, next_followup_time_mult: 'M' });
    form.set('participation_type_id', AGENT);
    expect(form.values()).toMatchObject({ next_followup_time: '15', next_followup_time_mult: 'M' });
    expect(form.layout().hasFollowUp).toBe(true);
    expect(form.canSave()).toBe(true);
    form.set('participation_type_id', SUPERVISOR);
    form.set('participation_type_id', null);
    expect(form.errors().participation_type_id).toEqual([STEP_MESSAGES.participationTypeRequired]);
    expect(form.layout().hasFollowUp).toBe(true);
    expect(form.canSave()).toBe(false);
  });

  it.each([
    ['', STEP_MESSAGES.maxAttemptsRequired],
    ['0', STEP_MESSAGES.maxAttemptsMin],
    ['1', null],
    ['5', null],
    ['6', STEP_MESSAGES.maxAttemptsMax],
  ])('call again on, attempts %s → %s', (attempts, message) => {
    const form = agentForm();
    form.set('ind_call_again', 'Y');
    form.set('max_attemp_number', attempts);
    expect(form.errors().max_attemp_number).toEqual(message ? [message] : undefined);
    expect(form.canSave()).toBe(message === null);
  });

  it('shows max attempts only with call again on, proposes 1, and sends 0 once it is off', () => {
    const form = agentForm();
    expect(form.layout().hasMaxAttempts).toBe(false);
    form.set('ind_call_again', 'Y');
    expect(form.values().max_attemp_number).toBe('1');
    expect(form.layout().hasMaxAttempts).toBe(true);
    form.set('max_attemp_number', '6');
    expect(form.canSave()).toBe(false);
    form.set('ind_call_again', 'N');
    expect(form.layout().hasMaxAttempts).toBe(false);
    expect(form.errors().max_attemp_number).toBeUndefined();
    expect(form.canSave()).toBe(true);
    expect(stepFormBody(form.values()).max_attemp_number).toBe(0);
    form.set('ind_call_again', 'Y');
    expect(form.values().max_attemp_number).toBe('1');
  });

  it('saves the body the server parses and keeps the answer', async () => {
    const form = agentForm();
    form.set('ind_call_again', 'Y');
    form.set('max_attemp_number', '3');
    form.actor.send({ type: 'SUBMIT' });
    expect(form.actor.getSnapshot().value).toBe('saving');
    expect(validate(StepSchema, stepFormBody(form.save.calls[0]!))).toMatchObject({
      success: true,
      output: {
        ...AGENT_STEP,
        ind_call_again: 'Y',
        max_attemp_number: 3,
        next_followup_time: 15,
        next_followup_time_mult: 'M',
      },
    });
    const answer: StepSaveAnswer = { feedback: 'saved', status: 1, escalation_resource: storedStep() };
    form.save.resolve(answer);
    await tick();
    expect(form.actor.getSnapshot().value).toBe('saved');
    expect(form.actor.getSnapshot().context.saved).toEqual(answer);
  });

  it('keeps the server messages of a refused save on their field until it changes', async () => {
    const form = agentForm();
    form.actor.send({ type: 'SUBMIT' });
    form.save.reject(new FieldFailure({ resource_id: ['Resource not found'] }));
    await tick();
    expect(form.actor.getSnapshot().value).toBe('failed');
    expect(form.errors().resource_id).toEqual(['Resource not found']);
    form.set('resource_id', 4);
    expect(form.errors().resource_id).toBeUndefined();
  });

  it('opens a stored step as its values: status shown, attempts kept, a supervisor at 0 M, a day as 24 hours', () => {
    const form = start(stepFormFromStep(storedStep()));
    expect(form.values()).toMatchObject({
      ind_call_again: 'Y',
      max_attemp_number: '3',
      next_followup_time: '2',
      next_followup_time_mult: 'H',
    });
    expect(form.layout('edit')).toEqual({
      callsSchedule: false,
      hasMaxAttempts: true,
      hasFollowUp: true,
      hasStatus: true,
    });
    expect(form.canSave()).toBe(true);
    const supervisor = stepFormFromStep(
      storedStep({
        participation_type: { participation_type_id: SUPERVISOR, participation_type_desc: 'supervisor' },
        ind_call_again: 'N',
        max_attemp_number: 0,
        next_followup_time: 0,
        next_followup_time_mult: 'M',
      }),
    );
    expect(supervisor).toMatchObject({ max_attemp_number: '', next_followup_time: '0', next_followup_time_mult: 'M' });
    expect(start(supervisor).canSave()).toBe(true);
    expect(stepFormFromStep(storedStep({ next_followup_time: 1, next_followup_time_mult: 'D' }))).toMatchObject({
      next_followup_time: '24',
      next_followup_time_mult: 'H',
    });
  });

  it('calls a schedule instead: its own message on the Schedule select, and a body with only the schedule', async () => {
    const form = agentForm();
    form.set('calls', 'schedule');
    expect(form.values()).toMatchObject({ calls: 'schedule', resource_id: null, schedule_id: null });
    expect(form.layout().callsSchedule).toBe(true);
    expect(form.canSave()).toBe(false);
    // nothing typed into the select yet: no message until a save is asked for
    expect(form.errors()).toEqual({});
    form.actor.send({ type: 'SUBMIT' });
    expect(form.errors()).toEqual({ schedule_id: [STEP_MESSAGES.scheduleRequired] });
    form.set('schedule_id', 12);
    expect(form.errors()).toEqual({});
    expect(form.canSave()).toBe(true);
    form.actor.send({ type: 'SUBMIT' });
    expect(validate(StepSchema, stepFormBody(form.save.calls[0]!))).toMatchObject({
      success: true,
      output: { ...AGENT_STEP, resource_id: null, schedule_id: 12 },
    });
    form.save.reject(new FieldFailure({ schedule_id: ['Schedule not found'] }));
    await tick();
    expect(form.errors().schedule_id).toEqual(['Schedule not found']);
    form.set('calls', 'resource');
    expect(form.values()).toMatchObject({ calls: 'resource', resource_id: null, schedule_id: null });
    expect(form.layout().callsSchedule).toBe(false);
    expect(form.errors().resource_id).toEqual([STEP_MESSAGES.resourceRequired]);
  });

  it('opens a stored step that calls a schedule with Schedule chosen', () => {
    const form = start(
      stepFormFromStep(storedStep({ resource: null, schedule: { schedule_id: 12, schedule_name: 'Night desk' } })),
    );
    expect(form.values()).toMatchObject({ calls: 'schedule', resource_id: null, schedule_id: 12 });
    expect(form.layout('edit').callsSchedule).toBe(true);
    expect(form.canSave()).toBe(true);
    expect(stepFormFromStep(storedStep()).calls).toBe('resource');
  });

  it('edits the status of a stored step', () => {
    const form = start(stepFormFromStep(storedStep()));
    form.set('escalation_active', 'N');
    expect(form.canSave()).toBe(true);
    expect(stepFormBody(form.values()).escalation_active).toBe('N');
  });
});

describe('the step modal options and columns', () => {
  it("lists options after a null placeholder and keeps an edited step's own resource", () => {
    expect(participationTypeOptions([{ participation_type_id: 1, participation_type_desc: 'agent' }])).toEqual([
      { value: null, text: 'Select Participation Type' },
      { value: 1, text: 'agent' },
    ]);
    expect(channelOptions([{ channel_id: 3, channel_desc: 'e-mail' }])[1]).toEqual({ value: 3, text: 'e-mail' });
    const listed = [{ resource_id: 4, resource_fullname: 'Luis' }];
    expect(
      resourceOptions(listed, { resource_id: 3, resource_fullname: 'Ana Torres' }).map((option) => option.value),
    ).toEqual([null, 3, 4]);
    expect(
      resourceOptions(listed, { resource_id: 4, resource_fullname: 'Luis' }).map((option) => option.value),
    ).toEqual([null, 4]);
  });

  it('reads the follow-up as a number and its unit, empty for a supervisor', () => {
    expect(followUpText(storedStep())).toBe('2 Hour(s)');
    expect(followUpText(storedStep({ next_followup_time: 15, next_followup_time_mult: 'M' }))).toBe('15 Minute(s)');
    expect(
      followUpText(
        storedStep({
          participation_type: { participation_type_id: SUPERVISOR, participation_type_desc: 'supervisor' },
        }),
      ),
    ).toBe('');
  });
});
