import { timingSafeEqual } from 'node:crypto';
import {
  RESPONDER_MESSAGES,
  type EngineInput,
  type EngineState,
  type IncidentResolve,
  type IncidentState,
  type ResponderView,
} from '@relevo/domain';
import type { TokenSigner } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { advanceEvent, type AdvanceOptions } from '../engine/advance';
import { HttpError } from '../http/errors';
import { verifiedModule } from './ingest';
import { eventState, moduleEvents } from './queries';

/**
 * A responder link's token (docs/product.md#escalation-engine): the event, the step whose resource it was sent to, and
 * a keyed hash of both, so it cannot be made up or moved to another event. It works while the event
 * is open or in progress.
 */
export function responderToken(signer: Pick<TokenSigner, 'digest'>, eventId: number, step: number): string {
  return `${eventId}.${step}.${signer.digest(`respond:${eventId}:${step}`)}`;
}

/** The event and step a responder link's token names, when its signature holds; null otherwise. */
export function readToken(
  signer: Pick<TokenSigner, 'digest'>,
  token: string,
): { eventId: number; step: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([0-9]{1,3})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const eventId = Number(match[1]);
  const step = Number(match[2]);
  const expected = Buffer.from(signer.digest(`respond:${eventId}:${step}`));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { eventId, step } : null;
}

const invalid = () => new HttpError(404, RESPONDER_MESSAGES.invalidLink);

/** How people's actions advance an event: the configured time scale, and the responder links of the contacts they cause. */
export function engineOptions(ctx: AppContext): AdvanceOptions {
  return {
    scale: ctx.config.escalationTimeScale,
    customerMessagesPerMinute: ctx.config.customerMessagesPerMinute,
    contactWindowMs: ctx.config.contactWindowSeconds * 1000,
    link: (eventId: number, step: number) =>
      `${ctx.config.publicUrl}/respond/${responderToken(ctx.signer, eventId, step)}`,
  };
}

/** The responder page's API and the ingest API's resolve and cancel: people and tools acting on an event. */
export function responderService(ctx: AppContext) {
  const staff = <T>(work: (tx: Tx) => Promise<T>) => ctx.database.scoped({ kind: 'staff' }, work);
  const options = () => engineOptions(ctx);

  /** The page as an event's row shows it to the person of `step`; an unknown event or step is not a valid link. */
  function viewOf(row: Awaited<ReturnType<typeof eventState>>, step: number): ResponderView {
    const resource = row ? (row.state as EngineState).steps[step] : undefined;
    if (!row || !resource) throw invalid();
    const open = row.event_status === 'open' || row.event_status === 'progress';
    return {
      case_id: row.case_id,
      incident: row.short_event_subject,
      description: row.short_event_body,
      event_status: row.event_status,
      resource: resource.resource_name,
      accepted_by: row.accepted_by,
      can_accept: row.event_status === 'open',
      can_resolve: open,
    };
  }

  /** Applies a person's action, then answers the page as it now is. */
  async function act(token: string, input: (step: number) => EngineInput): Promise<ResponderView> {
    const link = readToken(ctx.signer, token);
    if (!link) throw invalid();
    return staff(async (tx) => {
      const row = await eventState(tx, link.eventId);
      if (!viewOf(row, link.step).can_resolve) throw new HttpError(410, RESPONDER_MESSAGES.closed);
      await advanceEvent(tx, row!.timer_id, input(link.step), ctx.clock.now(), options());
      return viewOf(await eventState(tx, link.eventId), link.step);
    });
  }

  /** An event of the module by its case ID, after the module's credentials are checked. */
  async function moduleEvent(tx: Tx, moduleId: number, key: string, caseId: string) {
    await verifiedModule(tx, moduleId, key);
    const event = await moduleEvents(tx, moduleId).where('e.case_id', '=', caseId).executeTakeFirst();
    if (!event) throw new HttpError(404, RESPONDER_MESSAGES.caseNotFound);
    return event;
  }

  async function integration(
    moduleId: number,
    key: string,
    caseId: string,
    input: EngineInput,
    resolution?: string,
  ): Promise<IncidentState> {
    return staff(async (tx) => {
      const event = await moduleEvent(tx, moduleId, key, caseId);
      await advanceEvent(tx, event.timer_id, input, ctx.clock.now(), options());
      if (resolution)
        await tx.updateTable('events').set({ resolution }).where('event_id', '=', event.event_id).execute();
      const after = await tx
        .selectFrom('events')
        .select(['case_id', 'event_id', 'event_status'])
        .where('event_id', '=', event.event_id)
        .executeTakeFirstOrThrow();
      return after;
    });
  }

  return {
    link: options().link!,
    async view(token: string): Promise<ResponderView> {
      const link = readToken(ctx.signer, token);
      if (!link) throw invalid();
      const shown = viewOf(await staff((tx) => eventState(tx, link.eventId)), link.step);
      if (!shown.can_resolve) throw new HttpError(410, RESPONDER_MESSAGES.closed);
      return shown;
    },
    accept: (token: string) => act(token, (step) => ({ kind: 'accept', by: { step, via: 'link' } })),
    resolve: (token: string) => act(token, (step) => ({ kind: 'resolve', by: { step, via: 'link' } })),
    resolveByIntegration: (moduleId: number, key: string, caseId: string, body: IncidentResolve) =>
      integration(moduleId, key, caseId, { kind: 'resolve', by: 'integration' }, body.resolution || undefined),
    cancelByIntegration: (moduleId: number, key: string, caseId: string) =>
      integration(moduleId, key, caseId, { kind: 'cancel' }),
  };
}
