import { ApiError } from '@relevo/api';
import { AUTH_MESSAGES, twoFactorMachine, type MessageAnswer } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { never } from '../../testing/fixtures';
import { StoryApp, landed, screenMeta } from '../../testing/story-app';
import type { CodeStepState } from './LoginPage';
import { AuthenticatorPage } from './AuthenticatorPage';

/** The real two-factor machine with fixture `verify` and `resend` actors. */
const withActors = (verify: () => Promise<unknown>, resend: () => Promise<MessageAnswer> = never) =>
  twoFactorMachine.provide({ actors: { verify: fromPromise(verify), resend: fromPromise(resend) } });

function CodeStep({ machine, delivery }: { machine?: typeof twoFactorMachine; delivery?: string[] }) {
  return (
    <StoryApp
      at={{ pathname: '/authenticator', state: delivery ? ({ delivery } satisfies CodeStepState) : null }}
      routes={[{ path: '/authenticator', element: <AuthenticatorPage machine={machine} /> }, landed('/login')]}
    />
  );
}

export default { title: 'Screens/Sign-in/Code step', ...screenMeta(CodeStep) };
type Story = StoryObj<typeof CodeStep>;

async function verify(canvasElement: HTMLElement, code: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Code'), code);
  await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
}

export const Idle: Story = { args: { delivery: ['e-mail'] } };
export const IdleByEmailAndSms: Story = { args: { delivery: ['e-mail', 'SMS'] } };

export const Verifying: Story = {
  args: { machine: withActors(never), delivery: ['e-mail'] },
  play: async ({ canvasElement }) => {
    await verify(canvasElement, '482913');
    await expect(within(canvasElement).getByRole('button', { name: 'Verify' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: {
    machine: withActors(() => Promise.reject(new Error('The verification code is not valid'))),
    delivery: ['e-mail'],
  },
  play: async ({ canvasElement }) => {
    await verify(canvasElement, '111111');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'The verification code is not valid',
    );
  },
};

export const MalformedCode: Story = {
  args: { delivery: ['e-mail'] },
  play: async ({ canvasElement }) => {
    await verify(canvasElement, '12ab');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.codeFormat);
  },
};
export const CodeRequired: Story = {
  args: { delivery: ['e-mail'] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Verify' }));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.codeRequired);
  },
};
/** Five wrong codes void it (docs/product.md#sign-in-sessions-and-secrets): the server's message. */
export const CodeVoided: Story = {
  args: {
    machine: withActors(() => Promise.reject(new ApiError(429, { detail: AUTH_MESSAGES.codeVoided }))),
    delivery: ['e-mail'],
  },
  play: async ({ canvasElement }) => {
    await verify(canvasElement, '111111');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.codeVoided);
  },
};
/** docs/product.md#messages: a 500 from the server. */
export const ServerError: Story = {
  args: { machine: withActors(() => Promise.reject(new ApiError(500, null))), delivery: ['e-mail'] },
  play: async ({ canvasElement }) => {
    await verify(canvasElement, '482913');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'We have some problems please contact support',
    );
  },
};

export const Resending: Story = {
  args: { machine: withActors(never, never), delivery: ['e-mail'] },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Resend Code' }));
  },
};

export const Resent: Story = {
  args: {
    machine: withActors(never, async () => ({ Message: 'Your verification code has been resent' })),
    delivery: ['e-mail'],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Resend Code' }));
    await expect(await within(canvasElement).findByText('Your verification code has been resent')).toBeVisible();
  },
};

export const ResendRefused: Story = {
  args: {
    machine: withActors(never, () =>
      Promise.reject(new Error('Too many codes requested. Please wait before asking for another one.')),
    ),
    delivery: ['e-mail'],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Resend Code' }));
    await within(canvasElement).findByRole('alert');
  },
};
