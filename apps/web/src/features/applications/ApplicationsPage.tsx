import { addApplication, deleteApplication, updateApplication } from '@relevo/api';
import { MESSAGES, applicationModuleNames, type Application } from '@relevo/domain';
import { Tooltip } from '@relevo/ui';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { copyToClipboard } from '../../shell/clipboard';
import { t } from '../../shell/i18n';
import { RecordListScreen, useRecordList, type RecordListSpec } from '../../shell/record-list';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { useService } from '../../shell/services';
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
          <ul
            className="applications__modules"
            aria-label={t('Modules of {name}', { name: application.application_name })}
          >
            {modules.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          t('No modules yet')
        )
      }
    >
      <button
        type="button"
        className="applications__name"
        onClick={() => void copyToClipboard(application.application_name, t(MESSAGES.applicationNameCopied))}
      >
        {application.application_name}
      </button>
    </Tooltip>
  );
}

// an application that still has modules is refused with a 409 naming them; the spec's texts are in
// the reader's language, so the screen makes it once when it opens (a change of language draws the
// whole app again)
const applicationsSpec = (): RecordListSpec<Application> => ({
  endpoints: { add: addApplication, update: updateApplication, remove: deleteApplication },
  table: {
    title: t('Applications'),
    columns: [
      {
        id: 'application_name',
        header: t('Name'),
        cell: (row) => <ApplicationName application={row} />,
        sortable: true,
      },
      ...statusAndChangeColumns('application'),
    ],
    emptyText: t(MESSAGES.emptyApplications),
  },
  texts: ['applicationCreated', 'applicationUpdated', 'applicationDeleted', 'confirmDeleteApplication'],
  // docs/product.md#constants-and-limits: applications are listed by name
  row: { id: 'application_id', name: 'application_name', listedBy: 'name' },
});

/**
 * docs/product.md#applications: list, create, edit, delete and a link per row to its modules. Create,
 * Edit and Delete are shown only to a role that may make those calls (docs/product.md#roles-and-permissions).
 */
export function ApplicationsPage() {
  const calls = useService('applicationCalls', liveApplicationCalls);
  const spec = useMemo(applicationsSpec, []);
  const records = useRecordList(spec, calls);
  const { rowButtons } = records;
  const rowActions = useCallback(
    (row: Application) => (
      <span className="applications__row-actions">
        <Link
          className="rl-button rl-button--secondary rl-button--sm"
          to={`/application/${row.application_id}/modules`}
          aria-label={t('Modules of {name}', { name: row.application_name })}
        >
          {t('Modules')}
        </Link>
        {rowButtons(row)}
      </span>
    ),
    [rowButtons],
  );
  const { close, saved } = records.screen;
  return (
    <RecordListScreen
      records={records}
      rowActions={rowActions}
      modal={(row) => <ApplicationModal application={row} calls={calls} onClose={close} onSaved={saved} />}
    />
  );
}
