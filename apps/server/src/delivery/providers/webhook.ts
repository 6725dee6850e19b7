import { createHmac } from 'node:crypto';
import { ProviderRefusal, type AdapterFactory, type PhoneMessage } from './provider';

/**
 * The signature of a webhook body (docs/product.md#answers-by-sms-and-voice; the inbound webhook checks the same): hex
 * HMAC-SHA256 of `{timestamp}.{raw body}` with the signing secret, timestamp in unix seconds.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * The generic signed webhook (docs/product.md#answers-by-sms-and-voice): `POST {to, body, kind,
 * idempotency_key, audio_url?}` to the webhook URL, signed with the signing secret
 * (X-Relevo-Timestamp, X-Relevo-Signature). Any 2xx answer counts as accepted; the gateway's id
 * is the answer's `message_id` when it gives one, else the idempotency key. Its delivery reports
 * and replies come back through the inbound webhook.
 */
export function webhookAdapterWith(
  log: { info(fields: object, message: string): void },
  now: () => Date = () => new Date(),
): AdapterFactory {
  return (settings) => ({
    provider: 'webhook',
    async send(message: PhoneMessage, signal: AbortSignal) {
      if (!settings.url) {
        log.info(
          { channel: message.channel, to: message.to, text: message.body },
          `${message.channel} not sent: SMS_WEBHOOK_URL is unset`,
        );
        return { messageId: message.key };
      }
      const body = JSON.stringify({
        to: message.to,
        body: message.body,
        kind: message.channel,
        idempotency_key: message.key,
        ...(message.audioUrl ? { audio_url: message.audioUrl } : {}),
      });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'idempotency-key': message.key,
      };
      if (settings.signing_secret) {
        const timestamp = Math.floor(now().getTime() / 1000);
        headers['x-relevo-timestamp'] = String(timestamp);
        headers['x-relevo-signature'] = webhookSignature(settings.signing_secret, timestamp, body);
      }
      const response = await fetch(settings.url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
      });
      if (!response.ok) {
        const text = `${message.channel} gateway answered ${response.status}`;
        if (response.status >= 400 && response.status < 500 && response.status !== 429)
          throw new ProviderRefusal(text, response.status);
        throw new Error(text);
      }
      const answer = (await response.json().catch(() => null)) as { message_id?: unknown } | null;
      const id =
        typeof answer?.message_id === 'string' && answer.message_id ? answer.message_id.slice(0, 255) : message.key;
      return { messageId: id };
    },
    async check(signal: AbortSignal) {
      if (!settings.url) throw new Error('The webhook has no URL');
      const response = await fetch(settings.url, { method: 'HEAD', signal }).catch((error: Error) => {
        throw new Error(`The webhook could not be reached: ${error.message}`);
      });
      if (response.status >= 500) throw new Error(`The webhook answered ${response.status}`);
    },
  });
}
