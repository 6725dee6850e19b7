import { PassThrough, type Readable } from 'node:stream';
import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import {
  EVENT_CSV_COLUMNS,
  EVENT_LOG_CSV_COLUMNS,
  EVENT_MESSAGES,
  csvHeader,
  csvRow,
  eventLogCsvFileName,
  eventsCsvFileName,
  type EventFilter,
  type EventLogExportQuery,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { eventConditions, selectionOf, toEvent, type EventRow } from './event-query';
import { EVENT_LOG_COLUMNS, toLogEntry } from './events';

/** A file on its way: its name, and its text as it is read from the database. */
export interface CsvDownload {
  fileName: string;
  body: Readable;
}

/** rows per database round trip */
const BATCH = 5000;
/** the text handed to the response at a time */
const CHUNK_BYTES = 64 * 1024;

class DownloadClosed extends Error {}

/**
 * The text of a download, written as it is produced: each chunk waits until the response has taken
 * the previous one, so however many rows there are, only a chunk or two sit in memory. When the
 * person cancels the download, production stops at its next chunk.
 */
function csvBody(ctx: AppContext, produce: (write: (line: string) => Promise<void>) => Promise<void>): Readable {
  const out = new PassThrough();
  let closed = false;
  out.on('close', () => (closed = true));
  let pending = '';
  const flush = async () => {
    if (closed) throw new DownloadClosed();
    const text = pending;
    pending = '';
    if (out.write(text)) return;
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
  };
  const write = async (line: string) => {
    pending += line;
    if (pending.length >= CHUNK_BYTES) await flush();
  };
  void (async () => {
    try {
      await produce(write);
      await flush();
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

type Keyed = { key_created: string; event_id: number };
type Source = Kysely<DB> | Transaction<DB>;
/** What a batch source needs of a query: its rows streamed, or a page of them. */
interface BatchQuery<R> {
  stream(chunkSize: number): AsyncIterableIterator<R>;
  limit(limit: number): Compilable<R>;
}

/**
 * The rows of a query newest first, in batches, in the caller's scope. PostgreSQL reads them
 * through a cursor in one read-only transaction on a connection of its own. The embedded database
 * has one connection for everyone: a transaction held for the whole file would stop every other
 * request, so it reads pages that each start after the last row of the one before (the creation
 * index serves both).
 */
async function eachBatch<R extends Keyed>(
  ctx: AppContext,
  batchSize: number,
  principal: Principal,
  query: (source: Source, after: Keyed | null) => BatchQuery<R>,
  onBatch: (rows: R[]) => Promise<void>,
): Promise<void> {
  if (ctx.database.kind === 'postgres') {
    await ctx.database.scoped(principal.scope, async (tx) => {
      await sql`set transaction read only`.execute(tx);
      let batch: R[] = [];
      for await (const row of query(tx, null).stream(batchSize)) {
        batch.push(row);
        if (batch.length >= batchSize) {
          await onBatch(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await onBatch(batch);
    });
    return;
  }
  let after: Keyed | null = null;
  for (;;) {
    const [rows] = await ctx.database.read(principal.scope, [query(ctx.database.db, after).limit(batchSize)]);
    if (rows.length > 0) await onBatch(rows as R[]);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as R;
    after = { key_created: last.key_created, event_id: last.event_id };
  }
}

/** The names of a customer's modules and applications, read once for a whole file. */
async function namesOf(ctx: AppContext, principal: Principal) {
  const db = ctx.database.db;
  const [modules, applications] = await ctx.database.read(principal.scope, [
    db.selectFrom('modules').select(['module_id', 'module_name']).where('customer_id', '=', principal.customerId),
    db.selectFrom('applications').select(['application_id', 'application_name']).where('customer_id', '=', principal.customerId),
  ]);
  return {
    modules: new Map(modules.map((m) => [m.module_id, m.module_name])),
    applications: new Map(applications.map((a) => [a.application_id, a.application_name])),
  };
}

/** spec 9, service.md 8: CSV exports of the events and of an event's log, streamed. */
export function eventExports(ctx: AppContext, options: { batch: number } = { batch: BATCH }) {
  return {
    /** Every event of the list's filters, newest first, in the 12 columns of spec 9. */
    events(principal: Principal, filter: EventFilter): CsvDownload {
      const selection = selectionOf(principal.customerId, filter);
      const zone = filter.time_zone;
      const query = (source: Source, after: Keyed | null) =>
        source
          .selectFrom('events as e')
          .where((eb) => eventConditions(eb, selection))
          .$if(after !== null, (qb) => qb.where(sql<boolean>`(e.event_createdt, e.event_id) < (${after!.key_created}::timestamptz, ${after!.event_id})`))
          .select([
            'e.event_id',
            'e.case_id',
            'e.event_createdt',
            'e.accepteddt',
            'e.event_closedt',
            'e.event_status',
            'e.application_id',
            'e.module_id',
            'e.last_resource_assigned',
            'e.minutes_elapsed',
            'e.time_response',
            'e.sla_response',
            'e.sla_compliance',
            'e.short_event_subject',
            'e.short_event_body',
            'e.event_cause',
            'e.event_resolution',
            'e.resolution',
            sql<string>`e.event_createdt::text`.as('key_created'),
          ])
          .orderBy('e.event_createdt', 'desc')
          .orderBy('e.event_id', 'desc');
      const body = csvBody(ctx, async (write) => {
        const names = await namesOf(ctx, principal);
        await write(csvHeader(EVENT_CSV_COLUMNS));
        await eachBatch(ctx, options.batch, principal, query, async (rows) => {
          let text = '';
          for (const row of rows) {
            const event = toEvent({
              ...(row as unknown as EventRow),
              module_name: row.module_id === null ? null : (names.modules.get(row.module_id) ?? null),
              application_name: row.application_id === null ? null : (names.applications.get(row.application_id) ?? null),
            });
            text += csvRow(EVENT_CSV_COLUMNS, event, zone);
          }
          await write(text);
        });
      });
      return { fileName: eventsCsvFileName(ctx.clock.now(), zone), body };
    },

    /** An event's log (or one of its rows), in the order the contacts happened (404 for an event that is not the caller's). */
    async log(principal: Principal, eventId: number, query: EventLogExportQuery): Promise<CsvDownload> {
      const db = ctx.database.db;
      const [[event]] = await ctx.database.read(principal.scope, [
        db.selectFrom('events').select('case_id').where('customer_id', '=', principal.customerId).where('event_id', '=', eventId),
      ]);
      if (!event) throw new HttpError(404, EVENT_MESSAGES.notFound);
      const [rows] = await ctx.database.read(principal.scope, [
        db
          .selectFrom('event_logs as l')
          .innerJoin('events as e', (join) => join.onRef('e.event_id', '=', 'l.event_id').onRef('e.customer_id', '=', 'l.customer_id'))
          .where('l.customer_id', '=', principal.customerId)
          .where('l.event_id', '=', eventId)
          .$if(query.event_log_id !== undefined, (qb) => qb.where('l.event_log_id', '=', query.event_log_id!))
          .select(EVENT_LOG_COLUMNS)
          .orderBy('l.event_log_id'),
      ]);
      if (query.event_log_id !== undefined && rows.length === 0) throw new HttpError(404, EVENT_MESSAGES.logNotFound);
      // an event's contacts are a few dozen at most: one read, written as it goes
      const body = csvBody(ctx, async (write) => {
        await write(csvHeader(EVENT_LOG_CSV_COLUMNS));
        for (const row of rows) await write(csvRow(EVENT_LOG_CSV_COLUMNS, toLogEntry(row), query.time_zone));
      });
      return { fileName: eventLogCsvFileName(event.case_id, ctx.clock.now(), query.time_zone), body };
    },
  };
}
