import { WEBHOOK_DELIVERY_STATE_BADGES, type WebhookDeliveryState } from '@relevo/domain';
import { StatusBadge } from '@relevo/ui';
import { t } from '../../shell/i18n';

/** A delivery's state (PENDING, DELIVERED, ...) as a badge, in the reader's language. */
export function DeliveryStateBadge({ state }: { state: WebhookDeliveryState }) {
  const badge = WEBHOOK_DELIVERY_STATE_BADGES[state];
  return <StatusBadge {...badge} label={t(badge.label)} />;
}
