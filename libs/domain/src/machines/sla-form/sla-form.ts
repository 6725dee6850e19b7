import type { Sla } from '../../entities/sla';
import { emptySlaForm, slaFormErrors, type SlaFormMode, type SlaFormValues } from '../../rules/sla-form';
import { recordFormMachineFor, type FieldErrors, type RecordFormInput } from '../record-form/record-form.machine';

/**
 * The SLA modal (docs/product.md#slas) runs on the record-form machine, typed by its values and by the stored
 * SLA its save answers. The rules are those of `slaFormErrors`; the `save` actor
 * (`fromPromise<Sla, SlaFormValues>`) sends `slaCreateBody` or `slaUpdateBody`.
 */
export const slaFormMachine = recordFormMachineFor<SlaFormValues, Sla>();

export function slaFormInput(
  mode: SlaFormMode,
  values: SlaFormValues = emptySlaForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<SlaFormValues> {
  return {
    values: { ...values },
    validate: (current) => slaFormErrors(current, mode),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
