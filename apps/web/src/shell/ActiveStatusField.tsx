import { ACTIVE_FLAG_OPTIONS, type YesNo } from '@relevo/domain';
import { SelectField } from '@relevo/ui';
import { choiceOf, type BoundForm } from './form-choice';
import { t } from './i18n';

/** The fields of a form's values that hold an active flag. */
type FlagField<Values> = {
  [F in Extract<keyof Values, string>]: Values[F] extends YesNo ? F : never;
}[Extract<keyof Values, string>];

export interface ActiveStatusFieldProps<Values extends object> {
  /** the form's active flag field (`module_active`, `sla_active`, ...) */
  name: FlagField<Values>;
  /** the record form the field belongs to */
  form: BoundForm<Values>;
}

/** The Status field of a catalogue modal (docs/product.md#states-and-transitions: shown on edit only; Y/N read ACTIVE/INACTIVE). */
export function ActiveStatusField<Values extends object>({ name, form }: ActiveStatusFieldProps<Values>) {
  const choice = choiceOf(form, name, (chosen) => (chosen === 'N' ? 'N' : 'Y') as Values[typeof name]);
  const options = ACTIVE_FLAG_OPTIONS.map((option) => ({ ...option, text: t(option.text) }));
  return <SelectField label={t('Status')} required options={options} {...choice} />;
}
