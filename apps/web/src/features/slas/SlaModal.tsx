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
import { t } from '../../shell/i18n';
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
  const field = bindFields<'sla_name' | 'sla_desc' | 'sla_response_time'>(
    values,
    // the rules' and the server's messages, in the reader's language
    (name) => errors[name]?.map((message) => t(message)),
    (name, value) =>
      send({ type: 'CHANGE', field: name, value: name === 'sla_response_time' ? slaResponseTimeMask(value) : value }),
  );

  return (
    <RecordFormModal noun={t('Service Level Agreement')} editing={sla !== null} form={form} onClose={onClose}>
      <TextField label={t('Name')} required autoFocus autoComplete="off" maxLength={100} {...field('sla_name')} />
      <TextField label={t('Description')} autoComplete="off" maxLength={1000} {...field('sla_desc')} />
      <div className="form-grid">
        <TextField
          label={t('Response Time')}
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          hint={t('1 to 99')}
          {...field('sla_response_time')}
        />
        <SelectField
          label={t('Unit')}
          required
          options={SLA_UNIT_OPTIONS.map((option) => ({ ...option, text: t(option.text) }))}
          {...choiceOf(form, 'sla_response_time_mult', (chosen) => (chosen === 'H' ? 'H' : 'M'))}
          error={errors.sla_response_time_mult?.map((message) => t(message)).join(' ')}
        />
      </div>
      {slaFormLayout(mode).hasStatus ? <ActiveStatusField name="sla_active" form={{ values, errors, send }} /> : null}
    </RecordFormModal>
  );
}
