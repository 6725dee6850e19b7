import { sql } from 'kysely';
import type { EngineInput, EngineState, Responder } from '@relevo/domain';
import { CommandError } from '../admin';
import { ManualClock } from '../clock';
import type { AppContext } from '../context';
import type { Scope, Tx } from '../db/database';
import { findCustomerByName } from '../people/queries';
import { bundledWith, markSent } from '../delivery/queries';
import { advanceEvent } from '../engine/advance';
import { eventActionService } from '../incidents/actions';
import { incidentService } from '../incidents/ingest';
import { eventState } from '../incidents/queries';
import { engineOptions, responderService, responderToken } from '../incidents/respond';
import { HttpError } from '../http/errors';
import { HISTORY_MODULES, planHistory, type HistoryModule, type PlannedIncident } from './plan';

/** docs/product.md#demo-data: the CLI's days of history, three months */
export const DEMO_HISTORY_DAYS = 90;
export const DEMO_HISTORY_MAX_DAYS = 366;
const DEMO_SEED = 2026;
/** What the demo loader writes as the creator of the demo customer and its catalogue. */
export const DEMO_CREATOR = 'demo';

const STAFF: Scope = { kind: 'staff' };

export const DEMO_HISTORY_MESSAGES = {
  days: `--days must be a whole number from 1 to ${DEMO_HISTORY_MAX_DAYS}`,
  noCustomer: (name: string) => `No customer named "${name}"`,
  notDemo: (name: string) =>
    `"${name}" is not a demo customer: demo history is made only for a customer the demo data made`,
  hasEvents: (name: string) => `"${name}" has incidents already: demo history is made only for a customer without any`,
  tellsOthers: (name: string) =>
    `"${name}" has outgoing webhooks or team chats, which would be told of every incident of the history: remove them first`,
  noModule: (name: string) => `"${name}" has no module of the demo data to receive incidents`,
} as const;

export interface DemoHistory {
  customerId: number;
  incidents: number;
  /** the storm's first incident and its size */
  storm: { at: Date; count: number };
  from: Date;
  to: Date;
}

/** One thing that happens at a time: an incident comes in, or a person or a tool acts on it. */
interface Happening {
  at: number;
  order: number;
  run(): Promise<void>;
}

interface Made {
  eventId: number;
  caseId: string;
}

const CAUSES = [
  ['A configuration change in the morning deploy', 'Rolled the change back'],
  ['The payment provider had a partial outage', 'Waited for the provider; retried the failed orders'],
  ['One node ran out of disk space', 'Cleared old logs and added a disk alert'],
  ['An expired TLS certificate on an internal service', 'Renewed the certificate'],
] as const;

/**
 * The refusals of docs/product.md#demo-data: only a customer the demo data made, without any
 * incident, and that tells nobody outside of its incidents. Answers its id and time zone.
 */
async function demoCustomer(tx: Tx, name: string): Promise<{ customerId: number; timeZone: string }> {
  const customer = await findCustomerByName(tx, name);
  if (!customer || customer.is_provider) throw new CommandError(DEMO_HISTORY_MESSAGES.noCustomer(name));
  const customerId = customer.customer_id;
  const demoModules = await tx
    .selectFrom('modules')
    .select('module_id')
    .where('customer_id', '=', customerId)
    .where('module_createby', '=', DEMO_CREATOR)
    .execute();
  // an older demo workspace's customer was recorded as made by the CLI; its catalogue says demo
  if (customer.customer_createby !== DEMO_CREATOR && demoModules.length === 0)
    throw new CommandError(DEMO_HISTORY_MESSAGES.notDemo(customer.customer_name));
  const event = await tx
    .selectFrom('events')
    .select('event_id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .execute();
  if (event.length > 0) throw new CommandError(DEMO_HISTORY_MESSAGES.hasEvents(customer.customer_name));
  const told = await sql<{ n: number }>`
    select (select count(*) from webhooks where customer_id = ${customerId})
      + (select count(*) from team_chats where customer_id = ${customerId}) as n`.execute(tx);
  if (Number(told.rows[0]?.n ?? 0) > 0)
    throw new CommandError(DEMO_HISTORY_MESSAGES.tellsOthers(customer.customer_name));
  if (demoModules.length === 0) throw new CommandError(DEMO_HISTORY_MESSAGES.noModule(customer.customer_name));
  return { customerId, timeZone: customer.customer_time_zone };
}

/**
 * The modules of the history, by name: the demo module and, beside it in its application, the
 * others of HISTORY_MODULES on its escalation and SLA (made when missing).
 */
async function historyModules(tx: Tx, customerId: number, at: Date): Promise<Map<HistoryModule, number>> {
  const modules = await tx
    .selectFrom('modules')
    .select(['module_id', 'module_name', 'application_id', 'escalation_id', 'sla_id'])
    .where('customer_id', '=', customerId)
    .where('module_createby', '=', DEMO_CREATOR)
    .orderBy('module_id')
    .execute();
  const first = modules[0]!;
  const ids = new Map<HistoryModule, number>();
  for (const wanted of HISTORY_MODULES) {
    const found = modules.find((m) => m.module_name.toLowerCase() === wanted.name.toLowerCase());
    if (found) {
      ids.set(wanted.name, found.module_id);
      continue;
    }
    const made = await tx
      .insertInto('modules')
      .values({
        customer_id: customerId,
        application_id: first.application_id,
        module_name: wanted.name,
        module_desc: wanted.desc,
        escalation_id: first.escalation_id,
        sla_id: first.sla_id,
        module_createby: DEMO_CREATOR,
        module_createdt: at,
      })
      .returning('module_id')
      .executeTakeFirstOrThrow();
    ids.set(wanted.name, made.module_id);
  }
  return ids;
}

/** The user who acts from the dashboard in the history: the demo Customer, else any user of the customer. */
async function dashboardPerson(tx: Tx, customerId: number): Promise<Responder | null> {
  const user = await tx
    .selectFrom('users')
    .select(['id', 'name', 'last_name'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 1)
    .orderBy('rol_id', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return user ? { name: `${user.name} ${user.last_name}`.trim(), via: 'dashboard', user_id: user.id } : null;
}

/**
 * Makes `days` of incidents for a demo customer (docs/product.md#demo-data) through the product's
 * own paths, with a clock of its own moved to each one's time: the ingest service opens it, the
 * engine's wake-ups walk its escalation when their timers come due, people accept and resolve it
 * by their responder links and from the dashboard, the monitoring tool resolves or cancels it.
 * Nothing is sent: each contact's message is marked sent, as the outbox marks it once delivered,
 * at its due time, so no gateway ever gets one. Ends at `ctx.clock`'s now with nothing due.
 *
 * Only the customer's own rows are walked (its timers and its contacts' messages), never the
 * job tables as a whole: run with no worker on the database (the embedded database's lock
 * enforces it; on PostgreSQL, stop the workers), or a worker could take a history's wake-up.
 */
export async function makeDemoHistory(
  ctx: AppContext,
  options: { customer: string; days: number; seed?: number },
): Promise<DemoHistory> {
  const { days } = options;
  if (!Number.isInteger(days) || days < 1 || days > DEMO_HISTORY_MAX_DAYS)
    throw new CommandError(DEMO_HISTORY_MESSAGES.days);
  const end = ctx.clock.now().getTime();
  const clock = new ManualClock(end - days * 86_400_000);
  // the waits of the history are real minutes, whatever ESCALATION_TIME_SCALE this process runs at
  const history: AppContext = { ...ctx, clock, config: { ...ctx.config, escalationTimeScale: 1 } };
  const { database } = ctx;
  const staff = <T>(work: (tx: Tx) => Promise<T>) => database.scoped(STAFF, work);

  const { customerId, modules, person, plan } = await staff(async (tx) => {
    const found = await demoCustomer(tx, options.customer);
    return {
      customerId: found.customerId,
      modules: await historyModules(tx, found.customerId, clock.now()),
      person: await dashboardPerson(tx, found.customerId),
      plan: planHistory({ days, seed: options.seed ?? DEMO_SEED, end, timeZone: found.timeZone }),
    };
  });

  const ingest = incidentService(history);
  const responder = responderService(history);
  const actions = eventActionService(history);
  const engine = engineOptions(history);

  /** The event's engine steps: whom a link of it reaches. */
  const stepsOf = async (made: Made) => {
    const row = await staff((tx) => eventState(tx, made.eventId));
    const state = row!.state as EngineState;
    const agent = state.steps.findIndex((step) => step.participation === 'agent');
    const lead = state.steps.findIndex((step) => step.participation === 'supervisor');
    return { agent: Math.max(agent, 0), lead: lead >= 0 ? lead : Math.max(agent, 0) };
  };
  /** The monitoring tool's resolve or cancel, as the ingest API applies it. */
  const byIntegration = (made: Made, input: EngineInput, resolution?: string) =>
    staff(async (tx) => {
      const row = await eventState(tx, made.eventId);
      await advanceEvent(tx, row!.timer_id, input, clock.now(), engine);
      if (resolution) await tx.updateTable('events').set({ resolution }).where('event_id', '=', made.eventId).execute();
    });

  const happenings: Happening[] = [];
  let order = 0;
  const at = (time: number, run: () => Promise<void>) => happenings.push({ at: time, order: order++, run });
  plan.incidents.forEach((planned: PlannedIncident, index) => {
    let made: Made | undefined;
    let linkStep = 0;
    const { fate } = planned;
    const cause = CAUSES[index % CAUSES.length]!;
    const viaDashboard = person !== null;
    at(planned.at, async () => {
      const opened = await ingest.simulate(customerId, modules.get(planned.module)!, {
        incident: planned.incident,
        description: planned.description,
      });
      made = { eventId: opened.answer.event_id, caseId: opened.answer.case_id };
    });
    const link = () => responderToken(ctx.signer, made!.eventId, linkStep);
    switch (fate.kind) {
      case 'resolved': {
        const dashboard = fate.acceptVia === 'dashboard' && viaDashboard;
        at(planned.at + fate.acceptAfter, async () => {
          if (dashboard) await actions.accept(customerId, made!.caseId, person!);
          else {
            const steps = await stepsOf(made!);
            linkStep = fate.byLead ? steps.lead : steps.agent;
            await responder.accept(link());
          }
        });
        at(planned.at + fate.acceptAfter + fate.resolveAfter, async () => {
          if (fate.resolveVia === 'integration')
            await byIntegration(made!, { kind: 'resolve', by: 'integration' }, 'The monitor saw it healthy again');
          else if (fate.resolveVia === 'dashboard' && viaDashboard)
            await actions.resolve(customerId, made!.caseId, person!, {
              event_cause: cause[0],
              event_resolution: cause[1],
            });
          else if (dashboard) await actions.resolve(customerId, made!.caseId, person!);
          else await responder.resolve(link());
        });
        break;
      }
      case 'recovered':
        at(planned.at + fate.resolveAfter, () =>
          byIntegration(made!, { kind: 'resolve', by: 'integration' }, 'Recovered by itself: the monitor resolved it'),
        );
        break;
      case 'canceled':
        at(planned.at + fate.cancelAfter, () => byIntegration(made!, { kind: 'cancel' }));
        break;
      case 'progress':
        // from the dashboard by a user who is not one of the walk's people: no follow-ups are due
        at(planned.at + fate.acceptAfter, async () => {
          if (person) await actions.accept(customerId, made!.caseId, person);
        });
        break;
      case 'open':
        break;
    }
  });
  happenings.sort((a, b) => a.at - b.at || a.order - b.order);

  /**
   * One instant of the engine and the outbox up to `until`: the earliest of the customer's
   * wake-ups and contacts due by then becomes now; the contacts' messages due now are marked as the
   * outbox marks a message once a gateway took it (its contacts' log rows say sent, the texts are
   * cleared), never handed to one; answers the wake-ups due now, or null when nothing is due.
   */
  const instant = (until: Date) =>
    staff(async (tx) => {
      const next = await sql<{ due: Date | string | null }>`
        select least(
          (select min(due_at) from engine_timers where customer_id = ${customerId} and status = 'pending' and due_at <= ${until}),
          (select min(due_at) from outbox where customer_id = ${customerId} and status = 'pending' and due_at <= ${until}
             and idempotency_key like 'event:%')
        ) as due`.execute(tx);
      const due = next.rows[0]?.due;
      if (due === null || due === undefined) return null;
      clock.set(Math.max(new Date(due).getTime(), clock.now().getTime()));
      const now = clock.now();
      const messages = await tx
        .selectFrom('outbox')
        .select(['id', 'idempotency_key'])
        .where('customer_id', '=', customerId)
        .where('status', '=', 'pending')
        .where('due_at', '<=', now)
        .where('idempotency_key', 'like', 'event:%')
        .orderBy('due_at')
        .orderBy('id')
        .execute();
      if (messages.length > 0) {
        const ids = messages.map((message) => message.id);
        const bundled = await bundledWith(tx, ids).execute();
        for (const message of messages) {
          const carried = bundled.filter((b) => b.bundled_into === message.id);
          for (const statement of markSent(tx, message.idempotency_key, carried)) await statement.execute();
        }
        await tx
          .updateTable('outbox')
          .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1), body: null, html: null }))
          .where('id', 'in', ids)
          .where('status', '=', 'pending')
          .execute();
      }
      return tx
        .selectFrom('engine_timers')
        .select('id')
        .where('customer_id', '=', customerId)
        .where('status', '=', 'pending')
        .where('due_at', '<=', now)
        .orderBy('due_at')
        .orderBy('id')
        .execute();
    });

  /** Lets the engine and the outbox do what came due up to `until`, in time order. */
  const runUntil = async (until: number) => {
    for (;;) {
      const timers = await instant(new Date(until));
      if (timers === null) return;
      // each wake-up in a transaction of its own, as the engine's worker applies it
      const now = clock.now();
      for (const timer of timers)
        await database.scopedPrepared(STAFF, (tx) => advanceEvent(tx, timer.id, { kind: 'due' }, now, engine));
    }
  };

  for (const happening of happenings) {
    await runUntil(happening.at);
    clock.set(happening.at);
    try {
      await happening.run();
    } catch (error) {
      // a refusal of the product's own rules (a module that cannot take incidents) stops the history
      if (error instanceof HttpError) throw new CommandError(error.message);
      throw error;
    }
  }
  await runUntil(end);

  return {
    customerId,
    incidents: plan.incidents.length,
    storm: { at: new Date(plan.storm.at), count: plan.storm.count },
    from: new Date(end - days * 86_400_000),
    to: new Date(end),
  };
}
