import {
  ESCALATION_INVALID_WARNING,
  ESCALATION_TOAST_MS,
  MESSAGES,
  activeFlagStatus,
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
import { t } from '../../shell/i18n';
import { useList, useListParams } from '../../shell/list';
import { ListTable } from '../../shell/ListTable';
import { useLoaded } from '../../shell/loaded';
import { useRemoval } from '../../shell/removal';
import { useService } from '../../shell/services';
import { useSignedInUser } from '../../shell/session';
import { liveEscalationCalls } from './escalation-calls';
import { escalationRights } from './escalation-screens';
import { PriorityModal } from './PriorityModal';
import { StepModal } from './StepModal';
import { calleeText, followUpWords, referenceName } from './step-texts';
import './escalations.css';

/** docs/product.md#constants-and-limits: steps are listed by priority order. */
const DEFAULT_SORT = { column: 'escalation_priority_orden', direction: 'asc' } as const;

const yesNo = (flag: 'Y' | 'N') => (flag === 'Y' ? t('Yes') : t('No'));

/** The table's columns, their headers in the reader's language (built while rendering). */
const stepColumns = (): DataTableColumn<EscalationStep>[] => [
  {
    id: 'escalation_priority_orden',
    header: t('Priority Order'),
    cell: (row) => row.escalation_priority_orden,
    sortable: true,
    numeric: true,
    width: '8rem',
  },
  {
    id: 'participation_type',
    header: t('Participation Type'),
    cell: (row) => referenceName(row.participation_type.participation_type_desc),
    sortable: true,
  },
  // docs/product.md#escalation-steps: a step that calls a schedule reads "On call: <schedule>"
  { id: 'resource', header: t('Resource'), cell: (row) => calleeText(row), sortable: true },
  { id: 'channel', header: t('Channel'), cell: (row) => referenceName(row.channel.channel_desc), sortable: true },
  { id: 'ind_call_again', header: t('Call Again'), cell: (row) => yesNo(row.ind_call_again) },
  {
    id: 'max_attemp_number',
    header: t('Max Attempt Recall'),
    cell: (row) => (row.ind_call_again === 'Y' ? row.max_attemp_number : ''),
    numeric: true,
  },
  { id: 'next_followup_time', header: t('Follow Up Time'), cell: (row) => followUpWords(row) },
  {
    id: 'escalation_active',
    header: t('Status'),
    cell: (row) => {
      const status = activeFlagStatus(row.escalation_active);
      return <StatusBadge tone={status.tone} label={t(status.label)} />;
    },
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
  const columns = useMemo(stepColumns, []);

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
      toast.success(t(editing ? MESSAGES.stepUpdated : MESSAGES.stepCreated), { duration: ESCALATION_TOAST_MS });
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
    t(MESSAGES.stepDeleted),
    refresh,
  );
  const askRemoval = removal.ask;

  const rowActions = useCallback(
    (step: EscalationStep) => {
      const named = { number: step.escalation_priority_orden, callee: calleeText(step) };
      return (
        <span className="escalations__actions">
          {rights.canEditStep ? (
            <IconButton
              size="sm"
              label={t('Edit step {number} ({callee})', named)}
              icon={<Icon name="edit" size={16} />}
              onClick={() => setDialog({ kind: 'edit', step })}
            />
          ) : null}
          {rights.canDeleteStep ? (
            <IconButton
              size="sm"
              label={t('Delete step {number} ({callee})', named)}
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
        <PageHeader title={t('Escalation Resources')} actions={<Button onClick={goBack}>{t('Go back')}</Button>} />
        <Alert variant="error">{t('This escalation could not be loaded.')}</Alert>
      </>
    );
  }

  const escalation = loaded.state === 'loaded' ? loaded.value : null;
  const title = escalation ? t(stepsTitle(escalation.escalation_name)) : t('Escalation Resources');
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <span className="escalation-steps__toolbar">
            {rights.canCreateStep ? (
              <Button
                variant="primary"
                icon={<Icon name="plus" size={16} />}
                onClick={() => setDialog({ kind: 'create' })}
                disabled={!escalation}
              >
                {t('Create')}
              </Button>
            ) : null}
            {rights.canChangePriority ? (
              <Button onClick={() => setDialog({ kind: 'priority' })} disabled={!escalation || list.total < 2}>
                {t('Priority')}
              </Button>
            ) : null}
            <Button onClick={goBack}>{t('Go back')}</Button>
          </span>
        }
      />
      {escalation?.escalation_validate === 'N' ? (
        <Alert variant="warning" className="escalation-steps__warning">
          {t(ESCALATION_INVALID_WARNING)}
        </Alert>
      ) : null}
      <ListTable
        label={title}
        columns={columns}
        list={list}
        params={params}
        rowKey={(row) => row.escalation_resource_id}
        emptyText={t(MESSAGES.emptySteps)}
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
      <ConfirmDialog {...removal.dialog} message={t(MESSAGES.confirmDeleteStep)} />
    </>
  );
}
