import { addSchedule, deleteSchedule, updateSchedule } from '@relevo/api';
import { SCHEDULE_SCREEN_TEXTS, mayCall, type Schedule } from '@relevo/domain';
import { Badge, Icon, PageHeader, type DataTableColumn } from '@relevo/ui';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { t } from '../../shell/i18n';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { CreateButton, RecordRowActions, useRecordScreen } from '../../shell/record-screen';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveScheduleCalls } from './schedule-calls';
import { schedulePath } from './schedule-paths';
import { gapWarning } from './schedule-texts';
import './schedules.css';

// the window loads when it opens: the list's first JavaScript stays the table's
const ScheduleModal = lazy(() => import('./ScheduleModal').then(({ ScheduleModal }) => ({ default: ScheduleModal })));

/** docs/product.md#gap-warnings: who is on call now, and the warning of a stretch nobody covers within 14 days. */
function OnCallNow({ schedule }: { schedule: Schedule }) {
  const warning = gapWarning(schedule);
  return (
    <span className="schedules__on-call">
      <span>{schedule.on_call_now?.resource_fullname ?? t(SCHEDULE_SCREEN_TEXTS.nobodyOnCall)}</span>
      {warning ? (
        <Badge tone="warning" className="schedules__gap">
          <Icon name="warning" size={14} />
          {warning}
        </Badge>
      ) : null}
    </span>
  );
}

/** The list's columns, their headers in the reader's language. */
const columns = (): DataTableColumn<Schedule>[] => [
  {
    id: 'schedule_name',
    header: t('Name'),
    cell: (row) => (
      <Link className="schedules__name" to={schedulePath(row.schedule_id)}>
        {row.schedule_name}
      </Link>
    ),
    sortable: true,
  },
  { id: 'schedule_desc', header: t('Description'), cell: (row) => row.schedule_desc, sortable: true },
  { id: 'time_zone', header: t('Time zone'), cell: (row) => row.time_zone, sortable: true },
  { id: 'on_call_now', header: t('On call now'), cell: (row) => <OnCallNow schedule={row} /> },
  ...statusAndChangeColumns('schedule'),
];

/** docs/product.md#schedules: listed by name until the user sorts. */
const DEFAULT_SORT = { column: 'schedule_name', direction: 'asc' } as const;

/**
 * docs/product.md#schedules: the customer's schedules with who is on call in each now, searchable,
 * sorted and paged like the other lists; Create, edit and delete for a Customer Root (a schedule a
 * step uses is refused with a 409 naming the escalation, shown as the warning toast).
 */
export function SchedulesPage() {
  const calls = useService('scheduleCalls', liveScheduleCalls);
  const role = useSignedInUser().role.rol_id;
  const may = {
    create: mayCall(role, addSchedule),
    edit: mayCall(role, updateSchedule),
    delete: mayCall(role, deleteSchedule),
  };
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const screen = useRecordScreen<Schedule>({
    texts: {
      created: t(SCHEDULE_SCREEN_TEXTS.created),
      updated: t(SCHEDULE_SCREEN_TEXTS.updated),
      deleted: t(SCHEDULE_SCREEN_TEXTS.deleted),
      confirmDelete: t(SCHEDULE_SCREEN_TEXTS.confirmDelete),
    },
    remove: (row) => calls.remove(row.schedule_id),
    changed: list.reload,
  });
  const { edit, askRemove } = screen;
  const rowActions = useCallback(
    (row: Schedule) => (
      <RecordRowActions
        name={row.schedule_name}
        onEdit={may.edit ? () => edit(row) : null}
        onDelete={may.delete ? () => askRemove(row) : null}
      />
    ),
    [may.edit, may.delete, edit, askRemove],
  );
  const listColumns = useMemo(columns, []);

  return (
    <>
      <PageHeader title={t('Schedules')} />
      <ListTable
        label={t('Schedules')}
        columns={listColumns}
        list={list}
        params={params}
        rowKey={(row) => row.schedule_id}
        emptyText={t(SCHEDULE_SCREEN_TEXTS.empty)}
        toolbar={may.create ? <CreateButton onClick={screen.create} /> : undefined}
        rowActions={may.edit || may.delete ? rowActions : undefined}
      />
      {screen.editing ? (
        <Suspense fallback={null}>
          <ScheduleModal schedule={screen.editing.row} calls={calls} onClose={screen.close} onSaved={screen.saved} />
        </Suspense>
      ) : null}
      {screen.confirmation}
    </>
  );
}
