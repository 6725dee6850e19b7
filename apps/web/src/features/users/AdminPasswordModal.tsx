import { fieldMessagesOf } from '@relevo/api';
import { MESSAGES, adminPasswordErrors, adminPasswordMachine, fullName, type AdminPasswordField, type User } from '@relevo/domain';
import { ConfirmDialog, FormModal, PasswordField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { PasswordRules } from '../password/ChangePasswordModal';
import type { AdminPasswordBody } from './user-calls';

export interface AdminPasswordModalProps {
  /** the user whose password changes */
  user: Pick<User, 'id' | 'name' | 'last_name' | 'email'>;
  /** the call; a failure it has not shown on a field is already reported (spec 8) */
  changePassword: (body: AdminPasswordBody) => Promise<unknown>;
  /** the change succeeded (the caller shows 'User password has been updated') */
  onChanged: () => void;
  /** cancelled at the confirmation or in the form */
  onClose: () => void;
}

/**
 * spec 2.10 row action 'change password': the warning confirmation first (spec 5), then the new
 * password and its confirmation, checked on every input; a failed change keeps the form open.
 */
export function AdminPasswordModal({ user, changePassword, onChanged, onClose }: AdminPasswordModalProps) {
  const [machine] = useState(() => adminPasswordMachine.provide({ actors: { changePassword: fromPromise(({ input }) => changePassword(input)) } }));
  const [state, send] = useMachine(machine, { input: { userId: user.id, fieldErrorsOf: fieldMessagesOf } });
  const { context } = state;
  const isSaved = state.matches('saved');
  const isCancelled = state.matches('cancelled');
  const isSaving = state.matches('saving');

  // the machine ends once; tell the caller once, whatever it re-renders with
  const told = useRef(false);
  useEffect(() => {
    if (told.current || !(isSaved || isCancelled)) return;
    told.current = true;
    if (isSaved) onChanged();
    else onClose();
  }, [isSaved, isCancelled, onChanged, onClose]);

  if (state.matches('confirming')) {
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => {
          if (!open) send({ type: 'CANCEL' });
        }}
        message={MESSAGES.confirmPasswordChange}
        onContinue={() => send({ type: 'CONTINUE' })}
      />
    );
  }

  const errors = adminPasswordErrors(context);
  const change = (field: AdminPasswordField) => (value: string) => send({ type: 'CHANGE', field, value });
  const showsFailure = state.matches('failed') && context.error && Object.keys(context.serverErrors).length === 0;

  return (
    <FormModal
      open={!isSaved && !isCancelled}
      title="Change User Password"
      description={`${fullName(user)} (${user.email})`}
      busy={isSaving}
      done={isSaved}
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      error={showsFailure ? context.error : null}
    >
      <PasswordField
        label="New Password"
        name="new_password"
        autoComplete="new-password"
        required
        autoFocus
        value={context.values.new_password}
        errors={errors.new_password}
        onValueChange={change('new_password')}
        hint={<PasswordRules value={context.values.new_password} />}
      />
      <PasswordField
        label="Confirm Password"
        name="confirm_password"
        autoComplete="new-password"
        required
        value={context.values.confirm_password}
        errors={errors.confirm_password}
        onValueChange={change('confirm_password')}
      />
    </FormModal>
  );
}
