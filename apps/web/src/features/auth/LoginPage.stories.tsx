import { ApiError } from '@relevo/api';
import { SSO_ERRORS, loginMachine } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { never } from '../../testing/fixtures';
import { expectProblem } from '../../testing/story-dialogs';
import { StoryApp, landed, screenMeta } from '../../testing/story-app';
import { LoginPage } from './LoginPage';

/** The real login machine with a fixture `login` actor. */
const withLogin = (login: () => Promise<{ access_token: string; token_type: 'bearer'; delivery: string[] }>) =>
  loginMachine.provide({ actors: { login: fromPromise(login) } });

interface LoginStoryProps {
  machine?: typeof loginMachine;
  /** the client settings offer single sign-on */
  sso?: boolean;
  at?: string;
  /** where the single sign-on button sent the browser */
  onStart?: (path: string) => void;
}

function Login({ machine, sso = false, at = '/login', onStart }: LoginStoryProps) {
  return (
    <StoryApp
      at={at}
      services={{
        loadClientSettings: async () => ({ version: '1.4.4', widget_script_url: null, sso }),
        startSingleSignOn: onStart ?? (() => undefined),
      }}
      routes={[
        { path: '/login', element: <LoginPage machine={machine} /> },
        landed('/authenticator'),
        landed('/reset_password'),
      ]}
    />
  );
}

export default { title: 'Screens/Sign-in/Login', ...screenMeta(Login) };
type Story = StoryObj<typeof Login>;

async function fill(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  if (email) await userEvent.type(canvas.getByLabelText('Email'), email);
  if (password) await userEvent.type(canvas.getByLabelText('Password'), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Login' }));
}

export const Idle: Story = {};

export const InvalidFields: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'ana@', '');
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, canvasElement, 'Email', 'Must be a valid email address');
    await userEvent.hover(canvas.getByRole('button', { name: /^Email: 1 problem/ }));
  },
};

/** docs/product.md#validation-rules: both fields required, each with its message. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, '', '');
    await expectProblem(canvasElement, canvasElement, 'Email', 'Email is required');
    await expectProblem(canvasElement, canvasElement, 'Password', 'Password is required');
  },
};

export const Submitting: Story = {
  args: { machine: withLogin(never) },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'user@democompany.demo', 'User.Demo.2026');
    await expect(within(canvasElement).getByRole('button', { name: 'Login' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { machine: withLogin(() => Promise.reject(new Error('Incorrect email or password'))) },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'user@democompany.demo', 'Wrong.Password1');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Incorrect email or password');
  },
};

export const RateLimited: Story = {
  args: { machine: withLogin(() => Promise.reject(new Error('Too many attempts. Please try again later.'))) },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'user@democompany.demo', 'Wrong.Password1');
    await within(canvasElement).findByRole('alert');
  },
};

/** docs/product.md#messages: no answer from the server. */
export const NoResponse: Story = {
  args: { machine: withLogin(() => Promise.reject(new ApiError(0, null))) },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'user@democompany.demo', 'User.Demo.2026');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('We have a problem');
  },
};

/** docs/product.md#messages: a 500 from the server. */
export const ServerError: Story = {
  args: { machine: withLogin(() => Promise.reject(new ApiError(500, null))) },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'user@democompany.demo', 'User.Demo.2026');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'We have some problems please contact support',
    );
  },
};

const started: string[] = [];

/** docs/product.md#single-sign-on: the button checks the e-mail, then leaves for the provider. */
export const SingleSignOn: Story = {
  args: { sso: true, onStart: (path) => started.push(path) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Sign in with single sign-on' });
    await userEvent.click(button);
    await expectProblem(canvasElement, canvasElement, 'Email', 'Email is required');
    await userEvent.type(canvas.getByLabelText('Email'), 'Ana@Acme.example');
    await userEvent.click(button);
    await expect(started.at(-1)).toBe('/api/auth/sso/start?email=ana%40acme.example');
  },
};

/** docs/product.md#single-sign-on: back from the provider without a sign-in, with the reason. */
export const SingleSignOnRefused: Story = {
  args: { sso: true, at: '/login?sso_error=account' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(SSO_ERRORS.account);
  },
};
