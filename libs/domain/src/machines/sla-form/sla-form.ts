import type { Sla } from '../../entities/sla';
import {
  emptySlaForm,
  slaCreateBody,
  slaFormErrors,
  slaFormFields,
  slaUpdateBody,
  type SlaFormMode,
  type SlaFormValues,
} from '../../rules/sla-form';
import {
  recordFormKit,
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/**
 * The SLA modal (docs/product.md#slas) runs on the record-form machine, typed by its values and by the stored
 * SLA its save answers. The rules are those of `slaFormErrors`; the `save` actor
 * (`fromPromise<Sla, SlaFormValues>`) sends `slaCreateBody` or `slaUpdateBody`.
 */
export const slaFormMachine = recordFormMachineFor<SlaFormValues, Sla>();

/** The SLA form as its create-or-edit modal saves it (docs/product.md#slas). */
export const slaRecordForm = recordFormKit(slaFormMachine, slaFormFields, {
  id: (sla) => sla.sla_id,
  createBody: slaCreateBody,
  updateBody: slaUpdateBody,
});

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
