import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Escalation } from '../../entities/escalation';
import { recordFormErrors } from '../record-form/record-form.machine';
import { deferredActor, tick } from '../test-actors';
import {
  escalationFormMachine,
  escalationFormInput,
  escalationFormFields,
  escalationFormFromEscalation,
  escalationCreateBody,
  escalationUpdateBody,
  type EscalationFormMode,
  type EscalationFormValues,
} from './escalation-form';

const stored: Escalation = {
  id: 4,
  escalation_id: 4,
  customer_id: 2,
  escalation_name: 'Night shift',
  escalation_desc: 'Out of hours',
  escalation_active: 'Y',
  escalation_validate: 'N',
  resources: '',
  escalation_createby: 'root@demo',
  escalation_createdt: '2026-01-01T00:00:00Z',
  escalation_updateby: null,
  escalation_updatedt: null,
};

function start(mode: EscalationFormMode, values?: EscalationFormValues) {
  const save = deferredActor<Escalation, EscalationFormValues>();
  const actor = createActor(escalationFormMachine.provide({ actors: { save: save.actor } }), {
    input: escalationFormInput(mode, values),
  }).start();
  return { actor, save, errors: () => recordFormErrors(actor.getSnapshot().context) };
}

describe('the escalation form (docs/product.md#escalations)', () => {
  it('requires a name of at most 100 characters and a description of at most 1000', () => {
    const form = start('create');
    form.actor.send({ type: 'SUBMIT' });
    expect(form.errors().escalation_name).toEqual(['Name is required']);
    form.actor.send({ type: 'CHANGE', field: 'escalation_name', value: 'x'.repeat(101) });
    expect(form.errors().escalation_name).toHaveLength(1);
    form.actor.send({ type: 'CHANGE', field: 'escalation_desc', value: 'x'.repeat(1001) });
    expect(form.errors().escalation_desc).toHaveLength(1);
    expect(form.save.calls).toEqual([]);
  });

  it('creates without a status and sends the trimmed name', async () => {
    const form = start('create');
    form.actor.send({ type: 'CHANGE', field: 'escalation_name', value: '  Night shift ' });
    form.actor.send({ type: 'SUBMIT' });
    expect(escalationCreateBody(form.save.calls[0]!)).toEqual({ escalation_name: 'Night shift', escalation_desc: '' });
    form.save.resolve(stored);
    await tick();
    expect(form.actor.getSnapshot().context.saved).toEqual(stored);
    expect(escalationFormFields('create')).not.toContain('escalation_active');
  });

  it('edits the status of a stored escalation', () => {
    const form = start('edit', escalationFormFromEscalation(stored));
    form.actor.send({ type: 'CHANGE', field: 'escalation_active', value: 'N' });
    form.actor.send({ type: 'SUBMIT' });
    expect(escalationUpdateBody(form.save.calls[0]!)).toMatchObject({
      escalation_name: 'Night shift',
      escalation_active: 'N',
    });
    expect(escalationFormFields('edit')).toContain('escalation_active');
  });
});
