import { describe, expect, it } from 'vitest';
import { contactLanguage, contactText, spelledCaseId, spokenMessage, type SpokenFacts } from './contact-message';

const facts = (over: Partial<SpokenFacts> = {}): SpokenFacts => ({
  language: 'EN',
  caseId: 'HKM2PA9Z',
  incident: 'Disk almost full on db-1',
  attempt: 1,
  toAccepter: false,
  notice: false,
  ...over,
});

describe('the spoken message of a voice call', () => {
  it('says the incident, the case ID one character at a time and the keys, in English', () => {
    expect(spokenMessage(facts())).toBe(
      'Relevo incident, case H, K, M, 2, P, A, 9, Z. Disk almost full on db-1. Press 4 to accept, 6 to resolve.',
    );
  });

  it('says the same in Spanish', () => {
    expect(spokenMessage(facts({ language: 'ES' }))).toBe(
      'Incidente de Relevo, caso H, K, M, 2, P, A, 9, Z. Disk almost full on db-1. Presione 4 para aceptar, 6 para resolver.',
    );
  });

  it('speaks Spanish, the default language, for a language it has no words for', () => {
    expect(contactLanguage('FR')).toBe('ES');
    expect(contactLanguage('EN')).toBe('EN');
    expect(spokenMessage(facts({ language: 'FR' }))).toMatch(/^Incidente de Relevo/);
  });

  it('tells a recall, a supervisor notice and a follow-up apart; the accepter is only asked to resolve', () => {
    expect(spokenMessage(facts({ attempt: 2 }))).toBe(
      'Reminder: Relevo incident, case H, K, M, 2, P, A, 9, Z, is still open. Disk almost full on db-1. Press 4 to accept, 6 to resolve.',
    );
    expect(spokenMessage(facts({ notice: true }))).toMatch(
      /^For your information: nobody has accepted Relevo incident, case H, .*Press 4 to accept, 6 to resolve\.$/,
    );
    expect(spokenMessage(facts({ toAccepter: true, attempt: 3 }))).toBe(
      'Follow-up: Relevo incident, case H, K, M, 2, P, A, 9, Z, which you accepted, is not resolved yet. Disk almost full on db-1. Press 6 to resolve.',
    );
    expect(spokenMessage(facts({ language: 'ES', toAccepter: true }))).toMatch(
      /que usted aceptó, aún no está resuelto\. Disk almost full on db-1\. Presione 6 para resolver\.$/,
    );
    expect(spokenMessage(facts({ language: 'ES', attempt: 2 }))).toMatch(
      /^Recordatorio: el incidente de Relevo, caso H, .* sigue abierto\./,
    );
    expect(spokenMessage(facts({ language: 'ES', notice: true }))).toMatch(
      /^Para su información: nadie ha aceptado todavía/,
    );
  });

  it('ends the incident with one stop, whatever punctuation it brought', () => {
    expect(spokenMessage(facts({ incident: '  Checkout down!!  ' }))).toContain('. Checkout down. Press 4');
    expect(spokenMessage(facts({ incident: 'Queue stuck...' }))).toContain('. Queue stuck. Press 4');
  });

  it('spells a case ID with a pause between characters', () => {
    expect(spelledCaseId('AB23')).toBe('A, B, 2, 3');
  });
});

describe('the written message of an e-mail or SMS contact', () => {
  const written = (over: Partial<Parameters<typeof contactText>[0]> = {}) =>
    contactText({
      ...facts(),
      channel: 'email',
      description: 'Only 3 % left on /var.',
      link: 'https://relevo.example/respond/abc',
      ...over,
    });

  it('gives an e-mail the case ID and incident in its subject, the description and the responder link in its text', () => {
    expect(written()).toEqual({
      subject: '[Relevo] Case HKM2PA9Z: Disk almost full on db-1',
      body: 'New incident.\n\nCase HKM2PA9Z\nDisk almost full on db-1\n\nOnly 3 % left on /var.\n\nAccept or resolve: https://relevo.example/respond/abc\n',
    });
  });

  it('keeps an SMS to one line with the link, and leaves the description to e-mail', () => {
    expect(written({ channel: 'sms' }).body).toBe(
      'New incident. Case HKM2PA9Z: Disk almost full on db-1 Accept or resolve: https://relevo.example/respond/abc',
    );
    expect(written({ channel: 'sms', link: null }).body).toBe('New incident. Case HKM2PA9Z: Disk almost full on db-1');
  });

  it("opens with the same choice as a call: a recall, a notice, the accepter's follow-up; in the resource's language, Spanish by default", () => {
    expect(written({ channel: 'sms', attempt: 2, link: null }).body).toMatch(/^Reminder, still open\. /);
    expect(written({ channel: 'sms', notice: true, link: null }).body).toMatch(
      /^For your information: nobody has accepted this incident yet\. /,
    );
    expect(written({ channel: 'sms', toAccepter: true, attempt: 3, link: null }).body).toMatch(
      /^Follow-up: you accepted this incident and it is not resolved yet\. /,
    );
    expect(written({ language: 'FR' }).subject).toBe('[Relevo] Caso HKM2PA9Z: Disk almost full on db-1');
    expect(written({ language: 'ES', channel: 'sms' }).body).toBe(
      'Nuevo incidente. Caso HKM2PA9Z: Disk almost full on db-1 Aceptar o resolver: https://relevo.example/respond/abc',
    );
  });
});
