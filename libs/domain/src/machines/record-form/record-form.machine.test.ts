import { describe, expect, expectTypeOf, it } from 'vitest';
import { createActor } from 'xstate';
import { CustomerCreateSchema } from '../../entities/customer';
import { formErrors } from '../../rules/validation';
import { deferredActor, tick } from '../test-actors';
import {
  recordFormErrors,
  recordFormMachine,
  recordFormMachineFor,
  type FieldErrors,
  type FormErrors,
  type RecordValues,
} from './record-form.machine';

/** A failed save as the api client reports a 422: messages per field. */
class FieldFailure extends Error {
  constructor(readonly fields: FieldErrors) {
    super(Object.values(fields)[0]?.[0] ?? 'failed');
  }
}
const fieldErrorsOf = (error: unknown): FieldErrors => (error instanceof FieldFailure ? error.fields : {});

function start(values: RecordValues = { customer_name: '', customer_qty_resources: '10' }) {
  const save = deferredActor<unknown, RecordValues>();
  const actor = createActor(recordFormMachine.provide({ actors: { save: save.actor } }), {
    input: { values, validate: (input) => formErrors(CustomerCreateSchema, input), fieldErrorsOf },
  }).start();
  const errors = () => recordFormErrors(actor.getSnapshot().context);
  return { actor, save, errors };
}

describe('record form machine', () => {
  it('shows no message before a field is typed into or a save is asked for', () => {
    const { actor, errors } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(errors()).toEqual({});
  });

  it("shows a field's messages once it is typed into, with the schema's exact texts", () => {
    const { actor, errors } = start();
    actor.send({ type: 'CHANGE', field: 'customer_qty_resources', value: '1.5' });
    expect(errors()).toEqual({
      customer_qty_resources: ['The resource quota must be a whole number from 0 to 100000'],
    });
    actor.send({ type: 'CHANGE', field: 'customer_name', value: '  ' });
    expect(errors().customer_name).toEqual(['Customer name is required']);
  });

  it('refuses an invalid save and then shows every failed rule', () => {
    const { actor, save, errors } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.attempted).toBe(true);
    expect(save.calls).toHaveLength(0);
    expect(errors()).toEqual({ customer_name: ['Customer name is required'] });
  });

  it('saves valid values and ends saved with the answer', async () => {
    const { actor, save } = start();
    actor.send({ type: 'CHANGE', field: 'customer_name', value: 'Acme' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.calls).toEqual([{ customer_name: 'Acme', customer_qty_resources: '10' }]);
    save.resolve({ customer_id: 7 });
    await tick();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.saved).toEqual({ customer_id: 7 });
  });

  it('keeps the server field messages on the form after a failed save', async () => {
    const { actor, save, errors } = start({ customer_name: 'Acme', customer_qty_resources: 10 });
    actor.send({ type: 'SUBMIT' });
    save.reject(new FieldFailure({ customer_name: ['A customer with this name already exists'] }));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('A customer with this name already exists');
    expect(errors()).toEqual({ customer_name: ['A customer with this name already exists'] });
    // another field changing leaves it; the field itself changing clears it
    actor.send({ type: 'CHANGE', field: 'customer_qty_resources', value: '12' });
    expect(errors().customer_name).toEqual(['A customer with this name already exists']);
    actor.send({ type: 'CHANGE', field: 'customer_name', value: 'Acme Two' });
    expect(errors()).toEqual({});
  });

  it('keeps a failure without field messages as text only', async () => {
    const { actor, save, errors } = start({ customer_name: 'Acme', customer_qty_resources: 10 });
    actor.send({ type: 'SUBMIT' });
    save.reject(new Error('We have a problem'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('We have a problem');
    expect(errors()).toEqual({});
  });

  it('retries from failed and clears the last failure', async () => {
    const { actor, save } = start({ customer_name: 'Acme', customer_qty_resources: 10 });
    actor.send({ type: 'SUBMIT' });
    save.reject(new FieldFailure({ customer_name: ['A customer with this name already exists'] }));
    await tick();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, serverErrors: {} });
    expect(save.calls).toHaveLength(2);
    save.resolve({});
    await tick();
    expect(actor.getSnapshot().value).toBe('saved');
  });

  it('refuses a save from failed while a field is invalid', async () => {
    const { actor, save } = start({ customer_name: 'Acme', customer_qty_resources: 10 });
    actor.send({ type: 'SUBMIT' });
    save.reject(new Error('We have a problem'));
    await tick();
    actor.send({ type: 'CHANGE', field: 'customer_name', value: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(save.calls).toHaveLength(1);
  });

  it('ignores changes while saving', () => {
    const { actor } = start({ customer_name: 'Acme', customer_qty_resources: 10 });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', field: 'customer_name', value: 'Other' });
    expect(actor.getSnapshot().context.values.customer_name).toBe('Acme');
  });
});

interface PlanValues {
  plan_name: string;
  seats: number;
}
interface Plan {
  plan_id: number;
  plan_name: string;
}

describe('record form machine typed by its values', () => {
  const planMachine = recordFormMachineFor<PlanValues, Plan>();
  const rules = (values: PlanValues): FormErrors<PlanValues> => ({
    ...(values.plan_name.trim() ? {} : { plan_name: ['Plan name is required'] }),
    ...(values.seats >= 1 ? {} : { seats: ['The value must be greater than or equal to 1'] }),
  });

  it('is the same machine at run time as the untyped one', () => {
    expect(planMachine).toBe(recordFormMachine);
  });

  it('keeps typed values, typed changes and a typed saved answer', async () => {
    const save = deferredActor<Plan, PlanValues>();
    const actor = createActor(planMachine.provide({ actors: { save: save.actor } }), {
      input: { values: { plan_name: '', seats: 0 }, validate: rules },
    }).start();
    actor.send({ type: 'CHANGE', field: 'seats', value: 3 });
    // checked by the type checker only (never run): the events a typed form refuses
    const refused = () => {
      // @ts-expect-error a field the values do not have
      actor.send({ type: 'CHANGE', field: 'colour', value: 'red' });
      // @ts-expect-error a value of the wrong type for its field
      actor.send({ type: 'CHANGE', field: 'seats', value: 'three' });
    };
    expect(refused).toBeTypeOf('function');
    expectTypeOf(actor.getSnapshot().context.values).toEqualTypeOf<PlanValues>();
    expectTypeOf(recordFormErrors(actor.getSnapshot().context)).toEqualTypeOf<FormErrors<PlanValues>>();
    actor.send({ type: 'SUBMIT' });
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({ plan_name: ['Plan name is required'] });

    actor.send({ type: 'CHANGE', field: 'plan_name', value: 'Gold' });
    actor.send({ type: 'SUBMIT' });
    expect(save.calls).toEqual([{ plan_name: 'Gold', seats: 3 }]);
    expectTypeOf(save.calls[0]!).toEqualTypeOf<PlanValues>();
    save.resolve({ plan_id: 4, plan_name: 'Gold' });
    await tick();
    const saved = actor.getSnapshot().context.saved;
    expectTypeOf(saved).toEqualTypeOf<Plan | null>();
    expect(saved?.plan_id).toBe(4);
  });
});
