import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField';
import { fieldColumn, withOwnValue } from '../field/field-stories';

const Controlled = withOwnValue(PasswordField);

const meta = {
  title: 'UI/PasswordField',
  component: Controlled,
  args: { label: 'New Password', autoComplete: 'new-password' },
  decorators: [fieldColumn(120)],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { initial: 'Secret.2026' } };
export const Shown: Story = {
  args: { initial: 'Secret.2026' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /show/i }));
  },
};
export const EveryRuleFailing: Story = {
  args: {
    initial: 'abc',
    errors: [
      'Password must be at least 8 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /problems/ }));
  },
};
