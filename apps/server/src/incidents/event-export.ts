import { PassThrough, type Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import {
  CSV_FORMULA_START,
  CSV_LINE_END,
  CSV_NEEDS_QUOTES,
  EVENT_CSV_HEADERS,
  EVENT_LOG_CSV_COLUMNS,
  EVENT_MESSAGES,
  csvHeader,
  csvRow,
  eventCsvLine,
  eventLogCsvFileName,
  eventsCsvFileName,
  type EventCsvHeader,
  type EventCsvValues,
  type EventFilter,
  type EventLogExportQuery,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { sameCustomerRow } from '../db/joins';
import { HttpError } from '../http/errors';
import { eventConditions, selectionOf } from './event-query';
import { EVENT_LOG_COLUMNS, toLogEntry } from './events';

/** A file on its way: its name, and its text as it is read from the database. */
export interface CsvDownload {
  fileName: string;
  body: Readable;
}

/**
 * rows per page on PostgreSQL, read as one text: a thousand lines (about 150 KB) keep what the
 * server holds at a time small (the server's memory grew by 130 MB over a file of a million rows
 * with 5,000 rows per round trip of a cursor, by about 60 MB with 1,000; docs/perf.md)
 */
const BATCH = 1000;
/**
 * events per page on the embedded database: each page costs a statement's fixed work in
 * WebAssembly, spread over more events with 5,000 (a file of a million rows took about 1 s less of
 * the server's time than with 1,000; docs/perf.md)
 */
const PAGE = 5000;
/** the text handed to the response at a time */
const CHUNK_BYTES = 64 * 1024;

class DownloadClosed extends Error {}

/**
 * How slowly a client may take a download before it is cut (DOWNLOAD_IDLE_SECONDS,
 * DOWNLOAD_MIN_BYTES_PER_SECOND, DOWNLOAD_GRACE_SECONDS): a client that reads nothing, or a trickle,
 * would otherwise keep its download, its slot (`DownloadSlots`) and its socket for good.
 */
export interface DownloadPace {
  idleMs: number;
  minBytesPerSecond: number;
  graceMs: number;
}

export const downloadPaceOf = (config: AppContext['config']): DownloadPace => ({
  idleMs: config.downloadIdleSeconds * 1000,
  minBytesPerSecond: config.downloadMinBytesPerSecond,
  graceMs: config.downloadGraceSeconds * 1000,
});

/**
 * The text of a download, written as it is produced: each chunk waits until the response has taken
 * the previous one, so however many rows there are, only a chunk or two sit in memory. When the
 * person cancels the download, production stops at its next chunk.
 *
 * While a chunk waits on the client (never while the database is being read, which is no fault of
 * the client's), the download is cut when the client took nothing for `idleMs`, or, once the
 * download is `graceMs` old, when it took less than `minBytesPerSecond` on average over the time
 * the server spent waiting on it.
 */
export function csvBody(ctx: AppContext, produce: (write: (line: string) => Promise<void>) => Promise<void>): Readable {
  const pace = downloadPaceOf(ctx.config);
  const out = new PassThrough();
  const started = Date.now();
  /** bytes the response has taken */
  let taken = 0;
  /** since when a chunk has been waiting for the response to take it (null: none is waiting) */
  let waitingSince: number | null = null;
  /** how long chunks have waited for the response, before the one waiting now */
  let waitedMs = 0;
  const watch = setInterval(
    () => {
      if (waitingSince === null) return;
      const now = Date.now();
      const waited = waitedMs + (now - waitingSince);
      const idle = now - waitingSince >= pace.idleMs;
      const slow =
        pace.minBytesPerSecond > 0 && now - started >= pace.graceMs && taken / (waited / 1000) < pace.minBytesPerSecond;
      if (!idle && !slow) return;
      ctx.log.info(
        { bytes: taken, seconds: Math.round((now - started) / 1000) },
        idle
          ? 'a CSV download was cut: its client took nothing of it for too long'
          : 'a CSV download was cut: its client read it too slowly',
      );
      out.destroy(
        new Error(idle ? 'the client stopped reading the download' : 'the client read the download too slowly'),
      );
    },
    Math.max(10, Math.min(1000, pace.idleMs / 4)),
  );
  watch.unref();
  let closed = false;
  out.on('close', () => {
    closed = true;
    clearInterval(watch);
  });
  let pending = '';
  const flush = async () => {
    if (closed) throw new DownloadClosed();
    const text = pending;
    pending = '';
    const bytes = Buffer.byteLength(text);
    if (out.write(text)) {
      taken += bytes;
      return;
    }
    const since = (waitingSince = Date.now());
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        out.off('drain', done);
        out.off('close', done);
        if (closed) reject(new DownloadClosed());
        else resolve();
      };
      out.on('drain', done);
      out.on('close', done);
    });
    waitingSince = null;
    waitedMs += Date.now() - since;
    taken += bytes;
  };
  const write = async (line: string) => {
    pending += line;
    if (pending.length >= CHUNK_BYTES) await flush();
  };
  void (async () => {
    try {
      await produce(write);
      await flush();
      // what is left in the stream waits on the client as a chunk does
      waitingSince = Date.now();
      out.end();
    } catch (error) {
      if (error instanceof DownloadClosed) return;
      ctx.log.error({ err: { message: (error as Error).message } }, 'a CSV export failed while streaming');
      // the person gets a cut file and an error from the browser, never a file that looks whole
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** Where a page ends: the creation instant (as the database writes it, to the microsecond) and the id of its last event. */
type Boundary = { key_created: string; event_id: number };

type Source = Kysely<DB>;

/**
 * One cell of a CSV line as the database writes it, by the rules of the domain's `csvCell`: empty
 * for nothing; an apostrophe before a text a spreadsheet would run as a formula; quoted, its quotes
 * doubled, when it holds a comma, a quote or a line break.
 */
function csvCellSql(value: RawBuilder<unknown>): RawBuilder<string> {
  const text = sql`(${value})::text`;
  // constants of the domain, written into the statement (not parameters: a COPY reads those per row)
  const formulaStart = sql.lit(CSV_FORMULA_START);
  const needsQuotes = sql.lit(CSV_NEEDS_QUOTES);
  const quoted = (inner: RawBuilder<unknown>) => sql`'"' || replace(${inner}, '"', '""') || '"'`;
  return sql<string>`(case when ${text} is null then ''
    when ${text} ~ ${formulaStart} then (case when ${text} ~ ${needsQuotes} then ${quoted(sql`'''' || ${text}`)} else '''' || ${text} end)
    when ${text} ~ ${needsQuotes} then ${quoted(text)}
    else ${text} end)`;
}

/** docs/product.md#constants-and-limits, on PostgreSQL: each column of the events file, as the database writes its cell (dates as the viewer's clocks read them). */
function eventCsvCells(timeZone: string): Record<EventCsvHeader, RawBuilder<string>> {
  // a zone name checked against the runtime's zones (EventFilterSchema), written in as a quoted literal: read once, not per row
  const zone = sql.lit(timeZone);
  const when = (column: string) =>
    sql<string>`coalesce(to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM-DD HH24:MI:SS'), '')`;
  const number = (column: string) => sql<string>`coalesce((${sql.ref(column)})::text, '')`;
  return {
    // case IDs, statuses and YES/NO are letters and digits: nothing to quote or neutralise
    'CASE ID': sql<string>`e.case_id`,
    EVENT: csvCellSql(sql.ref('e.short_event_subject')),
    CREATED: when('e.event_createdt'),
    APPLICATION: csvCellSql(sql.ref('a.application_name')),
    MODULE: csvCellSql(sql.ref('m.module_name')),
    STATUS: sql<string>`e.event_status`,
    ACCEPTED: when('e.accepteddt'),
    CLOSED: when('e.event_closedt'),
    // who answered: the last person the escalation reached
    RESPONDED: csvCellSql(sql.ref('e.last_resource_assigned')),
    // minutes from creation to resolution, and to acceptance (docs/product.md#entities minutes_elapsed, time_response)
    'RESOLUTION TIME': number('e.minutes_elapsed'),
    'RESPONSE TIME': number('e.time_response'),
    SLA: sql<string>`coalesce(e.sla_compliance, '')`,
  };
}

/**
 * A page of events as columns, each a JSON array with a value per event (thirteen long arrays
 * rather than one short one per event took about a sixth less of the export's time): the values
 * for the file in their order, except that APPLICATION and MODULE hold ids (named from the
 * file's lists), then the events' ids. Past the last event every column is null.
 */
type PageColumns = [
  caseIds: string[] | null,
  events: string[] | null,
  created: (number | string)[] | null,
  applicationIds: (number | null)[] | null,
  moduleIds: (number | null)[] | null,
  statuses: string[] | null,
  accepted: (number | string | null)[] | null,
  closed: (number | string | null)[] | null,
  responded: (string | null)[] | null,
  resolutionMinutes: (number | null)[] | null,
  responseMinutes: (number | null)[] | null,
  sla: (string | null)[] | null,
  eventIds: number[] | null,
];
/** A page of events, and the creation instant of its last event. */
type Page = { columns: PageColumns; key_created: string | null };
/** A page of events on PostgreSQL: its lines as one text, how many, and where it ends. */
type TextPage = { text: string | null; count: number; key_created: string | null; event_id: number | null };

/**
 * docs/product.md#constants-and-limits, on the embedded database: what each column of the events file is read from. Texts as
 * stored and instants as whole seconds since 1970: the server writes the cells (`eventCsvLine`),
 * as formatting them in WebAssembly took most of an export's time. The application and the module
 * by id: their names come from lists read once, where joining them to every event took a fifth of
 * the database's time.
 */
function eventCsvSources(): Record<EventCsvHeader, RawBuilder<unknown>> {
  // date_part's float is exact to the microsecond at these magnitudes, so its floor is the second the clocks show
  const seconds = (column: string) => sql`floor(date_part('epoch', ${sql.ref(column)}))`;
  return {
    'CASE ID': sql.ref('e.case_id'),
    EVENT: sql.ref('e.short_event_subject'),
    CREATED: seconds('e.event_createdt'),
    APPLICATION: sql.ref('e.application_id'),
    MODULE: sql.ref('e.module_id'),
    STATUS: sql.ref('e.event_status'),
    ACCEPTED: seconds('e.accepteddt'),
    CLOSED: seconds('e.event_closedt'),
    // who answered: the last person the escalation reached
    RESPONDED: sql.ref('e.last_resource_assigned'),
    // minutes from creation to resolution, and to acceptance (docs/product.md#entities minutes_elapsed, time_response)
    'RESOLUTION TIME': sql.ref('e.minutes_elapsed'),
    'RESPONSE TIME': sql.ref('e.time_response'),
    SLA: sql.ref('e.sla_compliance'),
  };
}

/** The names of the customer's applications and modules, by id, read once for a whole file. */
async function namesOf(ctx: AppContext, principal: Principal) {
  const db = ctx.database.db;
  const [applications, modules] = await ctx.database.read(principal.scope, [
    db
      .selectFrom('applications')
      .select(['application_id', 'application_name'])
      .where('customer_id', '=', principal.customerId),
    db.selectFrom('modules').select(['module_id', 'module_name']).where('customer_id', '=', principal.customerId),
  ]);
  return {
    applications: new Map(applications.map((a) => [a.application_id, a.application_name])),
    modules: new Map(modules.map((m) => [m.module_id, m.module_name])),
  };
}

/** docs/product.md#constants-and-limits, docs/product.md#exports: CSV exports of the events and of an event's log, streamed. */
export function eventExports(ctx: AppContext, options: { batch?: number } = {}) {
  return {
    /**
     * Every event of the list's filters, newest first, in the 12 columns of docs/product.md#constants-and-limits.
     *
     * Both databases read pages that each start after the last event of the one before (the
     * creation index serves both), each page one read that ends before the page is written: a
     * download holds no connection and no transaction while the client takes its text, however
     * slowly. (A cursor in a transaction held for the whole file kept a connection of the general
     * pool per download, and a client that stopped reading kept it for good.)
     *
     * PostgreSQL writes each line (`eventCsvCells`) and answers a page as one text: its backend
     * does the formatting on a core of its own, and one text a page keeps the server's memory low
     * (values parsed in the server instead grew it by 110 to 170 MB over a million rows;
     * docs/perf.md).
     *
     * The embedded database has one connection for everyone. It runs in WebAssembly in the server's
     * own thread, where writing the cells, and reading a result value by value, cost most: a page
     * is one row, its events' values as JSON arrays, a column each, which the server parses in one
     * go and writes as lines (`eventCsvLine`). Between pages other requests get their turn.
     */
    events(principal: Principal, filter: EventFilter): CsvDownload {
      const selection = selectionOf(principal.customerId, filter);
      const matching = (source: Source, after: Boundary | null) =>
        source
          .selectFrom('events as e')
          .where((eb) => eventConditions(eb, selection))
          .$if(after !== null, (qb) =>
            qb.where(
              sql<boolean>`(e.event_createdt, e.event_id) < (${after!.key_created}::timestamptz, ${after!.event_id})`,
            ),
          )
          .orderBy('e.event_createdt', 'desc')
          .orderBy('e.event_id', 'desc');
      const { database } = ctx;
      const body = csvBody(ctx, async (write) => {
        await write(csvHeader(EVENT_CSV_HEADERS));
        if (database.kind === 'postgres') {
          const size = options.batch ?? BATCH;
          const cells = eventCsvCells(filter.time_zone);
          const line = sql<string>`${sql.join(
            EVENT_CSV_HEADERS.map((header) => cells[header]),
            sql` || ',' || `,
          )} || ${CSV_LINE_END}`;
          const db = database.db;
          const page = (after: Boundary | null): Compilable<TextPage> =>
            db
              .selectFrom(
                matching(db, after)
                  .leftJoin('modules as m', (join) => join.on(sameCustomerRow('m', 'e', 'module_id')))
                  .leftJoin('applications as a', (join) =>
                    join
                      .onRef('a.customer_id', '=', 'e.customer_id')
                      .onRef('a.application_id', '=', 'e.application_id'),
                  )
                  .select([line.as('line'), 'e.event_createdt', 'e.event_id'])
                  .limit(size)
                  .as('p'),
              )
              .select([
                sql<string | null>`string_agg(p.line, '' order by p.event_createdt desc, p.event_id desc)`.as('text'),
                sql<number>`count(*)`.as('count'),
                // the last event of the page: its earliest creation instant, the lowest id at that instant
                sql<string | null>`min(p.event_createdt)::text`.as('key_created'),
                sql<number | null>`(array_agg(p.event_id order by p.event_createdt, p.event_id))[1]`.as('event_id'),
              ]);
          let after: Boundary | null = null;
          for (;;) {
            // planned for its values, as the list is: a search text matches anything from a few events to all
            const [[read]]: [TextPage[]] = await database.read(principal.scope, [page(after)], { planForValues: true });
            await write(read!.text ?? '');
            if (read!.count < size) return;
            after = { key_created: read!.key_created!, event_id: read!.event_id! };
          }
        }
        const size = options.batch ?? PAGE;
        const sources = eventCsvSources();
        const selected = [...EVENT_CSV_HEADERS.map((header) => sources[header]), sql.ref('e.event_id')];
        const db = database.db;
        const page = (after: Boundary | null): Compilable<Page> =>
          db
            .selectFrom(
              matching(db, after)
                .select([...selected.map((value, i) => value.as(`c${i}`)), 'e.event_createdt', 'e.event_id'])
                .limit(size)
                .as('p'),
            )
            .select([
              sql<PageColumns>`json_build_array(${sql.join(selected.map((_, i) => sql`array_agg(${sql.ref(`p.c${i}`)} order by p.event_createdt desc, p.event_id desc)`))})`.as(
                'columns',
              ),
              // the last event of the page has its earliest creation instant
              sql<string | null>`min(p.event_createdt)::text`.as('key_created'),
            ]);
        const { applications, modules } = await namesOf(ctx, principal);
        const line = eventCsvLine(filter.time_zone);
        /** one event's values for the file, filled from the page's columns (the same array for every event: a million copies would only feed the collector) */
        const values: unknown[] = [];
        let after: Boundary | null = null;
        for (;;) {
          const [[read]]: [Page[]] = await database.read(principal.scope, [page(after)]);
          const columns: PageColumns = read!.columns;
          const ids: number[] = columns[12] ?? [];
          let text = '';
          for (let i = 0; i < ids.length; i++) {
            for (let column = 0; column < EVENT_CSV_HEADERS.length; column++) values[column] = columns[column]![i];
            const applicationId = columns[3]![i];
            const moduleId = columns[4]![i];
            values[3] = applicationId == null ? null : (applications.get(applicationId) ?? null);
            values[4] = moduleId == null ? null : (modules.get(moduleId) ?? null);
            text += line(values as unknown as EventCsvValues);
          }
          await write(text);
          if (ids.length < size) return;
          // the database answers in this thread without waiting on anything: let other requests in between pages
          await setImmediate();
          after = { key_created: read!.key_created!, event_id: ids[ids.length - 1]! };
        }
      });
      return { fileName: eventsCsvFileName(ctx.clock.now(), filter.time_zone), body };
    },

    /** An event's log (or one of its rows), in the order the contacts happened (404 for an event that is not the caller's). */
    async log(principal: Principal, eventId: number, query: EventLogExportQuery): Promise<CsvDownload> {
      const db = ctx.database.db;
      const [[event]] = await ctx.database.read(principal.scope, [
        db
          .selectFrom('events')
          .select('case_id')
          .where('customer_id', '=', principal.customerId)
          .where('event_id', '=', eventId),
      ]);
      if (!event) throw new HttpError(404, EVENT_MESSAGES.notFound);
      const [rows] = await ctx.database.read(principal.scope, [
        db
          .selectFrom('event_logs as l')
          .innerJoin('events as e', (join) => join.on(sameCustomerRow('e', 'l', 'event_id')))
          .where('l.customer_id', '=', principal.customerId)
          .where('l.event_id', '=', eventId)
          .$if(query.event_log_id !== undefined, (qb) => qb.where('l.event_log_id', '=', query.event_log_id!))
          .select(EVENT_LOG_COLUMNS)
          .orderBy('l.event_log_id'),
      ]);
      if (query.event_log_id !== undefined && rows.length === 0) throw new HttpError(404, EVENT_MESSAGES.logNotFound);
      // an event's contacts are a few dozen at most: one read, written as it goes
      const body = csvBody(ctx, async (write) => {
        await write(csvHeader(EVENT_LOG_CSV_COLUMNS.map((column) => column.header)));
        for (const row of rows) await write(csvRow(EVENT_LOG_CSV_COLUMNS, toLogEntry(row), query.time_zone));
      });
      return { fileName: eventLogCsvFileName(event.case_id, ctx.clock.now(), query.time_zone), body };
    },
  };
}
