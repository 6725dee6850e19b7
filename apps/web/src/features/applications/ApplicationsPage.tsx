import { addApplication, deleteApplication, updateApplication } from '@relevo/api';
import {
  MESSAGES,
  activeFlagStatus,
  applicationModuleNames,
  listDate,
  mayCall,
  type Application,
} from '@relevo/domain';
import { PageHeader, StatusBadge, Tooltip, type DataTableColumn } from '@relevo/ui';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { ListTable } from '../../shell/ListTable';
import { useList, useListParams } from '../../shell/list';
import { CreateButton, RecordRowActions, useRecordScreen } from '../../shell/record-screen';

import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveApplicationCalls } from '../../calls/application-calls';
import { ApplicationModal } from './ApplicationModal';
import './ApplicationsPage.css';

/** docs/product.md#applications: hover lists the application's modules; a click copies its name. */
function ApplicationName({ application }: { application: Application }) {
  const modules = applicationModuleNames(application);
  return (
    <Tooltip
      content={
        modules.length > 0 ? (
          <ul className="applications__modules" aria-label={`Modules of ${application.application_name}`}>
            {modules.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          'No modules yet'
        )
      }
    >
      <button
        type="button"
        className="applications__name"
        onClick={() => void copyToClipboard(application.application_name, MESSAGES.applicationNameCopied)}
      >
        {application.application_name}
      </button>
    </Tooltip>
  );
}

const COLUMNS: DataTableColumn<Application>[] = [
  { id: 'application_name', header: 'Name', cell: (row) => <ApplicationName application={row} />, sortable: true },
  {
    id: 'application_active',
    header: 'Status',
    cell: (row) => <StatusBadge {...activeFlagStatus(row.application_active)} />,
    sortable: true,
    width: '8rem',
  },
  {
    id: 'application_updateby',
    header: 'Updated by',
    cell: (row) => row.application_updateby ?? row.application_createby ?? '',
    sortable: true,
  },
  {
    id: 'application_updatedt',
    header: 'Update date',
    cell: (row) => listDate(row.application_updatedt ?? row.application_createdt),
    sortable: true,
    width: '9rem',
  },
];

/** docs/product.md#constants-and-limits: applications are listed by name. */
const DEFAULT_SORT = { column: 'application_name', direction: 'asc' } as const;

/**
 * docs/product.md#applications: list, create, edit, delete and a link per row to its modules. Create,
 * Edit and Delete are shown only to a role that may make those calls (docs/product.md#roles-and-permissions).
 */
export function ApplicationsPage() {
  const user = useSignedInUser();
  const calls = useService('applicationCalls', liveApplicationCalls);
  const role = user.role.rol_id;
  const canCreate = mayCall(role, addApplication);
  const canEdit = mayCall(role, updateApplication);
  const canDelete = mayCall(role, deleteApplication);
  const params = useListParams(DEFAULT_SORT);
  const list = useList(calls.list, params);
  const { reload } = list;

  // an application that still has modules is refused with a 409 naming them
  const screen = useRecordScreen<Application>({
    texts: {
      created: MESSAGES.applicationCreated,
      updated: MESSAGES.applicationUpdated,
      deleted: MESSAGES.applicationDeleted,
      confirmDelete: MESSAGES.confirmDeleteApplication,
    },
    remove: (application) => calls.remove(application.application_id),
    changed: reload,
  });
  const { edit, askRemove } = screen;
  const rowActions = useCallback(
    (row: Application) => (
      <span className="applications__row-actions">
        <Link
          className="rl-button rl-button--secondary rl-button--sm"
          to={`/application/${row.application_id}/modules`}
          aria-label={`Modules of ${row.application_name}`}
        >
          Modules
        </Link>
        <RecordRowActions
          name={row.application_name}
          onEdit={canEdit ? () => edit(row) : null}
          onDelete={canDelete ? () => askRemove(row) : null}
        />
      </span>
    ),
    [canEdit, canDelete, edit, askRemove],
  );

  return (
    <>
      <PageHeader title="Applications" />
      <ListTable
        label="Applications"
        columns={COLUMNS}
        list={list}
        params={params}
        rowKey={(row) => row.application_id}
        emptyText={MESSAGES.emptyApplications}
        toolbar={canCreate ? <CreateButton onClick={screen.create} /> : undefined}
        rowActions={rowActions}
      />
      {screen.editing ? (
        <ApplicationModal
          application={screen.editing.row}
          calls={calls}
          onClose={screen.close}
          onSaved={screen.saved}
        />
      ) : null}
      {screen.confirmation}
    </>
  );
}
