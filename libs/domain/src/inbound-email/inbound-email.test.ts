import { describe, expect, it } from 'vitest';
import {
  INBOUND_EMAIL_MESSAGES,
  emailDedupKey,
  emailIncident,
  emailSubject,
  inboundEmailOf,
  inboundLocalPart,
} from './inbound-email';

const LOCAL = '0123456789abcdef01234567';

describe('a module address', () => {
  it('is the local part at the domain when e-mail in is on and the module has credentials', () => {
    expect(inboundEmailOf(LOCAL, 'in.example.com', true)).toEqual({
      inbound_email: `${LOCAL}@in.example.com`,
      inbound_email_state: 'on',
    });
  });

  it('is missing, with the reason, without credentials or when e-mail in is off', () => {
    expect(inboundEmailOf(null, 'in.example.com', true)).toEqual({
      inbound_email: null,
      inbound_email_state: 'needs_credentials',
    });
    expect(inboundEmailOf(LOCAL, null, true)).toEqual({ inbound_email: null, inbound_email_state: 'off' });
    expect(inboundEmailOf(null, null, true)).toEqual({ inbound_email: null, inbound_email_state: 'off' });
  });

  it('is kept from a reader who may not make the credentials, saying that it exists', () => {
    expect(inboundEmailOf(LOCAL, 'in.example.com', false)).toEqual({
      inbound_email: null,
      inbound_email_state: 'root_only',
    });
    // nothing to keep: the other reasons are told as they are
    expect(inboundEmailOf(null, 'in.example.com', false).inbound_email_state).toBe('needs_credentials');
    expect(inboundEmailOf(LOCAL, null, false).inbound_email_state).toBe('off');
  });
});

describe('a recipient', () => {
  it('gives its local part when it is of the domain and in the derived shape, whatever the case', () => {
    expect(inboundLocalPart(`${LOCAL}@in.example.com`, 'in.example.com')).toBe(LOCAL);
    expect(inboundLocalPart(` ${LOCAL.toUpperCase()}@IN.Example.COM `, 'in.example.com')).toBe(LOCAL);
  });

  it('is refused for another domain, another shape, or no local part', () => {
    expect(inboundLocalPart(`${LOCAL}@other.example.com`, 'in.example.com')).toBeNull();
    expect(inboundLocalPart(`${LOCAL}@sub.in.example.com`, 'in.example.com')).toBeNull();
    expect(inboundLocalPart(`${LOCAL}0@in.example.com`, 'in.example.com')).toBeNull();
    expect(inboundLocalPart(`${LOCAL.slice(1)}g@in.example.com`, 'in.example.com')).toBeNull();
    expect(inboundLocalPart('postmaster@in.example.com', 'in.example.com')).toBeNull();
    expect(inboundLocalPart('@in.example.com', 'in.example.com')).toBeNull();
    expect(inboundLocalPart(LOCAL, 'in.example.com')).toBeNull();
  });
});

describe('the incident of a mail', () => {
  it('takes the subject as the incident and the text as the description', () => {
    expect(emailIncident({ subject: 'Disk full on db-1', text: 'Only 2% left on /var.\n' })).toEqual({
      incident: 'Disk full on db-1',
      description: 'Only 2% left on /var.',
      dedup_key: 'email:disk full on db-1',
    });
  });

  it('cuts the subject to 100 characters and the text to 1,000', () => {
    const made = emailIncident({ subject: 's'.repeat(101), text: 'b'.repeat(1001) });
    expect(made.incident).toBe('s'.repeat(100));
    expect(made.description).toBe('b'.repeat(1000));
    expect(made.dedup_key).toBe(`email:${'s'.repeat(100)}`);
  });

  it('never cuts a character in half', () => {
    const made = emailIncident({ subject: `${'s'.repeat(99)}😀 more`, text: `${'b'.repeat(999)}😀` });
    expect(made.incident).toBe('s'.repeat(99));
    expect(made.description).toBe('b'.repeat(999));
  });

  it('puts the subject on one line and keeps only text the database can store', () => {
    expect(emailSubject('  Disk\r\n  full\u0000 on\tdb-1  ')).toBe('Disk full on db-1');
    const made = emailIncident({ subject: 'A \uD800 lone half', text: 'line one\r\nline two\u0000' });
    expect(made.incident).toBe('A \uFFFD lone half');
    expect(made.description).toBe('line one\nline two');
  });

  it('says "(no subject)" without one, and repeats the subject without a text', () => {
    expect(emailIncident({ subject: '   ', text: '' })).toEqual({
      incident: INBOUND_EMAIL_MESSAGES.noSubject,
      description: INBOUND_EMAIL_MESSAGES.noSubject,
      dedup_key: 'email:(no subject)',
    });
    expect(emailIncident({ subject: 'Backup failed', text: null }).description).toBe('Backup failed');
    expect(emailIncident({}).incident).toBe(INBOUND_EMAIL_MESSAGES.noSubject);
  });

  it('has one dedup key for subjects differing only in case and spacing', () => {
    expect(emailIncident({ subject: 'Disk  FULL on db-1' }).dedup_key).toBe(
      emailIncident({ subject: ' disk full on DB-1' }).dedup_key,
    );
    expect(emailDedupKey('Disk full')).not.toBe(emailDedupKey('Disk full!'));
  });
});
