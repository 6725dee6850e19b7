import { webhookEndpoints } from '@relevo/api';
import type { AppContext } from '../../context';
import { webhookService } from '../../webhooks/service';
import type { RouteTable } from '../implement';

/** docs/product.md#outgoing-webhooks: a customer's webhooks and their delivery logs (Customer Root). */
export function webhookRoutes(routes: RouteTable, ctx: AppContext): void {
  const webhooks = webhookService(ctx);
  const { listWebhooks, addWebhook, deleteWebhook, webhookDeliveries, enableWebhook } = webhookEndpoints;
  routes
    .implement(listWebhooks, ({ principal }) => webhooks.list(principal))
    .implement(addWebhook, ({ principal, body }) => webhooks.add(principal, body))
    .implement(deleteWebhook, ({ principal, params }) => webhooks.remove(principal, params.id))
    .implement(webhookDeliveries, ({ principal, params }) => webhooks.deliveries(principal, params.id))
    .implement(enableWebhook, ({ principal, params }) => webhooks.enable(principal, params.id));
}
