import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './TextField';
import { fieldColumn, withOwnValue } from '../field/field-stories';

const Controlled = withOwnValue(TextField);

const meta = {
  title: 'UI/TextField',
  component: Controlled,
  args: { label: 'Email', type: 'email', autoComplete: 'email' },
  decorators: [fieldColumn()],
} satisfies Meta<typeof Controlled>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Filled: Story = { args: { initial: 'user@democompany.demo' } };
export const Required: Story = { args: { required: true } };
export const WithHint: Story = { args: { label: 'Verification code', hint: 'The 6-digit code we sent you' } };
export const Disabled: Story = {
  args: { initial: 'root@democompany.demo', disabled: true, hint: 'The e-mail cannot be changed' },
};
export const Invalid: Story = {
  args: { initial: 'user@', required: true, errors: ['Must be a valid email address'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.hover(canvas.getByRole('button', { name: /problem/ }));
  },
};
