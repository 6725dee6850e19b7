import { EVENT_MESSAGES, type EventLogEntry, type ListQuery } from '@relevo/domain';
import { PageHeader, StatusBadge, type DataTableColumn } from '@relevo/ui';
import { useCallback } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useService } from '../../shell/services';
import { liveEventCalls } from './event-calls';

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '');

const COLUMNS: DataTableColumn<EventLogEntry>[] = [
  { id: 'call_date', header: 'Call date', cell: (row) => when(row.call_date), width: '12rem' },
  { id: 'channel', header: 'Channel', cell: (row) => ({ voice: 'Voice call', sms: 'SMS', email: 'E-mail' })[row.channel], width: '7rem' },
  { id: 'called_number', header: 'Called', cell: (row) => row.called_number ?? '' },
  { id: 'resource', header: 'Resource', cell: (row) => row.resource ?? '' },
  { id: 'followup_status', header: 'Follow-up status', cell: (row) => row.followup_status },
  { id: 'resolved', header: 'Resolved', cell: (row) => <StatusBadge tone={row.resolved === 'Y' ? 'success' : 'neutral'} label={row.resolved === 'Y' ? 'YES' : 'NO'} />, width: '6rem' },
  { id: 'next_resource', header: 'Next resource', cell: (row) => row.next_resource ?? '' },
  { id: 'next_assigned_date', header: 'Next assigned', cell: (row) => when(row.next_assigned_date), width: '12rem' },
];

/** spec 2.14: the contacts of one event, in the order they happened (route events/:case_id/event_logs). */
export function EventLogsPage() {
  const { case_id: caseId = '' } = useParams();
  const [query] = useSearchParams();
  const eventId = Number(query.get('event'));
  const calls = useService('eventCalls', liveEventCalls);
  const params = useListParams({ column: 'call_date', direction: 'asc' });
  const load = useCallback((page: ListQuery, signal: AbortSignal) => calls.log(eventId, page, signal), [calls, eventId]);
  const list = useList(load, params);
  return (
    <>
      <PageHeader title={`Event Logs of case ${caseId}`} description={<Link to="/events">Back to events</Link>} />
      <ListTable label={`Event log of ${caseId}`} columns={COLUMNS} list={list} params={params} rowKey={(row) => row.event_log_id} emptyText={EVENT_MESSAGES.emptyEvents} />
    </>
  );
}
