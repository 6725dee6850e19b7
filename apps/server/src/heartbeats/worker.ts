import type { Logger } from 'pino';
import { afterDue, heartbeatDedupKey, missedIncident } from '@relevo/domain';
import type { Clock } from '../clock';
import type { AppContext } from '../context';
import type { Database } from '../db/database';
import { HttpError } from '../http/errors';
import { incidentService } from '../incidents/ingest';
import { exponentialRetry, type Claimed, type JobTable } from '../jobs/lease';
import { JobRunner, JobWorker } from '../jobs/worker';
import { watchColumns, watchOf, type HeartbeatRow } from './queries';
import { resolveMonitorIncidents } from './service';

/**
 * The monitors as a job table (docs/product.md#heartbeat-monitors): a monitor that is up is a
 * pending job due at its last beat + interval + grace, claimed only then.
 */
export const HEARTBEAT_JOBS: JobTable = {
  name: 'heartbeats',
  doneStatus: 'idle',
  // failed looks in a row (the database unreachable); a beat starts the count again
  maxAttempts: 10,
  retryDelayMs: exponentialRetry(5_000, 300_000),
};

export const HEARTBEAT_CHANNEL = 'relevo_heartbeats';

/** A claimed monitor: a pending one, so it has its due time. */
export type HeartbeatJob = Omit<HeartbeatRow, 'due_at'> & { due_at: Date };

/** What a due monitor came to. */
export type MissOutcome =
  | { kind: 'opened'; event_id: number; case_id: string }
  /** the module takes no incidents (inactive, or its escalation cannot run): the miss is recorded, nothing opens */
  | { kind: 'refused'; reason: string }
  /** a beat moved it later, or it stopped being watched: nothing to do */
  | { kind: 'not due' };

/**
 * A due monitor's miss in its two steps. `open` opens the incident through the ingest API's own
 * path, with the monitor's dedup key, so a second look (two workers, or the heir of a killed one)
 * answers the same open incident instead of a new one. `settle` then marks the monitor missed
 * under the claim's fence; when the claim was lost because a beat came meanwhile, the incident
 * just opened is resolved as the beat would have.
 */
export function heartbeatMisses(ctx: AppContext) {
  const incidents = incidentService(ctx);

  async function open(job: HeartbeatJob, now: Date): Promise<MissOutcome> {
    if (!afterDue(watchOf(job), now.getTime()).opens) return { kind: 'not due' };
    const texts = missedIncident(
      { ...job, last_beat_at: job.last_beat_at ? new Date(job.last_beat_at).getTime() : null },
      new Date(job.due_at).getTime(),
    );
    try {
      const opened = await incidents.openForMonitor(job.customer_id, job.module_id, {
        ...texts,
        dedup_key: heartbeatDedupKey(job.heartbeat_id),
      });
      return { kind: 'opened', ...opened.answer };
    } catch (error) {
      // the ingest API's refusals (409: the module takes no incidents; 404: it is gone)
      if (error instanceof HttpError && (error.status === 409 || error.status === 404))
        return { kind: 'refused', reason: error.detail };
      throw error;
    }
  }

  /** Answers whether the claim still held (the outcome was written). */
  async function settle(job: Claimed<HeartbeatJob>, outcome: MissOutcome): Promise<boolean> {
    return ctx.database.scoped({ kind: 'staff' }, async (tx) => {
      const current = await tx
        .selectFrom('heartbeats')
        .selectAll()
        .where('heartbeat_id', '=', job.heartbeat_id)
        .forUpdate()
        .executeTakeFirst();
      const held =
        current !== undefined &&
        current.status === 'claimed' &&
        current.locked_by === job.locked_by &&
        current.claim_token === job.claim_token;
      if (!held) {
        // a beat came after the claim: the incident opened meanwhile is resolved as that beat would have
        const beatSince =
          current?.last_beat_at != null &&
          (job.last_beat_at === null ||
            new Date(current.last_beat_at).getTime() > new Date(job.last_beat_at).getTime());
        if (current && outcome.kind === 'opened' && beatSince) await resolveMonitorIncidents(tx, ctx, current);
        return false;
      }
      const watch = outcome.kind === 'not due' ? watchOf(current) : { ...watchOf(current), state: 'missed' as const };
      await tx
        .updateTable('heartbeats')
        .set({
          ...watchColumns(watch),
          open_event_id: outcome.kind === 'opened' ? outcome.event_id : current.open_event_id,
          last_error: outcome.kind === 'refused' ? `incident refused: ${outcome.reason}`.slice(0, 500) : null,
        })
        .where('heartbeat_id', '=', job.heartbeat_id)
        .execute();
      return true;
    });
  }

  return { open, settle };
}

export interface HeartbeatWorkerOptions {
  ctx: AppContext;
  database: Database;
  clock: Clock;
  log: Logger;
  workerId: string;
  leaseMs?: number;
  idlePollMs?: number;
}

/**
 * The monitors' worker: claims the monitors that came due (any number of workers share them; a
 * killed one's claims are taken over when their lease runs out) and records each miss.
 */
export class HeartbeatWorker extends JobRunner<HeartbeatJob> {
  constructor(options: HeartbeatWorkerOptions) {
    const misses = heartbeatMisses({ ...options.ctx, database: options.database, clock: options.clock });
    super(
      new JobWorker<HeartbeatJob>({
        database: options.database,
        clock: options.clock,
        log: options.log,
        workerId: options.workerId,
        table: HEARTBEAT_JOBS,
        channel: HEARTBEAT_CHANNEL,
        settlesItself: true,
        run: async (job) => {
          const outcome = await misses.open(job, options.clock.now());
          const held = await misses.settle(job, outcome);
          if (!held)
            options.log.warn(
              { heartbeat: job.heartbeat_id },
              'heartbeat miss dropped: its claim was lost (a beat or a change came)',
            );
          else if (outcome.kind === 'refused')
            options.log.warn(
              { heartbeat: job.heartbeat_id, reason: outcome.reason },
              'heartbeat missed; its module takes no incidents',
            );
        },
        leaseMs: options.leaseMs,
        idlePollMs: options.idlePollMs,
      }),
    );
  }
}
