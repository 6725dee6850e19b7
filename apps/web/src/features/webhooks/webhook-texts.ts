import {
  WEBHOOK_CHANGES,
  WEBHOOK_CHANGE_LABELS,
  WEBHOOK_DELIVERY_STATE_LABELS,
  WEBHOOK_MESSAGES,
  formatInZone,
  type WebhookChange,
  type WebhookDeliveryState,
} from '@relevo/domain';
import type { StatusBadgeProps } from '@relevo/ui';

/** The words of the Webhooks screen and its windows (docs/product.md#outgoing-webhooks). */
export const WEBHOOK_SCREEN_TEXTS = {
  title: 'Webhooks',
  intro:
    'Relevo sends each change of your events (created, contacted, escalated, accepted, resolved, canceled) to these addresses as signed JSON, and tries again when they fail.',
  listLabel: 'Webhooks',
  empty: 'No webhook yet: add one to have each change of your events sent to your own system.',
  loadFailed: 'The webhooks could not be loaded.',
  add: 'Add webhook',
  added: 'The webhook was added',
  deleted: WEBHOOK_MESSAGES.deleted,
  enabled: WEBHOOK_MESSAGES.enabled,
  confirmDelete:
    'Are you sure you want to delete this webhook? It hears of no more changes, and its log and the deliveries still waiting go with it.',
  deliveriesLoadFailed: 'The deliveries could not be loaded.',
  noDeliveries: 'No delivery yet: the next change of an event is sent here.',
} as const;

/** The tone of a delivery's state: on its way amber, received green, given up red, dropped grey. */
const DELIVERY_TONES: Record<WebhookDeliveryState, StatusBadgeProps['tone']> = {
  pending: 'warning',
  sending: 'warning',
  delivered: 'success',
  failed: 'danger',
  canceled: 'neutral',
};

export const deliveryStateBadge = (state: WebhookDeliveryState): StatusBadgeProps => ({
  tone: DELIVERY_TONES[state],
  label: WEBHOOK_DELIVERY_STATE_LABELS[state],
});

/** "All changes", or the ones heard of in the events' order. */
export function changesText(changes: readonly WebhookChange[]): string {
  if (WEBHOOK_CHANGES.every((change) => changes.includes(change))) return 'All changes';
  return WEBHOOK_CHANGES.filter((change) => changes.includes(change))
    .map((change) => WEBHOOK_CHANGE_LABELS[change])
    .join(', ');
}

/** An ISO instant in the viewer's zone, "2026-03-10 12:57 (+01:00)". */
export const instantText = (zone: string, at: string) => formatInZone(zone, Date.parse(at));
