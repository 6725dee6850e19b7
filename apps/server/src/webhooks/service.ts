import { sql } from 'kysely';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type ListOf,
  type MessageAnswer,
  type Webhook,
  type WebhookCreate,
  type WebhookDeliveryLog,
} from '@relevo/domain';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, notFound, type CatalogueTx } from '../catalogue/common';
import { deliveryOf, latestDeliveries, webhookOf, webhookSealPlace, webhooksWithLog, type WebhookRow } from './queries';
import { WebhookAddressError, systemResolve, vetUrl, type Resolve } from './sender';

/** The advisory lock's first key under which a customer's webhooks are counted. */
const WEBHOOK_COUNT_LOCK = 7245029;

/**
 * Outgoing webhooks (docs/product.md#outgoing-webhooks): a customer's webhooks for its Customer
 * Root, in the caller's customer scope (another customer's id answers 404 'Webhook not found');
 * every change audited, never the signing secret, which is sealed at rest and never answered.
 */
export function webhookService(ctx: AppContext, options: { resolve?: Resolve } = {}) {
  const unit = catalogueUnit(ctx);
  const resolve = options.resolve ?? systemResolve;

  /** The caller's webhook, locked for the change; 404 for another customer's. */
  async function lockedWebhook(tx: CatalogueTx, customerId: number, id: number): Promise<WebhookRow> {
    const row = await tx
      .selectFrom('webhooks')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('webhook_id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  async function answer(tx: CatalogueTx, id: number): Promise<Webhook> {
    return webhookOf(await webhooksWithLog(tx).where('w.webhook_id', '=', id).executeTakeFirstOrThrow());
  }

  /** The trail names the host only: a receiver's path or query may carry its own credentials. */
  const hostOf = (url: string) => new URL(url).host;
  /** A webhook as the trail keeps it (docs/product.md#audit-trail): its address by its host only. */
  const trailed = (webhook: Webhook) => ({ ...webhook, webhook_url: hostOf(webhook.webhook_url) });

  return {
    async list(principal: Principal): Promise<ListOf<Webhook>> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const rows = await webhooksWithLog(tx)
          .where('w.customer_id', '=', customerId)
          .orderBy('w.webhook_id')
          .limit(WEBHOOK_LIMITS.perCustomer)
          .execute();
        return { total: rows.length, list: rows.map(webhookOf) };
      });
    },

    /** A new webhook, once its URL passes the address rule (after DNS) and the customer has room. */
    async add(principal: Principal, body: WebhookCreate): Promise<Webhook> {
      try {
        await vetUrl(body.webhook_url, ctx.config.webhookAllowPrivate, resolve);
      } catch (error) {
        if (error instanceof WebhookAddressError) throw ValidationFailure.field('webhook_url', error.message);
        throw error;
      }
      return unit.inCustomer(principal, async (tx, customerId) => {
        // two creations of one customer count one after the other
        await sql`select pg_advisory_xact_lock(${WEBHOOK_COUNT_LOCK}, ${customerId})`.execute(tx);
        const { count } = await tx
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= WEBHOOK_LIMITS.perCustomer) throw conflict(WEBHOOK_MESSAGES.tooMany);
        // the id first: the secret is sealed for its webhook's place
        const { id } = (
          await sql<{
            id: number;
          }>`select nextval(pg_get_serial_sequence('webhooks', 'webhook_id'))::integer as id`.execute(tx)
        ).rows[0]!;
        await tx
          .insertInto('webhooks')
          .values({
            webhook_id: id,
            customer_id: customerId,
            webhook_url: body.webhook_url,
            webhook_desc: body.webhook_desc,
            secret_sealed: ctx.delivery.box.seal(webhookSealPlace(customerId, id), body.signing_secret),
            changes: JSON.stringify(body.changes),
            webhook_createby: principal.email,
            webhook_createdt: unit.now(),
          })
          .execute();
        const saved = await answer(tx, id);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'webhook',
          entityId: id,
          detail: { webhook_host: hostOf(body.webhook_url), webhook_desc: body.webhook_desc, changes: body.changes },
          after: trailed(saved),
        });
        return saved;
      });
    },

    /** The webhook goes, with its log and its deliveries still waiting (a send under way is fenced out). */
    async remove(principal: Principal, id: number): Promise<MessageAnswer> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await lockedWebhook(tx, customerId, id);
        const before = trailed(await answer(tx, id));
        await tx.deleteFrom('webhooks').where('webhook_id', '=', id).execute();
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'webhook',
          entityId: id,
          detail: { webhook_host: hostOf(row.webhook_url), webhook_desc: row.webhook_desc },
          before,
        });
        return { Message: WEBHOOK_MESSAGES.deleted };
      });
    },

    /** The webhook and its latest deliveries, newest first. */
    async deliveries(principal: Principal, id: number): Promise<WebhookDeliveryLog> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const found = await webhooksWithLog(tx)
          .where('w.customer_id', '=', customerId)
          .where('w.webhook_id', '=', id)
          .executeTakeFirst();
        if (!found) throw notFound(WEBHOOK_MESSAGES.notFound);
        const rows = await latestDeliveries(tx, id, WEBHOOK_LIMITS.logShown).execute();
        const { total } = await tx
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('webhook_id', '=', id)
          .executeTakeFirstOrThrow();
        return { webhook: webhookOf(found), total: Number(total), list: rows.map(deliveryOf) };
      });
    },

    /** A disabled webhook hears of the changes from now on (what it missed is not sent); its failures are forgotten. */
    async enable(principal: Principal, id: number): Promise<Webhook> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const row = await lockedWebhook(tx, customerId, id);
        const before = trailed(await answer(tx, id));
        await tx
          .updateTable('webhooks')
          .set({
            webhook_active: 'Y',
            failing_since: null,
            disabled_at: null,
            disabled_reason: null,
            webhook_updateby: principal.email,
            webhook_updatedt: unit.now(),
          })
          .where('webhook_id', '=', id)
          .execute();
        const saved = await answer(tx, id);
        await unit.audited(tx, principal, {
          action: 'update',
          entity: 'webhook',
          entityId: id,
          detail: { webhook_active: 'Y', was: row.webhook_active },
          before,
          after: trailed(saved),
        });
        return saved;
      });
    },
  };
}
