import { changeOwnPassword } from '@relevo/api';
import { changePasswordErrors, changePasswordMachine } from '@relevo/domain';
import { FormModal, PasswordField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';
import { t } from '../../shell/i18n';
import { reported } from '../../shell/report-error';
import { useService } from '../../shell/services';
import { useBoundFields, type BoundField } from '../../shell/shown-errors';
import { NewPasswordFields } from '../../shell/NewPasswordFields';

declare module '../../shell/services' {
  interface Services {
    changePasswordMachine: typeof changePasswordMachine;
  }
}

/** Own password change (docs/product.md#http-calls PUT api/management/password/change/); a failure goes through the general handler (docs/product.md#messages). */
export const liveChangePasswordMachine = changePasswordMachine.provide({
  actors: { changePassword: fromPromise(({ input }) => reported(api.call(changeOwnPassword, { body: input }))) },
});

type Field = 'current_password' | 'new_password' | 'confirm_password';

export interface ChangePasswordModalProps {
  open: boolean;
  /** force_change_password: opens by itself and cannot be dismissed (docs/product.md#layout) */
  forced: boolean;
  onClose: () => void;
  /** the change succeeded (the caller shows the toast and reloads the session user) */
  onChanged: () => void;
  machine?: typeof changePasswordMachine;
}

/** A bound field whose messages (the domain's rules) show in the reader's language. */
const translated = (field: BoundField): BoundField => ({ ...field, errors: field.errors?.map((error) => t(error)) });

/** A fresh machine each time the modal opens. */
export function ChangePasswordModal(props: ChangePasswordModalProps) {
  return props.open ? <ChangePasswordDialog {...props} /> : null;
}

function ChangePasswordDialog({ forced, onClose, onChanged, machine }: ChangePasswordModalProps) {
  const provided = useService('changePasswordMachine', liveChangePasswordMachine);
  const [state, send] = useMachine(machine ?? provided, { input: { forced } });
  const [attempted, setAttempted] = useState(false);
  const { context } = state;
  const isDone = state.matches('done');
  const isCancelled = state.matches('cancelled');
  const isSubmitting = state.matches('submitting');

  useEffect(() => {
    if (isDone) onChanged();
    else if (isCancelled) onClose();
  }, [isDone, isCancelled, onChanged, onClose]);

  const field = useBoundFields<Field>(
    context,
    changePasswordErrors(context),
    (name, value) => send({ type: 'CHANGE', field: name, value }),
    attempted,
  );

  return (
    <FormModal
      title={t('Change Password')}
      description={context.forced ? t('Your password must be changed before you continue.') : undefined}
      busy={isSubmitting}
      done={isDone}
      // a forced change has no way out but a new password
      onCancel={context.forced ? undefined : () => send({ type: 'CANCEL' })}
      onSubmit={() => {
        setAttempted(true);
        send({ type: 'SUBMIT' });
      }}
      error={state.matches('failed') && context.error ? t(context.error) : null}
    >
      <PasswordField
        label={t('Current Password')}
        autoComplete="current-password"
        required
        autoFocus
        {...translated(field('current_password'))}
      />
      <NewPasswordFields
        password={translated(field('new_password'))}
        confirm={translated(field('confirm_password'))}
        rules
      />
    </FormModal>
  );
}
