import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SCREEN_TEXTS,
  webhookChangesText,
  webhookInstantText,
  type ListOf,
  type ListQuery,
  type Webhook,
  type WebhookChange,
} from '@relevo/domain';
import { Button, Icon, StatusBadge, toast } from '@relevo/ui';
import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { t } from '../../shell/i18n';
import { useList, type ListParams } from '../../shell/list';
import { useRecordScreen } from '../../shell/record-screen';
import { reportError } from '../../shell/report-error';
import { CardListScreen } from '../../shell/card-list';
import { useService } from '../../shell/services';
import { DeliveryStateBadge } from './DeliveryStateBadge';
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

/** "All changes", or the changes a webhook hears of, in the reader's language. */
const changesText = (changes: readonly WebhookChange[]) =>
  webhookChangesText(changes)
    .split(', ')
    .map((label) => t(label))
    .join(', ');

/** Where a translated sentence holds a value drawn as an element (a `<time>`). */
const PLACE = '\uE000';
/** The sentence's text before and after the element's place. */
function around(text: string): [string, string] {
  const at = text.indexOf(PLACE);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + PLACE.length)];
}

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
      created: t(WEBHOOK_SCREEN_TEXTS.added),
      updated: t(WEBHOOK_SCREEN_TEXTS.added),
      deleted: t(WEBHOOK_SCREEN_TEXTS.deleted),
      confirmDelete: t(WEBHOOK_SCREEN_TEXTS.confirmDelete),
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
      toast.success(t(WEBHOOK_SCREEN_TEXTS.enabled));
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
          title: t(WEBHOOK_SCREEN_TEXTS.title),
          intro: t(WEBHOOK_SCREEN_TEXTS.intro),
          create: t(WEBHOOK_SCREEN_TEXTS.add),
          listLabel: t(WEBHOOK_SCREEN_TEXTS.listLabel),
          loading: t('Loading the webhooks'),
          loadFailed: t(WEBHOOK_SCREEN_TEXTS.loadFailed),
          empty: t(WEBHOOK_SCREEN_TEXTS.empty),
          full: t(WEBHOOK_MESSAGES.tooMany),
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
        <StatusBadge tone={isActive ? 'success' : 'danger'} label={isActive ? t('ACTIVE') : t('DISABLED')} />
      </div>
      {webhook.webhook_desc ? <p className="webhooks__desc">{webhook.webhook_desc}</p> : null}
      {!isActive ? (
        <p className="webhooks__problem">
          {webhook.disabled_at ? (
            <AroundTime
              text={t('Disabled on {time}', { time: PLACE })}
              at={webhook.disabled_at}
              shown={webhookInstantText(zone, webhook.disabled_at)}
            />
          ) : (
            t('Disabled')
          )}
          {webhook.disabled_reason ? `: ${t(webhook.disabled_reason)}` : null}
        </p>
      ) : webhook.failing_since ? (
        <p className="webhooks__problem">
          <AroundTime
            text={t('Failing since {time}: it is disabled after {hours} hours of failures.', {
              time: PLACE,
              hours: WEBHOOK_LIMITS.disableAfterMs / 3_600_000,
            })}
            at={webhook.failing_since}
            shown={webhookInstantText(zone, webhook.failing_since)}
          />
        </p>
      ) : null}
      <dl className="card-list__facts">
        <div>
          <dt>{t('Changes')}</dt>
          <dd>{changesText(webhook.changes)}</dd>
        </div>
        <div>
          <dt>{t('Last delivery')}</dt>
          <dd>
            {webhook.last_delivery_state && webhook.last_delivery_at ? (
              <>
                <DeliveryStateBadge state={webhook.last_delivery_state} />{' '}
                <time dateTime={webhook.last_delivery_at}>{webhookInstantText(zone, webhook.last_delivery_at)}</time>
              </>
            ) : (
              t('None yet')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('Waiting')}</dt>
          <dd className="webhooks__count">{webhook.pending_count}</dd>
        </div>
      </dl>
      <div className="card-list__actions">
        <Button size="sm" icon={<Icon name="activity" size={16} />} onClick={onDeliveries}>
          {t('Deliveries')}
        </Button>
        {!isActive ? (
          <Button size="sm" icon={<Icon name="check" size={16} />} loading={isEnabling} onClick={onEnable}>
            {t('Enable')}
          </Button>
        ) : null}
        <Button size="sm" icon={<Icon name="trash" size={16} />} onClick={onDelete}>
          {t('Delete')}
        </Button>
      </div>
    </li>
  );
}

/** A translated sentence with an instant in it, drawn as a `<time>` where the sentence puts it. */
function AroundTime({ text, at, shown }: { text: string; at: string; shown: string }) {
  const [before, after] = around(text);
  return (
    <>
      {before}
      <time dateTime={at}>{shown}</time>
      {after}
    </>
  );
}
