import { addModule, createCredential, deleteModule, simulateIncident, updateModule } from '@relevo/api';
import {
  MESSAGES,
  SPANISH_CONFIRM_LABELS,
  mayCall,
  modulesTitle,
  type Application,
  type ListQuery,
  type Module,
} from '@relevo/domain';
import { Button, Icon, IconButton, LazyConfirmDialog, PageHeader, toast, type DataTableColumn } from '@relevo/ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { t, msg } from '../../shell/i18n';
import { ListTable } from '../../shell/ListTable';
import { useList, useListParams } from '../../shell/list';
import { CreateButton, RecordRowActions } from '../../shell/record-screen';
import { reportError } from '../../shell/report-error';
import { useRemoval } from '../../shell/removal';
import { statusAndChangeColumns } from '../../shell/record-columns';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveApplicationCalls } from '../../calls/application-calls';
import { HEARTBEATS_READ, heartbeatsTitle } from './heartbeats-row-action';
import './ModulesPage.css';

// each window loads when it opens (the module form with its selects, the examples' tabs, the
// credentials, the simulation, the e-mail address): the list's first JavaScript stays the table's
const ModuleModal = lazy(() => import('./ModuleModal').then(({ ModuleModal }) => ({ default: ModuleModal })));
const ExamplesModal = lazy(() => import('./ExamplesModal').then(({ ExamplesModal }) => ({ default: ExamplesModal })));
const CredentialsModal = lazy(() =>
  import('./CredentialsModal').then(({ CredentialsModal }) => ({ default: CredentialsModal })),
);
const SimulationModal = lazy(() =>
  import('./SimulationModal').then(({ SimulationModal }) => ({ default: SimulationModal })),
);
const InboundEmailModal = lazy(() =>
  import('./InboundEmailModal').then(({ InboundEmailModal }) => ({ default: InboundEmailModal })),
);
// docs/product.md#heartbeat-monitors: the window and its calls load when it opens, not with the list
const HeartbeatsModal = lazy(() =>
  import('./HeartbeatsModal').then(({ HeartbeatsModal }) => ({ default: HeartbeatsModal })),
);

/** The list's columns, their headers in the reader's language (built while rendering). */
const moduleColumns = (): DataTableColumn<Module>[] => [
  { id: 'module_name', header: t('Name'), cell: (row) => row.module_name, sortable: true },
  { id: 'module_desc', header: t('Description'), cell: (row) => row.module_desc, sortable: true },
  { id: 'escalation', header: t('Escalation'), cell: (row) => row.escalation?.escalation_name ?? '', sortable: true },
  { id: 'sla', header: 'SLA', cell: (row) => row.sla?.sla_name ?? '', sortable: true },
  ...statusAndChangeColumns('module'),
];

/** docs/product.md#constants-and-limits: modules are listed by name. */
const DEFAULT_SORT = { column: 'module_name', direction: 'asc' } as const;

/** The open modal of the screen, if any. */
type Open =
  | { kind: 'edit'; module: Module | null }
  | { kind: 'examples'; module: Module }
  | { kind: 'credentials'; module: Module }
  | { kind: 'simulation'; module: Module }
  | { kind: 'heartbeats'; module: Module }
  | { kind: 'email'; module: Module }
  | null;

/** The tool buttons of a module's row, in order: what each opens, its action and its icon (docs/product.md#modules). */
const MODULE_TOOLS = [
  { kind: 'examples', action: msg('Get Examples'), icon: 'book' },
  { kind: 'credentials', action: msg('Generate Credentials'), icon: 'key' },
  { kind: 'simulation', action: msg('Incident Simulation'), icon: 'activity' },
  // docs/product.md#e-mail-into-incidents: the module's address, read by both customer roles
  { kind: 'email', action: msg('E-mail Address'), icon: 'mail' },
] as const;

/** `application/:application_id/modules` (docs/product.md#routes): an id that is not a positive whole number goes back to the applications. */
export function ModulesPage() {
  const { application_id: raw } = useParams();
  const applicationId = Number(raw);
  if (!Number.isSafeInteger(applicationId) || applicationId < 1) return <Navigate to="/applications" replace />;
  return <ApplicationModules key={applicationId} applicationId={applicationId} />;
}

/**
 * docs/product.md#modules of one application: 'Modules of {application name}' with Create and Go back;
 * row actions Get Examples, Generate Credentials, Incident Simulation, its e-mail address
 * (docs/product.md#e-mail-into-incidents), the module's heartbeats
 * (docs/product.md#heartbeat-monitors), edit and delete, each shown
 * only to a role that may make its call (docs/product.md#roles-and-permissions).
 */
function ApplicationModules({ applicationId }: { applicationId: number }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const calls = useService('applicationCalls', liveApplicationCalls);
  const role = user.role.rol_id;
  const canCreate = mayCall(role, addModule);
  const canEdit = mayCall(role, updateModule);
  const canDelete = mayCall(role, deleteModule);
  const canGenerate = mayCall(role, createCredential);
  const canSimulate = mayCall(role, simulateIncident);
  const canReadHeartbeats = mayCall(role, HEARTBEATS_READ);
  const columns = useMemo(moduleColumns, []);
  // the tools of a row the role may use: examples for everyone, credentials and the simulation by permission
  const tools = useMemo(() => {
    const allowed = { examples: true, credentials: canGenerate, simulation: canSimulate, email: true };
    return MODULE_TOOLS.filter(({ kind }) => allowed[kind]);
  }, [canGenerate, canSimulate]);

  const [application, setApplication] = useState<Pick<Application, 'application_id' | 'application_name'> | null>(null);
  useEffect(() => {
    let current = true;
    calls.get(applicationId).then(
      (found) => current && setApplication(found),
      (error: unknown) => {
        // another customer's or a deleted application: the general handler says so
        if (current) reportError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [calls, applicationId]);

  const params = useListParams(DEFAULT_SORT);
  const load = useCallback(
    (query: ListQuery, signal: AbortSignal) => calls.listModules(applicationId, query, signal),
    [calls, applicationId],
  );
  const list = useList(load, params);
  const { reload } = list;

  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  // new credentials give the module a new e-mail address: the rows are read again
  const closeCredentials = useCallback(() => {
    setOpen(null);
    reload();
  }, [reload]);
  const saved = useCallback(() => {
    toast.success(t(open?.kind === 'edit' && open.module ? MESSAGES.moduleEdited : MESSAGES.moduleSaved));
    setOpen(null);
    reload();
  }, [open, reload]);

  const removal = useRemoval(
    (module: Module) => calls.removeModule(module.module_id),
    t(MESSAGES.moduleDeleted),
    reload,
  );
  const { ask } = removal;

  const rowActions = useCallback(
    (row: Module) => (
      <span className="modules__row-actions">
        {tools.map(({ kind, action, icon }) => (
          <IconButton
            key={kind}
            size="sm"
            label={t('{action} for {name}', { action: t(action), name: row.module_name })}
            icon={<Icon name={icon} size={16} />}
            onClick={() => setOpen({ kind, module: row })}
          />
        ))}
        {canReadHeartbeats ? (
          <IconButton
            size="sm"
            label={t(heartbeatsTitle(row.module_name))}
            icon={<Icon name="clock" size={16} />}
            onClick={() => setOpen({ kind: 'heartbeats', module: row })}
          />
        ) : null}
        <RecordRowActions
          name={row.module_name}
          onEdit={canEdit ? () => setOpen({ kind: 'edit', module: row }) : null}
          onDelete={canDelete ? () => ask(row) : null}
        />
      </span>
    ),
    [tools, canReadHeartbeats, canEdit, canDelete, ask],
  );

  return (
    <>
      <PageHeader
        title={t(modulesTitle(application?.application_name ?? '…'))}
        actions={
          <>
            <Button icon={<Icon name="chevron-left" size={16} />} onClick={() => void navigate('/applications')}>
              {t('Go back')}
            </Button>
            {canCreate ? (
              <CreateButton disabled={!application} onClick={() => setOpen({ kind: 'edit', module: null })} />
            ) : null}
          </>
        }
      />
      <ListTable
        label={t('Modules')}
        columns={columns}
        list={list}
        params={params}
        rowKey={(row) => row.module_id}
        emptyText={t(MESSAGES.emptyModules)}
        rowActions={rowActions}
      />
      <Suspense fallback={null}>
        {open?.kind === 'edit' && application ? (
          <ModuleModal module={open.module} application={application} calls={calls} onClose={close} onSaved={saved} />
        ) : null}
        {open?.kind === 'examples' ? <ExamplesModal module={open.module} calls={calls} onClose={close} /> : null}
        {open?.kind === 'credentials' ? (
          <CredentialsModal module={open.module} calls={calls} onClose={closeCredentials} />
        ) : null}
        {open?.kind === 'simulation' ? <SimulationModal module={open.module} calls={calls} onClose={close} /> : null}
        {open?.kind === 'email' ? <InboundEmailModal module={open.module} onClose={close} /> : null}
        {open?.kind === 'heartbeats' ? <HeartbeatsModal module={open.module} onClose={close} /> : null}
      </Suspense>
      {/* docs/product.md#messages: this confirmation's title and buttons are Spanish in both languages */}
      <LazyConfirmDialog message={t(MESSAGES.confirmDeleteModule)} {...SPANISH_CONFIRM_LABELS} {...removal.dialog} />
    </>
  );
}
