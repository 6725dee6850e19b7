import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_MESSAGES,
  AuditListQuerySchema,
  auditChanges,
  auditCsvFileName,
  auditCsvLine,
  auditValueText,
  type AuditRow,
} from './audit-trail';

const row: AuditRow = {
  id: 1,
  created_at: '2026-06-10T09:00:00.000Z',
  customer: { id: 1, name: 'Acme, Inc.' },
  actor_email: 'root@acme.test',
  action: 'update',
  entity: 'sla',
  entity_id: '4',
  detail: { sla_name: 'Platinum' },
  before: { sla_name: 'Gold', sla_active: 'N', sla_desc: '' },
  after: { sla_name: 'Platinum', sla_active: 'N', sla_desc: '', sla_updateby: 'root@acme.test' },
  address: '203.0.113.7',
  token: { id: 3, name: '=cmd' },
};

describe('the audit trail (docs/product.md#audit-trail)', () => {
  it('names the keys a change touched, in the order the record shows them', () => {
    expect(auditChanges(row)).toEqual([
      { key: 'sla_name', before: 'Gold', after: 'Platinum' },
      { key: 'sla_updateby', before: undefined, after: 'root@acme.test' },
    ]);
    expect(auditChanges({ before: null, after: { a: 1 } })).toEqual([{ key: 'a', before: undefined, after: 1 }]);
    expect(auditChanges({ before: { a: [1, 2] }, after: { a: [1, 2] } })).toEqual([]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
    expect(auditValueText(undefined)).toBe('');
  });

  it('writes a CSV line with quoted commas, neutralised formulas and the viewer zone', () => {
    const line = auditCsvLine(row, 'Europe/Madrid');
    expect(line.startsWith('2026-06-10 11:00:00,"Acme, Inc.",root@acme.test,update,sla,4,203.0.113.7,\'=cmd,')).toBe(
      true,
    );
    expect(line.endsWith('\r\n')).toBe(true);
    expect(auditCsvFileName(new Date('2026-06-10T23:30:00Z'), 'Europe/Madrid')).toBe('AuditTrail-20260611.csv');
  });

  it('reads the filters and refuses bad ones with their messages', () => {
    expect(v.parse(AuditListQuerySchema, {})).toMatchObject({ page_num: 1, page_size: 10, actor: '', entity: '' });
    const issues = (input: unknown) =>
      v.safeParse(AuditListQuerySchema, input).issues?.map((issue) => issue.message) ?? [];
    expect(issues({ action: 'steal' })).toEqual([AUDIT_MESSAGES.badAction]);
    expect(issues({ from: '2026-02-30' })).toEqual([AUDIT_MESSAGES.badDate]);
    expect(issues({ from: '2026-06-10', to: '2026-06-01' })).toEqual([AUDIT_MESSAGES.endBeforeStart]);
  });
});
