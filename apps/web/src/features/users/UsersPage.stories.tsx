import { Role, type RoleId, type UserScreen } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { playOffersReload, playShowsText, storyBody as body } from '../../testing/story-dialogs';
import { storyUserCalls, type StoryListState } from '../../testing/users';

const PATHS: Record<UserScreen, string> = {
  staffUsers: '/admin/users',
  customerUsers: '/customer/users',
  ownUsers: '/users',
};
const OWN_ROOT_ID = 10;

interface UsersStoryProps {
  screen: UserScreen;
  role: RoleId;
  list?: StoryListState;
}

/** The real route table at the screen's path, signed in as a fixture user, with fixture calls. */
function UsersStory({ screen, role, list = 'filled' }: UsersStoryProps) {
  const [userCalls] = useState(() => storyUserCalls(list));
  return (
    <StoryApp
      routes={routes}
      at={PATHS[screen]}
      // on Users, signed in as the listed Customer Root (Carlos Méndez); staff as Sofía Rivera (id 1)
      user={storyUser(role, screen === 'ownUsers' ? { id: OWN_ROOT_ID } : {})}
      services={{ userCalls }}
    />
  );
}

export default { title: 'Screens/Users', ...screenMeta(UsersStory) };
type Story = StoryObj<typeof UsersStory>;

const admin = { screen: 'staffUsers', role: Role.StaffRoot } as const;
const customerUsers = { screen: 'customerUsers', role: Role.StaffRoot } as const;
const own = { screen: 'ownUsers', role: Role.CustomerRoot } as const;

export const AdminUsersFilled: Story = { args: admin };
export const AdminUsersEmpty: Story = {
  args: { ...admin, list: 'empty' },
  play: playShowsText('No users found. Please add some users.'),
};
export const AdminUsersLoading: Story = { args: { ...admin, list: 'loading' } };
export const AdminUsersError: Story = { args: { ...admin, list: 'error' }, play: playOffersReload };

export const CustomerUsersFilled: Story = { args: customerUsers };
export const CustomerUsersEmpty: Story = {
  args: { ...customerUsers, list: 'empty' },
  play: playShowsText('No users found. Please add some users.'),
};
export const CustomerUsersLoading: Story = { args: { ...customerUsers, list: 'loading' } };
export const CustomerUsersError: Story = { args: { ...customerUsers, list: 'error' }, play: playOffersReload };
/** docs/product.md#roles-and-permissions: StaffEdit may create customer users but has no row actions. */
export const CustomerUsersAsStaffEdit: Story = { args: { ...customerUsers, role: Role.StaffEdit } };
/** docs/product.md#roles-and-permissions: StaffView sees neither Create nor the actions column. */
export const CustomerUsersAsStaffView: Story = {
  args: { ...customerUsers, role: Role.StaffView },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await screen.findByRole('cell', { name: 'Carlos' });
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  },
};

export const UsersFilled: Story = { args: own };
export const UsersEmpty: Story = {
  args: { ...own, list: 'empty' },
  play: playShowsText('No users found. Please add some users.'),
};
export const UsersLoading: Story = { args: { ...own, list: 'loading' } };
export const UsersError: Story = { args: { ...own, list: 'error' }, play: playOffersReload };

/** The 403 page (docs/product.md#route-guard, #roles-and-permissions) for a role outside a screen's set. */
const playRefused = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(await body(canvasElement).findByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
};
/** docs/product.md#roles-and-permissions: Admin Users is for Staff Root only. */
export const AdminUsersAsStaffEditRefused: Story = { args: { ...admin, role: Role.StaffEdit }, play: playRefused };
/** docs/product.md#sidebar-by-role, #roles-and-permissions: Users is the Customer Root's screen; the Customer is refused. */
export const UsersAsCustomerRefused: Story = { args: { ...own, role: Role.Customer }, play: playRefused };

/** docs/product.md#validation-rules and #messages: the warning confirmation before a delete. */
export const DeleteConfirmation: Story = {
  args: customerUsers,
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ana Torres' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to remove this user?',
    );
  },
};

/** Create opens the modal of the screen (Customer Users: role and customer). */
export const CreateOpen: Story = {
  args: customerUsers,
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** One's own row: Edit only, no Delete and no admin password change (the server refuses both). */
export const AdminUsersOwnRow: Story = {
  args: admin,
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('button', { name: 'Edit Sofía Rivera' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Delete Sofía Rivera' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Change password of Sofía Rivera' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Delete Elena Vega' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Change password of Elena Vega' })).toBeVisible();
  },
};

export const UsersOwnRow: Story = {
  args: own,
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('button', { name: 'Edit Carlos Méndez' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Delete Carlos Méndez' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Change password of Carlos Méndez' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Delete Ana Torres' })).toBeVisible();
  },
};
