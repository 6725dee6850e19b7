import { Role, SCHEDULE_MESSAGES, SCHEDULE_SCREEN_TEXTS, type RoleId } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { STORY_VIEWER_ZONE, storyScheduleCalls, type StoryScheduleOptions } from '../../testing/schedules';
import { StoryApp, screenMeta } from '../../testing/story-app';
import {
  dialogReady,
  expectProblem,
  expectSaving,
  openCreateDialog,
  playOffersReload,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';

/** The real route table at /schedules, signed in as a Demo Company user, with fixture calls. */
function Schedules({ role = Role.CustomerRoot, options = {} }: { role?: RoleId; options?: StoryScheduleOptions }) {
  const [calls] = useState(() => storyScheduleCalls(options));
  return <StoryApp routes={routes} at="/schedules" user={storyUser(role)} services={{ scheduleCalls: calls }} />;
}

export default {
  title: 'Screens/Schedules',
  ...screenMeta(Schedules),
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = StoryObj<typeof Schedules>;

const table = async (canvasElement: HTMLElement) => body(canvasElement).findByRole('table', { name: 'Schedules' });

/** Who is on call in each schedule now; a schedule with a gap within 14 days carries the warning. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(await table(canvasElement));
    const platform = (await rows.findByRole('link', { name: 'Platform on call' })).closest('tr')!;
    await expect(platform).toHaveTextContent('America/New_York');
    // Wednesday 15:00: Pedro's business hours are above Luis's week
    await expect(platform).toHaveTextContent('Pedro Gómez');
    const weekdays = rows.getByRole('link', { name: 'Weekday support' }).closest('tr')!;
    await expect(weekdays).toHaveTextContent('Nobody on call from Wed 11 Mar 20:00');
    const frontDesk = rows.getByRole('link', { name: 'Front desk' }).closest('tr')!;
    await expect(within(frontDesk).getByText(SCHEDULE_SCREEN_TEXTS.nobodyOnCall)).toBeVisible();
    await expect(rows.getByRole('link', { name: 'Platform on call' })).toHaveAttribute('href', '/schedules/1');
    await expect(body(canvasElement).getByText('Show 1 to 4 of 4 records')).toBeVisible();
  },
};

export const Empty: Story = { args: { options: { schedules: [] } }, play: playShowsText(SCHEDULE_SCREEN_TEXTS.empty) };
export const Loading: Story = { args: { options: { list: 'loading' } } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const LoadFailed: Story = { args: { options: { list: 'failed' } }, play: playOffersReload };

/** docs/product.md#roles-and-permissions: the Customer reads the list and opens a schedule, no Create, Edit or Delete. */
export const CustomerReadOnly: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const rows = within(await table(canvasElement));
    await expect(await rows.findByRole('link', { name: 'Platform on call' })).toBeVisible();
    await expect(body(canvasElement).queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(rows.queryByRole('button', { name: 'Edit Platform on call' })).toBeNull();
    await expect(rows.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  },
};

/** Searching by name. */
export const Searched: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await screen.findByRole('link', { name: 'Platform on call' });
    await userEvent.type(screen.getByRole('searchbox'), 'front');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Platform on call' })).toBeNull());
    await expect(screen.getByRole('link', { name: 'Front desk' })).toBeVisible();
  },
};

/** A new schedule starts in the viewer's zone, with no status and handoff notices off. */
export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreateDialog(canvasElement, 'Create Schedule');
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveDisplayValue(STORY_VIEWER_ZONE);
    await expect(within(dialog).getByRole('checkbox', { name: 'Send handoff notices' })).not.toBeChecked();
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
  },
};

/** Name required. */
export const CreateNameRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreateDialog(canvasElement, 'Create Schedule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Name', SCHEDULE_MESSAGES.nameRequired);
  },
};

/** Created: the toast, and the new schedule in the list. */
export const Created: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreateDialog(canvasElement, 'Create Schedule');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Weekend cover');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Time zone' }), 'America/Chicago');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Send handoff notices' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(SCHEDULE_SCREEN_TEXTS.created)).toBeVisible());
    const row = (await screen.findByRole('link', { name: 'Weekend cover' })).closest('tr')!;
    await expect(row).toHaveTextContent('America/Chicago');
  },
};

/** Editing shows what was saved, the status included. */
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Platform on call' }));
    const dialog = await dialogReady(canvasElement, 'Edit Schedule');
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Platform on call');
    await expect(within(dialog).getByRole('combobox', { name: 'Time zone' })).toHaveDisplayValue('America/New_York');
    await expect(within(dialog).getByRole('checkbox', { name: 'Send handoff notices' })).toBeChecked();
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
  },
};

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { options: { save: 'saving' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Platform on call' }));
    const dialog = await dialogReady(canvasElement, 'Edit Schedule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** A 500 on save: the general warning toast, the modal stays open with what was typed. */
export const SaveFailed: Story = {
  args: { options: { save: 'failed' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Platform on call' }));
    const dialog = await dialogReady(canvasElement, 'Edit Schedule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Platform on call');
  },
};

/** A schedule a step uses: the confirmation, then the server's 409 naming the escalation as the warning toast. */
export const DeleteInUse: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Platform on call' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(SCHEDULE_SCREEN_TEXTS.confirmDelete);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await expect(await screen.findByText(SCHEDULE_MESSAGES.inUse('Night shift'))).toBeInTheDocument();
    await expect(screen.getByRole('link', { name: 'Platform on call' })).toBeVisible();
  },
};
