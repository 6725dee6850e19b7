import { Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { never, storyCounts, storyUser } from '../../testing/fixtures';
import { PUSH_DEVICES, PUSH_PLAYS, type PushDeviceFixture } from '../../testing/push-devices';
import { StoryApp, screenMeta } from '../../testing/story-app';

const COUNTS = {
  loaded: async () => storyCounts,
  loading: never,
  failed: () => Promise.reject(new Error('We have a problem')),
};

interface ProfileProps {
  role: RoleId;
  phone?: string;
  counts?: keyof typeof COUNTS;
  /** this device for "Notify me on this device" (not subscribed unless the story says) */
  push?: PushDeviceFixture;
}

/** The real route table at /profile, signed in as a fixture user, with fixture counts and device. */
function Profile({ role, phone, counts = 'loaded', push = 'notSubscribed' }: ProfileProps) {
  return (
    <StoryApp
      routes={routes}
      at="/profile"
      user={storyUser(role, phone ? { phone } : {})}
      services={{ loadProfileCounts: COUNTS[counts], ownPushDevice: PUSH_DEVICES[push]() }}
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

/**
 * "Notify me on this device" (docs/product.md#push-notifications): the user gets the pushes of the
 * customer's resources with the user's e-mail. Each state of the device, the same control as the
 * responder page's.
 */
export const PushNotSubscribed: Story = {
  args: { role: Role.Customer, push: 'notSubscribed' },
  play: async (context) => {
    const screen = within(context.canvasElement.ownerDocument.body);
    await expect(
      await screen.findByText(/calls a resource of Demo Company whose e-mail is yours \(user@democompany\.demo\)/),
    ).toBeVisible();
    await PUSH_PLAYS.notSubscribed(context);
  },
};
export const PushSubscribed: Story = {
  args: { role: Role.CustomerRoot, push: 'subscribed' },
  play: PUSH_PLAYS.subscribed,
};
export const PushDenied: Story = { args: { role: Role.Customer, push: 'denied' }, play: PUSH_PLAYS.denied };
export const PushUnsupported: Story = {
  args: { role: Role.Customer, push: 'unsupported' },
  play: PUSH_PLAYS.unsupported,
};
export const PushWorking: Story = { args: { role: Role.Customer, push: 'working' }, play: PUSH_PLAYS.working };
export const PushFailed: Story = { args: { role: Role.Customer, push: 'failed' }, play: PUSH_PLAYS.failed };
export const PushBlockedOnAsking: Story = {
  args: { role: Role.Customer, push: 'blockedOnAsking' },
  play: PUSH_PLAYS.blockedOnAsking,
};
