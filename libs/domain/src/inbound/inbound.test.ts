import { describe, expect, it } from 'vitest';
import { InboundSchema, parseSmsReply, replyTarget, replyText, voiceKeyAction } from './inbound';
import { validate } from '../rules/validation';

const events = [
  { event_id: 1, case_id: 'ABC23456', incident: 'Disk almost full on db-1' },
  { event_id: 2, case_id: 'XYZ98765', incident: 'Checkout errors above 5% for the last ten minutes' },
];

describe('SMS replies and key presses (docs/product.md#answers-by-sms-and-voice)', () => {
  it('reads 4 or accept, 6 or resolve, with or without a case ID, in any case and spacing', () => {
    expect(parseSmsReply('4')).toEqual({ kind: 'accept', caseId: null });
    expect(parseSmsReply('  accept ')).toEqual({ kind: 'accept', caseId: null });
    expect(parseSmsReply('4 abc23456')).toEqual({ kind: 'accept', caseId: 'ABC23456' });
    expect(parseSmsReply('Aceptar XYZ98765')).toEqual({ kind: 'accept', caseId: 'XYZ98765' });
    expect(parseSmsReply('6')).toEqual({ kind: 'resolve', caseId: null });
    expect(parseSmsReply('resolve, XYZ98765.')).toEqual({ kind: 'resolve', caseId: 'XYZ98765' });
  });

  it('knows the carrier keywords and refuses anything else', () => {
    expect(parseSmsReply('STOP')).toEqual({ kind: 'stop' });
    expect(parseSmsReply('unsubscribe')).toEqual({ kind: 'stop' });
    expect(parseSmsReply('Start')).toEqual({ kind: 'start' });
    expect(parseSmsReply('help')).toEqual({ kind: 'help' });
    expect(parseSmsReply('ayuda')).toEqual({ kind: 'help' });
    for (const text of ['', '   ', '5', 'ok', 'accept it now', 'stop ABC23456', '4 ABC-123', 'I am on it'])
      expect(parseSmsReply(text)).toEqual({ kind: 'unknown' });
  });

  it('picks the event a reply acts on', () => {
    expect(replyTarget(null, [events[0]!])).toEqual({ kind: 'event', event: events[0] });
    expect(replyTarget(null, events)).toEqual({ kind: 'ambiguous', events });
    expect(replyTarget(null, [])).toEqual({ kind: 'none' });
    expect(replyTarget('xyz98765', events)).toEqual({ kind: 'event', event: events[1] });
    expect(replyTarget('QQQ22222', events)).toEqual({ kind: 'unknown-case', caseId: 'QQQ22222', events });
  });

  it('reads the key pressed during a call: 4 accepts, 6 resolves', () => {
    expect(voiceKeyAction('4')).toBe('accept');
    expect(voiceKeyAction('6#')).toBe('resolve');
    expect(voiceKeyAction('1')).toBeNull();
    expect(voiceKeyAction('*')).toBeNull();
  });

  it("answers with a helpful SMS in the person's language", () => {
    expect(replyText({ kind: 'ambiguous', events }, 'EN')).toBe(
      'Relevo: You have 2 open incidents: ABC23456 Disk almost full on db-1; XYZ98765 Checkout errors above 5% for the last t…. Reply 4 <case> to accept or 6 <case> to resolve, e.g. 4 ABC23456.',
    );
    expect(replyText({ kind: 'unknown' }, 'ES')).toBe(
      'Relevo no entendió su respuesta; no se cambió nada. Responda 4 <caso> para aceptar o 6 <caso> para resolver.',
    );
    expect(replyText({ kind: 'accepted', caseId: 'ABC23456', incident: 'Disk almost full on db-1' }, 'EN')).toBe(
      'Relevo: you accepted case ABC23456 (Disk almost full on db-1). Reply 6 ABC23456 when it is resolved.',
    );
    expect(replyText({ kind: 'already', caseId: 'ABC23456', status: 'completed' }, 'EN')).toBe(
      'Relevo: case ABC23456 is already resolved; nothing was changed.',
    );
    expect(replyText({ kind: 'unknown-case', caseId: 'QQQ22222', events: [events[0]!] }, 'EN')).toBe(
      'Relevo: case QQQ22222 is not one of your open incidents; nothing was changed. You have 1 open incident: ABC23456 Disk almost full on db-1. Reply 4 <case> to accept or 6 <case> to resolve.',
    );
    // carriers ask for the program's name, how to stop, and the rates note
    expect(replyText({ kind: 'help' }, 'EN')).toMatch(/Relevo.*STOP.*rates/);
    expect(replyText({ kind: 'stop' }, 'EN')).toMatch(/no more SMS.*START/);
    // an SMS stays within 10 segments: the list is cut at three incidents
    const many = Array.from({ length: 40 }, (_, i) => ({
      event_id: i,
      case_id: `CASE${1000 + i}`,
      incident: 'x'.repeat(100),
    }));
    expect(replyText({ kind: 'ambiguous', events: many }, 'ES').length).toBeLessThan(400);
  });

  it('validates the webhook bodies with clear messages', () => {
    expect(validate(InboundSchema, { kind: 'sms', from: '+17875550123', text: '4' }).success).toBe(true);
    expect(
      validate(InboundSchema, {
        kind: 'voice',
        from: '+17875550123',
        digits: '4',
        idempotency_key: 'event:1:step:1:attempt:1',
      }).success,
    ).toBe(true);
    expect(
      validate(InboundSchema, {
        kind: 'status',
        idempotency_key: 'event:1:step:1:attempt:1',
        status: 'failed',
        detail: 'unreachable',
      }).success,
    ).toBe(true);
    const refused = (body: unknown) => {
      const result = validate(InboundSchema, body);
      return result.success ? [] : result.issues.map((issue) => issue.message);
    };
    expect(refused({ kind: 'fax' })).toEqual(['kind must be one of sms, voice, status']);
    expect(refused({ kind: 'sms', from: '7875550123', text: '4' })).toEqual([
      'from must be a phone number in E.164 form, such as +17875550123',
    ]);
    expect(refused({ kind: 'sms', from: '+17875550123', text: 'x'.repeat(1601) })).toEqual([
      'text must be a text of at most 1600 characters',
    ]);
    expect(refused({ kind: 'voice', from: '+17875550123', digits: 'four', idempotency_key: 'k' })).toEqual([
      'digits must be the keys pressed (0-9, * and #)',
    ]);
    expect(refused({ kind: 'status', idempotency_key: '', status: 'read' })).toEqual([
      'idempotency_key must be a text of 1 to 255 characters',
      'status must be one of delivered, failed, busy, no-answer',
    ]);
  });
});
