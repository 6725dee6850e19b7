import {
  WEBHOOK_CHANGE_LABELS,
  WEBHOOK_DELIVERY_STATE_BADGES,
  WEBHOOK_LIMITS,
  WEBHOOK_SCREEN_TEXTS,
  webhookInstantText,
  type ListOf,
  type Webhook,
  type WebhookDelivery,
} from '@relevo/domain';
import { Alert, Button, Icon, Modal, Spinner, StatusBadge } from '@relevo/ui';
import { useCallback } from 'react';
import { useList, type ListParams } from '../../shell/list';
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
      title="Deliveries"
      description={<span className="webhook-log__url">{webhook.webhook_url}</span>}
      footer={
        <>
          <Button
            icon={<Icon name="reload" size={16} />}
            loading={list.status === 'loading' && list.rows.length > 0}
            onClick={list.reload}
          >
            Refresh
          </Button>
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {list.status === 'loading' && list.rows.length === 0 ? <Spinner label="Loading the deliveries" /> : null}
      {list.status === 'error' ? <Alert variant="error">{WEBHOOK_SCREEN_TEXTS.deliveriesLoadFailed}</Alert> : null}
      {list.status === 'ready' && list.rows.length === 0 ? (
        <p className="webhook-log__note">{WEBHOOK_SCREEN_TEXTS.noDeliveries}</p>
      ) : null}
      {list.rows.length > 0 ? (
        <>
          <p className="webhook-log__note">
            {list.total > list.rows.length
              ? `The latest ${list.rows.length} of ${list.total} deliveries, newest first.`
              : `${list.total} ${list.total === 1 ? 'delivery' : 'deliveries'}, newest first.`}
          </p>
          {/* the log scrolls sideways inside the window on a narrow screen; keyboard users scroll it too */}
          <div className="webhook-log__scroll" tabIndex={0} role="region" aria-label="Delivery log">
            <table className="webhook-log__table">
              <caption className="rl-visually-hidden">Deliveries of {webhook.webhook_url}</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Case ID</th>
                  <th scope="col">Change</th>
                  <th scope="col">State</th>
                  <th scope="col" className="webhook-log__number">
                    Attempts
                  </th>
                  <th scope="col" className="webhook-log__number">
                    HTTP status
                  </th>
                  <th scope="col">Error</th>
                  <th scope="col">Next try</th>
                  <th scope="col">Idempotency key</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((delivery) => (
                  <tr key={delivery.delivery_id}>
                    <td className="webhook-log__time">{when(delivery.created_at)}</td>
                    <td>{delivery.case_id}</td>
                    <td>{WEBHOOK_CHANGE_LABELS[delivery.change]}</td>
                    <td>
                      <StatusBadge {...WEBHOOK_DELIVERY_STATE_BADGES[delivery.state]} />
                    </td>
                    <td className="webhook-log__number">{delivery.attempts}</td>
                    <td className="webhook-log__number">{delivery.response_status ?? '—'}</td>
                    <td className="webhook-log__error">{delivery.last_error ?? ''}</td>
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
