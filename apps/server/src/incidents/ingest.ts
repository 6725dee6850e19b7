import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { INGEST_MESSAGES, MODULE_MESSAGES, engineStepsOf, newEngineState, type IncidentCreated, type IncidentIngest, type IncidentSimulation } from '@relevo/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { credentialHash } from '../catalogue/module-tools';
import { HttpError } from '../http/errors';
import { WindowLimiter } from './window-limiter';
import { ENGINE_CHANNEL } from '../engine/advance';

/** Case IDs: 8 characters of an alphabet without look-alikes (0/O, 1/I/L), read out on a call. */
const CASE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newCaseId(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (byte) => CASE_ALPHABET[byte % CASE_ALPHABET.length]).join('');
}

const HASH_OF_NOTHING = credentialHash('');

/** Whether a key matches the stored hash, in constant time (and as long for an unknown module). */
function keyMatches(stored: string | null, key: string): boolean {
  const expected = Buffer.from(stored ?? HASH_OF_NOTHING, 'hex');
  const given = Buffer.from(credentialHash(key), 'hex');
  return timingSafeEqual(expected, given) && stored !== null;
}

export interface Opened {
  answer: IncidentCreated;
  /** false when the dedup_key found an open event */
  created: boolean;
}

interface ModuleForIngest {
  module_id: number;
  customer_id: number;
  module_active: 'Y' | 'N';
  credential_hash: string | null;
  escalation_id: number | null;
  escalation_active: 'Y' | 'N' | null;
  escalation_validate: 'Y' | 'N' | null;
  sla_active: 'Y' | 'N' | null;
  sla_response_time: number | null;
  sla_response_time_mult: 'M' | 'H' | null;
}

/** The module of HTTP Basic's ID, when the key is its credential key; else 401 (the same answer for an unknown module). */
export async function verifiedModule(tx: Tx, moduleId: number, key: string): Promise<ModuleForIngest> {
  const module = await findModule(tx, moduleId);
  if (!keyMatches(module?.credential_hash ?? null, key) || !module) {
    throw new HttpError(401, INGEST_MESSAGES.badCredentials, { 'www-authenticate': 'Basic realm="Relevo"' });
  }
  return module;
}

function findModule(tx: Tx, moduleId: number): Promise<ModuleForIngest | undefined> {
  return tx
    .selectFrom('modules as m')
    .leftJoin('escalations as e', (join) => join.onRef('e.escalation_id', '=', 'm.escalation_id').onRef('e.customer_id', '=', 'm.customer_id'))
    .leftJoin('slas as s', (join) => join.onRef('s.sla_id', '=', 'm.sla_id').onRef('s.customer_id', '=', 'm.customer_id'))
    .select(['m.module_id', 'm.customer_id', 'm.module_active', 'm.credential_hash', 'm.escalation_id', 'e.escalation_active', 'e.escalation_validate', 's.sla_active', 's.sla_response_time', 's.sla_response_time_mult'])
    .where('m.module_id', '=', moduleId)
    .executeTakeFirst();
}

/**
 * Incidents in (service.md 5): the ingest API and the module screen's simulation make events the
 * same way. One transaction: the module and its escalation are checked, an open event with the same
 * dedup_key is answered instead of a second one (a unique index decides between concurrent
 * requests), else the event is made with its SLA and steps copied and its first engine timer due now.
 */
export function incidentService(ctx: AppContext) {
  const limiter = new WindowLimiter(ctx.limits.ingestPerModule);

  async function open(tx: Tx, module: ModuleForIngest, incident: IncidentIngest): Promise<Opened> {
    if (module.module_active !== 'Y') throw new HttpError(409, INGEST_MESSAGES.moduleInactive);
    if (module.escalation_id === null || module.escalation_active !== 'Y' || module.escalation_validate !== 'Y') throw new HttpError(409, INGEST_MESSAGES.escalationNotReady);
    const rows = await tx
      .selectFrom('escalation_resources as s')
      .innerJoin('resources as r', (join) => join.onRef('r.resource_id', '=', 's.resource_id').onRef('r.customer_id', '=', 's.customer_id'))
      .select([
        's.escalation_resource_id',
        's.escalation_priority_orden',
        's.escalation_active',
        's.participation_type_id',
        's.channel_id',
        's.ind_call_again',
        's.max_attemp_number',
        's.next_followup_time',
        's.next_followup_time_mult',
        'r.resource_id',
        'r.resource_fullname',
        'r.resource_active',
        'r.resource_email',
        'r.resource_phone1_e164',
        'r.resource_phone2_e164',
        'r.language_id',
      ])
      .where('s.escalation_id', '=', module.escalation_id)
      .where('s.customer_id', '=', module.customer_id)
      .execute();
    const steps = engineStepsOf(rows);
    if (steps.length === 0) throw new HttpError(409, INGEST_MESSAGES.escalationNotReady);
    const now = ctx.clock.now();
    const slaMinutes = module.sla_active === 'Y' && module.sla_response_time !== null ? module.sla_response_time * (module.sla_response_time_mult === 'H' ? 60 : 1) : null;
    const dedupKey = incident.dedup_key || null;

    for (let tries = 0; tries < 5; tries++) {
      const made = await tx
        .insertInto('events')
        .values({
          customer_id: module.customer_id,
          case_id: newCaseId(),
          module_id: module.module_id,
          escalation_id: module.escalation_id,
          sla_response: slaMinutes,
          short_event_subject: incident.incident,
          short_event_body: incident.description,
          dedup_key: dedupKey,
          event_createdt: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning(['event_id', 'case_id'])
        .executeTakeFirst();
      if (made) {
        const state = newEngineState({ created_at: now.getTime(), sla_minutes: slaMinutes, steps });
        await tx.insertInto('engine_timers').values({ customer_id: module.customer_id, event_id: made.event_id, state: JSON.stringify(state), due_at: now }).execute();
        await sql`select pg_notify(${ENGINE_CHANNEL}, '')`.execute(tx);
        return { answer: made, created: true };
      }
      if (dedupKey !== null) {
        const found = await tx
          .selectFrom('events')
          .select(['event_id', 'case_id'])
          .where('module_id', '=', module.module_id)
          .where('dedup_key', '=', dedupKey)
          .where('event_status', 'in', ['open', 'progress'])
          .executeTakeFirst();
        if (found) return { answer: found, created: false };
      }
      // a case ID that exists already (one chance in 10^11): another one
    }
    throw new Error('No free case ID after 5 tries');
  }

  return {
    /** Opens an incident on a module in the caller's transaction (the checks of both paths included). */
    async open(tx: Tx, moduleId: number, incident: IncidentIngest): Promise<Opened> {
      const module = await findModule(tx, moduleId);
      if (!module) throw new HttpError(404, MODULE_MESSAGES.notFound);
      return open(tx, module, incident);
    },

    /** POST /api/v1/incidents: the module ID and key of HTTP Basic, then the module's limit. */
    ingest(moduleId: number, key: string, incident: IncidentIngest): Promise<Opened> {
      return ctx.database.scoped({ kind: 'staff' }, async (tx) => {
        const module = await verifiedModule(tx, moduleId, key);
        const verdict = limiter.hit(moduleId, ctx.clock.now().getTime());
        if (!verdict.allowed) throw new HttpError(429, 'Too many incidents for this module; try again later', { 'retry-after': String(verdict.retryAfterSeconds) });
        return open(tx, module, incident);
      });
    },

    /** Incident Simulation (spec 2.12): a module of the caller's customer, through the same path. */
    simulate(customerId: number, moduleId: number, incident: IncidentSimulation): Promise<Opened> {
      return ctx.database.scoped({ kind: 'customer', customerId }, async (tx) => {
        const module = await findModule(tx, moduleId);
        if (!module || module.customer_id !== customerId) throw new HttpError(404, MODULE_MESSAGES.notFound);
        return open(tx, module, { ...incident, dedup_key: '' });
      });
    },
  };
}
