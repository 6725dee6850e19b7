import {
  ESCALATION_TOAST_MS,
  MESSAGES,
  activeFlagStatus,
  type EscalationStep,
  type MessageAnswer,
} from '@relevo/domain';
import { Alert, FormModal, SortableList, Spinner, toast } from '@relevo/ui';
import { useCallback, useMemo, useState } from 'react';
import { t } from '../../shell/i18n';
import { useLoaded } from '../../shell/loaded';
import { reportError } from '../../shell/report-error';
import { allStepsQuery, type EscalationCalls } from './escalation-calls';
import { calleeText, referenceName } from './step-texts';

export interface PriorityModalProps {
  escalationId: number;
  calls: Pick<EscalationCalls, 'listSteps' | 'changePriority'>;
  onClose: () => void;
  /** the new order was saved (the screen reloads its steps) */
  onSaved: (answer: MessageAnswer) => void;
}

const idOf = (step: EscalationStep) => step.escalation_resource_id;
const typeOf = (step: EscalationStep) => referenceName(step.participation_type.participation_type_desc);
const channelOf = (step: EscalationStep) => referenceName(step.channel.channel_desc);
const textOf = (step: EscalationStep) => `${calleeText(step)} (${typeOf(step)}, ${channelOf(step)})`;

/** What a row shows: whom the step calls, then its type and channel. */
function StepRow(step: EscalationStep) {
  return (
    <>
      {calleeText(step)}{' '}
      <span className="priority-modal__meta">
        {typeOf(step)} · {channelOf(step)}
        {step.escalation_active === 'N' ? ` · ${t(activeFlagStatus('N').label)}` : ''}
      </span>
    </>
  );
}

/** How the list names, reads out and draws each step (its name in the reader's language, built while rendering). */
const stepList = () => ({ idOf, textOf, renderItem: StepRow, label: t('Steps in priority order') });

/**
 * docs/product.md#escalation-steps priority modal: every step of the escalation (up to 999), numbered from 1, reordered by
 * dragging or with the keyboard; Save sends the new order (PUT /api/escalation/priority/{id}) and
 * the server renumbers the steps 1..n in one transaction.
 */
export function PriorityModal({ escalationId, calls, onClose, onSaved }: PriorityModalProps) {
  const loadSteps = useCallback(() => calls.listSteps(escalationId, allStepsQuery()), [calls, escalationId]);
  const loaded = useLoaded(loadSteps);
  /** the order as moved in the modal; the loaded order until the first move */
  const [moved, setMoved] = useState<EscalationStep[] | null>(null);
  const steps = useMemo(() => moved ?? (loaded.state === 'loaded' ? loaded.value.list : []), [moved, loaded]);
  const [isSaving, setIsSaving] = useState(false);
  const list = useMemo(stepList, []);

  const save = useCallback(async () => {
    setIsSaving(true);
    try {
      const answer = await calls.changePriority(escalationId, {
        escalation_id: escalationId,
        resources: steps.map((step, index) => ({
          escalation_resource_id: step.escalation_resource_id,
          escalation_priority_orden: index + 1,
        })),
      });
      toast.success(t(MESSAGES.priorityChanged), { duration: ESCALATION_TOAST_MS });
      onSaved(answer);
    } catch (error) {
      reportError(error);
      setIsSaving(false);
    }
  }, [calls, escalationId, steps, onSaved]);

  return (
    <FormModal
      title={t('Priority')}
      busy={isSaving}
      submitDisabled={loaded.state !== 'loaded' || steps.length === 0}
      onCancel={onClose}
      onSubmit={() => void save()}
    >
      {loaded.state === 'loading' ? <Spinner label={t('Loading the steps')} /> : null}
      {loaded.state === 'failed' ? (
        <Alert variant="error">{t('The steps could not be loaded. Close and try again.')}</Alert>
      ) : null}
      {loaded.state === 'loaded' && steps.length === 0 ? <p>{t(MESSAGES.emptySteps)}</p> : null}
      {loaded.state === 'loaded' && steps.length > 0 ? (
        <>
          <p className="priority-modal__meta">
            {t('Drag a step by its handle, or focus the handle and press Space, the arrow keys and Space again.')}
          </p>
          <div className="priority-modal__list">
            <SortableList {...list} items={steps} onReorder={setMoved} disabled={isSaving} />
          </div>
        </>
      ) : null}
    </FormModal>
  );
}
