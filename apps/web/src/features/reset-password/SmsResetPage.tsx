import {
  CODE_TTL_SECONDS,
  MESSAGES,
  PREFERRED_COUNTRIES,
  SUPPORTED_COUNTRIES,
  smsPhoneErrors,
  smsVerifyErrors,
  type smsResetMachine,
} from '@relevo/domain';
import { Button, PhoneInput, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { t } from '../../shell/i18n';
import { PublicPage } from '../../shell/PublicPage';
import { liveSmsResetMachine } from './reset-machines';
import { ResetDone, ResetForm, ResetLinks, ResetRequestStep, ResetStep } from './ResetStep';
import { PLACE, around, translated } from './reset-text';
import { bindFields, useBoundFields } from '../../shell/shown-errors';
import { NewPasswordFields } from '../../shell/NewPasswordFields';

export interface SmsResetPageProps {
  /** a pre-provided SMS reset machine (stories pass fixture actors) */
  machine?: typeof smsResetMachine;
}

type CodeField = 'smscod' | 'password' | 'password_verified';

/**
 * docs/product.md#password-reset by SMS, 3 steps: (1) phone, Verify; (2) code, password and password verified, Verify;
 * (3) 'Password successfully reset', Go to Login. docs/product.md#states-and-transitions: 1 to 2 when the phone call succeeds,
 * 2 to 3 when verify succeeds; a failed call shows its first message in a red alert (docs/product.md#messages).
 */
export function SmsResetPage({ machine }: SmsResetPageProps) {
  const [state, send] = useMachine(machine ?? liveSmsResetMachine);
  const isCodeStep = state.matches('code') || state.matches('verifying');
  const isDone = state.matches('done');
  const step = isDone ? 3 : isCodeStep ? 2 : 1;
  const heading = isDone
    ? t(MESSAGES.resetSmsDone)
    : isCodeStep
      ? t('Enter the verification code')
      : t('Enter your phone number');

  return (
    <PublicPage title={t('Reset password by SMS')}>
      <ResetStep step={step} of={3} heading={heading}>
        {isDone ? (
          <ResetDone />
        ) : isCodeStep ? (
          <CodeStep state={state} send={send} />
        ) : (
          <PhoneStep state={state} send={send} />
        )}
      </ResetStep>
    </PublicPage>
  );
}

type Machine = ReturnType<typeof useMachine<typeof smsResetMachine>>;
interface StepProps {
  state: Machine[0];
  send: Machine[1];
}

function PhoneStep({ state, send }: StepProps) {
  const { context } = state;
  const field = bindFields<'phone'>(context, context.submitted ? smsPhoneErrors(context) : {}, (name, value) =>
    send({ type: 'CHANGE', field: name, value }),
  );
  return (
    <ResetRequestStep
      text={t('Enter the mobile number of your account. If it matches one, we send a 6-digit code to it by SMS.')}
      error={context.error}
      busy={state.matches('requestingCode')}
      onSubmit={() => send({ type: 'SUBMIT' })}
    >
      <PhoneInput
        label={t('Phone')}
        required
        autoFocus
        countries={SUPPORTED_COUNTRIES}
        preferredCountries={PREFERRED_COUNTRIES}
        {...translated(field('phone'))}
      />
    </ResetRequestStep>
  );
}

function CodeStep({ state, send }: StepProps) {
  const { context } = state;
  const field = useBoundFields<CodeField>(
    context,
    smsVerifyErrors(context),
    (name, value) => send({ type: 'CHANGE', field: name, value }),
    context.submitted,
  );
  const isVerifying = state.matches('verifying');
  const [sentBefore, sentAfter] = around(
    t(
      'If an account has the number {phone}, we have sent it a 6-digit code by SMS. The code is valid for {minutes} minutes. Choose your new password below.',
      { phone: PLACE, minutes: CODE_TTL_SECONDS / 60 },
    ),
  );

  return (
    <>
      <p className="reset-step__text">
        {sentBefore}
        <strong className="reset-step__value">{context.phone}</strong>
        {sentAfter}
      </p>
      <ResetForm error={context.error} onSubmit={() => send({ type: 'SUBMIT' })}>
        <TextField
          label={t('Verification code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={6}
          {...translated(field('smscod'))}
        />
        <NewPasswordFields
          password={translated(field('password'))}
          confirm={translated(field('password_verified'))}
          labels={[t('Password'), t('Password verified')]}
        />
        <Button type="submit" variant="primary" block loading={isVerifying}>
          {t('Verify')}
        </Button>
      </ResetForm>
      <p className="reset-step__help">
        {t('No SMS after a few minutes? Go back, check the number and ask for a new code.')}
      </p>
      <ResetLinks>
        <Button variant="link" disabled={isVerifying} onClick={() => send({ type: 'BACK' })}>
          {t('Back')}
        </Button>
      </ResetLinks>
    </>
  );
}
