import { sql } from 'kysely';
import {
  EVENT_ACTION_MESSAGES,
  EVENT_MESSAGES,
  eventActionRefusal,
  reassignedStep,
  TIMELINE_LIMIT,
  type EngineInput,
  type EngineState,
  type EventAction,
  type EventActionAnswer,
  type ReassignEvent,
  type Responder,
  type ResolveEvent,
  type Timeline,
  type TimelineEntry,
} from '@relevo/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { iso } from '../db/listing';
import { advanceEvent } from '../engine/advance';
import { HttpError, ValidationFailure } from '../http/errors';
import { engineOptions } from './respond';
import { audit } from '../security/audit';

/** The event of a customer by its case ID, its timer locked for the unit of work; 404 for another customer's. */
async function caseOf(tx: Tx, customerId: number, caseId: string) {
  const row = await tx
    .selectFrom('events as e')
    .innerJoin('engine_timers as t', 't.event_id', 'e.event_id')
    .select(['e.event_id', 'e.case_id', 'e.event_status', 'e.accepted_by', 't.id as timer_id', 't.state'])
    .where('e.customer_id', '=', customerId)
    .where('e.case_id', '=', caseId)
    .forUpdate('t')
    .executeTakeFirst();
  if (!row) throw new HttpError(404, EVENT_MESSAGES.notFound);
  return { ...row, state: row.state as EngineState };
}
type CaseRow = Awaited<ReturnType<typeof caseOf>>;

async function answerOf(tx: Tx, eventId: number): Promise<EventActionAnswer> {
  return tx
    .selectFrom('events')
    .select(['case_id', 'event_status', 'accepted_by'])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
}

/**
 * What a person does to an event (docs/product.md#responding): from the dashboard as a signed-in
 * user, and from a chat or a push notification as the person they were matched to. Every action
 * runs in one unit of work with the event's timer locked: it is refused (409) when the domain says
 * so, applied through the engine (which writes who did it), and acts once however many times it
 * is asked. Another customer's case answers 404.
 */
export function eventActionService(ctx: AppContext) {
  const staff = <T>(work: (tx: Tx) => Promise<T>) => ctx.database.scoped({ kind: 'staff' }, work);

  /**
   * docs/product.md#audit-trail: the action in the trail, by the person who took it (by their
   * account when they acted signed in, else by the name they were matched to), with the event as
   * its answer shows it before and after.
   */
  async function audited(
    tx: Tx,
    customerId: number,
    event: CaseRow,
    action: EventAction,
    by: Responder,
    detail: Record<string, unknown> = {},
  ): Promise<EventActionAnswer> {
    const after = await answerOf(tx, event.event_id);
    const account = by.user_id
      ? await tx.selectFrom('users').select(['id', 'email']).where('id', '=', by.user_id).executeTakeFirst()
      : undefined;
    await audit(
      tx,
      {
        customerId,
        actor: account ?? null,
        action,
        entity: 'event',
        entityId: event.case_id,
        detail: { by: by.name, via: by.via, ...detail },
        before: { case_id: event.case_id, event_status: event.event_status, accepted_by: event.accepted_by },
        after,
      },
      ctx.clock.now(),
    );
    return after;
  }

  async function act(
    customerId: number,
    caseId: string,
    action: EventAction,
    by: Responder,
    input: (tx: Tx, event: CaseRow) => Promise<EngineInput>,
    after?: (tx: Tx, event: CaseRow) => Promise<Record<string, unknown> | void>,
  ): Promise<EventActionAnswer> {
    return staff(async (tx) => {
      const event = await caseOf(tx, customerId, caseId);
      const refusal = eventActionRefusal(action, { ...event, exhausted: event.state.exhausted });
      if (refusal) throw new HttpError(409, refusal);
      const result = await advanceEvent(
        tx,
        event.timer_id,
        await input(tx, event),
        ctx.clock.now(),
        engineOptions(ctx),
      );
      if (result !== 'applied') throw new HttpError(409, EVENT_ACTION_MESSAGES.unchanged);
      const detail = await after?.(tx, event);
      return audited(tx, customerId, event, action, by, detail ?? {});
    });
  }

  return {
    accept: (customerId: number, caseId: string, by: Responder) =>
      act(customerId, caseId, 'accept', by, async () => ({ kind: 'accept', by: { person: by } })),

    resolve: (customerId: number, caseId: string, by: Responder, resolution: Partial<ResolveEvent> = {}) =>
      act(
        customerId,
        caseId,
        'resolve',
        by,
        async () => ({ kind: 'resolve', by: { person: by } }),
        async (tx, event) => {
          // the fields the person wrote; one left empty keeps what the event had
          const written = Object.fromEntries(Object.entries(resolution).filter(([, text]) => text));
          if (Object.keys(written).length > 0)
            await tx.updateTable('events').set(written).where('event_id', '=', event.event_id).execute();
          return written;
        },
      ),

    reassign: (customerId: number, caseId: string, by: Responder, body: ReassignEvent) =>
      act(
        customerId,
        caseId,
        'reassign',
        by,
        async (tx, event) => {
          const resource = await tx
            .selectFrom('resources')
            .select([
              'resource_id',
              'resource_fullname',
              'resource_active',
              'resource_email',
              'resource_phone1_e164',
              'resource_phone2_e164',
              'language_id',
            ])
            .where('customer_id', '=', customerId)
            .where('resource_id', '=', body.resource_id)
            .executeTakeFirst();
          if (!resource) throw ValidationFailure.field('resource_id', EVENT_ACTION_MESSAGES.resourceNotFound);
          const interrupted = event.state.at ? event.state.steps[event.state.at.step] : undefined;
          const step = reassignedStep(resource, body.channel, interrupted);
          if (typeof step === 'string') throw ValidationFailure.field('resource_id', step);
          return { kind: 'reassign', step, by: { person: by } };
        },
        // the trail names whom it went to and how
        async () => ({ resource_id: body.resource_id, channel: body.channel }),
      ),

    escalate: (customerId: number, caseId: string, by: Responder) =>
      act(customerId, caseId, 'escalate', by, async () => ({ kind: 'escalate', by: { person: by } })),

    note: (customerId: number, caseId: string, by: Responder, text: string) =>
      staff(async (tx) => {
        const event = await caseOf(tx, customerId, caseId);
        const refusal = eventActionRefusal('note', event);
        if (refusal) throw new HttpError(409, refusal);
        await tx
          .insertInto('event_actions')
          .values({
            customer_id: customerId,
            event_id: event.event_id,
            created_at: ctx.clock.now(),
            kind: 'note',
            by_name: by.name,
            via: by.via,
            user_id: by.user_id ?? null,
            resource_id: by.resource_id ?? null,
            text,
          })
          .execute();
        return audited(tx, customerId, event, 'note', by, { text });
      }),

    /**
     * docs/product.md#timeline: the event's creation, contacts (with their delivery), the replies,
     * key presses and delivery reports the gateways sent about it, and what people did, oldest
     * first; the latest TIMELINE_LIMIT when there are more.
     */
    timeline: (customerId: number, caseId: string): Promise<Timeline> =>
      staff(async (tx) => {
        const event = await tx
          .selectFrom('events')
          .select(['event_id', 'event_createdt', 'short_event_subject'])
          .where('customer_id', '=', customerId)
          .where('case_id', '=', caseId)
          .executeTakeFirst();
        if (!event) throw new HttpError(404, EVENT_MESSAGES.notFound);
        const limit = TIMELINE_LIMIT + 1;
        const logs = await tx
          .selectFrom('event_logs')
          .select([
            'event_log_id as id',
            'call_date as at',
            'followup_status',
            'channel',
            'resource',
            'delivery_status',
            'provider',
            'delivery_detail',
          ])
          .where('customer_id', '=', customerId)
          .where('event_id', '=', event.event_id)
          .where('followup_status', '!=', 'completed')
          .orderBy('event_log_id', 'desc')
          .limit(limit)
          .execute();
        const actions = await tx
          .selectFrom('event_actions')
          .select(['event_action_id as id', 'created_at as at', 'kind', 'by_name', 'via', 'text'])
          .where('customer_id', '=', customerId)
          .where('event_id', '=', event.event_id)
          .orderBy('event_action_id', 'desc')
          .limit(limit)
          .execute();
        // the gateways' messages about the event (their record is staff's: read for this customer's event only)
        const inbound = await tx
          .selectFrom('inbound_messages')
          .select([
            'id',
            'received_at as at',
            'kind',
            'sender',
            'result',
            sql<string | null>`coalesce(body->>'text', body->>'digits', body->>'status')`.as('said'),
          ])
          .where('event_id', '=', event.event_id)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        // by time; at the same time the event first, then its contacts, the gateways' messages and
        // what people did, each source in its own order
        const dated = (at: Date, order: number, id: number, entry: TimelineEntry) => ({
          time: at.getTime(),
          order,
          id,
          entry,
        });
        const all = [
          dated(event.event_createdt, 0, 0, {
            at: iso(event.event_createdt)!,
            kind: 'created',
            incident: event.short_event_subject,
          }),
          ...logs.map((row) =>
            dated(
              row.at,
              1,
              row.id,
              row.followup_status === 'not reached'
                ? { at: iso(row.at)!, kind: 'not reached' }
                : row.followup_status === 'nobody on call'
                  ? { at: iso(row.at)!, kind: 'nobody on call', schedule: row.resource }
                  : {
                      at: iso(row.at)!,
                      kind: 'contact',
                      status: row.followup_status,
                      channel: row.channel,
                      resource: row.resource,
                      delivery: row.delivery_status,
                      provider: row.provider,
                      detail: row.delivery_detail,
                    },
            ),
          ),
          ...inbound.map((row) =>
            dated(
              row.at,
              2,
              row.id,
              row.kind === 'status'
                ? { at: iso(row.at)!, kind: 'report', status: row.said ?? '', result: row.result }
                : {
                    at: iso(row.at)!,
                    kind: 'reply',
                    channel: row.kind,
                    sender: row.sender,
                    text: row.said ?? '',
                    result: row.result,
                  },
            ),
          ),
          ...actions.map((row) =>
            dated(row.at, 3, row.id, {
              at: iso(row.at)!,
              kind: row.kind,
              who: row.by_name,
              via: row.via,
              text: row.text,
            }),
          ),
        ].sort((a, b) => a.time - b.time || a.order - b.order || a.id - b.id);
        const kept = all.slice(-TIMELINE_LIMIT);
        return { entries: kept.map((item) => item.entry), truncated: all.length > TIMELINE_LIMIT };
      }),
  };
}
