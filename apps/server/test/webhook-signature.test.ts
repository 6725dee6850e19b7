import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { webhookSender, webhookSignature } from '../src/delivery/channels';
import type { OutboxRow } from '../src/db/schema';
import { SmsReceiver } from './support/sms-receiver';

const message = (key: string) =>
  ({
    id: 1,
    channel: 'sms',
    recipient: '+17875550142',
    body: 'Case K7QW2M9P: disk full',
    idempotency_key: key,
  }) as OutboxRow;

describe('the outgoing SMS and voice webhook is signed like the inbound one (docs/product.md#answers-by-sms-and-voice)', () => {
  const receiver = new SmsReceiver();
  let url = '';
  beforeAll(async () => {
    url = await receiver.start();
  });
  afterAll(() => receiver.stop());

  it('carries the timestamp and the HMAC of "{timestamp}.{raw body}" with the shared secret', async () => {
    const secret = 'a-shared-secret-of-32-characters!';
    const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 5));
    await webhookSender(
      'sms',
      { smsWebhookUrl: url, inboundWebhookSecret: secret },
      pino({ level: 'silent' }),
      () => at,
    )(message('k1'));
    const sent = receiver.raw.at(-1)!;
    expect(sent.timestamp).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(sent.signature).toBe(webhookSignature(secret, Number(sent.timestamp), sent.body));
    expect(sent.signature).toMatch(/^[0-9a-f]{64}$/);
    // another secret, timestamp or body gives another signature
    expect(webhookSignature('another-secret-of-32-characters!!', Number(sent.timestamp), sent.body)).not.toBe(
      sent.signature,
    );
    expect(webhookSignature(secret, Number(sent.timestamp) + 1, sent.body)).not.toBe(sent.signature);
    expect(webhookSignature(secret, Number(sent.timestamp), `${sent.body} `)).not.toBe(sent.signature);
  });

  it('sends no signature headers without a secret', async () => {
    await webhookSender(
      'voice',
      { smsWebhookUrl: url, inboundWebhookSecret: null },
      pino({ level: 'silent' }),
    )(message('k2'));
    expect(receiver.raw.at(-1)).toMatchObject({ timestamp: undefined, signature: undefined });
    expect(receiver.messages.at(-1)).toMatchObject({ kind: 'voice', idempotency_key: 'k2' });
  });
});
