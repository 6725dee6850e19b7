import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  RESET_LINK_TTL_SECONDS,
  emailConfirmErrors,
  emailStartErrors,
  type emailResetMachine,
} from '@relevo/domain';
import { Button, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router';
import { PublicPage } from '../../shell/PublicPage';
import { liveEmailResetMachine } from './reset-machines';
import { ButtonLink, ResetDone, ResetForm, ResetLinks, ResetRequestStep, ResetStep } from './ResetStep';
import { bindFields, useBoundFields } from '../../shell/shown-errors';
import { NewPasswordFields } from '../../shell/NewPasswordFields';

export interface EmailResetPageProps {
  /** the token of the e-mailed link (/reset_password/email/:token); the screen then starts at step 3 */
  token?: string | null;
  /** a pre-provided e-mail reset machine (stories pass fixture actors) */
  machine?: typeof emailResetMachine;
}

type PasswordFieldName = 'new_password' | 'confirm_password';

/**
 * docs/product.md#password-reset by e-mail, 4 steps: (1) e-mail, Verify; (2) 'Verify your email address', Go to login;
 * (3) from the link: 'Login and confirm your new password', Send; (4) 'Password was successfully
 * updated'. docs/product.md#states-and-transitions: 1 to 2 and 3 to 4 on success; a failed call shows its first message in a red
 * alert (docs/product.md#messages).
 */
export function EmailResetPage({ token = null, machine }: EmailResetPageProps) {
  const [state, send] = useMachine(machine ?? liveEmailResetMachine, { input: { token } });
  const isInbox = state.matches('checkInbox');
  const isNewPassword = state.matches('newPassword') || state.matches('confirming');
  const isDone = state.matches('done');
  const step = isDone ? 4 : isNewPassword ? 3 : isInbox ? 2 : 1;
  const heading = isDone
    ? MESSAGES.resetEmailDone
    : isNewPassword
      ? MESSAGES.resetEmailConfirm
      : isInbox
        ? MESSAGES.resetEmailCheckInbox
        : 'Enter your email address';

  return (
    <PublicPage title="Reset password by email">
      <ResetStep step={step} of={4} heading={heading}>
        {isDone ? (
          <ResetDone />
        ) : isNewPassword ? (
          <NewPasswordStep state={state} send={send} />
        ) : isInbox ? (
          <>
            <p>
              If an account uses <strong className="reset-step__value">{state.context.email.trim()}</strong>, we have
              sent it an email with a link to choose a new password. The link is valid for {RESET_LINK_TTL_SECONDS / 60}{' '}
              minutes and works once.
            </p>
            <p className="reset-step__help">
              Nothing after a few minutes? Check your spam folder and the address you typed, then{' '}
              <Link to="/reset_password">ask again</Link>.
            </p>
            <ButtonLink to="/login">{MESSAGES.resetEmailGoToLogin}</ButtonLink>
          </>
        ) : (
          <EmailStep state={state} send={send} />
        )}
      </ResetStep>
    </PublicPage>
  );
}

type Machine = ReturnType<typeof useMachine<typeof emailResetMachine>>;
interface StepProps {
  state: Machine[0];
  send: Machine[1];
}

function EmailStep({ state, send }: StepProps) {
  const { context } = state;
  const field = bindFields<'email'>(context, context.submitted ? emailStartErrors(context) : {}, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  return (
    <ResetRequestStep
      text="Enter the email address of your account. If it matches one, we send it a link to choose a new password."
      error={context.error}
      busy={state.matches('requestingLink')}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField label="Email" type="email" autoComplete="username" required autoFocus {...field('email')} />
    </ResetRequestStep>
  );
}

function NewPasswordStep({ state, send }: StepProps) {
  const { context } = state;
  // docs/product.md#validation-rules: the own-password modal's rules and messages, checked on every input; Send stays
  // disabled while either field has a failed rule
  const errors = emailConfirmErrors(context);
  const hasErrors = Object.keys(errors).length > 0;
  const field = useBoundFields<PasswordFieldName>(context, errors, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  const isConfirming = state.matches('confirming');

  return (
    <>
      <p className="reset-step__text">
        Choose a password of at least {PASSWORD_MIN_LENGTH} characters with an uppercase letter, a lowercase letter, a
        number and a special character.
      </p>
      <ResetForm error={context.error} onSubmit={() => send({ type: 'SUBMIT' })}>
        <NewPasswordFields password={field('new_password')} confirm={field('confirm_password')} autoFocus />
        <Button type="submit" variant="primary" block disabled={hasErrors} loading={isConfirming}>
          Send
        </Button>
      </ResetForm>
      <ResetLinks>
        <Link to="/reset_password/email">Request a new link</Link>
      </ResetLinks>
    </>
  );
}
