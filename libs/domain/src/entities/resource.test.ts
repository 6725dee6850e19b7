import { describe, expect, it } from 'vitest';
import { formErrors, validate } from '../rules/validation';
import {
  RESOURCE_MESSAGES,
  ResourceCreateSchema,
  ResourceUpdateSchema,
  resourcePhone,
  resourcePhoneE164,
} from './resource';

describe('resource bodies (docs/product.md#resources, #entities)', () => {
  it('stores the national number and the country of each phone, and knows its E.164 form', () => {
    const result = validate(ResourceCreateSchema, {
      resource_fullname: '  Ana Torres ',
      resource_email: 'Ana@Example.test',
      language_id: 'EN',
      resource_phone1: '(787) 555-0123',
      resource_country_phone1: 'PR',
      resource_phone2: '612 345 678',
      resource_country_phone2: 'ES',
    });
    expect(result).toEqual({
      success: true,
      output: {
        resource_fullname: 'Ana Torres',
        resource_email: 'ana@example.test',
        language_id: 'EN',
        phone1: { national: '7875550123', country: 'PR', e164: '+17875550123' },
        phone2: { national: '612345678', country: 'ES', e164: '+34612345678' },
      },
    });
  });

  it('defaults the language to ES and reads an empty e-mail and phones as none', () => {
    expect(
      validate(ResourceCreateSchema, {
        resource_fullname: 'Luis',
        resource_email: '',
        resource_phone1: '',
        resource_country_phone1: 'PR',
      }),
    ).toEqual({
      success: true,
      output: { resource_fullname: 'Luis', resource_email: null, language_id: 'ES', phone1: null, phone2: null },
    });
  });

  it('refuses a number that is not real for its country, a country off the docs/product.md#constants-and-limits list and a number without a country', () => {
    expect(
      formErrors(ResourceCreateSchema, {
        resource_fullname: 'A',
        resource_phone1: '555',
        resource_country_phone1: 'PR',
      }),
    ).toEqual({ resource_phone1: [RESOURCE_MESSAGES.phoneInvalid] });
    expect(
      formErrors(ResourceCreateSchema, {
        resource_fullname: 'A',
        resource_phone1: '7875550123',
        resource_country_phone1: 'FR',
      }),
    ).toEqual({ resource_phone1: [RESOURCE_MESSAGES.phoneCountry] });
    expect(formErrors(ResourceCreateSchema, { resource_fullname: 'A', resource_phone2: '7875550123' })).toEqual({
      resource_phone2: [RESOURCE_MESSAGES.phoneCountry],
    });
    // a Spanish number under Puerto Rico's flag
    expect(resourcePhone('612345678', 'PR')).toEqual({ error: RESOURCE_MESSAGES.phoneInvalid });
    expect(resourcePhoneE164('7875550123', 'PR')).toBe('+17875550123');
    expect(resourcePhoneE164(null, 'PR')).toBeNull();
  });

  it('names a missing name, a bad e-mail, a bad language and unknown fields', () => {
    expect(
      formErrors(ResourceCreateSchema, {
        resource_fullname: ' ',
        resource_email: 'nope',
        language_id: 'spanish',
        extra: 1,
      }),
    ).toEqual({
      resource_fullname: ['Name is required'],
      resource_email: ['Must be a valid email address'],
      language_id: ['Language is required'],
      extra: ['Unknown field'],
    });
  });

  it('takes the status on edit only', () => {
    expect(formErrors(ResourceCreateSchema, { resource_fullname: 'A', resource_active: 'N' })).toEqual({
      resource_active: ['Unknown field'],
    });
    expect(formErrors(ResourceUpdateSchema, { resource_fullname: 'A' })).toEqual({
      resource_active: ['Status must be ACTIVE or INACTIVE'],
    });
    expect(validate(ResourceUpdateSchema, { resource_fullname: 'A', resource_active: 'N' })).toMatchObject({
      success: true,
      output: { resource_active: 'N' },
    });
  });
});
