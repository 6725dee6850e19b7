import {
  WEBHOOK_DELIVERY_STATE_BADGES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SCREEN_TEXTS,
  webhookChangesText,
  webhookInstantText,
  type ListOf,
  type ListQuery,
  type Webhook,
} from '@relevo/domain';
import { Button, Icon, StatusBadge, toast } from '@relevo/ui';
import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { useList, type ListParams } from '../../shell/list';
import { useRecordScreen } from '../../shell/record-screen';
import { reportError } from '../../shell/report-error';
import { CardListScreen } from '../../shell/card-list';
import { useService } from '../../shell/services';
import { liveWebhookCalls } from './webhook-calls';
import './WebhooksPage.css';

// the windows load when they open: the list's first JavaScript stays the list's
const WebhookFormModal = lazy(() =>
  import('./WebhookFormModal').then(({ WebhookFormModal }) => ({ default: WebhookFormModal })),
);
const WebhookDeliveriesModal = lazy(() =>
  import('./WebhookDeliveriesModal').then(({ WebhookDeliveriesModal }) => ({ default: WebhookDeliveriesModal })),
);

/** The list is the customer's few webhooks, oldest first, on one page (the endpoint takes no paging). */
const ALL_WEBHOOKS: ListParams = {
  page: 1,
  pageSize: WEBHOOK_LIMITS.perCustomer,
  sort: { column: 'webhook_id', direction: 'asc' },
  search: '',
};

/**
 * `/webhooks` (docs/product.md#outgoing-webhooks), the Customer Root's: the organisation's
 * webhooks, each with the changes it hears of, whether it is active or was disabled (why and
 * when), its last delivery and the deliveries waiting; Add webhook (up to the limit), the delivery
 * log of each, Enable for a disabled one, and Delete after a confirmation.
 */
export function WebhooksPage() {
  const calls = useService('webhookCalls', liveWebhookCalls);
  const load = useCallback(
    (_query: ListQuery, signal: AbortSignal): Promise<ListOf<Webhook>> => calls.list(signal),
    [calls],
  );
  const list = useList(load, ALL_WEBHOOKS);
  const [zone] = useState(() => calls.viewerZone());
  const screen = useRecordScreen<Webhook>({
    texts: {
      created: WEBHOOK_SCREEN_TEXTS.added,
      updated: WEBHOOK_SCREEN_TEXTS.added,
      deleted: WEBHOOK_SCREEN_TEXTS.deleted,
      confirmDelete: WEBHOOK_SCREEN_TEXTS.confirmDelete,
    },
    remove: (webhook) => calls.remove(webhook.webhook_id),
    changed: list.reload,
  });
  const [showing, setShowing] = useState<Webhook | null>(null);
  const [enabling, setEnabling] = useState<number | null>(null);

  const enable = async (webhook: Webhook) => {
    setEnabling(webhook.webhook_id);
    try {
      await calls.enable(webhook.webhook_id);
      toast.success(WEBHOOK_SCREEN_TEXTS.enabled);
      list.reload();
    } catch (error) {
      reportError(error);
    } finally {
      setEnabling(null);
    }
  };

  return (
    <>
      <CardListScreen
        texts={{
          title: WEBHOOK_SCREEN_TEXTS.title,
          intro: WEBHOOK_SCREEN_TEXTS.intro,
          create: WEBHOOK_SCREEN_TEXTS.add,
          listLabel: WEBHOOK_SCREEN_TEXTS.listLabel,
          loading: 'Loading the webhooks',
          loadFailed: WEBHOOK_SCREEN_TEXTS.loadFailed,
          empty: WEBHOOK_SCREEN_TEXTS.empty,
          full: WEBHOOK_MESSAGES.tooMany,
        }}
        list={list}
        isFull={list.total >= WEBHOOK_LIMITS.perCustomer}
        onCreate={screen.create}
      >
        {list.rows.map((webhook) => (
          <WebhookItem
            key={webhook.webhook_id}
            webhook={webhook}
            zone={zone}
            isEnabling={enabling === webhook.webhook_id}
            onDeliveries={() => setShowing(webhook)}
            onEnable={() => void enable(webhook)}
            onDelete={() => screen.askRemove(webhook)}
          />
        ))}
      </CardListScreen>
      {screen.editing ? (
        <Suspense fallback={null}>
          <WebhookFormModal calls={calls} onClose={screen.close} onSaved={screen.saved} />
        </Suspense>
      ) : null}
      {showing ? (
        <Suspense fallback={null}>
          <WebhookDeliveriesModal webhook={showing} calls={calls} zone={zone} onClose={() => setShowing(null)} />
        </Suspense>
      ) : null}
      {screen.confirmation}
    </>
  );
}

interface WebhookItemProps {
  webhook: Webhook;
  zone: string;
  isEnabling: boolean;
  onDeliveries: () => void;
  onEnable: () => void;
  onDelete: () => void;
}

/** One webhook, named by its URL: what it hears of, its status, its last delivery and what waits. */
function WebhookItem({ webhook, zone, isEnabling, onDeliveries, onEnable, onDelete }: WebhookItemProps) {
  const urlId = useId();
  const isActive = webhook.webhook_active === 'Y';
  return (
    <li className="card-list__item" aria-labelledby={urlId}>
      <div className="card-list__head">
        <h2 id={urlId} className="webhooks__url">
          {webhook.webhook_url}
        </h2>
        <StatusBadge tone={isActive ? 'success' : 'danger'} label={isActive ? 'ACTIVE' : 'DISABLED'} />
      </div>
      {webhook.webhook_desc ? <p className="webhooks__desc">{webhook.webhook_desc}</p> : null}
      {!isActive ? (
        <p className="webhooks__problem">
          Disabled
          {webhook.disabled_at ? (
            <>
              {' '}
              on <time dateTime={webhook.disabled_at}>{webhookInstantText(zone, webhook.disabled_at)}</time>
            </>
          ) : null}
          {webhook.disabled_reason ? `: ${webhook.disabled_reason}` : null}
        </p>
      ) : webhook.failing_since ? (
        <p className="webhooks__problem">
          Failing since <time dateTime={webhook.failing_since}>{webhookInstantText(zone, webhook.failing_since)}</time>:
          it is disabled after {WEBHOOK_LIMITS.disableAfterMs / 3_600_000} hours of failures.
        </p>
      ) : null}
      <dl className="card-list__facts">
        <div>
          <dt>Changes</dt>
          <dd>{webhookChangesText(webhook.changes)}</dd>
        </div>
        <div>
          <dt>Last delivery</dt>
          <dd>
            {webhook.last_delivery_state && webhook.last_delivery_at ? (
              <>
                <StatusBadge {...WEBHOOK_DELIVERY_STATE_BADGES[webhook.last_delivery_state]} />{' '}
                <time dateTime={webhook.last_delivery_at}>{webhookInstantText(zone, webhook.last_delivery_at)}</time>
              </>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd className="webhooks__count">{webhook.pending_count}</dd>
        </div>
      </dl>
      <div className="card-list__actions">
        <Button size="sm" icon={<Icon name="activity" size={16} />} onClick={onDeliveries}>
          Deliveries
        </Button>
        {!isActive ? (
          <Button size="sm" icon={<Icon name="check" size={16} />} loading={isEnabling} onClick={onEnable}>
            Enable
          </Button>
        ) : null}
        <Button size="sm" icon={<Icon name="trash" size={16} />} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}
