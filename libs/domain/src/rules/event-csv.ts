import type { EventLogEntry, IncidentEvent } from '../entities/event';
import { zonedDateTime, zonedDayStamp } from './zoned-time';

/**
 * The CSV exports of the events screens (spec 9; service.md 8): one header line, then a line per
 * row, CRLF line ends (RFC 4180), UTF-8 with a byte order mark so spreadsheets read accents.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/**
 * One cell. A text that a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or
 * a carriage return) gets a leading apostrophe, which spreadsheets show as text (OWASP CSV
 * injection). A cell with a comma, a quote or a line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, with its line end. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => cells.map(csvCell).join(',') + CSV_LINE_END;

/** A column of an export: its header and how a row fills it (dates as the viewer's clocks read them). */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row, timeZone: string) => string | number | null;
}

const when = (value: string | null, timeZone: string) => (value ? zonedDateTime(value, timeZone) : null);

/** spec 9: the events file, exactly these 12 columns in this order. */
export const EVENT_CSV_COLUMNS: readonly CsvColumn<IncidentEvent>[] = [
  { header: 'CASE ID', value: (e) => e.case_id },
  { header: 'EVENT', value: (e) => e.short_event_subject },
  { header: 'CREATED', value: (e, zone) => when(e.event_createdt, zone) },
  { header: 'APPLICATION', value: (e) => e.application_name },
  { header: 'MODULE', value: (e) => e.module_name },
  { header: 'STATUS', value: (e) => e.event_status },
  { header: 'ACCEPTED', value: (e, zone) => when(e.accepteddt, zone) },
  { header: 'CLOSED', value: (e, zone) => when(e.event_closedt, zone) },
  // who answered: the last person the escalation reached
  { header: 'RESPONDED', value: (e) => e.last_resource_assigned },
  // minutes from creation to resolution, and to acceptance (spec 3 minutes_elapsed, time_response)
  { header: 'RESOLUTION TIME', value: (e) => e.minutes_elapsed },
  { header: 'RESPONSE TIME', value: (e) => e.time_response },
  { header: 'SLA', value: (e) => e.sla_compliance },
];

/** spec 2.14: the event log file: the fields of the details window and the last-event flag. */
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
];

export const csvHeader = <Row>(columns: readonly CsvColumn<Row>[]): string => CSV_BOM + csvLine(columns.map((column) => column.header));
export const csvRow = <Row>(columns: readonly CsvColumn<Row>[], row: Row, timeZone: string): string => csvLine(columns.map((column) => column.value(row, timeZone)));

/** spec 9: Events-{YYYYMMDD}.csv, the day as the viewer's clocks read it. */
export const eventsCsvFileName = (on: Date, timeZone: string): string => `Events-${zonedDayStamp(on, timeZone)}.csv`;
/** The log of one event: EventLogs-{case ID}-{YYYYMMDD}.csv. */
export const eventLogCsvFileName = (caseId: string, on: Date, timeZone: string): string => `EventLogs-${caseId.replace(/[^A-Za-z0-9]/g, '')}-${zonedDayStamp(on, timeZone)}.csv`;
