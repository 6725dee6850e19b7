import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PREFERRED_COUNTRIES, SUPPORTED_COUNTRIES, maskPhone, parsePhone, phoneField } from './phone';

describe('phones (docs/product.md#entities, #constants-and-limits)', () => {
  it('lists the supported and preferred countries of docs/product.md#constants-and-limits', () => {
    expect(SUPPORTED_COUNTRIES).toEqual('PR US DO CO VE MX CA CL AR CR GT PE VI ES'.split(' '));
    expect(PREFERRED_COUNTRIES).toEqual(['PR', 'US', 'VI']);
  });

  it('parses plus sign, country code and number, keeping the national number apart', () => {
    expect(parsePhone('+1 787 555 0142')).toEqual({
      e164: '+17875550142',
      country: 'PR',
      national: '7875550142',
      countryCallingCode: '1',
    });
    expect(parsePhone('+34 612 34 56 78')).toMatchObject({
      e164: '+34612345678',
      country: 'ES',
      national: '612345678',
    });
    expect(parsePhone('17875550142')).toMatchObject({ e164: '+17875550142' });
  });

  it('refuses empty, invalid and unsupported numbers with clear messages', () => {
    expect(parsePhone('')).toEqual({ error: 'Phone is required' });
    expect(parsePhone('+1 555')).toEqual({
      error: 'Must be a valid phone number with its country code, e.g. +17875550123',
    });
    expect(parsePhone('+44 20 7946 0958')).toEqual({ error: 'This country is not supported' });
  });

  it('outputs E.164 from the schema', () => {
    expect(v.parse(phoneField(), ' +1 (787) 555-0142 ')).toBe('+17875550142');
  });

  it('masks all but the last four digits', () => {
    expect(maskPhone('+17875550142')).toBe('••••••••0142');
  });
});
