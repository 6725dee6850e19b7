import {
  ESCALATION_INVALID_WARNING,
  ESCALATION_TOAST_MS,
  MESSAGES,
  activeFlagStatus,
  followUpText,
  stepsTitle,
  type EscalationStep,
  type ListQuery,
  type StepSaveAnswer,
} from '@relevo/domain';
import {
  Alert,
  Button,
  ConfirmDialog,
  Icon,
  IconButton,
  PageHeader,
  StatusBadge,
  toast,
  type DataTableColumn,
} from '@relevo/ui';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useLoaded } from '../../shell/loaded';
import { useRemoval } from '../../shell/removal';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveEscalationCalls } from './escalation-calls';
import { escalationRights, stepCallee } from './escalation-screens';
import { PriorityModal } from './PriorityModal';
import { StepModal } from './StepModal';
import './escalations.css';

/** docs/product.md#constants-and-limits: steps are listed by priority order. */
const DEFAULT_SORT = { column: 'escalation_priority_orden', direction: 'asc' } as const;

const yesNo = (flag: 'Y' | 'N') => (flag === 'Y' ? 'Yes' : 'No');

const COLUMNS: DataTableColumn<EscalationStep>[] = [
  {
    id: 'escalation_priority_orden',
    header: 'Priority Order',
    cell: (row) => row.escalation_priority_orden,
    sortable: true,
    numeric: true,
    width: '8rem',
  },
  {
    id: 'participation_type',
    header: 'Participation Type',
    cell: (row) => row.participation_type.participation_type_desc,
    sortable: true,
  },
  // docs/product.md#escalation-steps: a step that calls a schedule reads "On call: <schedule>"
  { id: 'resource', header: 'Resource', cell: (row) => stepCallee(row), sortable: true },
  { id: 'channel', header: 'Channel', cell: (row) => row.channel.channel_desc, sortable: true },
  { id: 'ind_call_again', header: 'Call Again', cell: (row) => yesNo(row.ind_call_again) },
  {
    id: 'max_attemp_number',
    header: 'Max Attempt Recall',
    cell: (row) => (row.ind_call_again === 'Y' ? row.max_attemp_number : ''),
    numeric: true,
  },
  { id: 'next_followup_time', header: 'Follow Up Time', cell: (row) => followUpText(row) },
  {
    id: 'escalation_active',
    header: 'Status',
    cell: (row) => <StatusBadge {...activeFlagStatus(row.escalation_active)} />,
    sortable: true,
    width: '8rem',
  },
];

type Dialog = { kind: 'create' } | { kind: 'edit'; step: EscalationStep } | { kind: 'priority' } | null;

/** The route's escalation id, or null when the path does not hold one. */
function useEscalationId(): number | null {
  const { escalation_id: raw } = useParams();
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * docs/product.md#escalation-steps Resources: the steps of one escalation in priority order, with Create,
 * Priority and Go back; the warning while the configuration cannot run.
 */
export function EscalationStepsPage() {
  const escalationId = useEscalationId();
  const user = useSignedInUser();
  const rights = useMemo(() => escalationRights(user.role.rol_id), [user.role.rol_id]);
  const calls = useService('escalationCalls', liveEscalationCalls);
  const navigate = useNavigate();
  const goBack = useCallback(() => navigate('/escalations'), [navigate]);

  const [version, setVersion] = useState(0);
  // read again after each change (version): a change to the steps can change its validity
  const loadEscalation = useCallback(
    () => (escalationId === null ? Promise.reject(new Error('No escalation in the address')) : calls.get(escalationId)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [calls, escalationId, version],
  );
  const loaded = useLoaded(loadEscalation);

  const params = useListParams(DEFAULT_SORT);
  const loadSteps = useCallback(
    (query: ListQuery, signal: AbortSignal) =>
      escalationId === null ? Promise.resolve({ total: 0, list: [] }) : calls.listSteps(escalationId, query, signal),
    [calls, escalationId],
  );
  const list = useList(loadSteps, params);
  const { reload } = list;
  /** a change to the steps can change whether the escalation is valid: read both again */
  const refresh = useCallback(() => {
    reload();
    setVersion((n) => n + 1);
  }, [reload]);

  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const editing = dialog?.kind === 'edit' ? dialog.step : null;
  const saved = useCallback(
    (_answer: StepSaveAnswer) => {
      // docs/product.md#http-calls: status 1 is a success (another status has shown its feedback and kept the modal open)
      toast.success(editing ? MESSAGES.stepUpdated : MESSAGES.stepCreated, { duration: ESCALATION_TOAST_MS });
      setDialog(null);
      refresh();
    },
    [editing, refresh],
  );
  const prioritySaved = useCallback(() => {
    setDialog(null);
    refresh();
  }, [refresh]);

  const removal = useRemoval(
    (step: EscalationStep) => calls.removeStep(step.escalation_resource_id),
    MESSAGES.stepDeleted,
    refresh,
  );
  const askRemoval = removal.ask;

  const rowActions = useCallback(
    (step: EscalationStep) => {
      const name = `step ${step.escalation_priority_orden} (${stepCallee(step)})`;
      return (
        <span className="escalations__actions">
          {rights.canEditStep ? (
            <IconButton
              size="sm"
              label={`Edit ${name}`}
              icon={<Icon name="edit" size={16} />}
              onClick={() => setDialog({ kind: 'edit', step })}
            />
          ) : null}
          {rights.canDeleteStep ? (
            <IconButton
              size="sm"
              label={`Delete ${name}`}
              icon={<Icon name="trash" size={16} />}
              onClick={() => askRemoval(step)}
            />
          ) : null}
        </span>
      );
    },
    [rights, askRemoval],
  );

  if (loaded.state === 'failed') {
    return (
      <>
        <PageHeader title="Escalation Resources" actions={<Button onClick={goBack}>Go back</Button>} />
        <Alert variant="error">This escalation could not be loaded.</Alert>
      </>
    );
  }

  const escalation = loaded.state === 'loaded' ? loaded.value : null;
  return (
    <>
      <PageHeader
        title={escalation ? stepsTitle(escalation.escalation_name) : 'Escalation Resources'}
        actions={
          <span className="escalation-steps__toolbar">
            {rights.canCreateStep ? (
              <Button
                variant="primary"
                icon={<Icon name="plus" size={16} />}
                onClick={() => setDialog({ kind: 'create' })}
                disabled={!escalation}
              >
                Create
              </Button>
            ) : null}
            {rights.canChangePriority ? (
              <Button onClick={() => setDialog({ kind: 'priority' })} disabled={!escalation || list.total < 2}>
                Priority
              </Button>
            ) : null}
            <Button onClick={goBack}>Go back</Button>
          </span>
        }
      />
      {escalation?.escalation_validate === 'N' ? (
        <Alert variant="warning" className="escalation-steps__warning">
          {ESCALATION_INVALID_WARNING}
        </Alert>
      ) : null}
      <ListTable
        label={escalation ? stepsTitle(escalation.escalation_name) : 'Escalation Resources'}
        columns={COLUMNS}
        list={list}
        params={params}
        rowKey={(row) => row.escalation_resource_id}
        emptyText={MESSAGES.emptySteps}
        {...(rights.canEditStep || rights.canDeleteStep ? { rowActions } : {})}
      />
      {escalationId !== null && (dialog?.kind === 'create' || dialog?.kind === 'edit') ? (
        <StepModal
          key={editing ? `edit-${editing.escalation_resource_id}` : 'create'}
          escalationId={escalationId}
          step={editing}
          calls={calls}
          onClose={close}
          onSaved={saved}
        />
      ) : null}
      {escalationId !== null && dialog?.kind === 'priority' ? (
        <PriorityModal escalationId={escalationId} calls={calls} onClose={close} onSaved={prioritySaved} />
      ) : null}
      <ConfirmDialog {...removal.dialog} message={MESSAGES.confirmDeleteStep} />
    </>
  );
}
