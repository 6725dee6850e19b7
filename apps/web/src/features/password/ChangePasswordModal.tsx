import { changeOwnPassword } from '@relevo/api';
import { changePasswordErrors, changePasswordMachine, passwordRuleResults } from '@relevo/domain';
import { FormModal, Icon, PasswordField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';
import { reported } from '../../shell/report-error';
import { useService } from '../../shell/services';
import { useShownErrors } from '../../shell/shown-errors';
import './ChangePasswordModal.css';

/** Own password change (spec 7 PUT api/management/password/change/); a failure goes through the general handler (spec 8). */
export const liveChangePasswordMachine = changePasswordMachine.provide({
  actors: { changePassword: fromPromise(({ input }) => reported(api.call(changeOwnPassword, { body: input }))) },
});

type Field = 'current_password' | 'new_password' | 'confirm_password';

export interface ChangePasswordModalProps {
  open: boolean;
  /** force_change_password: opens by itself and cannot be dismissed (spec 2.5) */
  forced: boolean;
  onClose: () => void;
  /** the change succeeded (the caller shows the toast and reloads the session user) */
  onChanged: () => void;
  machine?: typeof changePasswordMachine;
}

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

  const { shown, edit } = useShownErrors<Field>(changePasswordErrors(context), attempted);
  const change = (field: Field) => (value: string) => {
    edit(field);
    send({ type: 'CHANGE', field, value });
  };

  return (
    <FormModal
      title="Change Password"
      description={context.forced ? 'Your password must be changed before you continue.' : undefined}
      busy={isSubmitting}
      done={isDone}
      // a forced change has no way out but a new password
      onCancel={context.forced ? undefined : () => send({ type: 'CANCEL' })}
      onSubmit={() => {
        setAttempted(true);
        send({ type: 'SUBMIT' });
      }}
      error={state.matches('failed') ? context.error : null}
    >
      <PasswordField
        label="Current Password"
        name="current_password"
        autoComplete="current-password"
        required
        autoFocus
        value={context.current_password}
        errors={shown('current_password')}
        onValueChange={change('current_password')}
      />
      <PasswordField
        label="New Password"
        name="new_password"
        autoComplete="new-password"
        required
        value={context.new_password}
        errors={shown('new_password')}
        onValueChange={change('new_password')}
        hint={<PasswordRules value={context.new_password} />}
      />
      <PasswordField
        label="Confirm Password"
        name="confirm_password"
        autoComplete="new-password"
        required
        value={context.confirm_password}
        errors={shown('confirm_password')}
        onValueChange={change('confirm_password')}
      />
    </FormModal>
  );
}

/** The rules of spec 5, each marked met or not as the new password is typed. */
export function PasswordRules({ value }: { value: string }) {
  return (
    <ul className="password-rules" aria-label="Password rules">
      {passwordRuleResults(value).map((rule) => (
        <li key={rule.rule} className={rule.ok ? 'password-rules__item password-rules__item--ok' : 'password-rules__item'}>
          <Icon name={rule.ok ? 'check' : 'close'} size={14} />
          <span>
            {rule.message}
            <span className="rl-visually-hidden">{rule.ok ? ' (met)' : ' (not met)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
