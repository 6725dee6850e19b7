import type { TestSendAnswer } from '@relevo/api';
import {
  PROVIDER_LABELS,
  TEST_INTERVAL_MS,
  TEST_MESSAGES_PER_HOUR,
  TEST_SEND_MESSAGES as TEST_MESSAGES,
  contactLanguage,
  testSendText,
  type TestSendResult,
} from '@relevo/domain';
import { audit, byPrincipal } from '../security/audit';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { wakeAfterCommit } from '../db/wake';
import { HttpError, tooManyAttempts } from '../http/errors';
import { enqueue, OUTBOX_CHANNEL } from './queries';

const testKey = (resourceId: number, at: number, channel: string, n: number) =>
  `test:${resourceId}:${at}:${channel}:${n}`;

/**
 * "Send a test" (docs/product.md#send-a-test): an SMS and a call to each phone of a resource,
 * through its customer's chain, as any contact goes; the result is read back from the messages.
 */
export function testSendService(ctx: AppContext) {
  async function resourceOf(principal: Principal, resourceId: number) {
    const resource = await ctx.database.scoped(principal.scope, (tx) =>
      tx
        .selectFrom('resources')
        .select(['resource_id', 'resource_fullname', 'language_id', 'resource_phone1_e164', 'resource_phone2_e164'])
        .where('resource_id', '=', resourceId)
        .where('customer_id', '=', principal.customerId)
        .executeTakeFirst(),
    );
    if (!resource) throw new HttpError(404, TEST_MESSAGES.notFound);
    return resource;
  }

  async function results(principal: Principal, resourceId: number): Promise<TestSendAnswer> {
    await resourceOf(principal, resourceId);
    const rows = await ctx.database.scoped({ kind: 'staff' }, async (tx) => {
      const latest = await tx
        .selectFrom('outbox')
        .select('created_at')
        .where('customer_id', '=', principal.customerId)
        .where('idempotency_key', 'like', 'test:%')
        .where('idempotency_key', 'like', `test:${resourceId}:%`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) return { at: null, rows: [] };
      const found = await tx
        .selectFrom('outbox')
        .select([
          'channel',
          'recipient',
          'provider',
          'provider_message_id',
          'delivery_status',
          'delivery_detail',
          'status',
          'last_error',
          'idempotency_key',
        ])
        .where('customer_id', '=', principal.customerId)
        .where('idempotency_key', 'like', 'test:%')
        .where('idempotency_key', 'like', `test:${resourceId}:${latest.created_at.getTime()}:%`)
        .orderBy('idempotency_key')
        .limit(8)
        .execute();
      return { at: latest.created_at, rows: found };
    });
    return {
      resource_id: resourceId,
      requested_at: rows.at?.toISOString() ?? null,
      results: rows.rows.map((row): TestSendResult => {
        const status: TestSendResult['status'] =
          row.delivery_status ?? (row.status === 'dead' ? 'failed' : row.status === 'sent' ? 'sent' : 'queued');
        return {
          channel: row.channel === 'voice' ? 'voice' : 'sms',
          phone: row.recipient,
          provider: row.provider,
          message_id: row.provider_message_id,
          status,
          detail:
            row.delivery_detail ??
            (row.status === 'dead' || (row.status === 'pending' && row.last_error)
              ? `Not sent yet: ${row.last_error ?? 'no provider took it'}`
              : row.provider && status === 'sent'
                ? `${PROVIDER_LABELS[row.provider]} took it; waiting for its delivery report`
                : null),
        };
      }),
    };
  }

  return {
    results,
    async send(principal: Principal, resourceId: number): Promise<TestSendAnswer> {
      const resource = await resourceOf(principal, resourceId);
      const phones = [resource.resource_phone1_e164, resource.resource_phone2_e164].filter((p): p is string => !!p);
      if (phones.length === 0) throw new HttpError(422, TEST_MESSAGES.noPhone);
      const now = ctx.clock.now();
      await ctx.database.scoped({ kind: 'staff' }, async (tx) => {
        const recent = await tx
          .selectFrom('outbox')
          .select('id')
          .where('customer_id', '=', principal.customerId)
          .where('idempotency_key', 'like', 'test:%')
          .where('idempotency_key', 'like', `test:${resourceId}:%`)
          .where('created_at', '>', new Date(now.getTime() - TEST_INTERVAL_MS))
          .limit(1)
          .executeTakeFirst();
        if (recent) throw tooManyAttempts(60, TEST_MESSAGES.tooSoon);
        const { n } = await tx
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', '=', principal.customerId)
          .where('idempotency_key', 'like', 'test:%')
          .where('created_at', '>', new Date(now.getTime() - 3_600_000))
          .executeTakeFirstOrThrow();
        if (Number(n) + phones.length * 2 > TEST_MESSAGES_PER_HOUR) throw tooManyAttempts(3600, TEST_MESSAGES.tooMany);
        for (const [n, phone] of phones.entries()) {
          for (const channel of ['sms', 'voice'] as const) {
            await enqueue(
              tx,
              {
                customerId: principal.customerId,
                channel,
                recipient: phone,
                body: testSendText(channel, contactLanguage(resource.language_id), resource.resource_fullname),
                idempotencyKey: testKey(resourceId, now.getTime(), channel, n),
              },
              now,
            );
          }
        }
        // docs/product.md#audit-trail: who tested whose phones (never the numbers)
        await audit(
          tx,
          {
            ...byPrincipal(principal),
            action: 'test',
            entity: 'resource',
            entityId: resourceId,
            detail: { phones: phones.length, channels: ['sms', 'voice'] },
          },
          now,
        );
        wakeAfterCommit(tx, OUTBOX_CHANNEL);
      });
      return results(principal, resourceId);
    },
  };
}
