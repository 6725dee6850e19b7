import { CODE_TTL_SECONDS, MESSAGES, PREFERRED_COUNTRIES, SUPPORTED_COUNTRIES, smsPhoneErrors, smsVerifyErrors, type smsResetMachine } from '@relevo/domain';
import { Button, PasswordField, PhoneInput, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { Link } from 'react-router';
import { PublicPage } from '../../shell/PublicPage';
import { liveSmsResetMachine } from './reset-machines';
import { ResetDone, ResetForm, ResetLinks, ResetStep } from './ResetStep';
import { useShownErrors } from '../../shell/shown-errors';

export interface SmsResetPageProps {
  /** a pre-provided SMS reset machine (stories pass fixture actors) */
  machine?: typeof smsResetMachine;
}

type CodeField = 'smscod' | 'password' | 'password_verified';

/**
 * spec 2.9 by SMS, 3 steps: (1) phone, Verify; (2) code, password and password verified, Verify;
 * (3) 'Password successfully reset', Go to Login. spec 4: 1 to 2 when the phone call succeeds,
 * 2 to 3 when verify succeeds; a failed call shows its first message in a red alert (spec 8).
 */
export function SmsResetPage({ machine }: SmsResetPageProps) {
  const [state, send] = useMachine(machine ?? liveSmsResetMachine);
  const isCodeStep = state.matches('code') || state.matches('verifying');
  const isDone = state.matches('done');
  const step = isDone ? 3 : isCodeStep ? 2 : 1;
  const heading = isDone ? MESSAGES.resetSmsDone : isCodeStep ? 'Enter the verification code' : 'Enter your phone number';

  return (
    <PublicPage title="Reset password by SMS">
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
  const errors = context.submitted ? smsPhoneErrors(context) : {};
  return (
    <>
      <p className="reset-step__text">Enter the mobile number of your account. If it matches one, we send a 6-digit code to it by SMS.</p>
      <ResetForm error={context.error} onSubmit={() => send({ type: 'SUBMIT' })}>
        <PhoneInput
          label="Phone"
          name="phone"
          required
          autoFocus
          countries={SUPPORTED_COUNTRIES}
          preferredCountries={PREFERRED_COUNTRIES}
          value={context.phone}
          errors={errors.phone}
          onValueChange={(value) => send({ type: 'CHANGE', field: 'phone', value })}
        />
        <Button type="submit" variant="primary" block loading={state.matches('requestingCode')}>
          Verify
        </Button>
      </ResetForm>
      <ResetLinks>
        <Link to="/reset_password">Choose another way</Link>
      </ResetLinks>
    </>
  );
}

function CodeStep({ state, send }: StepProps) {
  const { context } = state;
  const { shown, edit } = useShownErrors<CodeField>(smsVerifyErrors(context), context.submitted);
  const change = (field: CodeField) => (value: string) => {
    edit(field);
    send({ type: 'CHANGE', field, value });
  };
  const isVerifying = state.matches('verifying');

  return (
    <>
      <p className="reset-step__text">
        If an account has the number <strong className="reset-step__value">{context.phone}</strong>, we have sent it a 6-digit code by SMS. The code is valid for{' '}
        {CODE_TTL_SECONDS / 60} minutes. Choose your new password below.
      </p>
      <ResetForm error={context.error} onSubmit={() => send({ type: 'SUBMIT' })}>
        <TextField
          label="Verification code"
          name="smscod"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={6}
          value={context.smscod}
          errors={shown('smscod')}
          onValueChange={change('smscod')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={context.password}
          errors={shown('password')}
          onValueChange={change('password')}
        />
        <PasswordField
          label="Password verified"
          name="password_verified"
          autoComplete="new-password"
          required
          value={context.password_verified}
          errors={shown('password_verified')}
          onValueChange={change('password_verified')}
        />
        <Button type="submit" variant="primary" block loading={isVerifying}>
          Verify
        </Button>
      </ResetForm>
      <p className="reset-step__help">No SMS after a few minutes? Go back, check the number and ask for a new code.</p>
      <ResetLinks>
        <Button variant="link" disabled={isVerifying} onClick={() => send({ type: 'BACK' })}>
          Back
        </Button>
      </ResetLinks>
    </>
  );
}
