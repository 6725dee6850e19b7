import { describe, expect, it } from 'vitest';
import type { EventLogEntry } from '../entities/event';
import { CSV_BOM, CSV_FORMULA_START, CSV_NEEDS_QUOTES, EVENT_CSV_HEADERS, EVENT_LOG_CSV_COLUMNS, csvCell, csvHeader, csvRow, eventLogCsvFileName, eventsCsvFileName } from './event-csv';

describe('CSV exports (spec 9; service.md 8)', () => {
  it('has exactly the 12 columns of spec 9, in order', () => {
    expect(EVENT_CSV_HEADERS).toEqual([
      'CASE ID', 'EVENT', 'CREATED', 'APPLICATION', 'MODULE', 'STATUS', 'ACCEPTED', 'CLOSED', 'RESPONDED', 'RESOLUTION TIME', 'RESPONSE TIME', 'SLA',
    ]);
    expect(csvHeader(EVENT_CSV_HEADERS)).toBe(`${CSV_BOM}CASE ID,EVENT,CREATED,APPLICATION,MODULE,STATUS,ACCEPTED,CLOSED,RESPONDED,RESOLUTION TIME,RESPONSE TIME,SLA\r\n`);
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    // a carriage return is a line break: the neutralised cell is quoted too
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('a=b')).toBe('a=b');
    expect(CSV_FORMULA_START).toBe('^[-=+@\\t\\r]');
    expect(CSV_NEEDS_QUOTES).toBe('[",\\r\\n]');
  });

  it('quotes commas, quotes and line breaks, and leaves empty values empty', () => {
    expect(csvCell('Tienda, Norte')).toBe('"Tienda, Norte"');
    expect(csvCell('Pagos "nuevos"')).toBe('"Pagos ""nuevos"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0)).toBe('0');
  });

  it('writes a log row with its last-event flag', () => {
    const entry: EventLogEntry = {
      event_log_id: 1, event_id: 7, case_id: 'K7QW2M9P', customer_id: 2, call_date: '2026-11-24T14:00:00.000Z', called_number: '+17875550142',
      followup_status: 'completed', resource: 'Carlos Méndez', resource_phone: '+17875550142', next_resource: null, next_resource_phone: null,
      next_assigned_date: null, resolved: 'Y', event_ind_last_event_log: 'Y', channel: 'voice', delivery_status: 'delivered',
    };
    expect(EVENT_LOG_CSV_COLUMNS.at(-1)!.header).toBe('LAST EVENT');
    // the phone begins with + and is kept as text
    expect(csvRow(EVENT_LOG_CSV_COLUMNS, entry, 'UTC')).toBe("K7QW2M9P,2026-11-24 14:00:00,voice,'+17875550142,completed,Carlos Méndez,'+17875550142,YES,,,,YES\r\n");
  });

  it('names the files by the viewer\'s day', () => {
    const late = new Date('2026-11-25T02:00:00Z');
    expect(eventsCsvFileName(late, 'UTC')).toBe('Events-20261125.csv');
    expect(eventsCsvFileName(late, 'America/Puerto_Rico')).toBe('Events-20261124.csv');
    expect(eventLogCsvFileName('K7QW2M9P', late, 'UTC')).toBe('EventLogs-K7QW2M9P-20261125.csv');
  });
});
