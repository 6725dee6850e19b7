import { addSla, deleteSla, updateSla } from '@relevo/api';
import {
  MESSAGES,
  SPANISH_CONFIRM_LABELS,
  activeFlagStatus,
  listDate,
  mayCall,
  slaResponseTimeLabel,
  type Sla,
} from '@relevo/domain';
import { PageHeader, StatusBadge, type DataTableColumn } from '@relevo/ui';
import { useCallback } from 'react';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { CreateButton, RecordRowActions, useRecordScreen } from '../../shell/record-screen';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveSlaCalls } from './sla-calls';
import { SlaModal } from './SlaModal';

const COLUMNS: DataTableColumn<Sla>[] = [
  { id: 'sla_name', header: 'Name', cell: (row) => row.sla_name, sortable: true },
  { id: 'sla_desc', header: 'Description', cell: (row) => row.sla_desc, sortable: true },
  // docs/product.md#constants-and-limits: the number and its unit, M = Minute(s), H = Hour(s)
  {
    id: 'sla_response_time',
    header: 'Response Time',
    cell: (row) => slaResponseTimeLabel(row),
    sortable: true,
    width: '10rem',
  },
  {
    id: 'sla_active',
    header: 'Status',
    cell: (row) => <StatusBadge {...activeFlagStatus(row.sla_active)} />,
    sortable: true,
    width: '8rem',
  },
  {
    id: 'sla_updateby',
    header: 'Updated By',
    cell: (row) => row.sla_updateby ?? row.sla_createby ?? '',
    sortable: true,
  },
  {
    id: 'sla_updatedt',
    header: 'Update Date',
    cell: (row) => listDate(row.sla_updatedt ?? row.sla_createdt),
    sortable: true,
    width: '8rem',
  },
];

/** docs/product.md#constants-and-limits: SLAs are listed by sla_id. */
const DEFAULT_SORT = { column: 'sla_id', direction: 'asc' } as const;

// docs/product.md#messages: the SLA's delete confirmation is labelled in Spanish
const TEXTS = {
  created: MESSAGES.slaSaved,
  updated: MESSAGES.slaEdited,
  deleted: MESSAGES.slaDeleted,
  confirmDelete: MESSAGES.confirmDeleteSla,
  confirmLabels: SPANISH_CONFIRM_LABELS,
};

/**
 * docs/product.md#slas: the response times the modules promise. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, docs/product.md#roles-and-permissions).
 */
export function SlasPage() {
  const role = useSignedInUser().role.rol_id;
  const calls = useService('slaCalls', liveSlaCalls);
  const canCreate = mayCall(role, addSla);
  const canEdit = mayCall(role, updateSla);
  const canDelete = mayCall(role, deleteSla);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  // an SLA a module uses is refused with a 409 naming the modules
  const screen = useRecordScreen<Sla>({
    texts: TEXTS,
    remove: (row) => calls.remove(row.sla_id),
    changed: list.reload,
  });
  const { edit, askRemove } = screen;

  const rowActions = useCallback(
    (row: Sla) => (
      <RecordRowActions
        name={row.sla_name}
        onEdit={canEdit ? () => edit(row) : null}
        onDelete={canDelete ? () => askRemove(row) : null}
      />
    ),
    [canEdit, canDelete, edit, askRemove],
  );

  return (
    <>
      <PageHeader title="Service Level Agreement" />
      <ListTable
        label="Service Level Agreements"
        columns={COLUMNS}
        list={list}
        params={params}
        rowKey={(row) => row.sla_id}
        emptyText={MESSAGES.emptySlas}
        toolbar={canCreate ? <CreateButton onClick={screen.create} /> : undefined}
        rowActions={canEdit || canDelete ? rowActions : undefined}
      />
      {screen.editing ? (
        <SlaModal sla={screen.editing.row} calls={calls} onClose={screen.close} onSaved={screen.saved} />
      ) : null}
      {screen.confirmation}
    </>
  );
}
