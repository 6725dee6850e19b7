import {
  BEAT_TOKEN_PATTERN,
  HEARTBEAT_LIMITS,
  HEARTBEAT_MESSAGES,
  afterBeat,
  mayCall,
  heartbeatDedupKey,
  type BeatAnswer,
  type Heartbeat,
  type HeartbeatCreate,
  type HeartbeatUpdate,
  type ListOf,
  type MessageAnswer,
} from '@relevo/domain';
import { sql } from 'kysely';
import { heartbeatEndpoints } from '@relevo/api';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { advanceEvent } from '../engine/advance';
import { HttpError, ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, notFound, type CatalogueTx } from '../catalogue/common';
import { engineOptions } from '../incidents/respond';
import { WindowLimiter } from '../incidents/window-limiter';
import {
  beatSealPlace,
  beatTokenHash,
  beatUrlOfRow,
  heartbeatOf,
  heartbeatsWithCase,
  newBeatToken,
  openMonitorEvents,
  watchColumns,
  watchOf,
  type HeartbeatRow,
} from './queries';

/**
 * Resolves, as the integration, the open incident a monitor's miss opened (docs/product.md#heartbeat-monitors:
 * the next beat resolves it), the way the Events API v2's resolve does. Answers how many it resolved.
 */
export async function resolveMonitorIncidents(
  tx: Tx,
  ctx: AppContext,
  monitor: Pick<HeartbeatRow, 'heartbeat_id' | 'module_id'>,
): Promise<number> {
  const open = await openMonitorEvents(tx, monitor.module_id, heartbeatDedupKey(monitor.heartbeat_id)).execute();
  for (const event of open)
    await advanceEvent(tx, event.timer_id, { kind: 'resolve', by: 'integration' }, ctx.clock.now(), engineOptions(ctx));
  return open.length;
}

/**
 * Heartbeat monitors (docs/product.md#heartbeat-monitors): a module's monitors for its customer
 * (404 for another customer's ids and modules; every change audited), and the public beat.
 */
export function heartbeatService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);
  const beats = new WindowLimiter<string>({ limit: HEARTBEAT_LIMITS.beatsPerMinute, windowSeconds: 60 });
  const { publicUrl } = ctx.config;
  const box = () => ctx.delivery.box;
  /** the beat address is shown to those who may change the monitor only */
  const urlFor = (principal: Principal, row: HeartbeatRow) =>
    mayCall(principal.role, heartbeatEndpoints.updateHeartbeat) ? beatUrlOfRow(publicUrl, box(), row) : undefined;

  async function requireModule(tx: CatalogueTx, customerId: number, moduleId: number): Promise<void> {
    const module = await tx
      .selectFrom('modules')
      .select('module_id')
      .where('customer_id', '=', customerId)
      .where('module_id', '=', moduleId)
      .executeTakeFirst();
    if (!module) throw notFound(HEARTBEAT_MESSAGES.moduleNotFound);
  }

  /** The caller's monitor, locked for the change; 404 for another customer's. */
  async function lockedMonitor(tx: CatalogueTx, customerId: number, id: number): Promise<HeartbeatRow> {
    const row = await tx
      .selectFrom('heartbeats')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('heartbeat_id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(HEARTBEAT_MESSAGES.notFound);
    return row;
  }

  async function answer(tx: CatalogueTx, principal: Principal, id: number): Promise<Heartbeat> {
    const row = await heartbeatsWithCase(tx).where('h.heartbeat_id', '=', id).executeTakeFirstOrThrow();
    return heartbeatOf(row, urlFor(principal, row));
  }

  const nameTaken = (error: unknown): never => {
    if (isUniqueViolation(error)) throw ValidationFailure.field('heartbeat_name', HEARTBEAT_MESSAGES.nameTaken);
    throw error;
  };

  /** A new secret: its hash to find the monitor, the token sealed so that its address can be shown again. */
  const secretOf = (customerId: number) => {
    const token = newBeatToken();
    const token_hash = beatTokenHash(token);
    return { token, token_hash, token_sealed: box().seal(beatSealPlace(customerId, token_hash), token) };
  };

  return {
    async list(principal: Principal, moduleId: number): Promise<ListOf<Heartbeat>> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const rows = await heartbeatsWithCase(tx)
          .where('h.customer_id', '=', customerId)
          .where('h.module_id', '=', moduleId)
          .orderBy(sql`lower(h.heartbeat_name)`)
          .orderBy('h.heartbeat_id')
          .limit(HEARTBEAT_LIMITS.perModule)
          .execute();
        if (rows.length === 0) await requireModule(tx, customerId, moduleId);
        return { total: rows.length, list: rows.map((row) => heartbeatOf(row, urlFor(principal, row))) };
      });
    },

    async create(principal: Principal, body: HeartbeatCreate): Promise<Heartbeat> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await requireModule(tx, customerId, body.module_id);
        // the module's row is locked so that two creations count one after the other
        await tx
          .selectFrom('modules')
          .select('module_id')
          .where('module_id', '=', body.module_id)
          .forUpdate()
          .execute();
        const { count } = await tx
          .selectFrom('heartbeats')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('module_id', '=', body.module_id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= HEARTBEAT_LIMITS.perModule) throw conflict(HEARTBEAT_MESSAGES.tooMany);
        const { token_hash, token_sealed } = secretOf(customerId);
        const made = await tx
          .insertInto('heartbeats')
          .values({
            customer_id: customerId,
            module_id: body.module_id,
            heartbeat_name: body.heartbeat_name,
            interval_seconds: body.interval_seconds,
            grace_seconds: body.grace_seconds,
            heartbeat_active: body.heartbeat_active,
            token_hash,
            token_sealed,
            heartbeat_createby: principal.email,
            heartbeat_createdt: unit.now(),
          })
          .returning('heartbeat_id')
          .executeTakeFirstOrThrow()
          .catch(nameTaken);
        const saved = await answer(tx, principal, made.heartbeat_id);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'heartbeat',
          entityId: made.heartbeat_id,
          detail: { module_id: body.module_id, heartbeat_name: body.heartbeat_name },
          after: saved,
        });
        return saved;
      });
    },

    async update(principal: Principal, id: number, body: HeartbeatUpdate): Promise<Heartbeat> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await lockedMonitor(tx, customerId, id);
        const before = await answer(tx, principal, id);
        const watchChanged =
          row.interval_seconds !== body.interval_seconds ||
          row.grace_seconds !== body.grace_seconds ||
          row.heartbeat_active !== body.heartbeat_active;
        // a new interval, grace or status moves the due time; a new name leaves the watch (and a claim under way) alone
        const watch = watchChanged
          ? watchColumns({
              ...watchOf(row),
              interval_seconds: body.interval_seconds,
              grace_seconds: body.grace_seconds,
              active: body.heartbeat_active === 'Y',
            })
          : {};
        await tx
          .updateTable('heartbeats')
          .set({
            heartbeat_name: body.heartbeat_name,
            interval_seconds: body.interval_seconds,
            grace_seconds: body.grace_seconds,
            heartbeat_active: body.heartbeat_active,
            ...watch,
            heartbeat_updateby: principal.email,
            heartbeat_updatedt: unit.now(),
          })
          .where('heartbeat_id', '=', id)
          .execute()
          .catch(nameTaken);
        const saved = await answer(tx, principal, id);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'heartbeat',
          entityId: id,
          detail: {
            heartbeat_name: body.heartbeat_name,
            interval_seconds: body.interval_seconds,
            grace_seconds: body.grace_seconds,
            heartbeat_active: body.heartbeat_active,
          },
          before,
          after: saved,
        });
        return saved;
      });
    },

    /** The monitor goes; an incident its miss opened stays for people to resolve. */
    async remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await lockedMonitor(tx, customerId, id);
        const before = await answer(tx, principal, id);
        await tx.deleteFrom('heartbeats').where('heartbeat_id', '=', id).execute();
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'heartbeat',
          entityId: id,
          detail: { module_id: row.module_id, heartbeat_name: row.heartbeat_name },
          before,
        });
        return { Message: HEARTBEAT_MESSAGES.deleted };
      });
    },

    /** A new secret address; the old one answers 404 from the commit on. */
    async rotate(principal: Principal, id: number): Promise<Heartbeat> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        await lockedMonitor(tx, customerId, id);
        const { token_hash, token_sealed } = secretOf(customerId);
        await tx
          .updateTable('heartbeats')
          .set({ token_hash, token_sealed, heartbeat_updateby: principal.email, heartbeat_updatedt: unit.now() })
          .where('heartbeat_id', '=', id)
          .execute();
        // the trail says the address changed, never the address
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'heartbeat',
          entityId: id,
          detail: { beat_url: 'rotated' },
        });
        return answer(tx, principal, id);
      });
    },

    /**
     * A beat (public; the token is the credential): the monitor is up and due again after its
     * interval and grace; an incident its miss opened is resolved as the integration. Found across
     * customers by the token's hash (the staff scope: nobody is signed in), of an active customer.
     */
    async beat(token: string): Promise<BeatAnswer> {
      if (!BEAT_TOKEN_PATTERN.test(token)) throw new HttpError(404, HEARTBEAT_MESSAGES.beatNotFound);
      const hash = beatTokenHash(token);
      const verdict = beats.hit(hash, ctx.clock.now().getTime());
      if (!verdict.allowed)
        throw new HttpError(429, HEARTBEAT_MESSAGES.beatTooMany, { 'retry-after': String(verdict.retryAfterSeconds) });
      return ctx.database.scoped({ kind: 'staff' }, async (tx) => {
        const row = await tx
          .selectFrom('heartbeats as h')
          .selectAll('h')
          .where('h.token_hash', '=', hash)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('customers as c')
                .select('c.customer_id')
                .whereRef('c.customer_id', '=', 'h.customer_id')
                .where('c.customer_active', '=', 'Y'),
            ),
          )
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw new HttpError(404, HEARTBEAT_MESSAGES.beatNotFound);
        const now = ctx.clock.now();
        const beat = afterBeat(watchOf(row), now.getTime());
        // whatever the state says: a miss whose incident opened while this beat was on its way is resolved too
        await resolveMonitorIncidents(tx, ctx, row);
        await tx
          .updateTable('heartbeats')
          .set({ ...watchColumns(beat.watch), last_beat_at: now, open_event_id: null })
          .where('heartbeat_id', '=', row.heartbeat_id)
          .execute();
        return { message: HEARTBEAT_MESSAGES.beatRecorded, state: beat.watch.state };
      });
    },
  };
}
