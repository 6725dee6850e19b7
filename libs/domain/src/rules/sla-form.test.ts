import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Sla } from '../entities/sla';
import { recordFormErrors } from '../machines/record-form/record-form.machine';
import { slaFormInput, slaFormMachine } from '../machines/sla-form/sla-form';
import { deferredActor } from '../machines/test-actors';
import {
  emptySlaForm,
  slaCreateBody,
  slaFormErrors,
  slaFormFields,
  slaFormFromSla,
  slaResponseTimeLabel,
  slaResponseTimeMask,
  slaUpdateBody,
  type SlaFormValues,
} from './sla-form';

const standard: Sla = {
  id: 2,
  sla_id: 2,
  sla_name: 'Standard response',
  sla_desc: 'Accepted within 15 minutes',
  sla_active: 'Y',
  sla_response_time: 15,
  sla_response_time_mult: 'M',
  sla_createby: 'root@democompany.demo',
  sla_createdt: '2026-01-05T14:00:00.000Z',
  sla_updateby: null,
  sla_updatedt: null,
};

const filled = (values: Partial<SlaFormValues>): SlaFormValues => ({
  ...emptySlaForm(),
  sla_name: 'Gold',
  sla_response_time: '30',
  ...values,
});

describe('SLA modal values and layout (docs/product.md#slas, #entities, #states-and-transitions, #constants-and-limits)', () => {
  it('starts in minutes and inactive; fills an edit from the SLA', () => {
    expect(emptySlaForm()).toEqual({
      sla_name: '',
      sla_desc: '',
      sla_response_time: '',
      sla_response_time_mult: 'M',
      sla_active: 'N',
    });
    expect(slaFormFromSla(standard)).toEqual({
      sla_name: 'Standard response',
      sla_desc: 'Accepted within 15 minutes',
      sla_response_time: '15',
      sla_response_time_mult: 'M',
      sla_active: 'Y',
    });
  });

  it('shows the status only on edit', () => {
    expect(slaFormFields('create')).toEqual(['sla_name', 'sla_desc', 'sla_response_time', 'sla_response_time_mult']);
    expect(slaFormFields('edit')).toContain('sla_active');
  });

  it('keeps two digits of the response time and shows it with its unit', () => {
    expect(slaResponseTimeMask('1a2b3')).toBe('12');
    expect(slaResponseTimeMask('-5')).toBe('5');
    expect(slaResponseTimeLabel(standard)).toBe('15 Minute(s)');
    expect(slaResponseTimeLabel({ sla_response_time: 1, sla_response_time_mult: 'H' })).toBe('1 Hour(s)');
  });
});

describe('SLA modal rules', () => {
  it("asks for a name and a response time of 1 to 99 with the server's messages", () => {
    expect(slaFormErrors(emptySlaForm(), 'create')).toEqual({
      sla_name: ['Name is required'],
      sla_response_time: ['Response time is required'],
    });
    expect(slaFormErrors(filled({ sla_response_time: '0' }), 'create')).toEqual({
      sla_response_time: ['Response time must be a whole number from 1 to 99'],
    });
    expect(slaFormErrors(filled({ sla_response_time: '1' }), 'create')).toEqual({});
    expect(slaFormErrors(filled({ sla_response_time: '99' }), 'edit')).toEqual({});
    expect(slaFormErrors(filled({ sla_desc: 'x'.repeat(1001) }), 'create')).toHaveProperty('sla_desc');
  });

  it('makes the bodies: the number, the unit, the status only on edit', () => {
    expect(slaCreateBody(filled({ sla_response_time_mult: 'H', sla_active: 'Y' }))).toEqual({
      sla_name: 'Gold',
      sla_desc: '',
      sla_response_time: 30,
      sla_response_time_mult: 'H',
    });
    expect(slaUpdateBody(filled({ sla_active: 'Y' }))).toEqual({
      sla_name: 'Gold',
      sla_desc: '',
      sla_response_time: 30,
      sla_response_time_mult: 'M',
      sla_active: 'Y',
    });
    expect(() => slaCreateBody(emptySlaForm())).toThrow('Name is required');
  });

  it('runs on the record form: no save until valid', () => {
    const save = deferredActor<Sla, SlaFormValues>();
    const actor = createActor(slaFormMachine.provide({ actors: { save: save.actor } }), {
      input: slaFormInput('edit', slaFormFromSla(standard)),
    }).start();
    actor.send({ type: 'CHANGE', field: 'sla_response_time', value: '' });
    actor.send({ type: 'SUBMIT' });
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({ sla_response_time: ['Response time is required'] });
    actor.send({ type: 'CHANGE', field: 'sla_response_time', value: '45' });
    actor.send({ type: 'CHANGE', field: 'sla_active', value: 'N' });
    actor.send({ type: 'SUBMIT' });
    expect(slaUpdateBody(save.calls[0]!)).toMatchObject({ sla_response_time: 45, sla_active: 'N' });
  });
});
