import { describe, expect, it } from 'vitest';
import type { EventLogEntry } from '../entities/event';
import {
  CSV_BOM,
  CSV_FORMULA_START,
  CSV_NEEDS_QUOTES,
  EVENT_CSV_HEADERS,
  EVENT_LOG_CSV_COLUMNS,
  csvCell,
  csvHeader,
  csvRow,
  eventCsvLine,
  eventLogCsvFileName,
  eventsCsvFileName,
} from './event-csv';

describe('CSV exports (docs/product.md#constants-and-limits; docs/product.md#exports)', () => {
  it('has exactly the 12 columns of docs/product.md#constants-and-limits, in order', () => {
    expect(EVENT_CSV_HEADERS).toEqual(
      'CASE ID,EVENT,CREATED,APPLICATION,MODULE,STATUS,ACCEPTED,CLOSED,RESPONDED,RESOLUTION TIME,RESPONSE TIME,SLA'.split(
        ',',
      ),
    );
    expect(csvHeader(EVENT_CSV_HEADERS)).toBe(
      `${CSV_BOM}CASE ID,EVENT,CREATED,APPLICATION,MODULE,STATUS,ACCEPTED,CLOSED,RESPONDED,RESOLUTION TIME,RESPONSE TIME,SLA\r\n`,
    );
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
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

  it("writes an event's line: its cells by the same rules, its dates as the viewer's clocks read them", () => {
    const created = Date.UTC(2026, 10, 24, 3, 5, 9) / 1000;
    const line = eventCsvLine('America/Puerto_Rico');
    expect(
      line([
        'K7QW2M9P',
        '=HYPERLINK("x")',
        created,
        'Store, North',
        '-Checkout',
        'completed',
        created + 60,
        created + 3_600,
        '@ops',
        42,
        1,
        'YES',
        1234,
      ]),
    ).toBe(
      'K7QW2M9P,"\'=HYPERLINK(""x"")",2026-11-23 23:05:09,"Store, North",\'-Checkout,completed,2026-11-23 23:06:09,2026-11-24 00:05:09,\'@ops,42,1,YES\r\n',
    );
    // nothing yet: empty cells; an instant the database cannot write as a number (infinity) too
    expect(
      line(['K7QW2M9P', 'Disk almost full', created, null, null, 'open', null, 'Infinity', null, null, 0, null]),
    ).toBe('K7QW2M9P,Disk almost full,2026-11-23 23:05:09,,,open,,,,,0,\r\n');
  });

  it("writes an event's dates on both sides of a clock change in the viewer's zone", () => {
    const line = eventCsvLine('America/New_York');
    const cells = (seconds: number) =>
      line(['K7QW2M9P', 'x', seconds, null, null, 'open', null, null, null, null, null, null]).split(',')[2];
    // New York's autumn change, 2026-11-01 06:00 UTC: 01:59:59 daylight time, then 01:00:00 standard time
    const change = Date.UTC(2026, 10, 1, 6) / 1000;
    expect(cells(change - 1)).toBe('2026-11-01 01:59:59');
    expect(cells(change)).toBe('2026-11-01 01:00:00');
    expect(cells(change + 3_599)).toBe('2026-11-01 01:59:59');
    expect(cells(change + 3_600)).toBe('2026-11-01 02:00:00');
    // and its spring change, 2026-03-08 07:00 UTC: from 01:59:59 to 03:00:00
    const spring = Date.UTC(2026, 2, 8, 7) / 1000;
    expect(cells(spring - 1)).toBe('2026-03-08 01:59:59');
    expect(cells(spring)).toBe('2026-03-08 03:00:00');
  });

  it('writes a log row with its last-event flag', () => {
    const entry: EventLogEntry = {
      event_log_id: 1,
      event_id: 7,
      case_id: 'K7QW2M9P',
      customer_id: 2,
      call_date: '2026-11-24T14:00:00.000Z',
      called_number: '+17875550142',
      followup_status: 'completed',
      resource: 'Carlos Méndez',
      resource_phone: '+17875550142',
      next_resource: null,
      next_resource_phone: null,
      next_assigned_date: null,
      resolved: 'Y',
      event_ind_last_event_log: 'Y',
      channel: 'voice',
      delivery_status: 'delivered',
      provider: 'twilio',
      provider_message_id: 'CA0001',
      delivery_detail: 'Vonage: busy; then Twilio',
    };
    expect(EVENT_LOG_CSV_COLUMNS.map((c) => c.header).slice(-5)).toEqual([
      'LAST EVENT',
      'DELIVERY',
      'PROVIDER',
      'MESSAGE ID',
      'DELIVERY DETAIL',
    ]);
    // the phone begins with + and is kept as text
    expect(csvRow(EVENT_LOG_CSV_COLUMNS, entry, 'UTC')).toBe(
      "K7QW2M9P,2026-11-24 14:00:00,voice,'+17875550142,completed,Carlos Méndez,'+17875550142,YES,,,,YES,Delivered,Twilio,CA0001,Vonage: busy; then Twilio\r\n",
    );
  });

  it("names the files by the viewer's day", () => {
    const late = new Date('2026-11-25T02:00:00Z');
    expect(eventsCsvFileName(late, 'UTC')).toBe('Events-20261125.csv');
    expect(eventsCsvFileName(late, 'America/Puerto_Rico')).toBe('Events-20261124.csv');
    expect(eventLogCsvFileName('K7QW2M9P', late, 'UTC')).toBe('EventLogs-K7QW2M9P-20261125.csv');
  });
});
