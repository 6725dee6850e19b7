import { Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { never, storyCounts, storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';

const COUNTS = {
  loaded: async () => storyCounts,
  loading: never,
  failed: () => Promise.reject(new Error('We have a problem')),
};

/** The real route table at /profile, signed in as a fixture user, with fixture counts. */
function Profile({ role, phone, counts = 'loaded' }: { role: RoleId; phone?: string; counts?: keyof typeof COUNTS }) {
  return (
    <StoryApp
      routes={routes}
      at="/profile"
      user={storyUser(role, phone ? { phone } : {})}
      services={{ loadProfileCounts: COUNTS[counts] }}
    />
  );
}

export default { title: 'Screens/Profile', ...screenMeta(Profile) };
type Story = StoryObj<typeof Profile>;

/** The summary names the role, and the customer for customer users ('None (staff)' for staff). */
const showsRole =
  (label: string, customer: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const screen = within(canvasElement.ownerDocument.body);
    await expect(await screen.findByText(label, { selector: 'dd' })).toBeVisible();
    await expect(screen.getByText(customer, { selector: 'dd' })).toBeVisible();
  };

export const Customer: Story = {
  args: { role: Role.Customer, phone: '+17875550123' },
  play: showsRole('Customer', 'Demo Company'),
};
export const CustomerRoot: Story = {
  args: { role: Role.CustomerRoot },
  play: showsRole('Customer Root', 'Demo Company'),
};
export const Staff: Story = { args: { role: Role.StaffRoot }, play: showsRole('Staff Root', 'Relevo') };
export const StaffEdit: Story = { args: { role: Role.StaffEdit }, play: showsRole('Staff Edit', 'Relevo') };
export const StaffView: Story = { args: { role: Role.StaffView }, play: showsRole('Staff View', 'Relevo') };
export const CountsLoading: Story = { args: { role: Role.Customer, counts: 'loading' } };
export const CountsFailed: Story = { args: { role: Role.Customer, counts: 'failed' } };
export const ModifyPasswordOpen: Story = {
  args: { role: Role.CustomerRoot },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(await screen.findByRole('button', { name: 'Modify Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};
