import { fieldMessagesOf } from '@relevo/api';
import {
  MESSAGES,
  adminPasswordErrors,
  adminPasswordMachine,
  fullName,
  type AdminPasswordField,
  type User,
} from '@relevo/domain';
import { ConfirmDialog, FormModal } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { t } from '../../shell/i18n';
import { NewPasswordFields } from '../../shell/NewPasswordFields';
import { bindFields } from '../../shell/shown-errors';
import type { AdminPasswordBody } from './user-calls';

export interface AdminPasswordModalProps {
  /** the user whose password changes */
  user: Pick<User, 'id' | 'name' | 'last_name' | 'email'>;
  /** the call; a failure it has not shown on a field is already reported (docs/product.md#messages) */
  changePassword: (body: AdminPasswordBody) => Promise<unknown>;
  /** the change succeeded (the caller shows 'User password has been updated') */
  onChanged: () => void;
  /** cancelled at the confirmation or in the form */
  onClose: () => void;
}

/**
 * docs/product.md#user-lists row action 'change password': the warning confirmation first (docs/product.md#validation-rules), then the new
 * password and its confirmation, checked on every input; a failed change keeps the form open.
 */
export function AdminPasswordModal({ user, changePassword, onChanged, onClose }: AdminPasswordModalProps) {
  const [machine] = useState(() =>
    adminPasswordMachine.provide({ actors: { changePassword: fromPromise(({ input }) => changePassword(input)) } }),
  );
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
        message={t(MESSAGES.confirmPasswordChange)}
        onContinue={() => send({ type: 'CONTINUE' })}
      />
    );
  }

  const field = bindFields<AdminPasswordField>(context.values, adminPasswordErrors(context), (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  const showsFailure = state.matches('failed') && context.error && Object.keys(context.serverErrors).length === 0;

  return (
    <FormModal
      open={!isSaved && !isCancelled}
      title={t('Change User Password')}
      description={`${fullName(user)} (${user.email})`}
      busy={isSaving}
      done={isSaved}
      onCancel={() => send({ type: 'CANCEL' })}
      onSubmit={() => send({ type: 'SUBMIT' })}
      error={showsFailure && context.error ? t(context.error) : null}
    >
      <NewPasswordFields password={field('new_password')} confirm={field('confirm_password')} rules autoFocus />
    </FormModal>
  );
}
