import { Role } from '@relevo/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { beatUrlOf, heartbeatScreensMeta, type HeartbeatScreensStory } from '../../testing/heartbeats';
import { dialogReady, expectProblem, expectSaving, storyBody as body } from '../../testing/story-dialogs';

export default { title: 'Screens/Modules/Heartbeats', ...heartbeatScreensMeta };
type Story = HeartbeatScreensStory;

const TITLE = 'Heartbeats of Checkout';

/** Opens Checkout's heartbeats from its row; the window fades in. */
async function openHeartbeats(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: TITLE }));
  return dialogReady(canvasElement, TITLE);
}

/** The monitor named `name` in the window, once listed. */
const item = async (dialog: HTMLElement, name: string) => within(dialog).findByRole('listitem', { name });

/** Opens the add form over the window. */
async function openAdd(canvasElement: HTMLElement) {
  const dialog = await openHeartbeats(canvasElement);
  await item(dialog, 'Invoice export');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add heartbeat' }));
  const form = await dialogReady(canvasElement, 'Add heartbeat');
  return { dialog, form };
}

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
}

/** Up, missed and waiting, each with its times in words, its last beat and, for a Customer Root, its address. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    const up = await item(dialog, 'Invoice export');
    await waitFor(() => expect(up).toBeVisible());
    await expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('h3')?.textContent),
    ).toEqual(['Invoice export', 'Nightly backup', 'Stock sync']);
    await expect(up).toHaveTextContent('Up');
    await expect(up).toHaveTextContent('every 5 minutes, 1 minute of grace');
    await expect(up).toHaveTextContent('Last beat 3 minutes ago (2026-03-10 12:57 (+01:00))');
    await expect(within(up).getByLabelText('Beat address')).toHaveValue(beatUrlOf('beat1A9_f-Q2'));
    await expect(within(up).getByLabelText('Beat address')).toHaveAttribute('readonly');
    for (const action of ['Copy address', 'New address', 'Edit', 'Delete'])
      await expect(within(up).getByRole('button', { name: action })).toBeVisible();

    const missed = await item(dialog, 'Nightly backup');
    await expect(missed).toHaveTextContent('Missed');
    await expect(missed).toHaveTextContent('every 1 day, 30 minutes of grace');
    await expect(missed).toHaveTextContent('Last beat 1 day ago (2026-03-09 11:00 (+01:00))');
    await expect(missed).toHaveTextContent('Incident C-000321 is open on the module.');
    await expect(missed.querySelector('.rl-badge--warning')).toHaveTextContent('Missed');

    const waiting = await item(dialog, 'Stock sync');
    await expect(waiting).toHaveTextContent('Waiting for the first beat');
    await expect(waiting).toHaveTextContent('every 1 hour, no grace');
    await expect(waiting).toHaveTextContent('No beat yet');
    await expect(within(dialog).getByRole('button', { name: 'Add heartbeat' })).toBeEnabled();
  },
};

export const Empty: Story = {
  args: { calls: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    await waitFor(() =>
      expect(
        within(dialog).getByText('No heartbeat yet: add one and have your job call its address on every run.'),
      ).toBeVisible(),
    );
    await expect(within(dialog).queryByRole('list')).toBeNull();
    await expect(within(dialog).getByRole('button', { name: 'Add heartbeat' })).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { calls: 'loading' },
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    await waitFor(() => expect(within(dialog).getByText('Loading the heartbeats')).toBeInTheDocument());
    await expect(within(dialog).getByRole('button', { name: 'Add heartbeat' })).toBeDisabled();
  },
};

/** A failed load says so with Reload; Reload lists them. */
export const LoadFailed: Story = {
  args: { calls: 'failedOnce' },
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    await waitFor(() => expect(within(dialog).getByText('The heartbeats could not be loaded.')).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: 'Add heartbeat' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await expect(await item(dialog, 'Invoice export')).toBeVisible();
    await expect(within(dialog).queryByText('The heartbeats could not be loaded.')).toBeNull();
  },
};

/** A Customer reads the monitors: no addresses and no buttons but Close. */
export const CustomerReadOnly: Story = {
  args: { role: Role.Customer, calls: 'customer' },
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    const up = await item(dialog, 'Invoice export');
    await waitFor(() => expect(up).toBeVisible());
    await expect(up).toHaveTextContent('Last beat 3 minutes ago');
    await expect(within(dialog).queryByLabelText('Beat address')).toBeNull();
    for (const action of ['Add heartbeat', 'Copy address', 'New address', 'Edit', 'Delete'])
      await expect(within(dialog).queryByRole('button', { name: action })).toBeNull();
    await expect(within(dialog).getAllByRole('button', { name: 'Close' })).not.toHaveLength(0);
  },
};

/** A new monitor starts every 5 minutes with a minute of grace, each said in words. */
export const AddForm: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await openAdd(canvasElement);
    await expect(within(form).getByLabelText('Name')).toHaveValue('');
    await expect(within(form).getByLabelText('Interval (seconds)')).toHaveValue('300');
    await expect(within(form).getByLabelText('Grace (seconds)')).toHaveValue('60');
    await waitFor(() => expect(within(form).getByText('A beat every 5 minutes.')).toBeVisible());
    await expect(within(form).getByText('Missed 1 minute after a beat is due.')).toBeVisible();
    await expect(within(form).queryByRole('combobox', { name: 'Status' })).toBeNull();
  },
};

/** Every input runs the contract's rules. */
export const AddValidation: Story = {
  play: async ({ canvasElement }) => {
    const { form } = await openAdd(canvasElement);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, form, 'Name', 'Name is required');
    await replace(within(form).getByLabelText('Interval (seconds)'), '30');
    await expectProblem(canvasElement, form, 'Interval \\(seconds\\)', 'The interval must be at least 60 seconds');
    await replace(within(form).getByLabelText('Grace (seconds)'), '90000');
    await expectProblem(canvasElement, form, 'Grace \\(seconds\\)', 'The grace must be at most 86400 seconds (1 day)');
    await replace(within(form).getByLabelText('Interval (seconds)'), 'soon');
    await expectProblem(canvasElement, form, 'Interval \\(seconds\\)', 'Interval is required');
    await waitFor(() => expect(within(form).getByText('At least 60 seconds, at most 7 days.')).toBeVisible());
  },
};

/** The server's 422 shows on its field; the form stays open. */
export const AddNameTaken: Story = {
  args: { calls: 'nameTaken' },
  play: async ({ canvasElement }) => {
    const { form } = await openAdd(canvasElement);
    await userEvent.type(within(form).getByLabelText('Name'), 'Invoice export');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, form, 'Name', 'This module already has a heartbeat with this name');
    await expect(within(form).getByLabelText('Name')).toHaveValue('Invoice export');
  },
};

export const AddSaving: Story = {
  args: { calls: 'saving' },
  play: async ({ canvasElement }) => {
    const { form } = await openAdd(canvasElement);
    await userEvent.type(within(form).getByLabelText('Name'), 'Queue drain');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expectSaving(form);
  },
};

/** Saved: the toast, and the new monitor in the list waiting for its first beat, with its address. */
export const Added: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, form } = await openAdd(canvasElement);
    await userEvent.type(within(form).getByLabelText('Name'), 'Queue drain');
    await replace(within(form).getByLabelText('Interval (seconds)'), '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expect(await body(canvasElement).findByText('The heartbeat was added')).toBeInTheDocument();
    const added = await item(dialog, 'Queue drain');
    await expect(added).toHaveTextContent('Waiting for the first beat');
    await expect(added).toHaveTextContent('every 2 minutes, 1 minute of grace');
    await expect(within(added).getByLabelText('Beat address')).toHaveValue(beatUrlOf('beat10A9_f-Q2'));
  },
};

/** Editing: the stored values and the status. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    await userEvent.click(within(await item(dialog, 'Nightly backup')).getByRole('button', { name: 'Edit' }));
    const form = await dialogReady(canvasElement, 'Edit heartbeat');
    await expect(within(form).getByLabelText('Name')).toHaveValue('Nightly backup');
    await expect(within(form).getByLabelText('Interval (seconds)')).toHaveValue('86400');
    await waitFor(() => expect(within(form).getByText('A beat every 1 day.')).toBeVisible());
    await expect(within(form).getByLabelText('Grace (seconds)')).toHaveValue('1800');
    await expect(within(form).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
    await replace(within(form).getByLabelText('Grace (seconds)'), '0');
    await expect(within(form).getByText('Missed as soon as a beat is due.')).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await expect(await body(canvasElement).findByText('The heartbeat was saved')).toBeInTheDocument();
    await waitFor(async () => expect(await item(dialog, 'Nightly backup')).toHaveTextContent('every 1 day, no grace'));
  },
};

/** Delete asks first; Continue removes it from the list. */
export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    await userEvent.click(within(await item(dialog, 'Stock sync')).getByRole('button', { name: 'Delete' }));
    const confirm = await body(canvasElement).findByRole('alertdialog');
    await waitFor(() => expect(confirm).toBeVisible());
    await expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this heartbeat? Its address stops working',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(await body(canvasElement).findByText('The heartbeat was deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Stock sync' })).toBeNull());
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
  },
};

/** New address says the old one stops working; confirmed, the field shows the new one. */
export const NewAddressConfirmed: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openHeartbeats(canvasElement);
    const up = await item(dialog, 'Invoice export');
    await userEvent.click(within(up).getByRole('button', { name: 'New address' }));
    const confirm = await body(canvasElement).findByRole('alertdialog');
    await waitFor(() => expect(confirm).toBeVisible());
    await expect(confirm).toHaveTextContent('The current address stops working at once');
    await userEvent.click(within(confirm).getByRole('button', { name: 'New address' }));
    await expect(await body(canvasElement).findByText('The heartbeat has a new address')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await item(dialog, 'Invoice export')).getByLabelText('Beat address')).toHaveValue(
        beatUrlOf('new1Zr8-k1'),
      ),
    );
  },
};
