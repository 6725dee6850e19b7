import {
  WebhookCreateSchema,
  type ListOf,
  type MessageAnswer,
  type Webhook,
  type WebhookDeliveryLog,
} from '@relevo/domain';
import { endpoint, reply } from '../endpoint';
import { IdParams } from './common';

// docs/product.md#outgoing-webhooks: a customer's webhooks, seen and changed by a Customer Root
// only (their URLs may carry the receiver's own secrets); a signing secret is written, never read.

const root = { auth: 'session' as const, permissions: ['catalogue.write' as const] };

/** The customer's webhooks (at most WEBHOOK_LIMITS.perCustomer), oldest first. */
export const listWebhooks = endpoint({
  name: 'listWebhooks',
  method: 'GET',
  path: '/api/webhooks',
  response: reply<ListOf<Webhook>>(),
  ...root,
});
/** A new webhook: its URL is checked (https, no private address after DNS) before it is kept. */
export const addWebhook = endpoint({
  name: 'addWebhook',
  method: 'POST',
  path: '/api/webhooks',
  body: WebhookCreateSchema,
  response: reply<Webhook>(),
  ...root,
});
/** The webhook goes, with its log and the deliveries still waiting. */
export const deleteWebhook = endpoint({
  name: 'deleteWebhook',
  method: 'DELETE',
  path: '/api/webhooks/:id',
  params: IdParams,
  response: reply<MessageAnswer>(),
  ...root,
});
/** Its latest deliveries, newest first (WEBHOOK_LIMITS.logShown). */
export const webhookDeliveries = endpoint({
  name: 'webhookDeliveries',
  method: 'GET',
  path: '/api/webhooks/:id/deliveries',
  params: IdParams,
  response: reply<WebhookDeliveryLog>(),
  ...root,
});
/** A disabled webhook hears of changes again (from now on; what it missed is not sent). */
export const enableWebhook = endpoint({
  name: 'enableWebhook',
  method: 'POST',
  path: '/api/webhooks/:id/enable',
  params: IdParams,
  response: reply<Webhook>(),
  ...root,
});

export const webhookEndpoints = { listWebhooks, addWebhook, deleteWebhook, webhookDeliveries, enableWebhook };
