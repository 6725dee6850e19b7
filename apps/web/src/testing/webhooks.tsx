import { ApiError } from '@relevo/api';
import {
  Role,
  WEBHOOK_CHANGES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  webhookDeliveryKey,
  type Webhook,
  type WebhookChange,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { WebhookCalls } from '../features/webhooks/webhook-calls';
import { routes } from '../routes';
import { never, storyListLoad, storyUser } from './fixtures';
import { StoryApp } from './story-app';

/** The stories read every time in UTC, so their texts do not depend on the machine's zone. */
export const WEBHOOK_STORY_ZONE = 'UTC';

const STAMP = {
  webhook_createby: 'root@democompany.demo',
  webhook_createdt: '2026-03-01T09:00:00.000Z',
  webhook_updateby: null,
  webhook_updatedt: null,
};

/** A webhook as the server lists it: active, never sent, unless `facts` say otherwise. */
export function storyWebhook(id: number, url: string, facts: Partial<Webhook> = {}): Webhook {
  return {
    id,
    webhook_id: id,
    customer_id: 1,
    webhook_url: url,
    webhook_desc: '',
    changes: [...WEBHOOK_CHANGES],
    webhook_active: 'Y',
    failing_since: null,
    disabled_at: null,
    disabled_reason: null,
    last_delivery_at: null,
    last_delivery_state: null,
    pending_count: 0,
    ...STAMP,
    ...facts,
  };
}

/** Three webhooks: one delivering, one failing for some hours, one disabled after a day of failures. */
export const STORY_WEBHOOKS: Webhook[] = [
  storyWebhook(1, 'https://hooks.democompany.demo/relevo', {
    webhook_desc: 'Our incident board',
    last_delivery_at: '2026-03-10T11:58:00.000Z',
    last_delivery_state: 'delivered',
  }),
  storyWebhook(2, 'https://ops.democompany.demo/webhooks/relevo', {
    webhook_desc: 'Ticketing: new and resolved only',
    changes: ['created', 'resolved'],
    failing_since: '2026-03-10T06:00:00.000Z',
    last_delivery_at: '2026-03-10T11:30:00.000Z',
    last_delivery_state: 'pending',
    pending_count: 3,
  }),
  storyWebhook(3, 'https://old.democompany.demo/hook', {
    webhook_active: 'N',
    failing_since: '2026-03-08T10:00:00.000Z',
    disabled_at: '2026-03-09T10:00:00.000Z',
    disabled_reason: 'Failing since 2026-03-08T10:00:00.000Z; the last try: answered 503',
    last_delivery_at: '2026-03-09T10:00:00.000Z',
    last_delivery_state: 'failed',
  }),
];

const delivery = (
  id: number,
  state: WebhookDeliveryState,
  change: WebhookChange,
  facts: Partial<WebhookDelivery> = {},
): WebhookDelivery => ({
  delivery_id: id,
  webhook_id: 1,
  event_id: 40 + id,
  case_id: `C-0001${String(id).padStart(2, '0')}`,
  change,
  state,
  idempotency_key: webhookDeliveryKey(id),
  attempts: 1,
  created_at: `2026-03-10T11:${String(10 + id).padStart(2, '0')}:00.000Z`,
  next_attempt_at: null,
  delivered_at: null,
  response_status: null,
  last_error: null,
  ...facts,
});

/** A log with a delivery in each state, newest first. */
export const STORY_DELIVERIES: WebhookDelivery[] = [
  delivery(5, 'sending', 'accepted', { attempts: 1 }),
  delivery(4, 'pending', 'escalated', {
    attempts: 2,
    response_status: 500,
    last_error: 'HTTP 500: Internal Server Error',
    next_attempt_at: '2026-03-10T11:16:00.000Z',
  }),
  delivery(3, 'delivered', 'contacted', { response_status: 200, delivered_at: '2026-03-10T11:13:01.000Z' }),
  delivery(2, 'failed', 'created', {
    attempts: WEBHOOK_LIMITS.maxAttempts,
    last_error: 'connect ECONNREFUSED',
  }),
  delivery(1, 'canceled', 'canceled', { last_error: 'The webhook was disabled' }),
];

/** What a Refresh of the log finds: the resolution, just delivered. */
export const STORY_NEWER_DELIVERY: WebhookDelivery = delivery(6, 'delivered', 'resolved', {
  response_status: 204,
  delivered_at: '2026-03-10T11:16:01.000Z',
});

export type StoryWebhookList = 'filled' | 'empty' | 'loading' | 'failedOnce' | 'full';
export type StoryWebhookSave = 'ok' | 'saving' | 'refused';
export type StoryWebhookLog = 'filled' | 'empty' | 'loading' | 'failed';

export interface StoryWebhookOptions {
  list?: StoryWebhookList;
  save?: StoryWebhookSave;
  log?: StoryWebhookLog;
}

/** Fixture calls of the Webhooks screen: an in-memory list that adds, enables and deletes. */
export function storyWebhookCalls({
  list = 'filled',
  save = 'ok',
  log = 'filled',
}: StoryWebhookOptions = {}): WebhookCalls {
  let webhooks =
    list === 'empty'
      ? []
      : list === 'full'
        ? Array.from({ length: WEBHOOK_LIMITS.perCustomer }, (_, index) =>
            storyWebhook(index + 1, `https://hooks.democompany.demo/relevo/${index + 1}`),
          )
        : [...STORY_WEBHOOKS];
  let next = 100;
  let logLoads = 0;
  return {
    list: storyListLoad(list, () => webhooks),
    add: async (body) => {
      if (save === 'saving') return never();
      if (save === 'refused')
        throw new ApiError(422, { detail: [{ loc: ['body', 'webhook_url'], msg: WEBHOOK_MESSAGES.privateAddress }] });
      const made = storyWebhook(next++, body.webhook_url, { webhook_desc: body.webhook_desc, changes: body.changes });
      webhooks = [...webhooks, made];
      return made;
    },
    remove: async (id) => {
      webhooks = webhooks.filter((webhook) => webhook.webhook_id !== id);
      return { Message: WEBHOOK_MESSAGES.deleted };
    },
    enable: async (id) => {
      webhooks = webhooks.map((webhook) =>
        webhook.webhook_id === id
          ? { ...webhook, webhook_active: 'Y', disabled_at: null, disabled_reason: null, failing_since: null }
          : webhook,
      );
      return webhooks.find((webhook) => webhook.webhook_id === id)!;
    },
    deliveries: async (id) => {
      if (log === 'loading') return never();
      if (log === 'failed') throw new ApiError(0, null);
      const webhook = webhooks.find((row) => row.webhook_id === id)!;
      if (log === 'empty') return { webhook, total: 0, list: [] };
      // a Refresh finds the change sent since
      logLoads += 1;
      const list = [...(logLoads > 1 ? [STORY_NEWER_DELIVERY] : []), ...STORY_DELIVERIES];
      return { webhook, total: 240 + logLoads - 1, list: list.map((row) => ({ ...row, webhook_id: id })) };
    },
    viewerZone: () => WEBHOOK_STORY_ZONE,
  };
}

/** The real route table at /webhooks, signed in as a Customer Root, with fixture calls made once. */
export function WebhookScreens(options: StoryWebhookOptions) {
  const [calls] = useState(() => storyWebhookCalls(options));
  return (
    <StoryApp routes={routes} at="/webhooks" user={storyUser(Role.CustomerRoot)} services={{ webhookCalls: calls }} />
  );
}

/** The meta of a Webhooks story file but its title. */
export const webhookScreensMeta = {
  component: WebhookScreens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WebhookScreens>;

export type WebhookScreensStory = StoryObj<typeof WebhookScreens>;
