import { addMaintenanceWindow, deleteMaintenanceWindow, updateMaintenanceWindow } from '@relevo/api';
import {
  MAINTENANCE_RECURRENCE_LABELS,
  MAINTENANCE_RELEASE_LABELS,
  MAINTENANCE_SCREEN_TEXTS,
  MAINTENANCE_STATUS_LABELS,
  clockText,
  dayTimeText,
  mayAddMaintenanceWindow,
  mayCall,
  type ListQuery,
  type MaintenanceStatus,
  type MaintenanceWindow,
} from '@relevo/domain';
import { PageHeader, StatusBadge, type DataTableColumn, type StatusBadgeTone } from '@relevo/ui';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { currentLanguage, dateTimeText, t } from '../../shell/i18n';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { CreateButton, RecordRowActions, useRecordScreen } from '../../shell/record-screen';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveMaintenanceCalls } from './maintenance-calls';

// the window loads when it opens: the list's first JavaScript stays the table's
const MaintenanceWindowModal = lazy(() =>
  import('./MaintenanceWindowModal').then(({ MaintenanceWindowModal }) => ({ default: MaintenanceWindowModal })),
);

const STATUS_TONES: Record<MaintenanceStatus, StatusBadgeTone> = {
  now: 'warning',
  upcoming: 'success',
  past: 'neutral',
};

/** What a window covers: "Checkout (Demo Store)", or "Demo Store (all modules)". */
const coverText = (row: MaintenanceWindow) =>
  row.module_id !== null
    ? `${row.module_name ?? ''} (${row.application_name ?? ''})`
    : t('{application} (all modules)', { application: row.application_name ?? '' });

/** "Mon 9 Mar 09:00" as the zone's clock shows the instant, the day and month named in the reader's language. */
function dayTimeIn(zone: string, at: number): string {
  if (currentLanguage() !== 'es') return dayTimeText(zone, at);
  const part = (options: Intl.DateTimeFormatOptions) => dateTimeText(at, { timeZone: zone, ...options });
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })} ${clockText(zone, at)}`;
}

/** The columns, times in the customer's zone: the first occurrence, and the one on now or next of a weekly window. */
function columnsIn(zone: string): DataTableColumn<MaintenanceWindow>[] {
  const when = (at: string | null) => (at === null ? '' : dayTimeIn(zone, Date.parse(at)));
  return [
    { id: 'window_name', header: t('Name'), cell: (row) => row.window_name, sortable: true },
    { id: 'target', header: t('Module or application'), cell: coverText },
    { id: 'start_at', header: t('Start'), cell: (row) => when(row.start), sortable: true },
    { id: 'end_at', header: t('End'), cell: (row) => when(row.end), sortable: true },
    {
      id: 'recurrence',
      header: t('Recurrence'),
      cell: (row) =>
        row.recurrence === 'weekly' && row.next_start
          ? t('{recurrence} (next {when})', {
              recurrence: t(MAINTENANCE_RECURRENCE_LABELS.weekly),
              when: when(row.next_start),
            })
          : t(MAINTENANCE_RECURRENCE_LABELS[row.recurrence]),
      sortable: true,
    },
    {
      id: 'release',
      header: t('When it ends'),
      cell: (row) => t(MAINTENANCE_RELEASE_LABELS[row.release]),
      sortable: true,
    },
    {
      id: 'status',
      header: t('Status'),
      cell: (row) => <StatusBadge tone={STATUS_TONES[row.status]} label={t(MAINTENANCE_STATUS_LABELS[row.status])} />,
    },
  ];
}

/** docs/product.md#maintenance-windows: the latest start first until the user sorts. */
const DEFAULT_SORT = { column: 'start_at', direction: 'desc' } as const;

/**
 * docs/product.md#maintenance-windows: the customer's maintenance windows, their times in the
 * customer's zone, searchable, sorted and paged like the other lists; New window, edit and delete
 * for a Customer Root.
 */
export function MaintenanceWindowsPage() {
  const calls = useService('maintenanceCalls', liveMaintenanceCalls);
  const role = useSignedInUser().role.rol_id;
  const may = {
    create: mayCall(role, addMaintenanceWindow),
    edit: mayCall(role, updateMaintenanceWindow),
    delete: mayCall(role, deleteMaintenanceWindow),
  };
  const [zone, setZone] = useState<string | null>(null);
  const load = useCallback(
    async (query: ListQuery, signal?: AbortSignal) => {
      const page = await calls.list(query, signal);
      setZone(page.time_zone);
      return page;
    },
    [calls],
  );
  const params = useListParams(DEFAULT_SORT);
  const list = useList(load, params);
  const screen = useRecordScreen<MaintenanceWindow>({
    texts: {
      created: t(MAINTENANCE_SCREEN_TEXTS.created),
      updated: t(MAINTENANCE_SCREEN_TEXTS.updated),
      deleted: t(MAINTENANCE_SCREEN_TEXTS.deleted),
      confirmDelete: t(MAINTENANCE_SCREEN_TEXTS.confirmDelete),
    },
    remove: (row) => calls.remove(row.maintenance_window_id),
    changed: list.reload,
  });
  const { edit, askRemove } = screen;
  const rowActions = useCallback(
    (row: MaintenanceWindow) => (
      <RecordRowActions
        name={row.window_name}
        onEdit={may.edit ? () => edit(row) : null}
        onDelete={may.delete ? () => askRemove(row) : null}
      />
    ),
    [may.edit, may.delete, edit, askRemove],
  );
  const columns = useMemo(() => columnsIn(zone ?? 'UTC'), [zone]);

  return (
    <>
      <PageHeader
        title={t(MAINTENANCE_SCREEN_TEXTS.title)}
        description={zone ? t('Times are in your organisation’s zone, {zone}.', { zone }) : undefined}
      />
      <ListTable
        label={t('Maintenance windows')}
        columns={columns}
        list={list}
        params={params}
        rowKey={(row) => row.maintenance_window_id}
        emptyText={t(MAINTENANCE_SCREEN_TEXTS.empty)}
        toolbar={
          may.create ? (
            <CreateButton onClick={screen.create} disabled={zone === null || !mayAddMaintenanceWindow(list.total)} />
          ) : undefined
        }
        rowActions={may.edit || may.delete ? rowActions : undefined}
      />
      {screen.editing && zone ? (
        <Suspense fallback={null}>
          <MaintenanceWindowModal
            window={screen.editing.row}
            zone={zone}
            calls={calls}
            onClose={screen.close}
            onSaved={screen.saved}
          />
        </Suspense>
      ) : null}
      {screen.confirmation}
    </>
  );
}
