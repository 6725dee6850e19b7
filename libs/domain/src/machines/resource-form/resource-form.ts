import type { Resource } from '../../entities/resource';
import {
  emptyResourceForm,
  resourceCreateBody,
  resourceFormErrors,
  resourceFormFields,
  resourceUpdateBody,
  type ResourceFormMode,
  type ResourceFormValues,
} from '../../rules/resource-form';
import {
  recordFormKit,
  recordFormMachineFor,
  type FieldErrors,
  type RecordFormInput,
} from '../record-form/record-form.machine';

/**
 * The resource modal (docs/product.md#resources) runs on the record-form machine, typed by its values and by the
 * stored resource its save answers. The rules are those of `resourceFormErrors`; the `save` actor
 * (`fromPromise<Resource, ResourceFormValues>`) sends `resourceCreateBody` or `resourceUpdateBody`.
 */
export const resourceFormMachine = recordFormMachineFor<ResourceFormValues, Resource>();

/** The resource form as its create-or-edit modal saves it (docs/product.md#resources). */
export const resourceRecordForm = recordFormKit(resourceFormMachine, resourceFormFields, {
  id: (resource) => resource.resource_id,
  createBody: resourceCreateBody,
  updateBody: resourceUpdateBody,
});

export function resourceFormInput(
  mode: ResourceFormMode,
  values: ResourceFormValues = emptyResourceForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<ResourceFormValues> {
  return {
    values: { ...values },
    validate: (current) => resourceFormErrors(current, mode),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
