import { failoverNote, nextProvider, PROVIDER_LABELS, type DeliveryProvider, type PhoneChannel } from '@relevo/domain';
import type { Sender, SendOutcome } from './channels';
import type { OutboxRow } from '../db/schema';
import type { DeliveryDirectory } from './accounts';
import { describeFailure, ProviderRefusal } from './providers/provider';
import type { SpokenAudio } from './spoken-audio';

/**
 * Where a send is written down before the provider is called (delivery/queries.ts): fenced by the
 * message's claim, so a worker that lost it stops there.
 */
export interface SendJournal {
  sending(message: OutboxRow, provider: DeliveryProvider, tried: number): Promise<void>;
}

/**
 * SMS and calls through the failover chain (docs/product.md#delivery-providers): the message goes
 * to the first provider of its customer's chain for its number that it has not tried; one that
 * refuses it or cannot be reached hands it to the next, once (DELIVERY_ATTEMPTS). When every
 * provider tried refused it, the outcome is `failed` (the escalation moves on); when one could not
 * be reached, the message is retried later. Each hand-over is written down first (`journal`).
 */
export function chainSender(
  channel: PhoneChannel,
  directory: DeliveryDirectory,
  audio?: Pick<SpokenAudio, 'urlOf'>,
  journal?: SendJournal,
): Sender {
  return async (message, given): Promise<SendOutcome> => {
    const signal = given ?? new AbortController().signal;
    const { chain, adapter } = await directory.providersFor(message.customer_id, message.recipient, channel);
    if (chain.length === 0)
      throw new Error(`no provider of the chain carries ${channel} to ${message.recipient.slice(0, 4)}…`);
    const audioUrl = channel === 'voice' && audio ? await audio.urlOf(message.idempotency_key) : null;
    signal.throwIfAborted();
    const phone = { channel, to: message.recipient, body: message.body ?? '', key: message.idempotency_key, audioUrl };
    let tried = message.providers_tried ?? 0;
    // a worker died after handing the message to a provider and before recording it: that provider
    // is asked first, and what it took is recorded instead of a second send
    const handed = message.sending_provider;
    if (handed && message.sending_since && !message.provider_message_id) {
      const found = await adapter(handed)?.find?.(phone, message.sending_since, signal);
      if (found) {
        return {
          provider: handed,
          messageId: found.messageId,
          tried,
          status: 'sent',
          detail: message.delivery_detail,
          failoverLeft: nextProvider(chain, tried) !== null,
        };
      }
      // not there: the hand-over did not reach it, and is made again
      tried = Math.max(0, tried - 1);
    }
    const notes: string[] = message.delivery_detail ? [message.delivery_detail] : [];
    let last: { provider: DeliveryProvider; error: unknown } | null = null;
    let refusedOnly = true;
    for (let provider = nextProvider(chain, tried); provider; provider = nextProvider(chain, tried)) {
      tried++;
      if (last) notes.push(failoverNote(last.provider, describeFailure(last.error), provider));
      await journal?.sending(message, provider, tried);
      try {
        const accepted = await adapter(provider)!.send(phone, signal);
        return {
          provider,
          messageId: accepted.messageId,
          tried,
          status: 'sent',
          detail: notes.length ? notes.join('; ').slice(0, 1000) : null,
          failoverLeft: nextProvider(chain, tried) !== null,
        };
      } catch (error) {
        if (signal.aborted) throw error;
        if (!(error instanceof ProviderRefusal)) refusedOnly = false;
        last = { provider, error };
      }
    }
    if (!last) throw new Error('no provider left to try');
    if (!refusedOnly) throw last.error;
    notes.push(`${PROVIDER_LABELS[last.provider]}: ${describeFailure(last.error)}`);
    return {
      provider: last.provider,
      messageId: null,
      tried,
      status: 'failed',
      detail: notes.join('; ').slice(0, 1000),
      failoverLeft: false,
    };
  };
}
