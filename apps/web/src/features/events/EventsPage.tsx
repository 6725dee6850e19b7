import { EVENT_MESSAGES, MESSAGES, eventStatus, slaComplianceStatus, type IncidentEvent } from '@relevo/domain';
import { Button, PageHeader, StatusBadge, type DataTableColumn } from '@relevo/ui';
import { Link } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useService } from '../../shell/services';
import { liveEventCalls } from './event-calls';

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '');

const COLUMNS: DataTableColumn<IncidentEvent>[] = [
  {
    id: 'case_id',
    header: 'Case ID',
    // spec 2.13: the case ID copies with a click
    cell: (row) => (
      <Button variant="link" onClick={() => void copyToClipboard(row.case_id, MESSAGES.caseIdCopied)} aria-label={`Copy case ID ${row.case_id}`}>
        {row.case_id}
      </Button>
    ),
    sortable: true,
    width: '8rem',
  },
  { id: 'short_event_subject', header: 'Incident', cell: (row) => row.short_event_subject, sortable: true },
  { id: 'application_name', header: 'Application', cell: (row) => row.application_name ?? '', sortable: true },
  { id: 'module_name', header: 'Module', cell: (row) => row.module_name ?? '', sortable: true },
  { id: 'event_status', header: 'Status', cell: (row) => <StatusBadge {...eventStatus(row.event_status)} />, sortable: true, width: '8rem' },
  { id: 'sla_compliance', header: 'SLA', cell: (row) => (row.sla_compliance ? <StatusBadge {...slaComplianceStatus(row.sla_compliance)} /> : ''), sortable: true, width: '5rem' },
  { id: 'event_createdt', header: 'Created', cell: (row) => when(row.event_createdt), sortable: true, width: '12rem' },
];

/** spec 9: events newest first. */
const DEFAULT_SORT = { column: 'event_createdt', direction: 'desc' } as const;

/**
 * The events of the customer (spec 2.13): case ID, incident, where it came from, status, SLA
 * compliance and creation time, searched by case ID or incident; each row leads to its log.
 */
export function EventsPage() {
  const calls = useService('eventCalls', liveEventCalls);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  return (
    <>
      <PageHeader title="Events" />
      <ListTable label="Events" columns={COLUMNS} list={list} params={params} rowKey={(row) => row.event_id} emptyText={EVENT_MESSAGES.emptyEvents} rowActions={(row) => ( <Link to={`/events/${row.case_id}/event_logs`} aria-label={`Event log of ${row.case_id}`}> Event log </Link> )} />
    </>
  );
}
