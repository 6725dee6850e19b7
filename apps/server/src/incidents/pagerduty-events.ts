import { randomBytes } from 'node:crypto';
import {
  alertAsEvent,
  EVENTS_V2_ANSWERS,
  EventsV2Schema,
  eventsV2Incident,
  validate,
  type AlertmanagerWebhook,
  type EngineInput,
  type EventsV2Answer,
  type EventsV2Event,
} from '@relevo/domain';
import type { AppContext } from '../context';
import { credentialHash } from '../catalogue/module-tools';
import { advanceEvent, type AdvanceOptions } from '../engine/advance';
import { HttpError } from '../http/errors';
import { unstorableText } from '../http/storable-text';
import { verifiedModule, type incidentService } from './ingest';
import { moduleEvents } from './queries';

export interface EventsV2Reply {
  code: number;
  answer: EventsV2Answer;
  /** what became of the event (the Alertmanager receiver lists it) */
  outcome?: { action: EventsV2Event['event_action']; case_id?: string; applied: boolean };
}

const invalid = (errors: string[], code = 400): EventsV2Reply => ({
  code,
  answer: { status: 'invalid event', message: EVENTS_V2_ANSWERS.invalid, errors },
});

/** A body the JSON parser could not read (the route keeps going to answer it in PagerDuty's words). */
export const UNREADABLE_JSON = Symbol('unreadable JSON');

/**
 * Events API v2 (PagerDuty compatible): trigger opens an incident exactly as the ingest API does
 * (the same module checks, dedup and limit), acknowledge accepts it as "integration", resolve
 * completes it. The routing key is the module's credential key, found by its hash. Every body gets
 * PagerDuty's answer, never a 500: 202 processed, 400 invalid, 429 throttled.
 */
export function eventsV2Service(
  ctx: AppContext,
  incidents: ReturnType<typeof incidentService>,
  engine: AdvanceOptions,
) {
  const staff = ctx.database;

  async function moduleOfKey(routingKey: string): Promise<number | null> {
    const [[module]] = await staff.read({ kind: 'staff' }, [
      staff.db.selectFrom('modules').select('module_id').where('credential_hash', '=', credentialHash(routingKey)),
    ]);
    return module?.module_id ?? null;
  }

  /** Accepts or resolves the open (or in progress) event of the module with this dedup key; false when there is none. */
  async function act(
    moduleId: number,
    key: string,
    dedupKey: string,
    input: EngineInput,
  ): Promise<{ applied: boolean; case_id?: string }> {
    return staff.scoped({ kind: 'staff' }, async (tx) => {
      await verifiedModule(tx, moduleId, key);
      const event = await moduleEvents(tx, moduleId)
        .where('e.dedup_key', '=', dedupKey)
        .where('e.event_status', 'in', ['open', 'progress'])
        .executeTakeFirst();
      if (!event) return { applied: false };
      await advanceEvent(tx, event.timer_id, input, ctx.clock.now(), engine);
      return { applied: true, case_id: event.case_id };
    });
  }

  /** One valid event for a module known by its ID and key; the ingest API's refusals are thrown as they are. */
  async function apply(
    moduleId: number,
    key: string,
    event: EventsV2Event,
  ): Promise<Required<Pick<EventsV2Reply, 'outcome'>> & { dedupKey: string }> {
    if (event.event_action === 'trigger') {
      const dedupKey = event.dedup_key ?? randomBytes(16).toString('hex');
      const opened = await incidents.ingest(moduleId, key, { ...eventsV2Incident(event), dedup_key: dedupKey });
      return { dedupKey, outcome: { action: 'trigger', case_id: opened.answer.case_id, applied: opened.created } };
    }
    const dedupKey = event.dedup_key!;
    // an unknown dedup key is accepted and ignored, as PagerDuty does
    const done = await act(
      moduleId,
      key,
      dedupKey,
      event.event_action === 'acknowledge'
        ? { kind: 'accept', by: 'integration' }
        : { kind: 'resolve', by: 'integration' },
    );
    return { dedupKey, outcome: { action: event.event_action, ...done } };
  }

  /** The same, answered in PagerDuty's words. */
  async function handle(moduleId: number, key: string, event: EventsV2Event): Promise<EventsV2Reply> {
    try {
      const { dedupKey, outcome } = await apply(moduleId, key, event);
      return {
        code: 202,
        answer: { status: 'success', message: EVENTS_V2_ANSWERS.processed, dedup_key: dedupKey },
        outcome,
      };
    } catch (error) {
      if (error instanceof HttpError && error.status === 429)
        return { code: 429, answer: { status: 'throttle event', message: EVENTS_V2_ANSWERS.throttled } };
      if (error instanceof HttpError && error.status === 401) return invalid([EVENTS_V2_ANSWERS.invalidRoutingKey]);
      // the module is inactive or its escalation cannot run: the tool is told why, in PagerDuty's shape
      if (error instanceof HttpError && error.status === 409) return invalid([String(error.detail)], 409);
      throw error;
    }
  }

  return {
    /** POST /v2/enqueue: any body, PagerDuty's answer. */
    async enqueue(body: unknown): Promise<EventsV2Reply> {
      if (body === UNREADABLE_JSON) return invalid(['The body is not valid JSON']);
      const unstorable = unstorableText(body);
      if (unstorable) return invalid([`'${unstorable.path.join('.')}': ${unstorable.message}`]);
      const checked = validate(EventsV2Schema, body);
      if (!checked.success) return invalid(checked.issues.map((issue) => issue.message));
      const event = checked.output as EventsV2Event;
      const routingKey = event.routing_key.toLowerCase();
      const moduleId = await moduleOfKey(routingKey);
      if (moduleId === null) return invalid([EVENTS_V2_ANSWERS.invalidRoutingKey]);
      return handle(moduleId, routingKey, { ...event, routing_key: routingKey });
    },

    /** POST /api/v1/integrations/alertmanager: each alert by its fingerprint, firing triggers and resolved resolves. */
    async alertmanager(moduleId: number, key: string, webhook: AlertmanagerWebhook) {
      const results = [];
      for (const alert of webhook.alerts) {
        const { dedupKey, outcome } = await apply(moduleId, key, alertAsEvent(alert, key));
        results.push({
          fingerprint: alert.fingerprint,
          dedup_key: dedupKey,
          action: outcome.action,
          case_id: outcome.case_id ?? null,
          applied: outcome.applied,
        });
      }
      return { status: 'success' as const, events: results };
    },
  };
}
