import { AUTH_MESSAGES, MESSAGES, smsResetMachine, type MessageAnswer } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { never } from '../../testing/fixtures';
import { StoryApp, landed, screenMeta } from '../../testing/story-app';
import { expectProblem } from '../../testing/story-dialogs';
import { SmsResetPage } from './SmsResetPage';

type StartAnswer = { token: string };
const started = async (): Promise<StartAnswer> => ({ token: 'fixture-reset-token' });
const verified = async (): Promise<MessageAnswer> => ({ Message: MESSAGES.resetSmsDone });

/** The real SMS reset machine with fixture `requestCode` and `verifyCode` actors. */
const withActors = (requestCode: () => Promise<StartAnswer> = started, verifyCode: () => Promise<unknown> = verified) =>
  smsResetMachine.provide({ actors: { requestCode: fromPromise(requestCode), verifyCode: fromPromise(verifyCode) } });

function SmsReset({ machine = withActors() }: { machine?: typeof smsResetMachine }) {
  return (
    <StoryApp
      at="/reset_password/sms"
      routes={[
        { path: '/reset_password/sms', element: <SmsResetPage machine={machine} /> },
        landed('/login'),
        landed('/reset_password'),
      ]}
    />
  );
}

export default { title: 'Screens/Reset password/By SMS', ...screenMeta(SmsReset) };
type Story = StoryObj<typeof SmsReset>;

const PHONE = '7875550123';
const GOOD = 'Brand.New.2026';

async function submitPhone(canvasElement: HTMLElement, phone = PHONE) {
  const canvas = within(canvasElement);
  if (phone) await userEvent.type(canvas.getByLabelText('Phone'), phone);
  await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
}

/** Step 1 done: the code step is showing. */
async function toCodeStep(canvasElement: HTMLElement) {
  await submitPhone(canvasElement);
  await within(canvasElement).findByRole('heading', { name: 'Enter the verification code' });
}

async function submitCode(canvasElement: HTMLElement, values: { code?: string; password?: string; verified?: string }) {
  const canvas = within(canvasElement);
  if (values.code) await userEvent.type(canvas.getByLabelText('Verification code'), values.code);
  if (values.password) await userEvent.type(canvas.getByLabelText('Password'), values.password);
  if (values.verified) await userEvent.type(canvas.getByLabelText('Password verified'), values.verified);
  await userEvent.click(canvas.getByRole('button', { name: 'Verify' }));
}

// Step 1: phone
export const PhoneIdle: Story = {};

export const PhoneInvalid: Story = {
  play: async ({ canvasElement }) => {
    await submitPhone(canvasElement, '787555');
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^Phone: 1 problem/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Must be a valid phone number',
    );
  },
};

export const PhoneSubmitting: Story = {
  args: { machine: withActors(never) },
  play: async ({ canvasElement }) => {
    await submitPhone(canvasElement);
    await expect(within(canvasElement).getByRole('button', { name: 'Verify' })).toBeDisabled();
  },
};

export const PhoneFailed: Story = {
  args: { machine: withActors(() => Promise.reject(new Error(AUTH_MESSAGES.tooManyAttempts))) },
  play: async ({ canvasElement }) => {
    await submitPhone(canvasElement);
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyAttempts);
  },
};

// Step 2: code, password, password verified
export const CodeIdle: Story = {
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    // the new step announces itself: its heading has the focus
    await waitFor(() =>
      expect(within(canvasElement).getByRole('heading', { name: 'Enter the verification code' })).toHaveFocus(),
    );
  },
};

/** docs/product.md#validation-rules: every field of the SMS reset is required, each with its message. */
export const PhoneRequired: Story = {
  play: async ({ canvasElement }) => {
    await submitPhone(canvasElement, '');
    await expectProblem(canvasElement, canvasElement, 'Phone', 'Phone is required');
  },
};
export const CodeRequired: Story = {
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await submitCode(canvasElement, {});
    await expectProblem(canvasElement, canvasElement, 'Verification code', 'Verification code is required');
    await expectProblem(canvasElement, canvasElement, 'Password', 'Password is required');
    await expectProblem(canvasElement, canvasElement, 'Password verified', 'Password verified is required');
  },
};

export const CodeInvalid: Story = {
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await submitCode(canvasElement, { code: '12ab', password: 'short', verified: 'other' });
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(canvas.getByRole('button', { name: /^Password: \d problems?/ }));
    await expect(await within(canvasElement.ownerDocument.body).findByRole('tooltip')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
  },
};

export const CodeVerifying: Story = {
  args: { machine: withActors(started, never) },
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await submitCode(canvasElement, { code: '482913', password: GOOD, verified: GOOD });
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled();
  },
};

export const CodeFailed: Story = {
  args: { machine: withActors(started, () => Promise.reject(new Error(AUTH_MESSAGES.resetCodeWrong))) },
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await submitCode(canvasElement, { code: '111111', password: GOOD, verified: GOOD });
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetCodeWrong);
  },
};

export const CodeVoided: Story = {
  args: { machine: withActors(started, () => Promise.reject(new Error(AUTH_MESSAGES.resetCodeVoided))) },
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await submitCode(canvasElement, { code: '111111', password: GOOD, verified: GOOD });
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetCodeVoided);
  },
};

export const BackToPhone: Story = {
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Back' }));
    const heading = await within(canvasElement).findByRole('heading', { name: 'Enter your phone number' });
    await waitFor(() => expect(heading).toHaveFocus());
  },
};

// Step 3: done
export const Done: Story = {
  play: async ({ canvasElement }) => {
    await toCodeStep(canvasElement);
    await submitCode(canvasElement, { code: '482913', password: GOOD, verified: GOOD });
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: MESSAGES.resetSmsDone })).toBeVisible();
    await expect(canvas.getByRole('link', { name: MESSAGES.goToLogin })).toHaveAttribute('href', '/login');
  },
};
