import { emptyUserForm, userFormErrors, type UserFormSetup, type UserFormValues } from '../../rules/user-form';
import type { FieldErrors, RecordFormInput, RecordValues } from '../record-form/record-form.machine';

/**
 * The user modal (spec 2.10) runs on the record-form machine: this is its input. Values start empty
 * (create) or from the user being edited; the rules are those of `userFormErrors` for the screen,
 * the mode and the signed-in role. The `save` actor receives the UserFormValues and turns them into
 * the wire body with `userFormBody`.
 */
export function userFormInput(
  setup: UserFormSetup,
  values: UserFormValues = emptyUserForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput {
  return {
    values: { ...values },
    validate: (current: RecordValues) => userFormErrors(current as unknown as UserFormValues, setup) as FieldErrors,
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
