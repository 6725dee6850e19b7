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
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { liveEmailResetMachine } from './reset-machines';
import { ButtonLink, ResetDone, ResetForm, ResetLinks, ResetRequestStep, ResetStep } from './ResetStep';
import { PLACE, around, translated } from './reset-text';
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
    ? t(MESSAGES.resetEmailDone)
    : isNewPassword
      ? t(MESSAGES.resetEmailConfirm)
      : isInbox
        ? t(MESSAGES.resetEmailCheckInbox)
        : t('Enter your email address');

  return (
    <PublicPage title={t('Reset password by email')}>
      <ResetStep step={step} of={4} heading={heading}>
        {isDone ? (
          <ResetDone />
        ) : isNewPassword ? (
          <NewPasswordStep state={state} send={send} />
        ) : isInbox ? (
          <InboxStep email={state.context.email.trim()} />
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

/** Step 2: the link is on its way (if the address has an account); how long it lasts; what if nothing comes. */
function InboxStep({ email }: { email: string }) {
  const [sentBefore, sentAfter] = around(
    t(
      'If an account uses {email}, we have sent it an email with a link to choose a new password. The link is valid for {minutes} minutes and works once.',
      { email: PLACE, minutes: RESET_LINK_TTL_SECONDS / 60 },
    ),
  );
  const [helpBefore, helpAfter] = around(
    t('Nothing after a few minutes? Check your spam folder and the address you typed, then {link}.', { link: PLACE }),
  );
  return (
    <>
      <p>
        {sentBefore}
        <strong className="reset-step__value">{email}</strong>
        {sentAfter}
      </p>
      <p className="reset-step__help">
        {helpBefore}
        <Link to="/reset_password">{t('ask again')}</Link>
        {helpAfter}
      </p>
      <ButtonLink to="/login">{t(MESSAGES.resetEmailGoToLogin)}</ButtonLink>
    </>
  );
}

function EmailStep({ state, send }: StepProps) {
  const { context } = state;
  const field = bindFields<'email'>(context, context.submitted ? emailStartErrors(context) : {}, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  return (
    <ResetRequestStep
      text={t(
        'Enter the email address of your account. If it matches one, we send it a link to choose a new password.',
      )}
      error={context.error}
      busy={state.matches('requestingLink')}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <TextField
        label={t('Email')}
        type="email"
        autoComplete="username"
        required
        autoFocus
        {...translated(field('email'))}
      />
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
        {t(
          'Choose a password of at least {length} characters with an uppercase letter, a lowercase letter, a number and a special character.',
          { length: PASSWORD_MIN_LENGTH },
        )}
      </p>
      <ResetForm error={context.error} onSubmit={() => send({ type: 'SUBMIT' })}>
        <NewPasswordFields
          password={translated(field('new_password'))}
          confirm={translated(field('confirm_password'))}
          autoFocus
        />
        <Button type="submit" variant="primary" block disabled={hasErrors} loading={isConfirming}>
          {t('Send')}
        </Button>
      </ResetForm>
      <ResetLinks>
        <Link to="/reset_password/email">{t('Request a new link')}</Link>
      </ResetLinks>
    </>
  );
}
