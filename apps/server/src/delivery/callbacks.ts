import { isUndelivered, voiceKeyAction, type DeliveryProvider } from '@relevo/domain';
import type { AppContext } from '../context';
import type { inboundService } from '../incidents/inbound';
import type { SpokenAudio } from './spoken-audio';
import type { CallbackRequest, KeyOutcome, ProviderCallbacks, ProviderReport } from './providers/provider';

type Inbound = ReturnType<typeof inboundService>;

/**
 * A provider's callbacks (docs/product.md#delivery-providers): the account they belong to is the
 * one whose settings verify their signature; what they report is matched by the provider's
 * message id to the message Relevo sent through that account, then acted on as the inbound
 * webhook acts (the same report twice acts once).
 */
export function providerCallbackService(ctx: AppContext, inbound: Inbound, audio: Pick<SpokenAudio, 'urlOf'>) {
  /** The account whose settings verify the callback, tried in turn: the one it names, else those of the number it reached. */
  async function verifiedAccount(callbacks: ProviderCallbacks, request: CallbackRequest) {
    const named = callbacks.accountOf(request);
    const number = named === null ? callbacks.numberOf?.(request) : null;
    const candidates =
      named !== null ? [named] : number ? await ctx.delivery.accountsByNumber(callbacks.provider, number) : [];
    for (const account of candidates) {
      const settings = await ctx.delivery.settingsOf(account, callbacks.provider);
      if (settings && callbacks.verify(request, settings)) return { account, settings };
    }
    return null;
  }

  /** The message the provider's id names, sent through `account`. */
  async function messageOf(provider: DeliveryProvider, account: string, messageId: string) {
    return ctx.database.scoped({ kind: 'staff' }, (tx) => {
      let query = tx
        .selectFrom('outbox')
        .select(['idempotency_key', 'recipient', 'channel', 'delivery_status'])
        .where('provider', '=', provider)
        .where('provider_message_id', '=', messageId);
      query = account === 'default' ? query : query.where('customer_id', '=', Number(account));
      return query.limit(1).executeTakeFirst();
    });
  }

  async function act(provider: DeliveryProvider, account: string, report: ProviderReport): Promise<KeyOutcome | null> {
    switch (report.kind) {
      case 'status': {
        if (report.status === 'queued' || report.status === 'sent') return null;
        const message = await messageOf(provider, account, report.messageId);
        if (!message) {
          ctx.log.info({ provider }, 'delivery report for no message sent: ignored');
          return null;
        }
        // a call a machine answered stays not reached when its end is reported as completed
        if (report.status === 'delivered' && message.delivery_status && isUndelivered(message.delivery_status))
          return null;
        await inbound.receive({
          kind: 'status',
          idempotency_key: message.idempotency_key,
          status: report.status,
          ...(report.detail ? { detail: report.detail.slice(0, 1000) } : {}),
        });
        return null;
      }
      case 'keys': {
        const message = await messageOf(provider, account, report.messageId);
        if (!message || message.channel !== 'voice' || message.recipient !== report.to) {
          ctx.log.info({ provider }, 'key press on no call sent to that number: ignored');
          return { result: 'ignored', audioUrl: null };
        }
        if (!voiceKeyAction(report.digits)) {
          return { result: 'repeat', audioUrl: await audio.urlOf(message.idempotency_key) };
        }
        const answer = await inbound.receive({
          kind: 'voice',
          from: report.to,
          digits: report.digits,
          idempotency_key: message.idempotency_key,
        });
        const result = answer.result;
        return {
          result: result === 'accepted' || result === 'resolved' || result === 'unchanged' ? result : 'ignored',
          audioUrl: null,
        };
      }
      case 'sms': {
        if (!/^\+[1-9][0-9]{6,14}$/.test(report.from)) return null;
        await inbound.receive({
          kind: 'sms',
          from: report.from,
          text: report.text.slice(0, 1600),
          message_id: `${provider}:${report.messageId}`.slice(0, 255),
        });
        return null;
      }
    }
  }

  return {
    /** Acts on a callback; null when no account's settings verify its signature (the route answers 403). */
    async receive(callbacks: ProviderCallbacks, request: CallbackRequest) {
      const verified = await verifiedAccount(callbacks, request);
      if (!verified) return null;
      let keys: KeyOutcome | null = null;
      for (const report of callbacks.reports(request)) {
        keys = (await act(callbacks.provider, verified.account, report)) ?? keys;
      }
      return callbacks.answer(request, keys, verified.settings);
    },
  };
}
