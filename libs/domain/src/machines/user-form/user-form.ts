import type { User } from '../../entities/user';
import { emptyUserForm, userFormErrors, type UserFormSetup, type UserFormValues } from '../../rules/user-form';
import { recordFormMachineFor, type FieldErrors, type RecordFormInput } from '../record-form/record-form.machine';

/**
 * The user modal (docs/product.md#user-lists) runs on the record-form machine, typed by its values and by the
 * stored user its save answers. Values start empty (create) or from the user being edited; the
 * rules are those of `userFormErrors` for the screen, the mode and the signed-in user. The `save`
 * actor (`fromPromise<User, UserFormValues>`) turns the values into the wire body with `userFormBody`.
 */
export const userFormMachine = recordFormMachineFor<UserFormValues, User>();

export function userFormInput(
  setup: UserFormSetup,
  values: UserFormValues = emptyUserForm(),
  fieldErrorsOf?: (error: unknown) => FieldErrors,
): RecordFormInput<UserFormValues> {
  return {
    values: { ...values },
    validate: (current) => userFormErrors(current, setup),
    ...(fieldErrorsOf ? { fieldErrorsOf } : {}),
  };
}
