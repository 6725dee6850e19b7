import { AUTH_MESSAGES, MESSAGES, emailResetMachine, type MessageAnswer } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { never } from '../../testing/fixtures';
import { StoryApp, landed, screenMeta } from '../../testing/story-app';
import { ResetPasswordPage } from './ResetPasswordPage';
import { EmailResetPage } from './EmailResetPage';

const linkSent = async (): Promise<MessageAnswer> => ({ Message: AUTH_MESSAGES.resetSent });
const updated = async (): Promise<MessageAnswer> => ({ Message: MESSAGES.resetEmailDone });

/** The real e-mail reset machine with fixture `requestLink` and `confirmReset` actors. */
const withActors = (requestLink: () => Promise<unknown> = linkSent, confirmReset: () => Promise<unknown> = updated) =>
  emailResetMachine.provide({
    actors: { requestLink: fromPromise(requestLink), confirmReset: fromPromise(confirmReset) },
  });

const TOKEN = 'Zm9yLXN0b3JpZXMtb25seS0xMjM0NTY3ODk';

function EmailReset({ machine = withActors(), token }: { machine?: typeof emailResetMachine; token?: string }) {
  return (
    <StoryApp
      at={token ? `/reset_password/email/${token}` : '/reset_password/email'}
      routes={[
        { path: '/reset_password/email/:token?', element: <EmailResetPage machine={machine} token={token} /> },
        landed('/login'),
        landed('/reset_password'),
      ]}
    />
  );
}

export default { title: 'Screens/Reset password/By e-mail', ...screenMeta(EmailReset) };
type Story = StoryObj<typeof EmailReset>;

const GOOD = 'Brand.New.2026';

async function submitEmail(canvasElement: HTMLElement, email: string) {
  const canvas = within(canvasElement);
  if (email) await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
}

async function typePasswords(canvasElement: HTMLElement, next: string, confirm: string) {
  const canvas = within(canvasElement);
  if (next) await userEvent.type(canvas.getByLabelText('New Password'), next);
  if (confirm) await userEvent.type(canvas.getByLabelText('Confirm Password'), confirm);
}

const send = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: 'Send' });

// Step 1: e-mail
export const EmailIdle: Story = {};

export const EmailInvalid: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, 'ana@');
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^Email: 1 problem/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Must be a valid email address',
    );
  },
};
/** docs/product.md#validation-rules: the e-mail is required. */
export const EmailRequired: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, '');
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Email: 1 problem/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Email is required',
    );
  },
};

export const EmailSubmitting: Story = {
  args: { machine: withActors(never) },
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, 'user@democompany.demo');
    await expect(within(canvasElement).getByRole('button', { name: 'Verify' })).toBeDisabled();
  },
};

export const EmailFailed: Story = {
  args: { machine: withActors(() => Promise.reject(new Error(AUTH_MESSAGES.tooManyAttempts))) },
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, 'user@democompany.demo');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
  },
};

// Step 2: check the inbox
export const CheckInbox: Story = {
  play: async ({ canvasElement }) => {
    await submitEmail(canvasElement, 'user@democompany.demo');
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: MESSAGES.resetEmailCheckInbox });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByRole('link', { name: MESSAGES.resetEmailGoToLogin })).toHaveAttribute('href', '/login');
  },
};

// Step 3: from the link's token
export const NewPasswordIdle: Story = {
  args: { token: TOKEN },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: MESSAGES.resetEmailConfirm })).toBeVisible();
    await expect(send(canvasElement)).toBeDisabled();
  },
};

/** Send stays disabled while the new password breaks a rule; the rules show on the help icon. */
export const SendDisabled: Story = {
  args: { token: TOKEN },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, 'abcdefg1', 'abcdefg1');
    await expect(send(canvasElement)).toBeDisabled();
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^New Password: \d problems?/ }));
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Password must contain at least one uppercase letter');
    await expect(tooltip).toHaveTextContent('Password must contain at least one special character');
  },
};

export const PasswordsDoNotMatch: Story = {
  args: { token: TOKEN },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, GOOD, 'Brand.New.2027');
    await expect(send(canvasElement)).toBeDisabled();
    await userEvent.click(within(canvasElement).getByRole('button', { name: /^Confirm Password: 1 problem/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Passwords do not match',
    );
  },
};

export const ReadyToSend: Story = {
  args: { token: TOKEN },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, GOOD, GOOD);
    await expect(send(canvasElement)).toBeEnabled();
  },
};

export const Confirming: Story = {
  args: { token: TOKEN, machine: withActors(linkSent, never) },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, GOOD, GOOD);
    await userEvent.click(send(canvasElement));
    await expect(send(canvasElement)).toBeDisabled();
  },
};

export const ConfirmFailed: Story = {
  args: {
    token: TOKEN,
    machine: withActors(linkSent, () => Promise.reject(new Error(AUTH_MESSAGES.resetLinkInvalid))),
  },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, GOOD, GOOD);
    await userEvent.click(send(canvasElement));
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetLinkInvalid);
  },
};

// Step 4: done
export const Done: Story = {
  args: { token: TOKEN },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, GOOD, GOOD);
    await userEvent.click(send(canvasElement));
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: MESSAGES.resetEmailDone });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByRole('link', { name: MESSAGES.goToLogin })).toHaveAttribute('href', '/login');
  },
};

/** The route itself: a token in the address starts the screen at step 3. */
export const FromTheLink: StoryObj<typeof ResetPasswordPage> = {
  render: () => (
    <StoryApp
      at={`/reset_password/email/${TOKEN}`}
      routes={[{ path: '/reset_password/email/:token?', element: <ResetPasswordPage /> }, landed('/login')]}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: MESSAGES.resetEmailConfirm })).toBeVisible();
  },
};
