import { addWebhook, deleteWebhook, enableWebhook, listWebhooks, webhookDeliveries } from '@relevo/api';
import type { ListOf, MessageAnswer, Webhook, WebhookCreate, WebhookDeliveryLog } from '@relevo/domain';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    /** the calls of the Webhooks screen */
    webhookCalls: WebhookCalls;
  }
}

/** The calls of the Webhooks screen (docs/product.md#outgoing-webhooks); stories give fixtures instead. */
export interface WebhookCalls {
  /** the customer's webhooks, oldest first (at most WEBHOOK_LIMITS.perCustomer) */
  list: (signal?: AbortSignal) => Promise<ListOf<Webhook>>;
  add: (body: WebhookCreate) => Promise<Webhook>;
  remove: (id: number) => Promise<MessageAnswer>;
  /** a webhook's latest deliveries, newest first */
  deliveries: (id: number) => Promise<WebhookDeliveryLog>;
  /** a disabled webhook hears of changes again */
  enable: (id: number) => Promise<Webhook>;
  /** the viewer's own time zone (the times of the list and the log) */
  viewerZone: () => string;
}

export const liveWebhookCalls: WebhookCalls = {
  list: (signal) => api.call(listWebhooks, { signal }),
  add: (body) => api.call(addWebhook, { body }),
  remove: (id) => api.call(deleteWebhook, { params: { id } }),
  deliveries: (id) => api.call(webhookDeliveries, { params: { id } }),
  enable: (id) => api.call(enableWebhook, { params: { id } }),
  viewerZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
};
