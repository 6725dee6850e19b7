import type { Logger } from 'pino';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  webhookAccepted,
  webhookBody,
  webhookDeliveryKey,
  webhookGivesUp,
  webhookRetryDelayMs,
  type DisplayLanguage,
} from '@relevo/domain';
import type { Clock } from '../clock';
import type { AppContext } from '../context';
import type { Database, Tx } from '../db/database';
import { mailCustomerRoots } from '../delivery/queries';
import { translator } from '../i18n/translate';
import { webhookSignature } from '../delivery/providers/webhook';
import type { Claimed, JobTable } from '../jobs/lease';
import { JobRunner, JobWorker } from '../jobs/worker';
import { audit } from '../security/audit';
import { cancelWaitingDeliveries, webhookSealPlace, type WebhookDeliveryRow, type WebhookRow } from './queries';
import { postWebhook, systemResolve, type Resolve } from './sender';

/**
 * The deliveries of outgoing webhooks as a job table (docs/product.md#outgoing-webhooks): queued by
 * the events' triggers (migration 0029), tried again with growing delays, given up after
 * WEBHOOK_LIMITS.maxAttempts tries.
 */
export const WEBHOOK_JOBS: JobTable = {
  name: 'webhook_deliveries',
  doneStatus: 'done',
  maxAttempts: WEBHOOK_LIMITS.maxAttempts,
  retryDelayMs: webhookRetryDelayMs,
};

/** Wakes the webhook workers (deliveries given back by a stopping worker). */
export const WEBHOOK_CHANNEL = 'relevo_webhooks';

/**
 * The longest a queued change waits for a worker to look: the triggers that queue deliveries send
 * no NOTIFY (migration 0029), so the worker looks this often.
 */
export const WEBHOOK_POLL_MS = 1_000;

export type WebhookJob = Claimed<WebhookDeliveryRow>;

/** What one try came to. */
export type TryOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'failed'; status: number | null; error: string }
  /** the webhook was disabled meanwhile: the delivery is dropped */
  | { kind: 'dropped' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The e-mail to a Customer Root when its webhook is disabled (never its secret), in the reader's language (docs/product.md#languages). */
export function disabledMail(
  name: string,
  webhook: Pick<WebhookRow, 'webhook_url' | 'webhook_desc'>,
  reason: string,
  publicUrl: string,
  language: DisplayLanguage = 'en',
) {
  const t = translator(language);
  return {
    subject: t(WEBHOOK_MESSAGES.disabledNotice),
    text: [
      t('Hello {name},', { name }),
      '',
      t('Relevo disabled the webhook {webhook}: its deliveries failed for {hours} hours with no success.', {
        webhook: `${webhook.webhook_url}${webhook.webhook_desc ? ` (${webhook.webhook_desc})` : ''}`,
        hours: WEBHOOK_LIMITS.disableAfterMs / 3_600_000,
      }),
      '',
      // the reason is the server's own text: translated when a catalog knows it
      t('Reason: {reason}', { reason: t(reason) }),
      '',
      t('No change of your events is sent to it any more, and the deliveries that were waiting were canceled.'),
      t(
        'Once the receiver answers again, a Customer Root can enable it on the Webhooks screen ({link}, Enable); it hears of the changes from then on.',
        { link: `${publicUrl}/webhooks` },
      ),
    ].join('\n'),
  };
}

export const disabledMailKey = (webhookId: number, disabledAt: Date, userId: number) =>
  `webhook-disabled:${webhookId}:${disabledAt.getTime()}:${userId}`;

/**
 * One try of a claimed delivery in its two steps. `send` POSTs the stored change, signed, with the
 * delivery's key (the same on every try, so a receiver drops a second arrival). `settle` writes the
 * outcome under the claim's fence: done, or due again after its delay (dead after the last try);
 * a webhook failing for WEBHOOK_LIMITS.disableAfterMs with no success is disabled, its waiting
 * deliveries canceled and its customer's Customer Roots told by e-mail.
 */
export function webhookTries(options: {
  ctx: Pick<AppContext, 'delivery' | 'config'>;
  database: Database;
  clock: Clock;
  allowPrivate?: boolean;
  resolve?: Resolve;
}) {
  const { ctx, database, clock } = options;
  const resolve = options.resolve ?? systemResolve;

  const webhookOfJob = (job: WebhookJob) =>
    database.scoped({ kind: 'staff' }, (tx) =>
      tx.selectFrom('webhooks').selectAll().where('webhook_id', '=', job.webhook_id).executeTakeFirst(),
    );

  async function send(job: WebhookJob, signal: AbortSignal): Promise<TryOutcome> {
    const webhook = await webhookOfJob(job);
    if (!webhook || webhook.webhook_active !== 'Y') return { kind: 'dropped' };
    const secret = ctx.delivery.box.open(
      webhookSealPlace(webhook.customer_id, webhook.webhook_id),
      webhook.secret_sealed,
    );
    const body = JSON.stringify(
      webhookBody({
        delivery_id: job.delivery_id,
        change: job.change,
        occurred_at: new Date(job.occurred_at).toISOString(),
        customer_id: job.customer_id,
        event: job.payload.event,
        contact: job.payload.contact ?? null,
      }),
    );
    const key = webhookDeliveryKey(job.delivery_id);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    try {
      const answer = await postWebhook(
        {
          url: webhook.webhook_url,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Relevo-Webhooks',
            'idempotency-key': key,
            'x-relevo-delivery': key,
            'x-relevo-event': job.change,
            'x-relevo-timestamp': String(timestamp),
            'x-relevo-signature': webhookSignature(secret, timestamp, body),
          },
          body,
        },
        { allowPrivate: options.allowPrivate ?? ctx.config.webhookAllowPrivate, resolve, signal },
      );
      if (webhookAccepted(answer.status)) return { kind: 'delivered', status: answer.status };
      const redirect = answer.status >= 300 && answer.status < 400 ? ' (redirects are not followed)' : '';
      return {
        kind: 'failed',
        status: answer.status,
        error: `answered ${answer.status}${redirect}${answer.answer ? `: ${answer.answer}` : ''}`,
      };
    } catch (error) {
      // a stopping worker or a lost claim: the job layer gives the delivery back or leaves it
      if (signal.aborted) throw error;
      return { kind: 'failed', status: null, error: errorText(error) };
    }
  }

  /** Disables a webhook that failed long enough: off, its waiting deliveries canceled, its Customer Roots mailed. */
  async function disable(tx: Tx, webhook: WebhookRow, failingSince: Date, error: string, now: Date): Promise<void> {
    const reason = `Failing since ${failingSince.toISOString()}; the last try: ${error}`.slice(0, 1000);
    await tx
      .updateTable('webhooks')
      .set({ webhook_active: 'N', failing_since: failingSince, disabled_at: now, disabled_reason: reason })
      .where('webhook_id', '=', webhook.webhook_id)
      .execute();
    await cancelWaitingDeliveries(tx, webhook.webhook_id, 'the webhook was disabled');
    await audit(
      tx,
      {
        customerId: webhook.customer_id,
        actor: null,
        action: 'update',
        entity: 'webhook',
        entityId: webhook.webhook_id,
        detail: { webhook_active: 'N', disabled: 'failing for a day' },
      },
      now,
    );
    await mailCustomerRoots(
      tx,
      webhook.customer_id,
      (user) => ({
        ...disabledMail(user.name, webhook, reason, ctx.config.publicUrl, user.language ?? 'en'),
        key: disabledMailKey(webhook.webhook_id, now, user.id),
      }),
      now,
    );
  }

  /** Answers whether the claim still held (the outcome was written). */
  async function settle(job: WebhookJob, outcome: TryOutcome): Promise<boolean> {
    return database.scoped({ kind: 'staff' }, async (tx) => {
      // the webhook first, then the delivery: the order a deletion of the webhook takes them in
      const webhook = await tx
        .selectFrom('webhooks')
        .selectAll()
        .where('webhook_id', '=', job.webhook_id)
        .forUpdate()
        .executeTakeFirst();
      const current = await tx
        .selectFrom('webhook_deliveries')
        .select(['status', 'locked_by', 'claim_token'])
        .where('delivery_id', '=', job.delivery_id)
        .forUpdate()
        .executeTakeFirst();
      const held =
        current !== undefined &&
        current.status === 'claimed' &&
        current.locked_by === job.locked_by &&
        current.claim_token === job.claim_token;
      if (!held || !webhook) return false;
      const now = clock.now();
      const unlocked = { locked_by: null, locked_until: null, claim_token: null } as const;
      const delivery = tx.updateTable('webhook_deliveries').where('delivery_id', '=', job.delivery_id);
      if (outcome.kind === 'dropped') {
        await delivery.set({ ...unlocked, status: 'canceled', last_error: 'the webhook was disabled' }).execute();
        return true;
      }
      if (outcome.kind === 'delivered') {
        await delivery
          .set({ ...unlocked, status: 'done', delivered_at: now, response_status: outcome.status, last_error: null })
          .execute();
        if (webhook.failing_since !== null)
          await tx
            .updateTable('webhooks')
            .set({ failing_since: null })
            .where('webhook_id', '=', webhook.webhook_id)
            .execute();
        return true;
      }
      const last = job.attempts >= WEBHOOK_LIMITS.maxAttempts;
      await delivery
        .set({
          ...unlocked,
          status: last ? 'dead' : 'pending',
          due_at: last ? job.due_at : new Date(now.getTime() + webhookRetryDelayMs(job.attempts)),
          response_status: outcome.status,
          last_error: outcome.error.slice(0, 500),
        })
        .execute();
      const failingSince = webhook.failing_since ? new Date(webhook.failing_since) : now;
      if (webhook.webhook_active === 'Y' && webhookGivesUp(failingSince.getTime(), now.getTime()))
        await disable(tx, webhook, failingSince, outcome.error, now);
      else if (webhook.failing_since === null)
        await tx
          .updateTable('webhooks')
          .set({ failing_since: now })
          .where('webhook_id', '=', webhook.webhook_id)
          .execute();
      return true;
    });
  }

  return { send, settle };
}

export interface WebhookWorkerOptions {
  ctx: AppContext;
  database: Database;
  clock: Clock;
  log: Logger;
  workerId: string;
  /** WEBHOOK_ALLOW_PRIVATE unless given (tests send to a local receiver with it off) */
  allowPrivate?: boolean;
  resolve?: Resolve;
  leaseMs?: number;
  concurrency?: number;
  idlePollMs?: number;
}

/**
 * The webhooks' worker: claims due deliveries (any number of workers share them; a killed one's
 * claims are taken over when their lease runs out and sent again with the same key) and sends
 * each. The changes of one event reach one webhook in the order they happened.
 */
export class WebhookWorker extends JobRunner<WebhookJob> {
  constructor(options: WebhookWorkerOptions) {
    const tries = webhookTries(options);
    super(
      new JobWorker<WebhookJob>({
        database: options.database,
        clock: options.clock,
        log: options.log,
        workerId: options.workerId,
        table: WEBHOOK_JOBS,
        channel: WEBHOOK_CHANNEL,
        settlesItself: true,
        serialKey: (job) => `${job.webhook_id}:${job.event_id}`,
        run: async (job, signal) => {
          const outcome = await tries.send(job, signal);
          const held = await tries.settle(job, outcome);
          const context = { webhook: job.webhook_id, delivery: job.delivery_id, attempt: job.attempts };
          if (!held)
            options.log.warn(
              context,
              'webhook delivery outcome dropped: its claim was lost (deleted, disabled or taken over)',
            );
          else if (outcome.kind === 'failed')
            options.log.warn({ ...context, status: outcome.status, error: outcome.error }, 'webhook delivery failed');
        },
        leaseMs: options.leaseMs,
        // the send's own limit is WEBHOOK_LIMITS.timeoutMs; the job's covers the database around it
        timeoutMs: WEBHOOK_LIMITS.timeoutMs + 20_000,
        concurrency: options.concurrency,
        idlePollMs: options.idlePollMs ?? WEBHOOK_POLL_MS,
      }),
    );
  }
}
