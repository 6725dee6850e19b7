import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import {
  INGEST_MESSAGES,
  MODULE_MESSAGES,
  engineStepsOf,
  holdingWindow,
  moduleIntakeRefusal,
  newEngineState,
  slaMinutes,
  type IncidentCreated,
  type IncidentIngest,
  type IncidentSimulation,
  type MaintenanceTimes,
  type StepRowForEngine,
} from '@relevo/domain';
import type { AppContext } from '../context';
import type { Scope, Tx } from '../db/database';
import { sameCustomerRow } from '../db/joins';
import { credentialHash } from '../catalogue/module-tools';
import { HttpError } from '../http/errors';
import { WindowLimiter } from './window-limiter';
import { ENGINE_CHANNEL } from '../engine/advance';
import { wake } from '../db/wake';
import { coalesce } from '../db/coalesce';
import { pushDevicesOfStep } from '../push/queries';
import { moduleChatsOfStep } from '../team-chat/queries';

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
  application_id: number;
  /** docs/product.md#maintenance-windows: the zone a weekly window of the customer repeats in */
  customer_time_zone: string | null;
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
  return keyChecked(await moduleQuery(tx, moduleId).executeTakeFirst(), key);
}

function keyChecked(module: ModuleForIngest | undefined, key: string): ModuleForIngest {
  if (!keyMatches(module?.credential_hash ?? null, key) || !module) {
    throw new HttpError(401, INGEST_MESSAGES.badCredentials, { 'www-authenticate': 'Basic realm="Relevo"' });
  }
  return module;
}

function moduleQuery(db: Tx, moduleIds: number | readonly number[]) {
  const query = db
    .selectFrom('modules as m')
    .leftJoin('escalations as e', (join) => join.on(sameCustomerRow('e', 'm', 'escalation_id')))
    .leftJoin('slas as s', (join) => join.on(sameCustomerRow('s', 'm', 'sla_id')))
    .innerJoin('customers as c', 'c.customer_id', 'm.customer_id')
    .select([
      'm.module_id',
      'm.customer_id',
      'm.application_id',
      'c.customer_time_zone',
      'm.module_active',
      'm.credential_hash',
      'm.escalation_id',
      'e.escalation_active',
      'e.escalation_validate',
      's.sla_active',
      's.sla_response_time',
      's.sla_response_time_mult',
    ]);
  return typeof moduleIds === 'number'
    ? query.where('m.module_id', '=', moduleIds)
    : query.where('m.module_id', '=', sql<number>`any(${moduleIds}::integer[])`);
}

/** The steps of the modules' escalations, with their resources (read with the modules: the escalation is the module's). */
function stepsQuery(db: Tx, moduleIds: readonly number[]) {
  return (
    db
      .selectFrom('modules as m')
      .innerJoin('escalation_resources as s', (join) => join.on(sameCustomerRow('s', 'm', 'escalation_id')))
      // docs/product.md#schedules: a step calls a resource or a schedule
      .leftJoin('resources as r', (join) => join.on(sameCustomerRow('r', 's', 'resource_id')))
      .leftJoin('schedules as sc', (join) => join.on(sameCustomerRow('sc', 's', 'schedule_id')))
      .select([
        'm.module_id',
        's.escalation_resource_id',
        's.escalation_priority_orden',
        's.escalation_active',
        's.participation_type_id',
        's.channel_id',
        's.ind_call_again',
        's.max_attemp_number',
        's.next_followup_time',
        's.next_followup_time_mult',
        sql<number>`coalesce(r.resource_id, 0)`.as('resource_id'),
        sql<string>`coalesce(r.resource_fullname, '')`.as('resource_fullname'),
        sql<'Y' | 'N'>`coalesce(r.resource_active, 'N')`.as('resource_active'),
        'r.resource_email',
        'r.resource_phone1_e164',
        'r.resource_phone2_e164',
        // a schedule step speaks the default language until it finds its person
        sql<string>`coalesce(r.language_id, (select l.language_id from languages l where l.is_default limit 1), 'ES')`.as(
          'language_id',
        ),
        sql<
          StepRowForEngine['schedule']
        >`case when sc.schedule_id is null then null else json_build_object('schedule_id', sc.schedule_id, 'schedule_name', sc.schedule_name, 'schedule_active', sc.schedule_active) end`.as(
          'schedule',
        ),
        // docs/product.md#push-notifications: a push step reaches a person with a device
        pushDevicesOfStep('s.channel_id', 'r').as('resource_push_devices'),
        // docs/product.md#team-chat: a chat step posts where a chat of the customer posts for the module
        moduleChatsOfStep('s.channel_id', 'm').as('module_chats'),
      ])
      .where('m.module_id', '=', sql<number>`any(${moduleIds}::integer[])`)
  );
}

type StepRow = Awaited<ReturnType<ReturnType<typeof stepsQuery>['execute']>>[number];

/**
 * docs/product.md#maintenance-windows: the windows of the modules and of their applications that
 * may be on at `now` (started, and weekly or not over yet), read with the modules. A customer
 * holds at most 100 windows, so this is bounded.
 */
function windowsQuery(db: Tx, moduleIds: readonly number[], now: Date) {
  return db
    .selectFrom('modules as m')
    .innerJoin('maintenance_windows as w', (join) =>
      join
        .onRef('w.customer_id', '=', 'm.customer_id')
        .on((eb) =>
          eb.or([
            eb('w.module_id', '=', eb.ref('m.module_id')),
            eb('w.application_id', '=', eb.ref('m.application_id')),
          ]),
        ),
    )
    .select([
      'm.module_id as for_module',
      'w.maintenance_window_id',
      'w.module_id',
      'w.application_id',
      'w.start_at',
      'w.end_at',
      'w.recurrence',
      'w.release',
    ])
    .where('m.module_id', '=', sql<number>`any(${moduleIds}::integer[])`)
    .where('w.start_at', '<=', now)
    .where((eb) => eb.or([eb('w.recurrence', '=', 'weekly'), eb('w.end_at', '>', now)]))
    .orderBy('w.maintenance_window_id');
}

interface ModuleWithSteps {
  module: ModuleForIngest | undefined;
  steps: StepRow[];
  windows: MaintenanceTimes[];
}

/** An event to make: its row's values and its first engine state. */
interface NewEvent {
  customer_id: number;
  case_id: string;
  module_id: number;
  escalation_id: number;
  sla_response: number | null;
  subject: string;
  body: string;
  dedup_key: string | null;
  created: Date;
  state: string;
  /** when its timer is first due: now, or the end of the maintenance window it arrived in */
  due: Date;
  maintenance_window_id: number | null;
}

/**
 * The events with their first timers and the engine's wake-up, in one statement. An event a unique
 * index refuses (an open event with its dedup_key, or its case ID taken) is not made and not answered.
 */
function eventsMade(db: Tx, events: readonly NewEvent[]) {
  const column = <T>(pick: (event: NewEvent) => T) => events.map(pick);
  const statement = sql<{ event_id: number; case_id: string }>`with input as (
    select * from unnest(${column((e) => e.customer_id)}::integer[], ${column((e) => e.case_id)}::text[], ${column((e) => e.module_id)}::integer[],
      ${column((e) => e.escalation_id)}::integer[], ${column((e) => e.sla_response)}::integer[], ${column((e) => e.subject)}::text[], ${column((e) => e.body)}::text[],
      ${column((e) => e.dedup_key)}::text[], ${column((e) => e.created)}::timestamptz[], ${column((e) => e.state)}::jsonb[],
      ${column((e) => e.due)}::timestamptz[], ${column((e) => e.maintenance_window_id)}::integer[])
      as i (customer_id, case_id, module_id, escalation_id, sla_response, subject, body, dedup_key, created, state, due, maintenance_window_id)
  ), made as (
    insert into events (customer_id, case_id, module_id, escalation_id, sla_response, short_event_subject, short_event_body, dedup_key, event_createdt,
      in_maintenance, maintenance_window_id)
    select customer_id, case_id, module_id, escalation_id, sla_response, subject, body, dedup_key, created,
      case when maintenance_window_id is null then 'N' else 'Y' end, maintenance_window_id from input
    on conflict do nothing
    returning event_id, case_id
  ), timers as (
    insert into engine_timers (customer_id, event_id, state, due_at)
    select input.customer_id, made.event_id, input.state, input.due from made join input using (case_id)
  )
  select made.event_id, made.case_id from made`;
  return { compile: () => statement.compile(db) };
}

/** The open (or in progress) event of each module and dedup_key asked for. */
function openEventsOf(db: Tx, keys: readonly { module_id: number; dedup_key: string }[]) {
  return db
    .selectFrom('events')
    .select(['event_id', 'case_id', 'module_id', 'dedup_key'])
    .where(
      sql<boolean>`(module_id, dedup_key) in (select * from unnest(${keys.map((k) => k.module_id)}::integer[], ${keys.map((k) => k.dedup_key)}::text[]))`,
    )
    .where('event_status', 'in', ['open', 'progress']);
}

/** Batches on their way at once (docs/perf.md, "Ingest"): a few, so a busy database gets them together. */
const FLIGHTS = 2;
const MAX_BATCH = 200;

/**
 * Incidents in (docs/product.md#incidents-in): the ingest API and the module screen's simulation make events the
 * same way, in two round trips. A read brings the module with its escalation, SLA and steps; one
 * statement then makes the event (its SLA and steps copied into its first engine timer, due now)
 * and wakes the engine, or makes nothing when an open event has the same dedup_key (a unique index
 * decides between concurrent requests) and that event is answered instead. Between the two, the
 * module may change as it could have just before the request: the event is what the module was.
 * Requests of the ingest API arriving while the database is busy go together: one read for their
 * modules and one statement for their events (db/coalesce.ts).
 */
export function incidentService(ctx: AppContext) {
  const limiter = new WindowLimiter(ctx.limits.ingestPerModule);
  const { db } = ctx.database;
  const STAFF: Scope = { kind: 'staff' };

  async function modulesWithSteps(scope: Scope, moduleIds: readonly number[]): Promise<ModuleWithSteps[]> {
    const distinct = [...new Set(moduleIds)];
    const [modules, steps, windows] = await ctx.database.read(scope, [
      moduleQuery(db, distinct),
      stepsQuery(db, distinct),
      windowsQuery(db, distinct, ctx.clock.now()),
    ]);
    return moduleIds.map((id) => ({
      module: modules.find((m) => m.module_id === id),
      steps: steps.filter((step) => step.module_id === id),
      windows: windows
        .filter((window) => window.for_module === id)
        .map((window) => ({
          maintenance_window_id: window.maintenance_window_id,
          module_id: window.module_id,
          application_id: window.application_id,
          start: new Date(window.start_at).getTime(),
          end: new Date(window.end_at).getTime(),
          recurrence: window.recurrence,
          release: window.release,
        })),
    }));
  }

  /** Makes the events it can; answers each one's event, or null when a unique index refused it. */
  async function makeEvents(scope: Scope, events: readonly NewEvent[]): Promise<(IncidentCreated | null | Error)[]> {
    let made: { event_id: number; case_id: string }[];
    try {
      [made] = await ctx.database.write(scope, [eventsMade(db, events)]);
      // the engine takes the new incidents' first steps at once (else at its next poll); one held
      // by a maintenance window waits for its end
      const due = events.filter((event) => event.maintenance_window_id === null).map((event) => event.case_id);
      if (made.some((event) => due.includes(event.case_id))) void wake(ctx.database, ENGINE_CHANNEL);
    } catch (error) {
      // the batch made nothing: each event alone, so one that fails fails only its own request
      if (events.length === 1) throw error;
      return Promise.all(
        events.map((event) =>
          makeEvents(scope, [event]).then(
            ([one]) => one!,
            (failed: Error) => failed,
          ),
        ),
      );
    }
    const byCase = new Map(made.map((event) => [event.case_id, event]));
    return events.map((event) => byCase.get(event.case_id) ?? null);
  }

  async function openEvents(
    scope: Scope,
    keys: readonly { module_id: number; dedup_key: string }[],
  ): Promise<(IncidentCreated | null)[]> {
    const [found] = await ctx.database.read(scope, [openEventsOf(db, keys)]);
    return keys.map((key) => {
      const event = found.find((row) => row.module_id === key.module_id && row.dedup_key === key.dedup_key);
      return event ? { event_id: event.event_id, case_id: event.case_id } : null;
    });
  }

  const batched = { flights: FLIGHTS, maxBatchSize: MAX_BATCH };
  const ingestIo = {
    moduleWithSteps: coalesce((ids: readonly number[]) => modulesWithSteps(STAFF, ids), batched),
    made: coalesce((events: readonly NewEvent[]) => makeEvents(STAFF, events), batched),
    openEvent: coalesce(
      (keys: readonly { module_id: number; dedup_key: string }[]) => openEvents(STAFF, keys),
      batched,
    ),
  };
  const aloneIo = (scope: Scope): typeof ingestIo => ({
    moduleWithSteps: async (id) => (await modulesWithSteps(scope, [id]))[0]!,
    made: async (event) => {
      const [made] = await makeEvents(scope, [event]);
      if (made instanceof Error) throw made;
      return made!;
    },
    openEvent: async (key) => (await openEvents(scope, [key]))[0]!,
  });

  async function open(
    io: typeof ingestIo,
    module: ModuleForIngest,
    steps: StepRow[],
    windows: readonly MaintenanceTimes[],
    incident: IncidentIngest,
  ): Promise<Opened> {
    const engineSteps = engineStepsOf(steps);
    const escalation =
      module.escalation_id === null || module.escalation_active === null || module.escalation_validate === null
        ? null
        : { escalation_active: module.escalation_active, escalation_validate: module.escalation_validate };
    const refusal = moduleIntakeRefusal({ module_active: module.module_active, escalation, steps: engineSteps.length });
    // (a module without an escalation is refused above; the test is for the type's sake)
    if (refusal || module.escalation_id === null)
      throw new HttpError(409, refusal ?? INGEST_MESSAGES.escalationNotReady);
    const now = ctx.clock.now();
    // an inactive SLA measures nothing: the event has no response time to meet
    const slaResponse =
      module.sla_active === 'Y' && module.sla_response_time !== null
        ? slaMinutes({
            sla_response_time: module.sla_response_time,
            sla_response_time_mult: module.sla_response_time_mult ?? 'M',
          })
        : null;
    // docs/product.md#maintenance-windows: an incident arriving in a window is stored and marked; its
    // timer is first due at the window's end, when the engine lets it go as the window says
    const holding = holdingWindow(
      windows,
      { module_id: module.module_id, application_id: module.application_id },
      now.getTime(),
      module.customer_time_zone ?? 'UTC',
    );
    const state = JSON.stringify(
      newEngineState({
        created_at: now.getTime(),
        sla_minutes: slaResponse,
        steps: engineSteps,
        maintenance: holding ? { until: holding.until, release: holding.window.release } : null,
      }),
    );
    const dedupKey = incident.dedup_key || null;
    const event = {
      customer_id: module.customer_id,
      module_id: module.module_id,
      escalation_id: module.escalation_id,
      sla_response: slaResponse,
      subject: incident.incident,
      body: incident.description,
      dedup_key: dedupKey,
      created: now,
      state,
      due: holding ? new Date(holding.until) : now,
      maintenance_window_id: holding?.window.maintenance_window_id ?? null,
    };

    for (let tries = 0; tries < 5; tries++) {
      const made = await io.made({ ...event, case_id: newCaseId() });
      if (made) return { answer: made, created: true };
      if (dedupKey !== null) {
        const found = await io.openEvent({ module_id: module.module_id, dedup_key: dedupKey });
        if (found) return { answer: found, created: false };
      }
      // a case ID that exists already (one chance in 10^11), or the open event with this key closed
      // meanwhile: another try
    }
    throw new Error('No free case ID after 5 tries');
  }

  return {
    /** POST /api/v1/incidents: the module ID and key of HTTP Basic, then the module's limit. */
    async ingest(moduleId: number, key: string, incident: IncidentIngest): Promise<Opened> {
      const { module: found, steps, windows } = await ingestIo.moduleWithSteps(moduleId);
      const module = keyChecked(found, key);
      const verdict = limiter.hit(moduleId, ctx.clock.now().getTime());
      if (!verdict.allowed)
        throw new HttpError(429, 'Too many incidents for this module; try again later', {
          'retry-after': String(verdict.retryAfterSeconds),
        });
      return open(ingestIo, module, steps, windows, incident);
    },

    /** Incident Simulation (docs/product.md#modules): a module of the caller's customer, through the same path. */
    async simulate(customerId: number, moduleId: number, incident: IncidentSimulation): Promise<Opened> {
      const io = aloneIo({ kind: 'customer', customerId });
      const { module, steps, windows } = await io.moduleWithSteps(moduleId);
      if (!module || module.customer_id !== customerId) throw new HttpError(404, MODULE_MESSAGES.notFound);
      return open(io, module, steps, windows, { ...incident, dedup_key: '' });
    },

    /**
     * A heartbeat's miss (docs/product.md#heartbeat-monitors): an incident on a module of the
     * customer through the same path, its dedup key keeping one open incident per monitor.
     */
    async openForMonitor(customerId: number, moduleId: number, incident: IncidentIngest): Promise<Opened> {
      const io = aloneIo({ kind: 'customer', customerId });
      const { module, steps, windows } = await io.moduleWithSteps(moduleId);
      if (!module || module.customer_id !== customerId) throw new HttpError(404, MODULE_MESSAGES.notFound);
      return open(io, module, steps, windows, incident);
    },
  };
}
