import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Customer } from '../../entities/customer';
import {
  customerFormFromCustomer,
  customerUpdateBody,
  type CustomerFormSetup,
  type CustomerFormValues,
} from '../../rules/customer-form';
import { recordFormErrors } from '../record-form/record-form.machine';
import { deferredActor, tick } from '../test-actors';
import { customerFormInput, customerFormMachine } from './customer-form';

const provider: Customer = {
  customer_id: 1,
  customer_name: 'Relevo',
  customer_active: 'Y',
  customer_qty_resources: 0,
  customer_createby: null,
  customer_createdt: '2026-01-01T00:00:00.000Z',
  customer_updateby: null,
  customer_updatedt: null,
};

function start(setup: CustomerFormSetup, values?: CustomerFormValues) {
  const save = deferredActor<Customer, CustomerFormValues>();
  const actor = createActor(customerFormMachine.provide({ actors: { save: save.actor } }), {
    input: customerFormInput(setup, values),
  }).start();
  return { actor, save, state: () => actor.getSnapshot(), errors: () => recordFormErrors(actor.getSnapshot().context) };
}

describe('customer modal flow (docs/product.md#user-lists, #states-and-transitions, #messages)', () => {
  it('creates with the default quota and hands the typed values to the save', async () => {
    const { actor, save, state, errors } = start({ mode: 'create', isProvider: false });
    actor.send({ type: 'SUBMIT' });
    expect(errors()).toEqual({ customer_name: ['Customer name is required'] });
    actor.send({ type: 'CHANGE', field: 'customer_name', value: 'Acme' });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('saving');
    expect(save.calls).toEqual([{ customer_name: 'Acme', customer_active: 'Y', customer_qty_resources: '10' }]);
    save.resolve({ ...provider, customer_id: 9, customer_name: 'Acme' });
    await tick();
    expect(state().context.saved?.customer_id).toBe(9);
  });

  it('does not save the provider organisation made inactive', () => {
    const { actor, save, state, errors } = start(
      { mode: 'edit', isProvider: true },
      customerFormFromCustomer(provider),
    );
    actor.send({ type: 'CHANGE', field: 'customer_active', value: 'N' });
    expect(errors()).toEqual({ customer_active: ['The provider organisation cannot be deleted or deactivated'] });
    actor.send({ type: 'SUBMIT' });
    expect(state().value).toBe('editing');
    expect(save.calls).toEqual([]);
    actor.send({ type: 'CHANGE', field: 'customer_qty_resources', value: '5' });
    actor.send({ type: 'CHANGE', field: 'customer_active', value: 'Y' });
    actor.send({ type: 'SUBMIT' });
    expect(customerUpdateBody(save.calls[0]!)).toEqual({
      customer_name: 'Relevo',
      customer_active: 'Y',
      customer_qty_resources: 5,
    });
  });
});
