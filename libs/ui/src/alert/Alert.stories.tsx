import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from './Alert';

const meta = {
  title: 'UI/Alert',
  component: Alert,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorAlert: Story = { name: 'Error', args: { variant: 'error', children: 'Incorrect email or password' } };
export const Success: Story = { args: { variant: 'success', children: 'Your verification code has been resent' } };
export const Info: Story = { args: { variant: 'info', children: 'We sent a 6-digit code to your e-mail.' } };
export const Warning: Story = {
  args: { variant: 'warning', title: 'Heads up', children: 'The resource configuration is incomplete or incorrect.' },
};
