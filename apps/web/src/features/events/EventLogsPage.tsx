import {
  DELIVERY_STATUS_LABELS,
  PROVIDER_LABELS,
  EVENT_MESSAGES,
  readFailovers,
  resolvedStatus,
  type EventLogEntry,
  type IncidentEvent,
  type ListQuery,
} from '@relevo/domain';
import { Button, Icon, IconButton, Modal, PageHeader, StatusBadge, type DataTableColumn } from '@relevo/ui';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useService } from '../../shell/services';
import { liveEventCalls } from './event-calls';
import { eventTime } from './event-dates';
import { badgeText, channelText, followupStatusText } from './event-texts';
import './events.css';

/**
 * A delivery's note in the log (docs/product.md#delivery-providers), shown on this page only: its
 * failovers ("Twilio: busy; then Vonage") with the joining words and the report in the active
 * language, the providers by their names; any other note as the server wrote it, translated by its
 * English text.
 */
function deliveryDetailText(detail: string): string {
  const failovers = readFailovers(detail);
  if (!failovers) return t(detail);
  return failovers
    .map(({ from, why, to, report }) =>
      t('{from}: {why}; then {to}', {
        from: t(PROVIDER_LABELS[from]),
        // a provider's report in the reader's words, in lower case; a refusal is a sentence of its own
        why: report ? t(DELIVERY_STATUS_LABELS[report]).toLocaleLowerCase() : t(why),
        to: t(PROVIDER_LABELS[to]),
      }),
    )
    .join('; ');
}

/** The log's columns, in the active language. */
const logColumns = (): DataTableColumn<EventLogEntry>[] => [
  { id: 'call_date', header: t('Call date'), cell: (row) => eventTime(row.call_date), width: '13rem' },
  { id: 'channel', header: t('Channel'), cell: (row) => channelText(row.channel), width: '7rem' },
  { id: 'called_number', header: t('Called'), cell: (row) => row.called_number ?? '' },
  { id: 'resource', header: t('Resource'), cell: (row) => row.resource ?? '' },
  { id: 'followup_status', header: t('Follow-up status'), cell: (row) => followupStatusText(row.followup_status) },
  // docs/product.md#delivery-providers: the delivery as the provider reported it, the provider, and a failover's note
  {
    id: 'delivery_status',
    header: t('Delivery'),
    width: '12rem',
    cell: (row) => (
      <span className="events-delivery">
        {row.delivery_status ? t(DELIVERY_STATUS_LABELS[row.delivery_status]) : ''}
        {row.provider ? <span className="events-delivery__provider"> · {t(PROVIDER_LABELS[row.provider])}</span> : null}
        {row.delivery_detail ? (
          <span className="events-delivery__detail">{deliveryDetailText(row.delivery_detail)}</span>
        ) : null}
      </span>
    ),
  },
  {
    id: 'resolved',
    header: t('Resolved'),
    cell: (row) => <StatusBadge {...badgeText(resolvedStatus(row.resolved))} />,
    width: '6rem',
  },
  { id: 'next_resource', header: t('Next resource'), cell: (row) => row.next_resource ?? '' },
  {
    id: 'next_assigned_date',
    header: t('Next assigned'),
    cell: (row) => eventTime(row.next_assigned_date),
    width: '13rem',
  },
];

/** The event of the route's case ID: loading, found, or not the caller's (an empty log). */
type Found = { status: 'loading' } | { status: 'found'; event: IncidentEvent } | { status: 'missing' };

/**
 * docs/product.md#event-logs: 'Event Logs of module {name}' with the case ID; the contacts of the event in the
 * order they happened, each with its details; the whole log to CSV (route events/:case_id/event_logs).
 */
export function EventLogsPage() {
  const { case_id: caseId = '' } = useParams();
  const calls = useService('eventCalls', liveEventCalls);
  // the app is drawn again when the language changes: the headers are read once per mount
  const columns = useMemo(logColumns, []);
  const [found, setFound] = useState<Found>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setFound({ status: 'loading' });
    calls.findEvent(caseId, controller.signal).then(
      (event) => setFound(event ? { status: 'found', event } : { status: 'missing' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error);
        setFound({ status: 'missing' });
      },
    );
    return () => controller.abort();
  }, [calls, caseId]);

  const eventId = found.status === 'found' ? found.event.event_id : null;
  const isFinding = found.status === 'loading';
  const params = useListParams({ column: 'event_log_id', direction: 'asc' });
  const load = useCallback(
    // while the event is looked up the table stays loading; an event that is not the caller's has no log
    (page: ListQuery, signal: AbortSignal) =>
      isFinding
        ? new Promise<never>(() => undefined)
        : eventId === null
          ? Promise.resolve({ total: 0, list: [] })
          : calls.log(eventId, page, signal),
    [calls, eventId, isFinding],
  );
  const list = useList(load, params);
  const { reload } = list;
  useEffect(() => {
    if (!isFinding) reload();
  }, [isFinding, eventId, reload]);

  const [details, setDetails] = useState<EventLogEntry | null>(null);
  const rowActions = useCallback(
    (row: EventLogEntry) => (
      <IconButton
        size="sm"
        label={t('Details of the contact of {date}', { date: eventTime(row.call_date) })}
        icon={<Icon name="info" size={16} />}
        onClick={() => setDetails(row)}
      />
    ),
    [],
  );
  const moduleName =
    found.status === 'found'
      ? (found.event.module_name ?? t('no module'))
      : found.status === 'loading'
        ? '…'
        : t('unknown');

  return (
    <>
      <PageHeader
        title={t('Event Logs of module {name}', { name: moduleName })}
        description={
          <span className="events-logs__case">
            {t('Case ID')} <strong>{caseId}</strong> · <Link to="/events">{t('Back to events')}</Link>
          </span>
        }
        actions={
          eventId !== null ? (
            <a className="rl-button rl-button--secondary rl-button--md" href={calls.logExportUrl(eventId)} download>
              <Icon name="download" size={16} />
              <span className="rl-button__label">{t('Download to CSV')}</span>
            </a>
          ) : null
        }
      />
      <ListTable
        label={t('Event log of {caseId}', { caseId })}
        columns={columns}
        list={list}
        params={params}
        rowKey={(row) => row.event_log_id}
        emptyText={t(EVENT_MESSAGES.emptyLog)}
        rowActions={rowActions}
        narrow="cards"
      />
      {details && eventId !== null ? (
        <LogDetailsModal
          entry={details}
          exportUrl={calls.logExportUrl(eventId, details.event_log_id)}
          onClose={() => setDetails(null)}
        />
      ) : null}
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="events-details__field">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '—' : children}</dd>
    </div>
  );
}

export interface LogDetailsModalProps {
  entry: EventLogEntry;
  /** the CSV of this row (with the last-event field) */
  exportUrl: string;
  onClose: () => void;
}

/** docs/product.md#event-logs: one contact's details with the YES/NO resolved badge, and its Download to CSV (with the last-event field). */
export function LogDetailsModal({ entry, exportUrl, onClose }: LogDetailsModalProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('Event log details')}
      footer={
        <>
          <Button onClick={onClose}>{t('Close')}</Button>
          <a className="rl-button rl-button--primary rl-button--md" href={exportUrl} download>
            <Icon name="download" size={16} />
            <span className="rl-button__label">{t('Download to CSV')}</span>
          </a>
        </>
      }
    >
      <dl className="events-details__fields">
        <Detail label={t('Call date')}>{eventTime(entry.call_date)}</Detail>
        <Detail label={t('Called number')}>{entry.called_number}</Detail>
        <Detail label={t('Follow-up status')}>{followupStatusText(entry.followup_status)}</Detail>
        <Detail label={t('Resource')}>{entry.resource}</Detail>
        <Detail label={t('Resource phone')}>{entry.resource_phone}</Detail>
        <Detail label={t('Resolved')}>
          <StatusBadge {...badgeText(resolvedStatus(entry.resolved))} />
        </Detail>
        <Detail label={t('Next resource')}>{entry.next_resource}</Detail>
        <Detail label={t('Next resource phone')}>{entry.next_resource_phone}</Detail>
        <Detail label={t('Next assigned date')}>{eventTime(entry.next_assigned_date)}</Detail>
      </dl>
    </Modal>
  );
}
