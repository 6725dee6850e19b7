import { ApiError } from '@relevo/api';
import { AUTH_MESSAGES, Role, type RoleId, type User, type UserScreen } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { never } from '../../testing/fixtures';
import { duplicateEmail, storyCustomers, storyUsers } from '../../testing/users';
import { dialogReady, expectProblem, storyBody as body } from '../../testing/story-dialogs';
import { UserModal } from './UserModal';

const SAVES = {
  ok: async () => storyUsers('staffUsers')[0]!,
  pending: never<User>,
  duplicateEmail: () => Promise.reject(duplicateEmail()),
  serverError: () => Promise.reject(new ApiError(500, null)),
  wrongPassword: () =>
    Promise.reject(
      new ApiError(422, { detail: [{ loc: ['body', 'current_password'], msg: AUTH_MESSAGES.currentWrong }] }),
    ),
};

interface UserModalStoryProps {
  screen: UserScreen;
  actor: RoleId;
  editing?: boolean;
  /** edit the signed-in user's own row (the first fixture user of the screen) */
  self?: boolean;
  save?: keyof typeof SAVES;
}

/** Signed in as someone not listed, unless the story edits its own row. */
const OTHER_ACTOR_ID = 999;

/** The modal of one user screen, creating or editing a fixture user, with a fixture save. */
function UserModalStory({ screen, actor, editing = false, self = false, save = 'ok' }: UserModalStoryProps) {
  const user = editing || self ? (storyUsers(screen)[self ? 0 : 1] ?? null) : null;
  return (
    <UserModal
      screen={screen}
      actor={{ id: self && user ? user.id : OTHER_ACTOR_ID, role: actor }}
      user={user}
      save={SAVES[save]}
      loadCustomers={async () => ({ total: storyCustomers.length, list: storyCustomers })}
      onSaved={() => undefined}
      onClose={() => undefined}
    />
  );
}

const meta = { title: 'Screens/Users/User modal', component: UserModalStory } satisfies Meta<typeof UserModalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const pressSave = async (canvasElement: HTMLElement) => {
  await dialogReady(canvasElement);
  await userEvent.click(body(canvasElement).getByRole('button', { name: 'Save' }));
};

/** Save on the empty form: every required field shows its message. */
const invalid: Story['play'] = async ({ canvasElement }) => {
  await pressSave(canvasElement);
  const dialog = body(canvasElement).getByRole('dialog');
  await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  await expectProblem(canvasElement, dialog, 'Name', 'Name is required');
  await expectProblem(canvasElement, dialog, 'Last Name', 'Last name is required');
  await expectProblem(canvasElement, dialog, 'Email', 'Email is required');
  await expectProblem(canvasElement, dialog, 'Password', 'Password is required');
  await expectProblem(canvasElement, dialog, 'Confirm Password', 'Confirming your password is required');
  await expectProblem(canvasElement, dialog, 'Role', 'Role is required');
  if (within(dialog).queryByRole('combobox', { name: 'Customer' }))
    await expectProblem(canvasElement, dialog, 'Customer', 'Customer is required');
};

/** docs/product.md#user-lists: the role dropdown open, the roles the screen may not grant disabled. */
const roleDropdown: Story['play'] = async ({ canvasElement }) => {
  await dialogReady(canvasElement);
  await userEvent.click(body(canvasElement).getByRole('combobox', { name: 'Role' }));
  await body(canvasElement).findByRole('listbox');
};

const staff = { screen: 'staffUsers', actor: Role.StaffRoot } as const;
const customerUsers = { screen: 'customerUsers', actor: Role.StaffRoot } as const;
const own = { screen: 'ownUsers', actor: Role.CustomerRoot } as const;

export const StaffCreate: Story = { args: staff };
export const StaffEdit: Story = { args: { ...staff, editing: true } };
export const StaffInvalid: Story = { args: staff, play: invalid };
export const StaffRoleDropdown: Story = { args: staff, play: roleDropdown };

export const CustomerUserCreate: Story = { args: customerUsers };
export const CustomerUserEdit: Story = { args: { ...customerUsers, editing: true } };
export const CustomerUserInvalid: Story = { args: customerUsers, play: invalid };
export const CustomerUserRoleDropdown: Story = {
  args: customerUsers,
  play: async (context) => {
    await roleDropdown(context);
    await expect(body(context.canvasElement).getByRole('option', { name: 'Staff Root' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const OwnUserCreate: Story = { args: own };
export const OwnUserEdit: Story = { args: { ...own, editing: true } };
export const OwnUserInvalid: Story = { args: own, play: invalid };
export const OwnUserRoleDropdown: Story = { args: own, play: roleDropdown };

/** docs/product.md#validation-rules: a malformed e-mail, a password that breaks a rule, and a confirmation that differs. */
export const MalformedValues: Story = {
  args: own,
  play: async ({ canvasElement }) => {
    await dialogReady(canvasElement);
    const dialog = body(canvasElement).getByRole('dialog');
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'elena@');
    await userEvent.type(password, 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, dialog, 'Email', 'Must be a valid email address');
    await expectProblem(canvasElement, dialog, 'Password', 'Password must be at least 8 characters long');
    // the confirmation is compared once the password itself is acceptable
    await userEvent.clear(password);
    await userEvent.type(password, 'Strong.Pass1');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password', { selector: 'input' }), 'Strong.Pass2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, dialog, 'Confirm Password', 'Passwords do not match');
  },
};

async function fillNewUser(canvasElement: HTMLElement, email: string) {
  await dialogReady(canvasElement);
  const screen = body(canvasElement);
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Elena');
  await userEvent.type(screen.getByRole('textbox', { name: 'Last Name' }), 'Ruiz');
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'Strong.Pass1');
  await userEvent.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Strong.Pass1');
  await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Customer' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

/** docs/product.md#messages: a failed save keeps the modal open; a duplicate e-mail shows on the e-mail field. */
export const DuplicateEmail: Story = {
  args: { ...own, save: 'duplicateEmail' },
  play: async ({ canvasElement }) => {
    await fillNewUser(canvasElement, 'user@democompany.demo');
    const email = body(canvasElement).getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(body(canvasElement).getByRole('button', { name: /^Email: 1 problem/ }));
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent(
      'A user with this email already exists',
    );
  },
};

export const Saving: Story = {
  args: { ...own, save: 'pending' },
  play: async ({ canvasElement }) => {
    await fillNewUser(canvasElement, 'elena.ruiz@democompany.demo');
    await expect(body(canvasElement).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};

export const ServerError: Story = {
  args: { ...own, save: 'serverError' },
  play: async ({ canvasElement }) => {
    await fillNewUser(canvasElement, 'elena.ruiz@democompany.demo');
    await expect(await body(canvasElement).findByRole('alert')).toHaveTextContent(
      'We have some problems please contact support',
    );
  },
};

/** One's own row: role and status cannot be changed (no self demotion), and the modal says why. */
export const OwnRowEdit: Story = {
  args: { ...own, self: true },
  play: async ({ canvasElement }) => {
    await dialogReady(canvasElement);
    const screen = body(canvasElement);
    await expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    await expect(screen.getByRole('combobox', { name: 'Status' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByText('You cannot deactivate your own user or change its role.')).toBeVisible(),
    );
    // the phone is as stored: no password is asked
    await expect(screen.queryByLabelText('Current password', { selector: 'input' })).toBeNull();
  },
};
export const StaffOwnRowEdit: Story = { args: { ...staff, self: true } };

/** Typing a new phone on one's own row brings the current password field. */
async function typeOwnPhone(canvasElement: HTMLElement) {
  await dialogReady(canvasElement);
  const screen = body(canvasElement);
  await userEvent.type(screen.getByLabelText('Phone', { selector: 'input' }), '7875550199');
  return screen.findByLabelText('Current password', { selector: 'input' });
}

/** The current password field, shown once one's own phone differs from the stored one. */
export const OwnPhoneChange: Story = {
  args: { ...own, self: true },
  play: async ({ canvasElement }) => {
    await expect(await typeOwnPhone(canvasElement)).toBeVisible();
  },
};

/** Save without the current password: docs/product.md#validation-rules 'Current Password is required' on the field. */
export const OwnPhoneChangeWithoutPassword: Story = {
  args: { ...own, self: true },
  play: async ({ canvasElement }) => {
    const field = await typeOwnPhone(canvasElement);
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(body(canvasElement).getByRole('button', { name: /^Current password: 1 problem/ }));
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent('Current Password is required');
  },
};

/** A wrong current password: the server's 422 shows on the field and the modal stays open. */
export const OwnPhoneChangeWrongPassword: Story = {
  args: { ...own, self: true, save: 'wrongPassword' },
  play: async ({ canvasElement }) => {
    const field = await typeOwnPhone(canvasElement);
    await userEvent.type(field, 'Not.My.Pass1');
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(body(canvasElement).getByRole('button', { name: /^Current password: 1 problem/ }));
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent(
      'The current password is not correct',
    );
  },
};
