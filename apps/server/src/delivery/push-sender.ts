import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import webPush, { WebPushError } from 'web-push';
import { fillPath, responderAccept, responderResolve } from '@relevo/api';
import type { PushNotification } from '@relevo/domain';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { OutboxRow } from '../db/schema';
import type { Claimed } from '../jobs/lease';
import type { VapidKeys } from '../push/keys';
import { isPushService } from '../push/push-services';
import { devicesOfResource, dropEndpoint, markDevicesUsed, type PushTarget } from '../push/queries';
import type { Sender, SendOutcome } from './channels';

const STAFF = { kind: 'staff' } as const;

/** docs/product.md#push-notifications: a push service keeps an undelivered notification this long (s). */
export const PUSH_TTL_SECONDS = 4 * 60 * 60;

export interface PushSenderOptions {
  database: Database;
  clock: Clock;
  log: Logger;
  keys: VapidKeys;
  /** VAPID_SUBJECT */
  subject: string;
  /** PUSH_SERVICE_HOSTS */
  hosts: readonly string[];
  /** the https agent of the push services' requests (tests trust their local push service with it) */
  agent?: Agent;
  /** one push service's answer is waited for this long (default 10 s) */
  timeoutMs?: number;
}

/**
 * The push `Topic` of a message: its idempotency key hashed to 32 URL-safe characters, so a push
 * service holding the first send of a retried message replaces it instead of delivering both.
 */
export const pushTopic = (idempotencyKey: string) =>
  createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);

/** The resource of a push contact's recipient (`push:12`, engineStepsOf's `pushAddress`). */
function resourceOf(recipient: string): number {
  const match = /^push:([1-9][0-9]{0,9})$/.exec(recipient);
  if (!match) throw new Error('a push message names no resource');
  return Number(match[1]);
}

/**
 * The notification as the service worker gets it: each action with the responder API's address
 * (`POST /api/v1/respond/{token}/accept|resolve`), from the token of the contact's page.
 */
function withActionAddresses(notification: PushNotification): PushNotification {
  if (!notification.url) return { ...notification, actions: [] };
  const page = new URL(notification.url);
  const token = decodeURIComponent(/\/respond\/([^/]+)$/.exec(page.pathname)?.[1] ?? '');
  if (!token) return { ...notification, actions: [] };
  const endpoints = { accept: responderAccept, resolve: responderResolve };
  return {
    ...notification,
    actions: notification.actions.map((action) => ({
      ...action,
      url: `${page.origin}${fillPath(endpoints[action.action].path, { token })}`,
    })),
  };
}

type DeviceResult = { device: PushTarget } & (
  | { kind: 'took' }
  | { kind: 'gone'; status: number }
  | { kind: 'refused'; detail: string }
  | { kind: 'passing'; detail: string }
);

/**
 * Push contacts (docs/product.md#push-notifications): the notification goes to every device of the
 * step's person through its push service (`web-push`: VAPID-signed, aes128gcm-encrypted, TTL,
 * urgency high, the message's topic). Each device that took it is written on the claimed row
 * before the next (fenced by the claim), so a send retried after a crash skips it; a device whose
 * push service answers 404 or 410 is dropped. No device took it: the contact failed and the
 * escalation moves on. A push service that could not be reached: the message is tried again later.
 */
export function pushSender(options: PushSenderOptions): Sender {
  const { database, log } = options;
  const details = options.keys.details(options.subject);

  async function sendTo(device: PushTarget, payload: string, topic: string): Promise<DeviceResult> {
    if (!isPushService(device.endpoint, options.hosts))
      return { device, kind: 'refused', detail: 'not a push service Relevo sends to' };
    try {
      await webPush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: details,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          topic,
          timeout: options.timeoutMs ?? 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      return { device, kind: 'took' };
    } catch (error) {
      if (error instanceof WebPushError) {
        if (error.statusCode === 404 || error.statusCode === 410)
          return { device, kind: 'gone', status: error.statusCode };
        // too many requests or the service's own trouble: later
        if (error.statusCode === 429 || error.statusCode >= 500)
          return { device, kind: 'passing', detail: `the push service answered ${error.statusCode}` };
        return { device, kind: 'refused', detail: `the push service answered ${error.statusCode}` };
      }
      return { device, kind: 'passing', detail: error instanceof Error ? error.message.slice(0, 200) : 'no answer' };
    }
  }

  /** Writes down a device that took the message, fenced by the claim (a worker that lost it stops). */
  async function took(message: Claimed<OutboxRow>, device: PushTarget): Promise<void> {
    const marked = await database.scoped(STAFF, (tx) =>
      tx
        .updateTable('outbox')
        .set({ push_sent_to: sql<string>`push_sent_to || ${JSON.stringify([device.id])}::jsonb` })
        .where('id', '=', message.id)
        .where('status', '=', 'claimed')
        .where('claim_token', '=', message.claim_token)
        .executeTakeFirst(),
    );
    if (Number(marked.numUpdatedRows) === 0) throw new Error('the message is no longer this worker’s to send');
  }

  return async (message, signal) => {
    const claim = message as Claimed<OutboxRow>;
    const resourceId = resourceOf(message.recipient);
    const payload = JSON.stringify(withActionAddresses(JSON.parse(message.body ?? '{}') as PushNotification));
    const topic = pushTopic(message.idempotency_key);
    const devices = await database.scoped(STAFF, (tx) => devicesOfResource(tx, resourceId));
    const before = new Set(message.push_sent_to ?? []);
    const results: DeviceResult[] = [];
    for (const device of devices) {
      if (before.has(device.id)) continue;
      signal?.throwIfAborted();
      const result = await sendTo(device, payload, topic);
      if (result.kind === 'took') await took(claim, device);
      results.push(result);
    }
    const gone = results.filter((r) => r.kind === 'gone');
    const taken = results.filter((r) => r.kind === 'took');
    await database.scoped(STAFF, async (tx) => {
      for (const { device } of gone) await dropEndpoint(tx, device.endpoint);
      await markDevicesUsed(
        tx,
        taken.map((r) => r.device.id),
        options.clock.now(),
      );
    });
    const passing = results.filter((r) => r.kind === 'passing');
    if (passing.length > 0) {
      log.info(
        { channel: 'push', devices: devices.length, passing: passing.length },
        'push service not reached: tried again later',
      );
      throw new Error(
        `a push service could not be reached (${passing.map((r) => 'detail' in r && r.detail).join('; ')})`,
      );
    }
    const reached = before.size + taken.length;
    const total = new Set([...before, ...devices.map((device) => device.id)]).size;
    const notes = [
      ...(gone.length ? [`${gone.length} device${gone.length === 1 ? '' : 's'} gone (removed)`] : []),
      ...results.flatMap((r) => (r.kind === 'refused' ? [`a device refused: ${r.detail}`] : [])),
    ];
    const outcome: SendOutcome = {
      provider: null,
      messageId: null,
      tried: 0,
      status: reached > 0 ? 'sent' : 'failed',
      detail:
        devices.length === 0
          ? 'No device of this person takes push notifications'
          : [reached > 0 ? `Sent to ${reached} of ${total} devices` : 'No device took the notification', ...notes].join(
              '; ',
            ),
      failoverLeft: false,
    };
    return outcome;
  };
}
