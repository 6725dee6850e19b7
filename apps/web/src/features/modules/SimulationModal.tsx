import { fieldMessagesOf, generalErrorText, ApiError } from '@relevo/api';
import {
  ERROR_TOAST_MS,
  canSendSimulation,
  incidentSimulationBody,
  incidentSimulationInput,
  incidentSimulationMachine,
  moduleIntakeRefusal,
  simulationOutcome,
  type IncidentSimulationField,
  type IncidentSimulationValues,
  type Module,
} from '@relevo/domain';
import { Alert, FormModal, TextField, toast } from '@relevo/ui';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { useRecordFormModal } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { ApplicationCalls } from '../../calls/application-calls';

export interface SimulationModalProps {
  module: Pick<Module, 'module_id' | 'module_name' | 'module_active' | 'escalation'>;
  calls: Pick<ApplicationCalls, 'simulate'>;
  onClose: () => void;
}

type Answer = readonly { status: string; message: string }[];
const FIELDS: readonly string[] = ['incident', 'description'] satisfies IncidentSimulationField[];

/**
 * docs/product.md#http-calls: a refused simulation shows its message as an error toast; a 422 about the form's own
 * fields shows on those fields; a 401 is left to the session handler.
 */
async function sentOrShown(call: Promise<Answer>): Promise<Answer> {
  try {
    return await call;
  } catch (error) {
    const fields = Object.keys(fieldMessagesOf(error));
    const onForm = fields.length > 0 && fields.every((field) => FIELDS.includes(field));
    if (!onForm && !(error instanceof ApiError && error.status === 401))
      toast.error(t(generalErrorText(error)), { duration: ERROR_TOAST_MS });
    throw error;
  }
}

/** The modal's machine: the domain's simulation form, sent through the screen's calls. */
export function simulationMachineFor(moduleId: number, calls: SimulationModalProps['calls']) {
  return incidentSimulationMachine.provide({
    actors: {
      save: fromPromise<Answer, IncidentSimulationValues>(({ input }) =>
        sentOrShown(calls.simulate(moduleId, incidentSimulationBody(input))),
      ),
    },
  });
}

/**
 * docs/product.md#modules Incident Simulation (5): incident and description, Send disabled until both are valid.
 * A module that takes no incidents (inactive, or its escalation not ready) says so before any call,
 * in the server's words, and Send stays disabled.
 */
export function SimulationModal({ module, calls, onClose }: SimulationModalProps) {
  const refusal = moduleIntakeRefusal(module);
  const sent = useCallback(
    (answer: Answer) => {
      const outcome = simulationOutcome(answer);
      if (outcome.ok) toast.success(t(outcome.message));
      else toast.error(t(outcome.message), { duration: ERROR_TOAST_MS });
      onClose();
    },
    [onClose],
  );
  const {
    values,
    errors,
    send,
    isSaving: isSending,
    isSaved: isSent,
  } = useRecordFormModal(
    () => simulationMachineFor(module.module_id, calls),
    incidentSimulationInput(fieldMessagesOf),
    sent,
  );
  const field = bindFields(values, errors, (name, value) => send({ type: 'CHANGE', field: name, value }));

  return (
    <FormModal
      title={t('Incident Simulation for {name}', { name: module.module_name })}
      busy={isSending}
      done={isSent}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
      submitLabel={t('Send')}
      submitDisabled={refusal !== null || !canSendSimulation(values)}
    >
      {refusal ? <Alert variant="warning">{t(refusal)}</Alert> : null}
      <TextField label={t('Incident')} required autoFocus {...field('incident')} />
      <TextField label={t('Description')} required {...field('description')} />
    </FormModal>
  );
}
