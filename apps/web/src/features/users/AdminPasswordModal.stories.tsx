import { ApiError } from '@relevo/api';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { never } from '../../testing/fixtures';
import { expectProblem, storyBody as body } from '../../testing/story-dialogs';
import { storyUsers } from '../../testing/users';
import { AdminPasswordModal } from './AdminPasswordModal';

const CHANGES = {
  ok: async () => ({ Message: 'User password has been updated' }),
  pending: never,
  serverError: () => Promise.reject(new ApiError(500, null)),
};

/** The admin password change of a fixture user, with a fixture call. */
function AdminPasswordStory({ change = 'ok' }: { change?: keyof typeof CHANGES }) {
  return (
    <AdminPasswordModal
      user={storyUsers('customerUsers')[1]!}
      changePassword={CHANGES[change]}
      onChanged={() => undefined}
      onClose={() => undefined}
    />
  );
}

const meta = { title: 'Screens/Users/Admin password change', component: AdminPasswordStory } satisfies Meta<
  typeof AdminPasswordStory
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Continue on the warning, then wait until the form takes the pointer. */
async function continueToForm(canvasElement: HTMLElement) {
  const screen = body(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change User Password' });
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).toBe('auto'));
}

async function typePasswords(canvasElement: HTMLElement, next: string, confirm: string) {
  await continueToForm(canvasElement);
  const screen = body(canvasElement);
  await userEvent.type(screen.getByLabelText('New Password', { selector: 'input' }), next);
  await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), confirm);
}

/** docs/product.md#validation-rules: the warning confirmation comes first. */
export const ConfirmStep: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('alertdialog')).toHaveTextContent(
      "Are you sure you want to change this user's password?",
    );
  },
};

export const Form: Story = { play: async ({ canvasElement }) => continueToForm(canvasElement) };

/** docs/product.md#validation-rules: Save on the empty form, each field's required message. */
export const AllRequired: Story = {
  play: async ({ canvasElement }) => {
    await continueToForm(canvasElement);
    const dialog = body(canvasElement).getByRole('dialog', { name: 'Change User Password' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, dialog, 'New Password', 'New Password is required');
    await expectProblem(canvasElement, dialog, 'Confirm Password', 'Confirming your password is required');
  },
};
export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, 'New.Pass.2026', 'New.Pass.2027');
    await expectProblem(
      canvasElement,
      body(canvasElement).getByRole('dialog', { name: 'Change User Password' }),
      'Confirm Password',
      'Passwords do not match',
    );
  },
};

/** A rule failing as the new password is typed (docs/product.md#validation-rules: checked on every input). */
export const RuleFailing: Story = {
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, 'abcdefg1', 'abcdefg2');
    const screen = body(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: /^New Password: 2 problems/ }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Password must contain at least one uppercase letter',
    );
  },
};

export const Submitting: Story = {
  args: { change: 'pending' },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, 'New.Pass.2026', 'New.Pass.2026');
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(body(canvasElement).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

/** docs/product.md#messages: a failed change keeps the form open. */
export const ServerError: Story = {
  args: { change: 'serverError' },
  play: async ({ canvasElement }) => {
    await typePasswords(canvasElement, 'New.Pass.2026', 'New.Pass.2026');
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(await body(canvasElement).findByRole('alert')).toHaveTextContent(
      'We have some problems please contact support',
    );
  },
};
