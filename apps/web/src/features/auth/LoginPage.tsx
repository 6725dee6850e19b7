import { APP_VERSION, MESSAGES, loginErrors, type loginMachine } from '@relevo/domain';
import { Alert, Button, PasswordField, TextField } from '@relevo/ui';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicPage } from '../../shell/PublicPage';
import { useService } from '../../shell/services';
import { liveLoginMachine } from './auth-machines';
import { bindFields } from '../../shell/shown-errors';

/** What the code step learns from the login answer: where the code went. */
export interface CodeStepState {
  delivery: string[];
}

export interface LoginPageProps {
  /** a pre-provided login machine (stories pass fixture actors) */
  machine?: typeof loginMachine;
}

/** docs/product.md#sign-in: e-mail and password, Login, 'Recovery password', version footer, red alert on failure. */
export function LoginPage({ machine }: LoginPageProps) {
  const provided = useService('loginMachine', liveLoginMachine);
  const [state, send] = useMachine(machine ?? provided, { input: {} });
  const navigate = useNavigate();
  const { context } = state;
  const field = bindFields<'email' | 'password'>(
    context,
    context.submitted ? loginErrors(context) : {},
    (name, value) => send({ type: 'CHANGE', field: name, value }),
  );
  const isDone = state.matches('done');

  useEffect(() => {
    if (isDone && state.output)
      navigate('/authenticator', { state: { delivery: state.output.delivery } satisfies CodeStepState });
  }, [isDone, state.output, navigate]);

  return (
    <PublicPage
      title="Sign in"
      intro="Use your e-mail and password; we then send you a verification code."
      footer={`version ${APP_VERSION}`}
    >
      <form
        className="public-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {state.matches('failed') && context.error ? <Alert variant="error">{context.error}</Alert> : null}
        <TextField label="Email" type="email" autoComplete="username" required autoFocus {...field('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...field('password')} />
        <Button type="submit" variant="primary" block loading={state.matches('submitting') || isDone}>
          Login
        </Button>
      </form>
      <div className="public-links">
        <Link to="/reset_password">{MESSAGES.recoveryLink}</Link>
      </div>
    </PublicPage>
  );
}
