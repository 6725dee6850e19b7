import { fieldMessagesOf } from '@relevo/api';
import {
  escalationRecordForm,
  emptyEscalationForm,
  escalationFormFromEscalation,
  escalationFormInput,
  type Escalation,
} from '@relevo/domain';
import { TextField } from '@relevo/ui';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { t } from '../../shell/i18n';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { EscalationCalls } from './escalation-calls';

export type EscalationModalProps = RecordModalProps<
  'escalation',
  Escalation,
  Pick<EscalationCalls, 'create' | 'update'>
>;

/** docs/product.md#escalations modal: name, description, status (edit only). */
export function EscalationModal({ escalation, calls, onClose, onSaved }: EscalationModalProps) {
  const mode = escalation ? 'edit' : 'create';
  const { values, errors, send, isSaving, isSaved } = useRecordForm(
    escalationRecordForm,
    escalation,
    calls,
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
    <RecordFormModal
      noun={t('Escalation')}
      editing={escalation !== null}
      form={{ isSaving, isSaved, send }}
      onClose={onClose}
      open={!isSaved}
    >
      <TextField
        label={t('Name')}
        required
        autoFocus
        autoComplete="off"
        maxLength={100}
        {...field('escalation_name')}
      />
      <TextField label={t('Description')} autoComplete="off" maxLength={1000} {...field('escalation_desc')} />
      {mode === 'edit' ? <ActiveStatusField name="escalation_active" form={{ values, errors, send }} /> : null}
    </RecordFormModal>
  );
}
