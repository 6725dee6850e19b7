import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Application } from '../../entities/application';
import type { Module } from '../../entities/module';
import type { ApplicationFormValues } from '../../rules/application-form';
import { emptyModuleForm, type ModuleFormValues } from '../../rules/module-form';
import type { IncidentSimulationValues } from '../../rules/incident-simulation';
import { recordFormErrors } from '../record-form/record-form.machine';
import { deferredActor, tick } from '../test-actors';
import {
  applicationFormInput,
  applicationFormMachine,
  incidentSimulationInput,
  incidentSimulationMachine,
  moduleFormInput,
  moduleFormMachine,
} from './catalogue-forms';

describe('catalogue modals on the record-form machine', () => {
  it('saves an application only once named', () => {
    const save = deferredActor<Application, ApplicationFormValues>();
    const actor = createActor(applicationFormMachine.provide({ actors: { save: save.actor } }), {
      input: applicationFormInput('create'),
    }).start();
    actor.send({ type: 'SUBMIT' });
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({ application_name: ['Name is required'] });
    actor.send({ type: 'CHANGE', field: 'application_name', value: 'Shop' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.calls).toEqual([{ application_name: 'Shop', application_active: 'Y' }]);
  });

  it('saves a module with an offered escalation and SLA', async () => {
    const save = deferredActor<Module, ModuleFormValues>();
    const setup = {
      mode: 'create' as const,
      escalations: [{ escalation_id: 3, escalation_name: 'Demo on-call' }],
      slas: [{ sla_id: 5, sla_name: 'Standard response' }],
    };
    const actor = createActor(moduleFormMachine.provide({ actors: { save: save.actor } }), {
      input: moduleFormInput(setup, emptyModuleForm({ application_id: 2 })),
    }).start();
    actor.send({ type: 'CHANGE', field: 'module_name', value: 'Checkout' });
    actor.send({ type: 'CHANGE', field: 'escalation_id', value: 4 });
    actor.send({ type: 'CHANGE', field: 'sla_id', value: 5 });
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({
      escalation_id: ['Choose an active escalation whose configuration is complete'],
    });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'CHANGE', field: 'escalation_id', value: 3 });
    actor.send({ type: 'SUBMIT' });
    expect(save.calls[0]).toMatchObject({ module_name: 'Checkout', application_id: 2, escalation_id: 3, sla_id: 5 });
    save.reject(new Error('conflict'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('sends a simulation only when valid and keeps the answer', async () => {
    const save = deferredActor<readonly { status: string; message: string }[], IncidentSimulationValues>();
    const actor = createActor(incidentSimulationMachine.provide({ actors: { save: save.actor } }), {
      input: incidentSimulationInput(),
    }).start();
    actor.send({ type: 'CHANGE', field: 'incident', value: 'short' });
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({
      incident: ['The Incident field must be at least 10 characters long'],
    });
    actor.send({ type: 'CHANGE', field: 'incident', value: 'Disk almost full on db-1' });
    actor.send({ type: 'CHANGE', field: 'description', value: 'The data disk is 95% full.' });
    actor.send({ type: 'SUBMIT' });
    save.resolve([{ status: '200', message: 'The incident was sent' }]);
    await tick();
    expect(actor.getSnapshot().context.saved).toEqual([{ status: '200', message: 'The incident was sent' }]);
  });
});
