import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatListDate, formatNumber } from './format';
import { chooseDisplayLanguage, OwnSettingsSchema } from './language';
import { messageMatcher } from './message-match';

describe('the language shown', () => {
  it("is the user's choice, else the browser's first that Relevo speaks, else English", () => {
    expect(chooseDisplayLanguage('es', ['en-US'])).toBe('es');
    expect(chooseDisplayLanguage('en', ['es-PR'])).toBe('en');
    expect(chooseDisplayLanguage(null, ['fr-FR', 'es-419', 'en'])).toBe('es');
    expect(chooseDisplayLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(chooseDisplayLanguage('fr', [])).toBe('en');
  });

  it('is changed only to en, es or null, and nothing else with it', () => {
    expect(v.safeParse(OwnSettingsSchema, { language: 'es' }).success).toBe(true);
    expect(v.safeParse(OwnSettingsSchema, { language: null }).success).toBe(true);
    const wrong = v.safeParse(OwnSettingsSchema, { language: 'fr' });
    expect(wrong.issues?.[0]?.message).toBe('Language must be en or es');
    const extra = v.safeParse(OwnSettingsSchema, { language: 'es', name: 'x' });
    expect(extra.success).toBe(false);
  });
});

describe('dates and numbers in the language', () => {
  it('group digits and write decimals as each language does', () => {
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5');
    expect(formatNumber(12345.5, 'es')).toBe('12.345,5');
  });

  it('write list days as YYYY/MM/DD in English and DD/MM/YYYY in Spanish', () => {
    const day = new Date(2026, 2, 9, 12);
    expect(formatListDate(day, 'en')).toBe('2026/03/09');
    expect(formatListDate(day, 'es')).toBe('09/03/2026');
    expect(formatListDate('not a date', 'es')).toBe('');
  });

  it('name months in the language', () => {
    const at = '2026-03-09T15:04:00Z';
    const options = { timeZone: 'UTC', day: 'numeric', month: 'long' } as const;
    expect(formatDateTime(at, 'en', options)).toBe('March 9');
    expect(formatDateTime(at, 'es', options)).toBe('9 de marzo');
  });
});

describe('the catalog entry of a composed message', () => {
  const match = messageMatcher(['Saved', 'Modules of {application}', '{count} users', 'Heartbeat {name} missed']);

  it('is the message itself when the catalog has it whole', () => {
    expect(match('Saved')).toEqual({ id: 'Saved', values: {} });
  });

  it('names the values of a message composed around them', () => {
    expect(match('Modules of Demo Store')).toEqual({
      id: 'Modules of {application}',
      values: { application: 'Demo Store' },
    });
    expect(match('Heartbeat Nightly backup missed')).toEqual({
      id: 'Heartbeat {name} missed',
      values: { name: 'Nightly backup' },
    });
  });

  it('is none for a message the catalog does not know', () => {
    expect(match('Something else')).toBeNull();
  });
});

describe('a loose catalog entry', () => {
  const match = messageMatcher(['{count} events', '{first} or {second}', '{action} for {name}', 'Delete {name}']);

  it('takes digits only for an argument named for a number', () => {
    expect(match('12 events')).toEqual({ id: '{count} events', values: { count: '12' } });
    expect(match('Your events')).toBeNull();
  });

  it('needs words of its own around its arguments', () => {
    expect(match('mistyped, or the page has moved')).toBeNull();
    expect(match('Search for the screen you need')).toBeNull();
    expect(match('Delete Demo Store')).toEqual({ id: 'Delete {name}', values: { name: 'Demo Store' } });
  });
});
