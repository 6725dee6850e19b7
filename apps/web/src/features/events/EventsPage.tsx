import { acceptEvent } from '@relevo/api';
import {
  EVENT_ACTION_MESSAGES,
  EVENT_MESSAGES,
  MAINTENANCE_MARK,
  MESSAGES,
  eventActionRefusal,
  mayCall,
  eventStatus,
  slaComplianceStatus,
  type EventActionAnswer,
  type IncidentEvent,
  type ListQuery,
} from '@relevo/domain';
import { Badge, Button, Icon, IconButton, PageHeader, StatusBadge, toast, type DataTableColumn } from '@relevo/ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';
import { reportError } from '../../shell/report-error';
import { useSignedInUser } from '../../shell/session';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useService } from '../../shell/services';
import { liveEventCalls } from './event-calls';
import { eventTime, todayOf } from './event-dates';
import { filtersKey, useEventFilters } from './event-filters';
import { badgeText } from './event-texts';
import { EventFilters } from './EventFilters';
import { useLiveEvents } from './live-events';
import './events.css';

// an event's details and its recording open on a click: their dialogs load then, not with the list
const EventDetailsModal = lazy(() =>
  import('./EventDetailsModal').then(({ EventDetailsModal }) => ({ default: EventDetailsModal })),
);
const EventAudioModal = lazy(() =>
  import('./EventAudioModal').then(({ EventAudioModal }) => ({ default: EventAudioModal })),
);

/** The list's columns, in the active language. */
const eventColumns = (): DataTableColumn<IncidentEvent>[] => [
  {
    id: 'case_id',
    header: t('Case ID'),
    // docs/product.md#events: the case ID copies with a click
    cell: (row) => (
      <Button
        variant="link"
        onClick={() => void copyToClipboard(row.case_id, t(MESSAGES.caseIdCopied))}
        aria-label={t('Copy case ID {caseId}', { caseId: row.case_id })}
      >
        {row.case_id}
      </Button>
    ),
    sortable: true,
    width: '8rem',
  },
  {
    id: 'short_event_subject',
    header: t('Incident'),
    // docs/product.md#maintenance-windows: the mark of an incident that arrived in maintenance
    cell: (row) =>
      row.in_maintenance === 'Y' ? (
        <>
          {row.short_event_subject} <Badge tone="info">{t(MAINTENANCE_MARK)}</Badge>
        </>
      ) : (
        row.short_event_subject
      ),
    sortable: true,
  },
  { id: 'application_name', header: t('Application'), cell: (row) => row.application_name ?? '', sortable: true },
  { id: 'module_name', header: t('Module'), cell: (row) => row.module_name ?? '', sortable: true },
  {
    id: 'event_status',
    header: t('Status'),
    cell: (row) => <StatusBadge {...badgeText(eventStatus(row.event_status))} />,
    sortable: true,
    width: '8rem',
  },
  {
    id: 'sla_compliance',
    header: 'SLA',
    cell: (row) => (row.sla_compliance ? <StatusBadge {...badgeText(slaComplianceStatus(row.sla_compliance))} /> : ''),
    sortable: true,
    width: '5rem',
  },
  {
    id: 'event_createdt',
    header: t('Created'),
    cell: (row) => eventTime(row.event_createdt),
    sortable: true,
    width: '13rem',
  },
];

/** docs/product.md#constants-and-limits: events newest first. */
const DEFAULT_SORT = { column: 'event_createdt', direction: 'desc' } as const;

type Open = { kind: 'details' | 'audio'; event: IncidentEvent; resolving?: boolean } | null;

/**
 * The events of the customer (docs/product.md#events): filtered by application, module, SLA compliance, status
 * and creation days (all kept in the URL), searched by case ID or incident, exported to CSV with
 * the same filters, and followed live. Each row leads to its log, its details and its audio.
 */
export function EventsPage() {
  const calls = useService('eventCalls', liveEventCalls);
  // the app is drawn again when the language changes: the headers are read once per mount
  const columns = useMemo(eventColumns, []);
  const params = useListParams(DEFAULT_SORT);
  const [today] = useState(() => todayOf());
  const [filters, setFilters] = useEventFilters(today);
  const load = useCallback(
    (query: ListQuery, signal: AbortSignal) => calls.list(query, filters, signal),
    [calls, filters],
  );
  const list = useList(load, params);
  const { reload } = list;

  // a change of filters reads the list again (the page goes back to 1 in the URL)
  const key = filtersKey(filters);
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    reload();
  }, [key, reload]);

  // new events are said aloud by the live region (the total grows while the same list is shown)
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<{ key: string; total: number } | null>(null);
  const listKey = `${key}|${params.search}`;
  useEffect(() => {
    if (list.status !== 'ready') return;
    const before = seen.current;
    seen.current = { key: listKey, total: list.total };
    if (before && before.key === listKey && list.total > before.total)
      setAnnouncement(
        t('{count, plural, one {# new event} other {# new events}}', { count: list.total - before.total }),
      );
  }, [list.status, list.total, listKey]);
  // each change of the customer's events reads the list again, and the open details' timeline
  const [changes, setChanges] = useState(0);
  const refresh = useCallback(() => {
    reload();
    setChanges((n) => n + 1);
  }, [reload]);
  const { live } = useLiveEvents(calls.watch, refresh);

  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  // the open details follow their row as the list reads again, and what an action answered
  const acted = useCallback(
    (answer: EventActionAnswer) => {
      setOpen((shown) =>
        shown && shown.event.case_id === answer.case_id
          ? { ...shown, event: { ...shown.event, event_status: answer.event_status, accepted_by: answer.accepted_by } }
          : shown,
      );
      refresh();
    },
    [refresh],
  );
  const shownEvent = open ? (list.rows.find((row) => row.case_id === open.event.case_id) ?? open.event) : null;
  const user = useSignedInUser();
  const mayRespond = mayCall(user.role.rol_id, acceptEvent);
  const [accepting, setAccepting] = useState<string | null>(null);
  const accept = useCallback(
    (row: IncidentEvent) => {
      setAccepting(row.case_id);
      calls.respond
        .accept(row.case_id)
        .then((answer) => {
          toast.success(t(EVENT_ACTION_MESSAGES.accepted));
          acted(answer);
        }, reportError)
        .finally(() => setAccepting(null));
    },
    [calls, acted],
  );
  const rowActions = useCallback(
    (row: IncidentEvent) => (
      <span className="events__row-actions">
        {mayRespond && eventActionRefusal('accept', { event_status: row.event_status, accepted_by: null }) === null ? (
          <IconButton
            size="sm"
            label={t('Accept {caseId}', { caseId: row.case_id })}
            icon={<Icon name="check" size={16} />}
            disabled={accepting === row.case_id}
            onClick={() => accept(row)}
          />
        ) : null}
        {mayRespond && eventActionRefusal('resolve', { event_status: row.event_status, accepted_by: null }) === null ? (
          <IconButton
            size="sm"
            label={t('Resolve {caseId}', { caseId: row.case_id })}
            icon={<Icon name="edit" size={16} />}
            onClick={() => setOpen({ kind: 'details', event: row, resolving: true })}
          />
        ) : null}
        <Link
          className="rl-icon-button rl-icon-button--ghost rl-icon-button--sm"
          to={`/events/${row.case_id}/event_logs`}
          aria-label={t('Event log of {caseId}', { caseId: row.case_id })}
          title={t('Event log of {caseId}', { caseId: row.case_id })}
        >
          <Icon name="activity" size={16} />
        </Link>
        <IconButton
          size="sm"
          label={t('Details of {caseId}', { caseId: row.case_id })}
          icon={<Icon name="info" size={16} />}
          onClick={() => setOpen({ kind: 'details', event: row })}
        />
        <IconButton
          size="sm"
          label={t('Audio of {caseId}', { caseId: row.case_id })}
          icon={<Icon name="volume" size={16} />}
          onClick={() => setOpen({ kind: 'audio', event: row })}
        />
      </span>
    ),
    [mayRespond, accepting, accept],
  );

  return (
    <>
      <PageHeader
        title={t('Events')}
        actions={
          <a
            className="rl-button rl-button--secondary rl-button--md"
            href={calls.exportUrl(filters, params.search.trim())}
            download
          >
            <Icon name="download" size={16} />
            <span className="rl-button__label">{t('Download to CSV')}</span>
          </a>
        }
      />
      <EventFilters filters={filters} onChange={setFilters} calls={calls} today={today} />
      <p className="events__live" data-live={live ? 'on' : 'off'}>
        <span className="events__live-dot" aria-hidden="true" />
        {live
          ? t('Live: new and changed events appear as they happen')
          : t('Checking for new events every few seconds')}
      </p>
      <p role="status" aria-live="polite" className="rl-visually-hidden">
        {announcement}
      </p>
      <ListTable
        label={t('Events')}
        columns={columns}
        list={list}
        params={params}
        rowKey={(row) => row.event_id}
        emptyText={t(EVENT_MESSAGES.emptyEvents)}
        rowActions={rowActions}
        narrow="cards"
      />
      <Suspense fallback={null}>
        {open?.kind === 'details' && shownEvent ? (
          <EventDetailsModal
            event={shownEvent}
            calls={calls}
            onClose={close}
            version={changes}
            onActed={acted}
            initialWindow={open.resolving ? 'resolve' : null}
            mayRespond={mayRespond}
          />
        ) : null}
        {open?.kind === 'audio' ? <EventAudioModal event={open.event} onClose={close} /> : null}
      </Suspense>
    </>
  );
}
