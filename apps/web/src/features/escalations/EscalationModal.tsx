import { fieldMessagesOf } from '@relevo/api';
import {
  emptyEscalationForm,
  escalationCreateBody,
  escalationFormFields,
  escalationFormFromEscalation,
  escalationFormInput,
  escalationFormMachine,
  escalationUpdateBody,
  type Escalation,
} from '@relevo/domain';
import { FormModal, TextField } from '@relevo/ui';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { savingRecord, useRecordFormModal, type RecordModalEnds } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { EscalationCalls } from './escalation-calls';

export interface EscalationModalProps extends RecordModalEnds<Escalation> {
  /** the escalation to edit; null creates one */
  escalation: Escalation | null;
  calls: Pick<EscalationCalls, 'create' | 'update'>;
}

/** docs/product.md#escalations modal: name, description, status (edit only). */
export function EscalationModal({ escalation, calls, onClose, onSaved }: EscalationModalProps) {
  const mode = escalation ? 'edit' : 'create';
  const { values, errors, send, isSaving, isSaved } = useRecordFormModal(
    () =>
      savingRecord(
        escalationFormMachine,
        escalation,
        {
          create: (values) => calls.create(escalationCreateBody(values)),
          update: ({ escalation_id }, values) => calls.update(escalation_id, escalationUpdateBody(values)),
        },
        escalationFormFields,
      ),
    escalationFormInput(
      mode,
      escalation ? escalationFormFromEscalation(escalation) : emptyEscalationForm(),
      fieldMessagesOf,
    ),
    onSaved,
  );
  const field = bindFields<'escalation_name' | 'escalation_desc'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );

  return (
    <FormModal
      open={!isSaved}
      title={escalation ? 'Edit Escalation' : 'Create Escalation'}
      busy={isSaving}
      done={isSaved}
      onCancel={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField label="Name" required autoFocus autoComplete="off" maxLength={100} {...field('escalation_name')} />
      <TextField label="Description" autoComplete="off" maxLength={1000} {...field('escalation_desc')} />
      {mode === 'edit' ? <ActiveStatusField name="escalation_active" form={{ values, errors, send }} /> : null}
    </FormModal>
  );
}
