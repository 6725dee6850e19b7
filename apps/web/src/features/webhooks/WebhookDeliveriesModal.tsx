import {
  WEBHOOK_CHANGE_LABELS,
  WEBHOOK_LIMITS,
  WEBHOOK_SCREEN_TEXTS,
  webhookInstantText,
  type ListOf,
  type Webhook,
  type WebhookDelivery,
} from '@relevo/domain';
import { Alert, Button, Icon, Modal, Spinner } from '@relevo/ui';
import { useCallback } from 'react';
import { currentLanguage, numberText, t } from '../../shell/i18n';
import { useList, type ListParams } from '../../shell/list';
import { DeliveryStateBadge } from './DeliveryStateBadge';
import type { WebhookCalls } from './webhook-calls';
import './WebhookDeliveriesModal.css';

export interface WebhookDeliveriesModalProps {
  webhook: Pick<Webhook, 'webhook_id' | 'webhook_url'>;
  calls: Pick<WebhookCalls, 'deliveries'>;
  /** the viewer's zone: the times are read in it */
  zone: string;
  onClose: () => void;
}

/** The log is the latest deliveries, newest first, as the server answers them (no paging). */
const LATEST: ListParams = {
  page: 1,
  pageSize: WEBHOOK_LIMITS.logShown,
  sort: { column: 'delivery_id', direction: 'desc' },
  search: '',
};

/** A count as the log's note writes it: plain digits in English, the reader's grouping in Spanish. */
const countText = (value: number) => (currentLanguage() === 'es' ? numberText(value) : String(value));

/**
 * A webhook's delivery log (docs/product.md#outgoing-webhooks): each change sent, newest first,
 * with its case, its state, its tries, the last answer or error, the next try and the idempotency
 * key the receiver sees on every try. Refresh loads it again.
 */
export function WebhookDeliveriesModal({ webhook, calls, zone, onClose }: WebhookDeliveriesModalProps) {
  const load = useCallback(async (): Promise<ListOf<WebhookDelivery>> => {
    const log = await calls.deliveries(webhook.webhook_id);
    return { total: log.total, list: log.list };
  }, [calls, webhook.webhook_id]);
  const list = useList(load, LATEST);
  const when = (at: string | null) => (at === null ? '—' : <time dateTime={at}>{webhookInstantText(zone, at)}</time>);

  return (
    <Modal
      open
      size="lg"
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('Deliveries')}
      description={<span className="webhook-log__url">{webhook.webhook_url}</span>}
      footer={
        <>
          <Button
            icon={<Icon name="reload" size={16} />}
            loading={list.status === 'loading' && list.rows.length > 0}
            onClick={list.reload}
          >
            {t('Refresh')}
          </Button>
          <Button variant="primary" onClick={onClose}>
            {t('Close')}
          </Button>
        </>
      }
    >
      {list.status === 'loading' && list.rows.length === 0 ? <Spinner label={t('Loading the deliveries')} /> : null}
      {list.status === 'error' ? <Alert variant="error">{t(WEBHOOK_SCREEN_TEXTS.deliveriesLoadFailed)}</Alert> : null}
      {list.status === 'ready' && list.rows.length === 0 ? (
        <p className="webhook-log__note">{t(WEBHOOK_SCREEN_TEXTS.noDeliveries)}</p>
      ) : null}
      {list.rows.length > 0 ? (
        <>
          <p className="webhook-log__note">
            {list.total > list.rows.length
              ? t('The latest {shown} of {total} deliveries, newest first.', {
                  shown: countText(list.rows.length),
                  total: countText(list.total),
                })
              : t('{total, plural, one {{count} delivery} other {{count} deliveries}}, newest first.', {
                  total: list.total,
                  count: countText(list.total),
                })}
          </p>
          {/* the log scrolls sideways inside the window on a narrow screen; keyboard users scroll it too */}
          <div className="webhook-log__scroll" tabIndex={0} role="region" aria-label={t('Delivery log')}>
            <table className="webhook-log__table">
              <caption className="rl-visually-hidden">{t('Deliveries of {url}', { url: webhook.webhook_url })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('Time')}</th>
                  <th scope="col">{t('Case ID')}</th>
                  <th scope="col">{t('Change')}</th>
                  <th scope="col">{t('State')}</th>
                  <th scope="col" className="webhook-log__number">
                    {t('Attempts')}
                  </th>
                  <th scope="col" className="webhook-log__number">
                    {t('HTTP status')}
                  </th>
                  <th scope="col">{t('Error')}</th>
                  <th scope="col">{t('Next try')}</th>
                  <th scope="col">{t('Idempotency key')}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((delivery) => (
                  <tr key={delivery.delivery_id}>
                    <td className="webhook-log__time">{when(delivery.created_at)}</td>
                    <td>{delivery.case_id}</td>
                    <td>{t(WEBHOOK_CHANGE_LABELS[delivery.change])}</td>
                    <td>
                      <DeliveryStateBadge state={delivery.state} />
                    </td>
                    <td className="webhook-log__number">{delivery.attempts}</td>
                    <td className="webhook-log__number">{delivery.response_status ?? '—'}</td>
                    <td className="webhook-log__error">{delivery.last_error ? t(delivery.last_error) : ''}</td>
                    <td className="webhook-log__time">{when(delivery.next_attempt_at)}</td>
                    <td className="webhook-log__key">{delivery.idempotency_key}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
