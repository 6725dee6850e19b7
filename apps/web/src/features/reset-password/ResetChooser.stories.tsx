import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { StoryApp, landed, screenMeta } from '../../testing/story-app';
import { ResetPasswordPage } from './ResetPasswordPage';

/** The chooser as the /reset_password route shows it. */
function Chooser() {
  return (
    <StoryApp
      at="/reset_password"
      routes={[
        { path: '/reset_password', element: <ResetPasswordPage /> },
        landed('/reset_password/sms'),
        landed('/reset_password/email'),
        landed('/login'),
      ]}
    />
  );
}

export default { title: 'Screens/Reset password/Chooser', ...screenMeta(Chooser) };
type Story = StoryObj<typeof Chooser>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Email' })).toHaveAttribute('href', '/reset_password/email');
    await expect(canvas.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', '/reset_password/sms');
    await expect(canvas.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  },
};

export const ChoosingSms: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'SMS' }));
    await expect(await canvas.findByText('Navigated to /reset_password/sms')).toBeVisible();
  },
};
