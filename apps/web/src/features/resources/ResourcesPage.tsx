import { addResource, deleteResource, updateResource } from '@relevo/api';
import { MESSAGES, activeFlagStatus, copiedToClipboard, listDate, mayCall, resourcePhoneShown, resourceQuotaWarning, type Resource, type ResourceLimit } from '@relevo/domain';
import { Alert, Button, ConfirmDialog, DataTable, Icon, IconButton, PageHeader, StatusBadge, toast, type DataTableColumn } from '@relevo/ui';
import { useCallback, useEffect, useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { useList, useListParams } from '../../shell/list';
import { reportError } from '../../shell/report-error';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveResourceSlaCalls, type ResourceCalls } from './resource-calls';
import { ResourceModal } from './ResourceModal';
import './ResourcesPage.css';

/** A phone cell: the number with its country code; a click copies it (spec 2.15). */
function PhoneCell({ national, country }: { national: string | null; country: string | null }) {
  const shown = resourcePhoneShown(national, country);
  if (!shown) return null;
  return (
    <button type="button" className="resources__phone" title="Copy" onClick={() => void copyToClipboard(shown, copiedToClipboard(shown))}>
      {shown}
    </button>
  );
}

const COLUMNS: DataTableColumn<Resource>[] = [
  { id: 'resource_fullname', header: 'Name', cell: (row) => row.resource_fullname, sortable: true },
  { id: 'resource_email', header: 'Email', cell: (row) => row.resource_email ?? '', sortable: true },
  { id: 'language', header: 'Language', cell: (row) => row.language.language_desc, sortable: true, width: '8rem' },
  { id: 'resource_phone1', header: 'Main Phone', cell: (row) => <PhoneCell national={row.resource_phone1} country={row.resource_country_phone1} />, sortable: true },
  { id: 'resource_phone2', header: 'Secondary Phone', cell: (row) => <PhoneCell national={row.resource_phone2} country={row.resource_country_phone2} />, sortable: true },
  { id: 'resource_active', header: 'Status', cell: (row) => <StatusBadge {...activeFlagStatus(row.resource_active)} />, sortable: true, width: '8rem' },
  { id: 'resource_updateby', header: 'Updated By', cell: (row) => row.resource_updateby ?? row.resource_createby ?? '', sortable: true },
  // a resource never edited shows the day it was created
  { id: 'resource_updatedt', header: 'Update Date', cell: (row) => listDate(row.resource_updatedt ?? row.resource_createdt), sortable: true, width: '8rem' },
];

/** spec 9: resources are listed by resource_fullname ascending. */
const DEFAULT_SORT = { column: 'resource_fullname', direction: 'asc' } as const;

type Editing = { resource: Resource | null } | null;

/** spec 2.15: the quota check, run on open and again after each save or delete (`round` changes). */
function useResourceLimit(load: ResourceCalls['limit'], round: number): ResourceLimit | null {
  const [limit, setLimit] = useState<ResourceLimit | null>(null);
  useEffect(() => {
    let active = true;
    load().then(
      (answer) => active && setLimit(answer),
      (error: unknown) => active && reportError(error),
    );
    return () => {
      active = false;
    };
  }, [load, round]);
  return limit;
}

/**
 * spec 2.15 Resources: the people the escalations contact. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, spec 6). At the quota the warning
 * shows and Create is disabled.
 */
export function ResourcesPage() {
  const role = useSignedInUser().role.rol_id;
  const calls = useService('resourceSlaCalls', liveResourceSlaCalls).resources;
  const canCreate = mayCall(role, addResource);
  const canEdit = mayCall(role, updateResource);
  const canDelete = mayCall(role, deleteResource);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const [round, setRound] = useState(0);
  const limit = useResourceLimit(calls.limit, round);
  const { reload: reloadList } = list;
  const reload = useCallback(() => {
    reloadList();
    setRound((count) => count + 1);
  }, [reloadList]);

  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Resource | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const closeModal = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    toast.success(editing?.resource ? MESSAGES.resourceUpdated : MESSAGES.resourceCreated);
    setEditing(null);
    reload();
  }, [editing, reload]);

  const remove = async (resource: Resource) => {
    setIsDeleting(true);
    try {
      await calls.remove(resource.resource_id);
      toast.success(MESSAGES.resourceDeleted);
      reload();
    } catch (error) {
      // a resource that is a step of an escalation is refused with a 409 naming the escalations
      reportError(error);
    } finally {
      setIsDeleting(false);
      setRemoving(null);
    }
  };

  const rowActions = useCallback(
    (row: Resource) => (
      <span className="resources__row-actions">
        {canEdit ? <IconButton size="sm" label={`Edit ${row.resource_fullname}`} icon={<Icon name="edit" size={16} />} onClick={() => setEditing({ resource: row })} /> : null}
        {canDelete ? <IconButton size="sm" label={`Delete ${row.resource_fullname}`} icon={<Icon name="trash" size={16} />} onClick={() => setRemoving(row)} /> : null}
      </span>
    ),
    [canEdit, canDelete],
  );

  const atLimit = limit?.limit === true;
  return (
    <>
      <PageHeader title="Resources" />
      {atLimit && canCreate ? (
        <Alert variant="warning" className="resources__quota">
          {resourceQuotaWarning(limit.max)}
        </Alert>
      ) : null}
      <DataTable
        label="Resources"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        rowKey={(row) => row.resource_id}
        status={list.status}
        emptyText={MESSAGES.emptyResources}
        onReload={reload}
        {...params}
        toolbar={
          canCreate ? (
            <Button variant="primary" icon={<Icon name="plus" size={16} />} disabled={limit === null || atLimit} onClick={() => setEditing({ resource: null })}>
              Create
            </Button>
          ) : undefined
        }
        rowActions={canEdit || canDelete ? rowActions : undefined}
      />
      {editing ? <ResourceModal resource={editing.resource} calls={calls} onClose={closeModal} onSaved={saved} /> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open && !isDeleting) setRemoving(null);
        }}
        message={MESSAGES.confirmDeleteResource}
        busy={isDeleting}
        onContinue={() => {
          if (removing) void remove(removing);
        }}
      />
    </>
  );
}
