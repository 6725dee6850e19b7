import { addResource, deleteResource, updateResource } from '@relevo/api';
import {
  MESSAGES,
  activeFlagStatus,
  copiedToClipboard,
  listDate,
  mayCall,
  resourcePhoneShown,
  resourceQuotaRefusal,
  type Resource,
} from '@relevo/domain';
import { Alert, PageHeader, StatusBadge, type DataTableColumn } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { copyToClipboard } from '../../shell/clipboard';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useLoaded } from '../../shell/loaded';
import { CreateButton, RecordRowActions, useRecordScreen } from '../../shell/record-screen';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveResourceCalls } from './resource-calls';
import { ResourceModal } from './ResourceModal';
import './ResourcesPage.css';

/** A phone cell: the number with its country code; a click copies it (docs/product.md#resources). */
function PhoneCell({ national, country }: { national: string | null; country: string | null }) {
  const shown = resourcePhoneShown(national, country);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="resources__phone"
      title="Copy"
      onClick={() => void copyToClipboard(shown, copiedToClipboard(shown))}
    >
      {shown}
    </button>
  );
}

const COLUMNS: DataTableColumn<Resource>[] = [
  { id: 'resource_fullname', header: 'Name', cell: (row) => row.resource_fullname, sortable: true },
  { id: 'resource_email', header: 'Email', cell: (row) => row.resource_email ?? '', sortable: true },
  { id: 'language', header: 'Language', cell: (row) => row.language.language_desc, sortable: true, width: '8rem' },
  {
    id: 'resource_phone1',
    header: 'Main Phone',
    cell: (row) => <PhoneCell national={row.resource_phone1} country={row.resource_country_phone1} />,
    sortable: true,
  },
  {
    id: 'resource_phone2',
    header: 'Secondary Phone',
    cell: (row) => <PhoneCell national={row.resource_phone2} country={row.resource_country_phone2} />,
    sortable: true,
  },
  {
    id: 'resource_active',
    header: 'Status',
    cell: (row) => <StatusBadge {...activeFlagStatus(row.resource_active)} />,
    sortable: true,
    width: '8rem',
  },
  {
    id: 'resource_updateby',
    header: 'Updated By',
    cell: (row) => row.resource_updateby ?? row.resource_createby ?? '',
    sortable: true,
  },
  // a resource never edited shows the day it was created
  {
    id: 'resource_updatedt',
    header: 'Update Date',
    cell: (row) => listDate(row.resource_updatedt ?? row.resource_createdt),
    sortable: true,
    width: '8rem',
  },
];

/** docs/product.md#constants-and-limits: resources are listed by resource_fullname ascending. */
const DEFAULT_SORT = { column: 'resource_fullname', direction: 'asc' } as const;

const TEXTS = {
  created: MESSAGES.resourceCreated,
  updated: MESSAGES.resourceUpdated,
  deleted: MESSAGES.resourceDeleted,
  confirmDelete: MESSAGES.confirmDeleteResource,
};

/**
 * docs/product.md#resources: the people the escalations contact. List, create, edit and delete (Customer
 * Root); the Customer sees the list only (the calls' permissions, docs/product.md#roles-and-permissions). The quota check runs on
 * open and after each save or delete: at the quota the warning shows and Create is disabled.
 */
export function ResourcesPage() {
  const role = useSignedInUser().role.rol_id;
  const calls = useService('resourceCalls', liveResourceCalls);
  const canCreate = mayCall(role, addResource);
  const canEdit = mayCall(role, updateResource);
  const canDelete = mayCall(role, deleteResource);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const [round, setRound] = useState(0);
  const limit = useLoaded(calls.limit, round);
  const { reload: reloadList } = list;
  const changed = useCallback(() => {
    reloadList();
    setRound((count) => count + 1);
  }, [reloadList]);
  // a resource that is a step of an escalation is refused with a 409 naming the escalations
  const screen = useRecordScreen<Resource>({ texts: TEXTS, remove: (row) => calls.remove(row.resource_id), changed });
  const { edit, askRemove } = screen;

  const rowActions = useCallback(
    (row: Resource) => (
      <RecordRowActions
        name={row.resource_fullname}
        onEdit={canEdit ? () => edit(row) : null}
        onDelete={canDelete ? () => askRemove(row) : null}
      />
    ),
    [canEdit, canDelete, edit, askRemove],
  );

  // the server's own rule and words: the same refusal it answers to one more resource
  const quotaRefusal = limit.state === 'loaded' ? resourceQuotaRefusal(limit.value) : null;
  return (
    <>
      <PageHeader title="Resources" />
      {quotaRefusal && canCreate ? (
        <Alert variant="warning" className="resources__quota">
          {quotaRefusal}
        </Alert>
      ) : null}
      <ListTable
        label="Resources"
        columns={COLUMNS}
        list={list}
        params={params}
        rowKey={(row) => row.resource_id}
        emptyText={MESSAGES.emptyResources}
        toolbar={
          canCreate ? (
            <CreateButton onClick={screen.create} disabled={limit.state === 'loading' || quotaRefusal !== null} />
          ) : undefined
        }
        rowActions={canEdit || canDelete ? rowActions : undefined}
      />
      {screen.editing ? (
        <ResourceModal resource={screen.editing.row} calls={calls} onClose={screen.close} onSaved={screen.saved} />
      ) : null}
      {screen.confirmation}
    </>
  );
}
