import { MAINTENANCE_MESSAGES, MAINTENANCE_SCREEN_TEXTS, Role, type RoleId } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { storyMaintenanceCalls, type StoryMaintenanceOptions } from '../../testing/maintenance';
import { StoryApp, screenMeta } from '../../testing/story-app';
import {
  dialogReady,
  expectSaving,
  openCreateDialog,
  playOffersReload,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';

/** The real route table at /maintenance, signed in as a Demo Company user, with fixture calls. */
function Maintenance({ role = Role.CustomerRoot, options = {} }: { role?: RoleId; options?: StoryMaintenanceOptions }) {
  const [calls] = useState(() => storyMaintenanceCalls(options));
  return <StoryApp routes={routes} at="/maintenance" user={storyUser(role)} services={{ maintenanceCalls: calls }} />;
}

export default {
  title: 'Screens/Maintenance',
  ...screenMeta(Maintenance),
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = StoryObj<typeof Maintenance>;

const table = async (canvasElement: HTMLElement) =>
  body(canvasElement).findByRole('table', { name: 'Maintenance windows' });
const rowOf = async (canvasElement: HTMLElement, name: string) =>
  (await within(await table(canvasElement)).findByText(name)).closest('tr')!;

/** Each window: what it covers, its times in the customer's zone, its recurrence, release and status now. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await body(canvasElement).findByText('Times are in your organisation’s zone, America/New_York.'),
    ).toBeVisible();
    const upgrade = await rowOf(canvasElement, 'Checkout database upgrade');
    await expect(upgrade).toHaveTextContent('Checkout (Demo Store)');
    await expect(upgrade).toHaveTextContent('Wed 11 Mar 14:00');
    await expect(upgrade).toHaveTextContent('In progress');
    await expect(upgrade).toHaveTextContent('Escalate when it ends');
    const batch = await rowOf(canvasElement, 'Billing nightly batch');
    await expect(batch).toHaveTextContent('Billing (all modules)');
    await expect(batch).toHaveTextContent('Every week (next Sun 15 Mar 01:00)');
    await expect(batch).toHaveTextContent('Stay quiet');
    await expect(batch).toHaveTextContent('Upcoming');
    await expect(await rowOf(canvasElement, 'Search reindex')).toHaveTextContent('Past');
  },
};

export const Empty: Story = { args: { options: { windows: [] } }, play: playShowsText(MAINTENANCE_SCREEN_TEXTS.empty) };
export const Loading: Story = { args: { options: { list: 'loading' } } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const LoadFailed: Story = { args: { options: { list: 'failed' } }, play: playOffersReload };

/** docs/product.md#roles-and-permissions: the Customer reads the windows, no Create, Edit or Delete. */
export const CustomerReadOnly: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    await rowOf(canvasElement, 'Checkout database upgrade');
    await expect(body(canvasElement).queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(body(canvasElement).queryByRole('button', { name: 'Edit Checkout database upgrade' })).toBeNull();
  },
};

/** A new window: from the next full hour (now, 15:00, is one) for two hours, once, escalating; the module after the application. */
export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreateDialog(canvasElement, MAINTENANCE_SCREEN_TEXTS.createTitle);
    const form = within(dialog);
    await expect(form.getByLabelText('Start')).toHaveValue('2026-03-11T15:00');
    await expect(form.getByLabelText('End')).toHaveValue('2026-03-11T17:00');
    await expect(form.getByRole('combobox', { name: 'Module' })).toBeDisabled();
    await expect(form.getByRole('checkbox', { name: 'Every week' })).not.toBeChecked();
    await expect(form.getByRole('combobox', { name: 'When it ends' })).toHaveDisplayValue('Escalate when it ends');
    await expect(dialog).toHaveTextContent('Times in your organisation’s zone (America/New_York).');
  },
};

/** The rules on their fields: a name, an application, an end after the start. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreateDialog(canvasElement, MAINTENANCE_SCREEN_TEXTS.createTitle);
    const form = within(dialog);
    await userEvent.clear(form.getByLabelText('End'));
    await userEvent.type(form.getByLabelText('End'), '2026-03-11T15:00');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expect(form.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toHaveTextContent(MAINTENANCE_MESSAGES.nameRequired);
    await expect(dialog).toHaveTextContent(MAINTENANCE_MESSAGES.targetRequired);
    await expect(dialog).toHaveTextContent(MAINTENANCE_MESSAGES.endAfterStart);
  },
};

/** Created: a weekly, quiet window of the Checkout module, in the list with its toast. */
export const Created: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreateDialog(canvasElement, MAINTENANCE_SCREEN_TEXTS.createTitle);
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Name'), 'Weekly deploy');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Application' }), 'Demo Store');
    await waitFor(() => expect(form.getByRole('combobox', { name: 'Module' })).toBeEnabled());
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Module' }), 'Checkout');
    await userEvent.click(form.getByRole('checkbox', { name: 'Every week' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'When it ends' }), 'Stay quiet');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText(MAINTENANCE_SCREEN_TEXTS.created)).toBeVisible());
    const row = await rowOf(canvasElement, 'Weekly deploy');
    await expect(row).toHaveTextContent('Checkout (Demo Store)');
    await expect(row).toHaveTextContent('Stay quiet');
  },
};

/** Editing shows what was saved, its times in the customer's zone. */
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Billing nightly batch' }));
    const dialog = await dialogReady(canvasElement, MAINTENANCE_SCREEN_TEXTS.editTitle);
    const form = within(dialog);
    await expect(form.getByLabelText('Name')).toHaveValue('Billing nightly batch');
    await waitFor(() => expect(form.getByRole('combobox', { name: 'Application' })).toHaveDisplayValue('Billing'));
    await expect(form.getByRole('combobox', { name: 'Module' })).toHaveDisplayValue('All its modules');
    await expect(form.getByLabelText('Start')).toHaveValue('2026-03-01T01:00');
    await expect(form.getByRole('checkbox', { name: 'Every week' })).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'When it ends' })).toHaveDisplayValue('Stay quiet');
  },
};

/** The server's 422 shows on its field; the window stays open. */
export const RefusedByServer: Story = {
  args: { options: { save: 'refused' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Billing nightly batch' }));
    const dialog = await dialogReady(canvasElement, MAINTENANCE_SCREEN_TEXTS.editTitle);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Application' })).toHaveDisplayValue('Billing'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).toHaveTextContent(MAINTENANCE_MESSAGES.weeklyTooLong));
    await expect(within(dialog).getByLabelText('End')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { options: { save: 'saving' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Checkout database upgrade' }));
    const dialog = await dialogReady(canvasElement, MAINTENANCE_SCREEN_TEXTS.editTitle);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Module' })).toHaveDisplayValue('Checkout'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** Deleted after its confirmation, which says what happens to the incidents it holds. */
export const Deleted: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Search reindex' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(MAINTENANCE_SCREEN_TEXTS.confirmDelete);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(MAINTENANCE_SCREEN_TEXTS.deleted)).toBeVisible());
    await waitFor(() => expect(screen.queryByText('Search reindex')).toBeNull());
  },
};
