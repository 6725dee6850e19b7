import { addSla, deleteSla, updateSla } from '@relevo/api';
import { MESSAGES, activeFlagStatus, listDate, mayCall, slaResponseTimeLabel, type Sla } from '@relevo/domain';
import { Button, ConfirmDialog, DataTable, Icon, IconButton, PageHeader, StatusBadge, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { useList, useListParams } from '../../shell/list';
import { reportError } from '../../shell/report-error';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveResourceSlaCalls } from '../resources/resource-calls';
import { SlaModal } from './SlaModal';
import '../resources/ResourcesPage.css';

const COLUMNS: DataTableColumn<Sla>[] = [
  { id: 'sla_name', header: 'Name', cell: (row) => row.sla_name, sortable: true },
  { id: 'sla_desc', header: 'Description', cell: (row) => row.sla_desc, sortable: true },
  // spec 9: the number and its unit, M = Minute(s), H = Hour(s)
  { id: 'sla_response_time', header: 'Response Time', cell: (row) => slaResponseTimeLabel(row), sortable: true, width: '10rem' },
  { id: 'sla_active', header: 'Status', cell: (row) => <StatusBadge {...activeFlagStatus(row.sla_active)} />, sortable: true, width: '8rem' },
  { id: 'sla_updateby', header: 'Updated By', cell: (row) => row.sla_updateby ?? row.sla_createby ?? '', sortable: true },
  { id: 'sla_updatedt', header: 'Update Date', cell: (row) => listDate(row.sla_updatedt ?? row.sla_createdt), sortable: true, width: '8rem' },
];

/** spec 9: SLAs are listed by sla_id. */
const DEFAULT_SORT = { column: 'sla_id', direction: 'asc' } as const;

type Editing = { sla: Sla | null } | null;

/**
 * spec 2.18 SLA: the response times the modules promise. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, spec 6).
 */
export function SlasPage() {
  const role = useSignedInUser().role.rol_id;
  const calls = useService('resourceSlaCalls', liveResourceSlaCalls).slas;
  const canCreate = mayCall(role, addSla);
  const canEdit = mayCall(role, updateSla);
  const canDelete = mayCall(role, deleteSla);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const { reload } = list;

  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Sla | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const closeModal = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    toast.success(editing?.sla ? MESSAGES.slaEdited : MESSAGES.slaSaved);
    setEditing(null);
    reload();
  }, [editing, reload]);

  const remove = async (sla: Sla) => {
    setIsDeleting(true);
    try {
      await calls.remove(sla.sla_id);
      toast.success(MESSAGES.slaDeleted);
      reload();
    } catch (error) {
      // an SLA a module uses is refused with a 409 naming the modules
      reportError(error);
    } finally {
      setIsDeleting(false);
      setRemoving(null);
    }
  };

  const rowActions = useCallback(
    (row: Sla) => (
      <span className="resources__row-actions">
        {canEdit ? <IconButton size="sm" label={`Edit ${row.sla_name}`} icon={<Icon name="edit" size={16} />} onClick={() => setEditing({ sla: row })} /> : null}
        {canDelete ? <IconButton size="sm" label={`Delete ${row.sla_name}`} icon={<Icon name="trash" size={16} />} onClick={() => setRemoving(row)} /> : null}
      </span>
    ),
    [canEdit, canDelete],
  );

  return (
    <>
      <PageHeader title="Service Level Agreement" />
      <DataTable
        label="Service Level Agreements"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        rowKey={(row) => row.sla_id}
        status={list.status}
        emptyText={MESSAGES.emptySlas}
        onReload={reload}
        {...params}
        toolbar={
          canCreate ? (
            <Button variant="primary" icon={<Icon name="plus" size={16} />} onClick={() => setEditing({ sla: null })}>
              Create
            </Button>
          ) : undefined
        }
        rowActions={canEdit || canDelete ? rowActions : undefined}
      />
      {editing ? <SlaModal sla={editing.sla} calls={calls} onClose={closeModal} onSaved={saved} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setRemoving(null);
        }}
        message={MESSAGES.confirmDeleteSla}
        busy={isDeleting}
        onContinue={() => {
          if (removing) void remove(removing);
        }}
      />
    </>
  );
}
