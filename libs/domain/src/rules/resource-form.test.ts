import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { nationalPhone, resourcePhoneShown, type Resource } from '../entities/resource';
import { resourceFormInput, resourceFormMachine } from '../machines/resource-form/resource-form';
import { recordFormErrors } from '../machines/record-form/record-form.machine';
import { deferredActor } from '../machines/test-actors';
import {
  emptyResourceForm,
  languageOptions,
  resourceCreateBody,
  resourceFormErrors,
  resourceFormFields,
  resourceFormFromResource,
  resourceUpdateBody,
  type ResourceFormValues,
} from './resource-form';

const carlos: Resource = {
  id: 4,
  resource_id: 4,
  resource_fullname: 'Carlos Méndez',
  resource_active: 'Y',
  resource_email: null,
  language_id: 'ES',
  language: { language_id: 'ES', language_desc: 'Spanish' },
  resource_phone1: '7875550142',
  resource_country_phone1: 'PR',
  resource_phone2: '2025550123',
  resource_country_phone2: 'US',
  resource_createby: 'root@democompany.demo',
  resource_createdt: '2026-01-05T14:00:00.000Z',
  resource_updateby: null,
  resource_updatedt: null,
};

const filled = (values: Partial<ResourceFormValues>): ResourceFormValues => ({
  ...emptyResourceForm(),
  resource_fullname: 'Ana Torres',
  ...values,
});

describe('nationalPhone: E.164 to the national number and country the body sends (docs/product.md#entities, #constants-and-limits)', () => {
  it('splits numbers of the supported countries', () => {
    expect(nationalPhone('+17875550142')).toEqual({ national: '7875550142', country: 'PR' });
    expect(nationalPhone('+12025550123')).toEqual({ national: '2025550123', country: 'US' });
    expect(nationalPhone('+34612345678')).toEqual({ national: '612345678', country: 'ES' });
  });

  it('shows a stored phone with its country code, spaced', () => {
    expect(resourcePhoneShown('7875550142', 'PR')).toBe('+1 787 555 0142');
    expect(resourcePhoneShown(null, null)).toBe('');
  });

  it('refuses numbers that are not real, and countries outside the list', () => {
    expect(nationalPhone('+1787555')).toEqual({ error: 'Must be a valid phone number of the chosen country' });
    expect(nationalPhone('+447911123456')).toEqual({ error: 'Choose the country of the phone number' });
  });
});

describe('resource modal values and layout (docs/product.md#resources, #entities, #states-and-transitions)', () => {
  it('starts a new resource in the default language, active, with no phones', () => {
    expect(emptyResourceForm()).toEqual({
      resource_fullname: '',
      resource_email: '',
      language_id: 'ES',
      resource_phone1: '',
      resource_phone2: '',
      resource_active: 'Y',
    });
  });

  it('fills an edit from the stored resource, phones back in E.164', () => {
    expect(resourceFormFromResource(carlos)).toEqual({
      resource_fullname: 'Carlos Méndez',
      resource_email: '',
      language_id: 'ES',
      resource_phone1: '+17875550142',
      resource_phone2: '+12025550123',
      resource_active: 'Y',
    });
  });

  it('shows the status only on edit', () => {
    expect(resourceFormFields('create')).not.toContain('resource_active');
    expect(resourceFormFields('edit')).toEqual([
      'resource_fullname',
      'resource_email',
      'language_id',
      'resource_phone1',
      'resource_phone2',
      'resource_active',
    ]);
  });

  it("lists 'Select Language' first", () => {
    expect(
      languageOptions([
        { language_id: 'ES', language_desc: 'Spanish' },
        { language_id: 'EN', language_desc: 'English' },
      ]),
    ).toEqual([
      { value: null, text: 'Select Language' },
      { value: 'ES', text: 'Spanish' },
      { value: 'EN', text: 'English' },
    ]);
  });
});

describe('resource modal rules', () => {
  it('asks for a name and a language, and a valid e-mail when one is typed', () => {
    expect(resourceFormErrors({ ...emptyResourceForm(), language_id: null }, 'create')).toEqual({
      resource_fullname: ['Name is required'],
      language_id: ['Language is required'],
    });
    expect(resourceFormErrors(filled({ resource_email: 'ana@' }), 'create')).toEqual({
      resource_email: ['Must be a valid email address'],
    });
    expect(resourceFormErrors(filled({ resource_email: 'ana@democompany.demo' }), 'create')).toEqual({});
  });

  it('shows a phone that is not a real number, or of another country, on its own field', () => {
    expect(resourceFormErrors(filled({ resource_phone1: '+1787555' }), 'create')).toEqual({
      resource_phone1: ['Must be a valid phone number of the chosen country'],
    });
    expect(resourceFormErrors(filled({ resource_phone2: '+447911123456' }), 'edit')).toEqual({
      resource_phone2: ['Choose the country of the phone number'],
    });
    expect(
      resourceFormErrors(filled({ resource_phone1: '+17875550142', resource_phone2: '+12025550123' }), 'edit'),
    ).toEqual({});
  });

  it('makes the bodies: national numbers and countries, no e-mail as null, the status on edit only', () => {
    const values = filled({
      resource_phone1: '+17875550142',
      resource_phone2: '+12025550123',
      language_id: 'EN',
      resource_active: 'N',
    });
    expect(resourceCreateBody(values)).toEqual({
      resource_fullname: 'Ana Torres',
      resource_email: null,
      language_id: 'EN',
      resource_phone1: '7875550142',
      resource_country_phone1: 'PR',
      resource_phone2: '2025550123',
      resource_country_phone2: 'US',
    });
    expect(resourceUpdateBody(values)).toMatchObject({ resource_active: 'N', resource_phone2: '2025550123' });
    expect(resourceCreateBody(filled({}))).toMatchObject({
      resource_phone1: null,
      resource_country_phone1: null,
      resource_phone2: null,
    });
    expect(() => resourceCreateBody(filled({ resource_phone1: '+1787' }))).toThrow(
      'Must be a valid phone number of the chosen country',
    );
  });

  it('runs on the record form: no save until valid, then the typed values', () => {
    const save = deferredActor<Resource, ResourceFormValues>();
    const actor = createActor(resourceFormMachine.provide({ actors: { save: save.actor } }), {
      input: resourceFormInput('create'),
    }).start();
    actor.send({ type: 'CHANGE', field: 'resource_phone1', value: '+1787' });
    actor.send({ type: 'SUBMIT' });
    expect(recordFormErrors(actor.getSnapshot().context)).toEqual({
      resource_fullname: ['Name is required'],
      resource_phone1: ['Must be a valid phone number of the chosen country'],
    });
    expect(save.calls).toEqual([]);
    actor.send({ type: 'CHANGE', field: 'resource_fullname', value: 'Ana Torres' });
    actor.send({ type: 'CHANGE', field: 'resource_phone1', value: '+17875550142' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(resourceCreateBody(save.calls[0]!)).toMatchObject({
      resource_phone1: '7875550142',
      resource_country_phone1: 'PR',
    });
  });
});
