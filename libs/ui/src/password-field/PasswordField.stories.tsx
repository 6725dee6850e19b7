import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';
import { PasswordField, type PasswordFieldProps } from './PasswordField';

function Controlled(props: Omit<PasswordFieldProps, 'value' | 'onValueChange'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <PasswordField {...rest} value={value} onValueChange={setValue} />;
}

const meta = {
  title: 'UI/PasswordField',
  component: Controlled,
  args: { label: 'New Password', autoComplete: 'new-password' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360, padding: 48, paddingTop: 120 }}>
        <Story />
      </div>
    ),
  ],
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
