import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { OutboxChannel, OutboxRow } from '../db/schema';
import type { SpokenAudio } from './spoken-audio';
import type { DeliveryProvider } from '@relevo/domain';
import type { DeliveryDirectory } from './accounts';
import { chainSender, type SendJournal } from './chain-sender';
import { webhookAdapterWith, webhookSignature } from './providers/webhook';

/**
 * Sends one message of the outbox; throws when the far end refused or could not be reached. The
 * signal aborts when the dispatcher lost the message's lease or gave up waiting.
 */
export type Sender = ((message: OutboxRow, signal?: AbortSignal) => Promise<SendOutcome | void>) & {
  /** ends the connections the sender keeps (the SMTP pool) */
  close?(): void;
};

/** A sender per channel; a process without a push sender fails push contacts (the escalation moves on). */
export type Senders = Record<Exclude<OutboxChannel, 'push'>, Sender> & { push?: Sender };

/** What a provider did with an SMS or a call (docs/product.md#delivery-providers); e-mail answers nothing. */
export interface SendOutcome {
  /** null for a push notification: it goes through the device's push service, no provider chain */
  provider: DeliveryProvider | null;
  /** the provider's id of the message; null when every provider refused it */
  messageId: string | null;
  /** providers tried so far, this one included */
  tried: number;
  status: 'sent' | 'failed';
  /** the failovers on the way ("Twilio: ...; then Vonage"), or why it failed */
  detail: string | null;
  /** a provider of the chain is left, should this one report the message undelivered */
  failoverLeft: boolean;
}

/** E-mail through SMTP_URL, or written to the log when it is unset (docs/product.md#processes-storage-and-configuration). */
export function emailSender(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: Logger): Sender {
  if (!config.smtpUrl) {
    return async (message) => {
      log.info(
        { channel: 'email', to: message.recipient, subject: message.subject, text: message.body },
        'e-mail not sent: SMTP_URL is unset',
      );
    };
  }
  const url = new URL(config.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    // kept connections: one SMTP conversation per message, not a connection and a greeting each
    pool: true,
    maxConnections: 8,
    maxMessages: 1_000,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const send: Sender = async (message, signal) => {
    // nodemailer cannot abort a send under way; one not started yet is not started
    signal?.throwIfAborted();
    await transport.sendMail({
      from: config.mailFrom,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body ?? '',
      ...(message.html ? { html: message.html } : {}),
      headers: { 'X-Relevo-Idempotency-Key': message.idempotency_key },
    });
  };
  send.close = () => transport.close();
  return send;
}

export { webhookSignature };

/**
 * SMS or voice through the generic signed webhook alone (providers/webhook.ts), or written to the
 * log when SMS_WEBHOOK_URL is unset: the sender of tools and tests that need no provider chain.
 */
export function webhookSender(
  kind: 'sms' | 'voice',
  config: Pick<Config, 'smsWebhookUrl' | 'inboundWebhookSecret'>,
  log: Logger,
  now: () => Date = () => new Date(),
  audio?: Pick<SpokenAudio, 'urlOf'>,
): Sender {
  const adapter = webhookAdapterWith(log, now)(
    {
      ...(config.smsWebhookUrl ? { url: config.smsWebhookUrl } : {}),
      ...(config.inboundWebhookSecret ? { signing_secret: config.inboundWebhookSecret } : {}),
    },
    { base: '', account: 'default' },
  );
  return async (message, signal) => {
    const audioUrl = audio ? await audio.urlOf(message.idempotency_key) : null;
    signal?.throwIfAborted();
    await adapter.send(
      { channel: kind, to: message.recipient, body: message.body ?? '', key: message.idempotency_key, audioUrl },
      signal ?? new AbortController().signal,
    );
  };
}

/**
 * The senders of each channel: e-mail by SMTP, SMS and calls through each customer's provider
 * chain (`directory`), each hand-over written down first (`journal`); voice calls carry the
 * spoken audio that `audio` makes; push notifications through `push` (delivery/push-sender.ts).
 */
export function createSenders(
  config: Config,
  log: Logger,
  directory: DeliveryDirectory,
  audio?: SpokenAudio,
  journal?: SendJournal,
  push?: Sender,
): Senders {
  return {
    email: emailSender(config, log),
    sms: chainSender('sms', directory, undefined, journal),
    voice: chainSender('voice', directory, audio, journal),
    ...(push ? { push } : {}),
  };
}
