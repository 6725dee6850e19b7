import { fieldMessagesOf } from '@relevo/api';
import {
  slaRecordForm,
  SLA_UNIT_OPTIONS,
  emptySlaForm,
  slaFormFromSla,
  slaFormInput,
  slaFormLayout,
  slaResponseTimeMask,
  type Sla,
} from '@relevo/domain';
import { SelectField, TextField } from '@relevo/ui';
import { ActiveStatusField } from '../../shell/ActiveStatusField';
import { choiceOf } from '../../shell/form-choice';
import { RecordFormModal, useRecordForm, type RecordModalProps } from '../../shell/record-form-modal';
import { bindFields } from '../../shell/shown-errors';
import type { SlaCalls } from './sla-calls';
import '../../shell/form-grid.css';

export type SlaModalProps = RecordModalProps<'sla', Sla, Pick<SlaCalls, 'create' | 'update'>>;

/**
 * Create or edit an SLA (docs/product.md#slas): name, description, response time (two digits) with its unit
 * Minutes or Hours, and the status when editing. Values, layout and rules are the domain's SLA form.
 */
export function SlaModal({ sla, calls, onClose, onSaved }: SlaModalProps) {
  const mode = sla ? 'edit' : 'create';
  const form = useRecordForm(
    slaRecordForm,
    sla,
    calls,
    slaFormInput(mode, sla ? slaFormFromSla(sla) : emptySlaForm(), fieldMessagesOf),
    onSaved,
  );
  const { values, errors, send } = form;
  const field = bindFields<'sla_name' | 'sla_desc' | 'sla_response_time'>(values, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value: name === 'sla_response_time' ? slaResponseTimeMask(value) : value }),
  );

  return (
    <RecordFormModal noun="Service Level Agreement" editing={sla !== null} form={form} onClose={onClose}>
      <TextField label="Name" required autoFocus autoComplete="off" maxLength={100} {...field('sla_name')} />
      <TextField label="Description" autoComplete="off" maxLength={1000} {...field('sla_desc')} />
      <div className="form-grid">
        <TextField
          label="Response Time"
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          hint="1 to 99"
          {...field('sla_response_time')}
        />
        <SelectField
          label="Unit"
          required
          options={[...SLA_UNIT_OPTIONS]}
          {...choiceOf(form, 'sla_response_time_mult', (chosen) => (chosen === 'H' ? 'H' : 'M'))}
        />
      </div>
      {slaFormLayout(mode).hasStatus ? <ActiveStatusField name="sla_active" form={{ values, errors, send }} /> : null}
    </RecordFormModal>
  );
}
