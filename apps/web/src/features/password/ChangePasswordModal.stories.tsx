import { changePasswordMachine } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { never } from '../../testing/fixtures';
import { expectProblem } from '../../testing/story-dialogs';
import { ChangePasswordModal } from './ChangePasswordModal';

/** The real change-password machine with a fixture `changePassword` actor. */
const withChange = (change: () => Promise<unknown>) =>
  changePasswordMachine.provide({ actors: { changePassword: fromPromise(change) } });

const noop = () => undefined;
const meta = {
  title: 'Screens/Change password',
  component: ChangePasswordModal,
  args: { open: true, forced: false, onClose: noop, onChanged: noop },
} satisfies Meta<typeof ChangePasswordModal>;
export default meta;
type Story = StoryObj<typeof meta>;

// the modal lives in a portal: look for it in the whole document
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Radix lets the pointer into the dialog a render after it opens; wait for that before typing. */
async function dialogReady(canvasElement: HTMLElement) {
  const dialog = await page(canvasElement).findByRole('dialog');
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).toBe('auto'));
  return dialog;
}

async function type(canvasElement: HTMLElement, values: { current?: string; next?: string; confirm?: string }) {
  await dialogReady(canvasElement);
  const screen = page(canvasElement);
  if (values.current) await userEvent.type(screen.getByLabelText('Current Password'), values.current);
  if (values.next) await userEvent.type(screen.getByLabelText('New Password'), values.next);
  if (values.confirm) await userEvent.type(screen.getByLabelText('Confirm Password'), values.confirm);
}

/** Types a new password breaking one rule and opens the field's help icon. */
const failing = (next: string, message: string): Story => ({
  play: async ({ canvasElement }) => {
    await type(canvasElement, { next });
    const screen = page(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: /^New Password: \d problems?/ }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(message);
  },
});

export const Empty: Story = {};
export const Forced: Story = { args: { forced: true } };

export const AllRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dialogReady(canvasElement);
    await userEvent.click(page(canvasElement).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, dialog, 'Current Password', 'Current Password is required');
    await expectProblem(canvasElement, dialog, 'New Password', 'New Password is required');
    await expectProblem(canvasElement, dialog, 'Confirm Password', 'Confirming your password is required');
  },
};
export const TooShort = failing('Ab1!', 'Password must be at least 8 characters long');
export const NoUppercase = failing('abcdef1!', 'Password must contain at least one uppercase letter');
export const NoLowercase = failing('ABCDEF1!', 'Password must contain at least one lowercase letter');
export const NoNumber = failing('Abcdefg!', 'Password must contain at least one number');
export const NoSpecialCharacter = failing('Abcdefg1', 'Password must contain at least one special character');

export const Mismatch: Story = {
  play: async ({ canvasElement }) => {
    await type(canvasElement, { current: 'Old.Pass.2025', next: 'New.Pass.2026', confirm: 'New.Pass.2027' });
    const screen = page(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: /^Confirm Password: 1 problem/ }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Passwords do not match');
  },
};

export const Submitting: Story = {
  args: { machine: withChange(never) },
  play: async ({ canvasElement }) => {
    await type(canvasElement, { current: 'Old.Pass.2025', next: 'New.Pass.2026', confirm: 'New.Pass.2026' });
    await userEvent.click(page(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(page(canvasElement).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

export const ServerError: Story = {
  args: { machine: withChange(() => Promise.reject(new Error('The current password is not correct'))) },
  play: async ({ canvasElement }) => {
    await type(canvasElement, { current: 'Wrong.Pass.2025', next: 'New.Pass.2026', confirm: 'New.Pass.2026' });
    await userEvent.click(page(canvasElement).getByRole('button', { name: 'Save' }));
    await expect(await page(canvasElement).findByRole('alert')).toHaveTextContent(
      'The current password is not correct',
    );
  },
};

export const ForcedServerError: Story = {
  args: {
    forced: true,
    machine: withChange(() => Promise.reject(new Error('The new password must differ from the current one'))),
  },
  play: async ({ canvasElement }) => {
    await type(canvasElement, { current: 'Same.Pass.2026', next: 'Same.Pass.2026', confirm: 'Same.Pass.2026' });
    await userEvent.click(page(canvasElement).getByRole('button', { name: 'Save' }));
    await page(canvasElement).findByRole('alert');
  },
};
