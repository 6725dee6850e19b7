import { DELIVERY_STATUS_LABELS, PROVIDER_LABELS } from '../delivery/chain';
import type { EventLogEntry } from '../entities/event';
import { zonedDateTime, zonedDateTimes, zonedDayStamp } from './zoned-time';

/**
 * The CSV exports of the events screens (docs/product.md#constants-and-limits; docs/product.md#exports): one header line, then a line per
 * row, CRLF line ends (RFC 4180), UTF-8 with a byte order mark so spreadsheets read accents.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/**
 * A cell a spreadsheet would run as a formula begins with one of these (OWASP CSV injection); a
 * cell with one of the second set is quoted. Regular expressions as text, the same for JavaScript
 * and PostgreSQL (on PostgreSQL the server writes the events' cells in the database).
 */
export const CSV_FORMULA_START = '^[-=+@\\t\\r]';
export const CSV_NEEDS_QUOTES = '[",\\r\\n]';
const formulaStart = new RegExp(CSV_FORMULA_START);
const needsQuotes = new RegExp(CSV_NEEDS_QUOTES);

/**
 * One cell. A text that a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or
 * a carriage return) gets a leading apostrophe, which spreadsheets show as text (OWASP CSV
 * injection). A cell with a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its line end. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]): string =>
  cells.map(csvCell).join(',') + CSV_LINE_END;

/** A column of an export: its header and how a row fills it (dates as the viewer's clocks read them). */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row, timeZone: string) => string | number | null;
}

const when = (value: string | null, timeZone: string) => (value ? zonedDateTime(value, timeZone) : null);

/**
 * docs/product.md#constants-and-limits: the events file, exactly these 12 columns in this order. The server writes their cells
 * by the rules of `csvCell`: in the database on PostgreSQL, with `eventCsvLine` on the embedded one.
 */
export const EVENT_CSV_HEADERS = [
  'CASE ID',
  'EVENT',
  'CREATED',
  'APPLICATION',
  'MODULE',
  'STATUS',
  'ACCEPTED',
  'CLOSED',
  'RESPONDED',
  'RESOLUTION TIME',
  'RESPONSE TIME',
  'SLA',
] as const;
export type EventCsvHeader = (typeof EVENT_CSV_HEADERS)[number];

/**
 * An event as the events file takes it: its values in the order of EVENT_CSV_HEADERS, texts as
 * stored, instants as seconds since 1970 (the file shows whole seconds; a value that is not a
 * number, as the database writes an infinite date, leaves the cell empty).
 */
export type EventCsvValues = readonly [
  caseId: string,
  event: string,
  created: number | string,
  application: string | null,
  module: string | null,
  status: string,
  accepted: number | string | null,
  closed: number | string | null,
  responded: string | null,
  resolutionMinutes: number | null,
  responseMinutes: number | null,
  sla: string | null,
];

/**
 * docs/product.md#constants-and-limits: the line of one event (values after the 12 are not written), by the rules of `csvCell`,
 * its dates as the viewer's clocks read them. Written cell by cell rather than through `csvRow`:
 * an export writes a million of them.
 */
export function eventCsvLine(timeZone: string): (values: readonly [...EventCsvValues, ...unknown[]]) => string {
  const clock = zonedDateTimes(timeZone);
  const when = (seconds: number | string | null) => (typeof seconds === 'number' ? clock(seconds * 1000) : '');
  const minutes = (value: number | null) => (value === null ? '' : String(value));
  // case IDs, statuses and YES/NO are letters and digits (the database's checks): nothing to quote or neutralise
  return (v) =>
    `${v[0]},${csvCell(v[1])},${when(v[2])},${csvCell(v[3])},${csvCell(v[4])},${v[5]},${when(v[6])},${when(v[7])},${csvCell(v[8])},${minutes(v[9])},${minutes(v[10])},${v[11] ?? ''}${CSV_LINE_END}`;
}

/** docs/product.md#event-logs: the event log file: the fields of the details window and the last-event flag. */
export const EVENT_LOG_CSV_COLUMNS: readonly CsvColumn<EventLogEntry>[] = [
  { header: 'CASE ID', value: (l) => l.case_id },
  { header: 'CALL DATE', value: (l, zone) => when(l.call_date, zone) },
  { header: 'CHANNEL', value: (l) => l.channel },
  { header: 'CALLED NUMBER', value: (l) => l.called_number },
  { header: 'FOLLOW-UP STATUS', value: (l) => l.followup_status },
  { header: 'RESOURCE', value: (l) => l.resource },
  { header: 'RESOURCE PHONE', value: (l) => l.resource_phone },
  { header: 'RESOLVED', value: (l) => (l.resolved === 'Y' ? 'YES' : 'NO') },
  { header: 'NEXT RESOURCE', value: (l) => l.next_resource },
  { header: 'NEXT RESOURCE PHONE', value: (l) => l.next_resource_phone },
  { header: 'NEXT ASSIGNED DATE', value: (l, zone) => when(l.next_assigned_date, zone) },
  { header: 'LAST EVENT', value: (l) => (l.event_ind_last_event_log === 'Y' ? 'YES' : 'NO') },
  // docs/product.md#delivery-providers: how the contact went out
  { header: 'DELIVERY', value: (l) => (l.delivery_status ? DELIVERY_STATUS_LABELS[l.delivery_status] : null) },
  { header: 'PROVIDER', value: (l) => (l.provider ? PROVIDER_LABELS[l.provider] : null) },
  { header: 'MESSAGE ID', value: (l) => l.provider_message_id },
  { header: 'DELIVERY DETAIL', value: (l) => l.delivery_detail },
];

/** The first line of a file: the byte order mark and the headers. */
export const csvHeader = (headers: readonly string[]): string => CSV_BOM + csvLine(headers);
export const csvRow = <Row>(columns: readonly CsvColumn<Row>[], row: Row, timeZone: string): string =>
  csvLine(columns.map((column) => column.value(row, timeZone)));

/** docs/product.md#constants-and-limits: Events-{YYYYMMDD}.csv, the day as the viewer's clocks read it. */
export const eventsCsvFileName = (on: Date, timeZone: string): string => `Events-${zonedDayStamp(on, timeZone)}.csv`;
/** The log of one event: EventLogs-{case ID}-{YYYYMMDD}.csv. */
export const eventLogCsvFileName = (caseId: string, on: Date, timeZone: string): string =>
  `EventLogs-${caseId.replace(/[^A-Za-z0-9]/g, '')}-${zonedDayStamp(on, timeZone)}.csv`;
