import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { Tx } from '../db/database';
import type { DB } from '../db/schema';

/**
 * Leased jobs over any table that has the job columns (migration 0004 lists them): the outbox and
 * the escalation engine's timers (`engine_timers`). A job is a row with a due time; a
 * worker claims it for a lease and must finish or renew before the lease runs out, or another
 * worker takes it over. Every write of a claim is fenced by the claim's token, so the late write of
 * a worker that lost its lease (it stalled, or its lease ran out during a slow send) changes
 * nothing. Every time is a parameter from the caller's injected clock, never `now()` in SQL.
 */

/** The job columns every job table has. */
export interface JobRow {
  id: number;
  status: string;
  due_at: Date;
  attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  claim_token: string | null;
  last_error: string | null;
}

/** A row as its claim returned it: the claim's worker and token are set. */
export type Claimed<Row extends JobRow> = Row & { claim_token: string; locked_by: string; locked_until: Date };

/** What one claim holds, enough to fence its writes. */
export type ClaimRef = Pick<Claimed<JobRow>, 'id' | 'claim_token' | 'locked_by'>;

export interface JobTable {
  /** the table name (a constant of the code, never input) */
  name: string;
  /** the status of a job that is done (`sent` for the outbox) */
  doneStatus: string;
  /** claims a job may get; a job that reached it is moved to `dead` instead of being claimed */
  maxAttempts: number;
  /** columns emptied when a job ends (done, dead or canceled), so secrets do not stay */
  clearOnEnd?: readonly string[];
  /** how long after its `attempt`-th failed claim a job is due again */
  retryDelayMs(attempt: number): number;
}

export interface ClaimOptions {
  workerId: string;
  now: Date;
  /** how long the claim holds each job unless renewed */
  leaseMs: number;
  limit: number;
}

export interface ClaimResult<Row extends JobRow> {
  /** claimed jobs in queue order (due time, then id) */
  jobs: Claimed<Row>[];
  /** jobs found due that had reached the attempt cap: moved to `dead`, not claimed */
  dead: Row[];
}

const table = (t: JobTable) => sql.table(t.name);

/**
 * One statement of the job layer and how its rows answer. `runIn` runs it in a unit of work (the
 * tests, the engine's own transaction); a worker sends it alone, with its scope, in one round trip
 * (`Database.write`), since each of these is a whole unit of work in one statement.
 */
export interface JobStatement<T> {
  query: RawBuilder<Record<string, unknown>>;
  answer(rows: Record<string, unknown>[]): T;
}

export async function runIn<T>(db: Tx, statement: JobStatement<T>): Promise<T> {
  return statement.answer((await statement.query.execute(db)).rows);
}

/** The statement as `Database.read`/`write` take it, compiled by `db`. */
export const compiled = (db: Kysely<DB>, statement: JobStatement<unknown>): Compilable<Record<string, unknown>> => ({
  compile: () => statement.query.compile(db),
});

const affected = (rows: Record<string, unknown>[]) => rows.length;

function clearing(t: JobTable): RawBuilder<unknown>[] {
  return (t.clearOnEnd ?? []).map((column) => sql`${sql.ref(column)} = null`);
}

function assignments(values: Record<string, unknown>): RawBuilder<unknown>[] {
  return Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
}

/** The claim's own row only: still claimed, by this worker, under this token. */
function fenced(claim: ClaimRef): RawBuilder<unknown> {
  return sql`id = ${claim.id} and status = 'claimed' and locked_by = ${claim.locked_by} and claim_token = ${claim.claim_token}`;
}

/** The rows of these claims that are still theirs (the fence of `fenced`, for many claims at once). */
function heldBy(claims: readonly ClaimRef[]): RawBuilder<unknown> {
  return sql`status = 'claimed' and (id, locked_by, claim_token) in (${sql.join(claims.map((c) => sql`(${c.id}, ${c.locked_by}, ${c.claim_token}::uuid)`))})`;
}

/**
 * Claims up to `limit` jobs that are due (pending with `due_at` passed) or abandoned (claimed with
 * the lease run out), in queue order, skipping rows another claimer is taking at this moment. Each
 * claimed job gets its own lease and a new fencing token. A job that already had `maxAttempts`
 * claims is moved to `dead` in the same statement and never claimed again.
 */
export function claim<Row extends JobRow>(db: Tx, t: JobTable, options: ClaimOptions): Promise<ClaimResult<Row>> {
  return runIn(db, claimStatement<Row>(t, options));
}

export function claimStatement<Row extends JobRow>(t: JobTable, options: ClaimOptions): JobStatement<ClaimResult<Row>> {
  const { workerId, now, leaseMs, limit } = options;
  const until = new Date(now.getTime() + leaseMs);
  const query = sql<Record<string, unknown>>`
    with due as (
      select id, attempts, due_at as since from ${table(t)}
      where status = 'pending' and due_at <= ${now}
      order by due_at, id
      limit ${limit}
      for update skip locked
    ),
    abandoned as (
      select id, attempts, locked_until as since from ${table(t)}
      where status = 'claimed' and locked_until <= ${now}
      order by locked_until, id
      limit ${limit}
      for update skip locked
    ),
    -- two ordered index walks that stop at the limit (one walk of an OR would sort every due row)
    candidates as (
      select id, attempts from (select * from due union all select * from abandoned) as c
      order by since, id
      limit ${limit}
    ),
    given_up as (
      update ${table(t)} as job
      set ${sql.join([
        sql`status = 'dead'`,
        sql`locked_until = null`,
        sql`claim_token = null`,
        sql`last_error = coalesce(job.last_error || '; ', '') || ${`no result after ${t.maxAttempts} attempts`}`,
        ...clearing(t),
      ])}
      from candidates
      where job.id = candidates.id and candidates.attempts >= ${t.maxAttempts}
      returning job.*
    ),
    taken as (
      update ${table(t)} as job
      set status = 'claimed', attempts = job.attempts + 1, locked_by = ${workerId}, locked_until = ${until}, claim_token = gen_random_uuid()
      from candidates
      where job.id = candidates.id and candidates.attempts < ${t.maxAttempts}
      returning job.*
    )
    select 'claimed' as outcome, * from taken
    union all
    select 'dead' as outcome, * from given_up`;
  return {
    query,
    answer(rows) {
      const jobs: Claimed<Row>[] = [];
      const dead: Row[] = [];
      for (const { outcome, ...row } of rows)
        (outcome === 'claimed' ? jobs : dead).push(row as unknown as Claimed<Row>);
      // RETURNING keeps no order: run in the order the jobs were queued (a resent code after the first)
      jobs.sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime() || a.id - b.id);
      return { jobs, dead };
    },
  };
}

/** Done: only the claim's holder can say so; false when the claim was lost (nothing changed). */
export async function complete(
  db: Tx,
  t: JobTable,
  claim: ClaimRef,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  return (await completeAll(db, t, [claim], extra)).has(claim.claim_token);
}

/**
 * Done, for many claims in one statement (a worker's completions that finished together); answers
 * the tokens of the claims that were still held and are now done. The others change nothing.
 */
export async function completeAll(
  db: Tx,
  t: JobTable,
  claims: readonly ClaimRef[],
  extra: Record<string, unknown> = {},
): Promise<Set<string>> {
  return claims.length === 0 ? new Set() : runIn(db, completeStatement(t, claims, extra));
}

/** `completeAll` as one statement (at least one claim). */
export function completeStatement(
  t: JobTable,
  claims: readonly ClaimRef[],
  extra: Record<string, unknown> = {},
): JobStatement<Set<string>> {
  return {
    query: sql`
      update ${table(t)}
      set ${sql.join([sql`status = ${t.doneStatus}`, sql`locked_until = null`, sql`claim_token = null`, sql`last_error = null`, ...clearing(t), ...assignments(extra)])}
      where ${heldBy(claims)}
      returning id`,
    answer(rows) {
      // the token is cleared by the update: a row's id names the one claim of the list that held it
      const done = new Set(rows.map((row) => Number(row.id)));
      return new Set(claims.filter((c) => done.has(c.id)).map((c) => c.claim_token));
    },
  };
}

export type FailOutcome = 'retry' | 'dead' | 'fenced';

/**
 * Failed: due again after the table's retry delay, or `dead` when this was the last attempt the
 * cap allows. `fenced` when the claim was lost: the row is left as the newer claim has it.
 */
export function fail(
  db: Tx,
  t: JobTable,
  claim: ClaimRef & { attempts: number },
  error: string,
  now: Date,
): Promise<FailOutcome> {
  return runIn(db, failStatement(t, claim, error, now));
}

export function failStatement(
  t: JobTable,
  claim: ClaimRef & { attempts: number },
  error: string,
  now: Date,
): JobStatement<FailOutcome> {
  const giveUp = claim.attempts >= t.maxAttempts;
  const common = [sql`locked_until = null`, sql`claim_token = null`, sql`last_error = ${error.slice(0, 500)}`];
  const set = giveUp
    ? [sql`status = 'dead'`, ...common, ...clearing(t)]
    : [sql`status = 'pending'`, ...common, sql`due_at = ${new Date(now.getTime() + t.retryDelayMs(claim.attempts))}`];
  return {
    query: sql`update ${table(t)} set ${sql.join(set)} where ${fenced(claim)} returning id`,
    answer: (rows) => (affected(rows) === 0 ? 'fenced' : giveUp ? 'dead' : 'retry'),
  };
}

/**
 * Given back by a worker that stops before it finished the job (or before it started it): pending
 * again at once, the claim not counted as an attempt, so another worker takes it now instead of
 * after the lease. Fenced like every write of a claim; answers whether the claim still held.
 */
export function releaseStatement(t: JobTable, claim: ClaimRef): JobStatement<boolean> {
  return {
    query: sql`
      update ${table(t)}
      set status = 'pending', attempts = greatest(attempts - 1, 0), locked_by = null, locked_until = null, claim_token = null
      where ${fenced(claim)}
      returning id`,
    answer: (rows) => affected(rows) > 0,
  };
}

/**
 * Extends the leases of claims still held (a long send) and answers their tokens; a claim missing
 * from the answer was lost (taken over after its lease ran out, or canceled).
 */
export async function renew(
  db: Tx,
  t: JobTable,
  claims: readonly ClaimRef[],
  now: Date,
  leaseMs: number,
): Promise<Set<string>> {
  return claims.length === 0 ? new Set() : runIn(db, renewStatement(t, claims, now, leaseMs));
}

/** `renew` as one statement (at least one claim). */
export function renewStatement(
  t: JobTable,
  claims: readonly ClaimRef[],
  now: Date,
  leaseMs: number,
): JobStatement<Set<string>> {
  const until = new Date(now.getTime() + leaseMs);
  return {
    query: sql`
      update ${table(t)} set locked_until = ${until}
      where ${heldBy(claims)}
      returning claim_token`,
    answer: (rows) => new Set(rows.map((row) => row.claim_token as string)),
  };
}

/**
 * Never runs: a pending job, or a claimed one whose holder then finds its claim lost (a send
 * already under way may still reach the far end; it is not retried). False when the job had
 * already ended.
 */
export async function cancel(db: Tx, t: JobTable, id: number): Promise<boolean> {
  const result = await sql`
    update ${table(t)} set ${sql.join([sql`status = 'canceled'`, sql`locked_until = null`, sql`claim_token = null`, ...clearing(t)])}
    where id = ${id} and status in ('pending', 'claimed')`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/**
 * When a worker next has something to do: the earliest due time of a pending job or lease expiry
 * of a claimed one, leaving out the claims `except` (the worker's own, which it renews). Null when
 * nothing waits.
 */
export function nextWakeAt(db: Tx, t: JobTable, except: readonly string[] = []): Promise<Date | null> {
  return runIn(db, nextWakeStatement(t, except));
}

export function nextWakeStatement(t: JobTable, except: readonly string[] = []): JobStatement<Date | null> {
  const own =
    except.length > 0 ? sql`and claim_token not in (${sql.join(except.map((token) => sql`${token}::uuid`))})` : sql``;
  return {
    query: sql`
      select
        (select min(due_at) from ${table(t)} where status = 'pending') as due,
        (select min(locked_until) from ${table(t)} where status = 'claimed' ${own}) as lease`,
    answer(rows) {
      const times = [rows[0]?.due, rows[0]?.lease]
        .filter((v) => v != null)
        .map((v) => new Date(v as Date | string).getTime());
      return times.length > 0 ? new Date(Math.min(...times)) : null;
    },
  };
}

/** Growing delays: 5 s, 10 s, 20 s ... up to an hour. */
export const exponentialRetry = (firstMs: number, maxMs: number) => (attempt: number) =>
  Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
