import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { OutboxChannel, OutboxRow } from '../db/schema';
import type { SpokenAudio } from './spoken-audio';

/**
 * Sends one message of the outbox; throws when the far end refused or could not be reached. The
 * signal aborts when the dispatcher lost the message's lease or gave up waiting.
 */
export type Sender = ((message: OutboxRow, signal?: AbortSignal) => Promise<void>) & {
  /** ends the connections the sender keeps (the SMTP pool) */
  close?(): void;
};

export type Senders = Record<OutboxChannel, Sender>;

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

/**
 * The signature of a webhook body (docs/product.md#answers-by-sms-and-voice; the inbound webhook checks the same): hex
 * HMAC-SHA256 of `{timestamp}.{raw body}` with INBOUND_WEBHOOK_SECRET, timestamp in unix seconds.
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * SMS and voice as `POST {to, body, kind, idempotency_key}` to SMS_WEBHOOK_URL, or written to the
 * log when it is unset. Any 2xx answer counts as accepted. With INBOUND_WEBHOOK_SECRET set, each
 * request carries X-Relevo-Timestamp and X-Relevo-Signature, so the gateway can tell it comes from
 * this server. A voice call with spoken audio adds `audio_url`, the sound made before the request.
 */
export function webhookSender(
  kind: 'sms' | 'voice',
  config: Pick<Config, 'smsWebhookUrl' | 'inboundWebhookSecret'>,
  log: Logger,
  now: () => Date = () => new Date(),
  audio?: Pick<SpokenAudio, 'urlOf'>,
): Sender {
  if (!config.smsWebhookUrl) {
    return async (message) => {
      log.info(
        { channel: kind, to: message.recipient, text: message.body },
        `${kind} not sent: SMS_WEBHOOK_URL is unset`,
      );
    };
  }
  const url = config.smsWebhookUrl;
  return async (message, signal) => {
    const audioUrl = audio ? await audio.urlOf(message.idempotency_key) : null;
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(10_000);
    const body = JSON.stringify({
      to: message.recipient,
      body: message.body ?? '',
      kind,
      idempotency_key: message.idempotency_key,
      ...(audioUrl ? { audio_url: audioUrl } : {}),
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'idempotency-key': message.idempotency_key,
    };
    if (config.inboundWebhookSecret) {
      const timestamp = Math.floor(now().getTime() / 1000);
      headers['x-relevo-timestamp'] = String(timestamp);
      headers['x-relevo-signature'] = webhookSignature(config.inboundWebhookSecret, timestamp, body);
    }
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new Error(`${kind} gateway answered ${response.status}`);
  };
}

/** The senders of each channel; voice calls carry the spoken audio that `audio` makes. */
export function createSenders(config: Config, log: Logger, audio?: SpokenAudio): Senders {
  return {
    email: emailSender(config, log),
    sms: webhookSender('sms', config, log),
    voice: webhookSender('voice', config, log, undefined, audio),
  };
}
