import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  failoverNote,
  reportReason,
  isUndelivered,
  nextProvider,
  parseSmsReply,
  replyTarget,
  replyText,
  voiceKeyAction,
  type EngineInput,
  type EngineState,
  type StepVia,
  type Inbound,
  type InboundAnswer,
  type InboundSms,
  type InboundStatus,
  type InboundVoice,
  type ReplyNote,
} from '@relevo/domain';
import type { AppContext } from '../context';
import type { Tx } from '../db/database';
import { deliveryKnown, enqueue, failoverCandidate, OUTBOX_CHANNEL, requeueToNextProvider } from '../delivery/queries';
import { wakeAfterCommit } from '../db/wake';
import { advanceEvent, type AdvanceOptions } from '../engine/advance';
import { eventState } from './queries';

/** An SMS without the gateway's message id is the same message when its text comes again this soon. */
const SAME_SMS_WITHIN_MS = 10 * 60_000;

/** The contact an idempotency key names: `event:{id}:step:{n}:attempt:{k}` (a follow-up to the accepter has no step to move). */
function contactOfKey(key: string): { eventId: number; step: number; attempt: number } | null {
  const match = /^event:([0-9]{1,10}):step:([0-9]{1,4}):attempt:([0-9]{1,4})$/.exec(key);
  return match ? { eventId: Number(match[1]), step: Number(match[2]) - 1, attempt: Number(match[3]) } : null;
}

interface Outcome {
  answer: InboundAnswer;
  eventId: number | null;
  /** an SMS back to the sender: its text, language decided, and the customer it counts against */
  reply?: { text: string; customerId: number | null };
}

/** The step of an event's walk whose resource is one of `resourceIds`: the one being walked, else the latest before it. */
function stepOf(state: EngineState, resourceIds: readonly number[]): number | null {
  const current = state.at?.step ?? state.steps.length - 1;
  for (let step = Math.min(current, state.steps.length - 1); step >= 0; step--) {
    if (resourceIds.includes(state.steps[step]!.resource_id)) return step;
  }
  const later = state.steps.findIndex((step) => resourceIds.includes(step.resource_id));
  return later >= 0 ? later : null;
}

/**
 * The inbound webhook (docs/product.md#answers-by-sms-and-voice): what a gateway reports, acted on in one transaction and
 * recorded, so the same message twice acts once and gets the same answer. A reply acts only on
 * events whose customer contacted its number (by call or SMS, to a resource that still has the
 * number), as the resource contacted; a key press only on the call its idempotency key names, made
 * to that number. Two customers whose resources share a number never see each other's incidents
 * in a reply. An unknown number is ignored (200, a log line).
 */
export function inboundService(ctx: AppContext, engine: AdvanceOptions) {
  const act = (tx: Tx, timerId: number, input: EngineInput) =>
    advanceEvent(tx, timerId, input, ctx.clock.now(), engine);

  /** Accept or resolve an event as the resource of its step; answers what became of it. */
  async function respond(
    tx: Tx,
    eventId: number,
    action: 'accept' | 'resolve',
    resourceIds: readonly number[],
    via: StepVia,
  ): Promise<{ note: ReplyNote; result: InboundAnswer['result'] } | null> {
    const event = await eventState(tx, eventId);
    if (!event) return null;
    const step = stepOf(event.state as EngineState, resourceIds);
    if (step === null) return null;
    const closed = event.event_status === 'completed' || event.event_status === 'canceled';
    if (closed || (action === 'accept' && event.event_status === 'progress')) {
      return {
        note: {
          kind: 'already',
          caseId: event.case_id,
          status: event.event_status as 'progress' | 'completed' | 'canceled',
        },
        result: 'unchanged',
      };
    }
    await act(tx, event.timer_id, { kind: action, by: { step, via } });
    return {
      note: {
        kind: action === 'accept' ? 'accepted' : 'resolved',
        caseId: event.case_id,
        incident: event.short_event_subject,
      },
      result: action === 'accept' ? 'accepted' : 'resolved',
    };
  }

  /**
   * The contacts of an event made by phone (voice or SMS) at `from` to a resource of the event's
   * customer that still has that number: the events a reply from the number may act on, and the
   * resources it acts as. Another customer's resource with the same number was not contacted for
   * the event, so it lends the number nothing.
   */
  function contactsAt(tx: Tx, from: string) {
    return tx
      .selectFrom('event_logs as l')
      .innerJoin('resources as r', 'r.resource_id', 'l.resource_id')
      .where('l.called_number', '=', from)
      .where('l.channel', 'in', ['sms', 'voice'])
      .whereRef('r.customer_id', '=', 'l.customer_id')
      .where((eb) => eb.or([eb('r.resource_phone1_e164', '=', from), eb('r.resource_phone2_e164', '=', from)]));
  }

  async function sms(tx: Tx, message: InboundSms): Promise<Outcome> {
    const reply = parseSmsReply(message.text);
    const resources = await tx
      .selectFrom('resources')
      .select(['resource_id', 'customer_id', 'language_id'])
      .where((eb) =>
        eb.or([eb('resource_phone1_e164', '=', message.from), eb('resource_phone2_e164', '=', message.from)]),
      )
      .orderBy('resource_id')
      .execute();
    // the language of the number's resource (of the customer a reply is about, when there is one);
    // a stranger is answered in the product's default language
    const languageFor = (customerId: number | null) =>
      (resources.find((r) => r.customer_id === customerId) ?? resources[0])?.language_id ?? 'ES';
    /** `about`: the events a reply names; it counts against their customer when they have one */
    const answerWith = (
      note: ReplyNote,
      result: InboundAnswer['result'],
      about: readonly { customer_id: number }[] = [],
      eventId: number | null = null,
      caseId?: string,
    ): Outcome => {
      const customers = new Set(about.map((event) => event.customer_id));
      const customerId = customers.size === 1 ? [...customers][0]! : null;
      const text = replyText(note, languageFor(customerId));
      return {
        answer: { result, ...(caseId ? { case_id: caseId } : {}), reply: text },
        eventId,
        reply: { text, customerId },
      };
    };

    // carrier keywords are answered for any number (STOP is honoured whoever sends it)
    if (reply.kind === 'stop') {
      await tx
        .insertInto('sms_opt_outs')
        .values({ phone: message.from, opted_out_at: ctx.clock.now() })
        .onConflict((c) => c.column('phone').doNothing())
        .execute();
      return answerWith({ kind: 'stop' }, 'opted-out');
    }
    if (reply.kind === 'start') {
      await tx.deleteFrom('sms_opt_outs').where('phone', '=', message.from).execute();
      return answerWith({ kind: 'start' }, 'opted-in');
    }
    if (reply.kind === 'help') return answerWith({ kind: 'help' }, 'replied');
    if (resources.length === 0) {
      ctx.log.info({ kind: 'sms' }, 'inbound SMS from a number of no resource: ignored');
      return { answer: { result: 'ignored' }, eventId: null };
    }
    if (reply.kind === 'unknown') return answerWith({ kind: 'unknown' }, 'replied');

    // only the events this number was contacted about: the list a reply gets back names no other
    // incident, whoever else's resource shares the number
    const candidates = await tx
      .selectFrom('events as e')
      .select(['e.event_id', 'e.case_id', 'e.short_event_subject as incident', 'e.customer_id'])
      .where('e.event_status', 'in', ['open', 'progress'])
      .where('e.event_id', 'in', contactsAt(tx, message.from).select('l.event_id'))
      .orderBy('e.event_createdt', 'desc')
      .orderBy('e.event_id', 'desc')
      .limit(50)
      .execute();
    const target = replyTarget(reply.caseId, candidates);
    if (target.kind === 'none') return answerWith({ kind: 'none' }, 'replied');
    if (target.kind === 'ambiguous')
      return answerWith({ kind: 'ambiguous', events: target.events }, 'replied', target.events);
    if (target.kind === 'unknown-case')
      return answerWith(
        { kind: 'unknown-case', caseId: target.caseId, events: target.events },
        'replied',
        target.events,
      );
    const contacted = await contactsAt(tx, message.from)
      .select('l.resource_id')
      .where('l.event_id', '=', target.event.event_id)
      .execute();
    const done = await respond(
      tx,
      target.event.event_id,
      reply.kind,
      contacted.map((contact) => contact.resource_id!),
      'reply',
    );
    if (!done) return answerWith({ kind: 'none' }, 'replied');
    return answerWith(done.note, done.result, [target.event], target.event.event_id, target.event.case_id);
  }

  async function voice(tx: Tx, message: InboundVoice): Promise<Outcome> {
    const contact = await tx
      .selectFrom('event_logs')
      .select(['event_id', 'resource_id', 'called_number', 'channel'])
      .where('idempotency_key', '=', message.idempotency_key)
      .executeTakeFirst();
    const action = voiceKeyAction(message.digits);
    if (
      !contact ||
      contact.channel !== 'voice' ||
      contact.called_number !== message.from ||
      contact.resource_id === null ||
      !action
    ) {
      ctx.log.info(
        { kind: 'voice', known: !!contact, action },
        'inbound key press that names no call to this number, or no action: ignored',
      );
      return { answer: { result: 'ignored' }, eventId: contact?.event_id ?? null };
    }
    const done = await respond(tx, contact.event_id, action, [contact.resource_id], 'key');
    const event = await eventState(tx, contact.event_id);
    return {
      answer: { result: done?.result ?? 'ignored', ...(event ? { case_id: event.case_id } : {}) },
      eventId: contact.event_id,
    };
  }

  /**
   * A message the provider did not deliver goes to the next provider of its chain, once
   * (docs/product.md#delivery-providers): its kept text is queued again; true when it was.
   */
  async function failover(tx: Tx, message: InboundStatus): Promise<{ eventId: number | null } | null> {
    if (!isUndelivered(message.status)) return null;
    const sent = await failoverCandidate(tx, message.idempotency_key);
    if (!sent?.provider || sent.channel === 'email' || sent.channel === 'push') return null;
    const { chain } = await ctx.delivery.providersFor(sent.customer_id, sent.recipient, sent.channel);
    const next = nextProvider(chain, sent.providers_tried);
    if (!next) return null;
    const note = failoverNote(sent.provider, reportReason(message.status), next);
    return requeueToNextProvider(tx, sent.id, message.idempotency_key, note, ctx.clock.now());
  }

  async function status(tx: Tx, message: InboundStatus): Promise<Outcome> {
    const moved = await failover(tx, message);
    if (moved) return { answer: { result: 'recorded' }, eventId: moved.eventId };
    await deliveryKnown(tx, message.idempotency_key, message.status);
    const logged = await tx
      .updateTable('event_logs')
      // a failover's note stays: the log names every provider the contact went through
      .set({
        delivery_status: message.status,
        delivery_detail: sql<
          string | null
        >`nullif(left(concat_ws('; ', delivery_detail, ${message.detail ?? null}::text), 1000), '')`,
      })
      .where('idempotency_key', '=', message.idempotency_key)
      .returning(['event_id'])
      .executeTakeFirst();
    if (!logged) {
      ctx.log.info({ kind: 'status' }, 'delivery report for no contact of an event: ignored');
      return { answer: { result: 'ignored' }, eventId: null };
    }
    const contact = contactOfKey(message.idempotency_key);
    if (isUndelivered(message.status) && contact) {
      const event = await eventState(tx, logged.event_id);
      if (event) await act(tx, event.timer_id, { kind: 'undelivered', step: contact.step, attempt: contact.attempt });
    }
    return { answer: { result: 'recorded' }, eventId: logged.event_id };
  }

  /** What identifies a message: the gateway's id or the contact's key, else the SMS's sender and text (for a short while). */
  function dedupOf(message: Inbound): { key: string; within: number | null } {
    switch (message.kind) {
      case 'sms':
        return message.message_id
          ? { key: `sms:${message.from}:id:${message.message_id}`, within: null }
          : {
              key: `sms:${message.from}:text:${createHash('sha256').update(message.text.trim().toUpperCase()).digest('hex')}`,
              within: SAME_SMS_WITHIN_MS,
            };
      case 'voice':
        return { key: `voice:${message.from}:${message.idempotency_key}:${message.digits}`, within: null };
      case 'status':
        return { key: `status:${message.idempotency_key}:${message.status}`, within: null };
    }
  }

  return {
    receive(message: Inbound): Promise<InboundAnswer> {
      const dedup = dedupOf(message);
      return ctx.database.scoped({ kind: 'staff' }, async (tx) => {
        // the same message arriving twice at once: one waits for the other, then finds its record
        await sql`select pg_advisory_xact_lock(hashtext('relevo.inbound'), hashtext(${dedup.key}))`.execute(tx);
        const now = ctx.clock.now();
        let seen = tx.selectFrom('inbound_messages').select('answer').where('dedup_key', '=', dedup.key);
        if (dedup.within !== null) seen = seen.where('received_at', '>', new Date(now.getTime() - dedup.within));
        const before = await seen.orderBy('received_at', 'desc').limit(1).executeTakeFirst();
        if (before) return before.answer as InboundAnswer;

        const outcome =
          message.kind === 'sms'
            ? await sms(tx, message)
            : message.kind === 'voice'
              ? await voice(tx, message)
              : await status(tx, message);
        const { id } = await tx
          .insertInto('inbound_messages')
          .values({
            received_at: now,
            kind: message.kind,
            sender: message.kind === 'status' ? null : message.from,
            dedup_key: dedup.key,
            body: JSON.stringify(message),
            result: outcome.answer.result,
            event_id: outcome.eventId,
            answer: JSON.stringify(outcome.answer),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (outcome.reply && message.kind === 'sms') {
          await enqueue(
            tx,
            {
              customerId: outcome.reply.customerId,
              channel: 'sms',
              recipient: message.from,
              body: outcome.reply.text,
              idempotencyKey: `inbound:${id}:reply`,
            },
            now,
          );
          wakeAfterCommit(tx, OUTBOX_CHANNEL);
        }
        return outcome.answer;
      });
    },
  };
}
