import { Role, type RoleId } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { never, storyCounts, storyUser } from '../../testing/fixtures';
import { StoryApp } from '../../testing/story-app';

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
      services={{ loadProfileCounts: COUNTS[counts], loadClientSettings: async () => ({ version: '1.4.4', widget_script_url: null }) }}
    />
  );
}

const meta = { title: 'Screens/Profile', component: Profile, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Profile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Customer: Story = { args: { role: Role.Customer, phone: '+17875550123' } };
export const Staff: Story = { args: { role: Role.StaffRoot } };
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
