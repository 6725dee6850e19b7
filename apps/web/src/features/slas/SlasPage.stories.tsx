import { Role, slaDeleteRefusal, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { storyCatalogueCalls, type StoryCatalogueState } from '../../testing/resources';
import { StoryApp, screenMeta } from '../../testing/story-app';
import {
  dialogReady,
  expectProblem,
  expectSaving,
  openCreateDialog,
  playOffersReload,
  playReadsOnly,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';

/** The real route table at /sla, signed in as a Demo Company user, with fixture calls. */
function Slas({ role = Role.CustomerRoot, state = 'filled' }: { role?: RoleId; state?: StoryCatalogueState }) {
  const [calls] = useState(() => storyCatalogueCalls(state));
  return <StoryApp routes={routes} at="/sla" user={storyUser(role)} services={{ ...calls }} />;
}

export default { title: 'Screens/SLA', ...screenMeta(Slas) };
type Story = StoryObj<typeof Slas>;

const openCreate = (canvasElement: HTMLElement) => openCreateDialog(canvasElement, 'Create Service Level Agreement');

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText('15 Minute(s)')).toBeVisible();
    await expect(screen.getByText('24 Hour(s)')).toBeVisible();
  },
};
export const Empty: Story = { args: { state: 'empty' }, play: playShowsText("No sla's found. Please add some slas.") };
export const Loading: Story = { args: { state: 'loading' } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const LoadFailed: Story = { args: { state: 'failed' }, play: playOffersReload };

/** docs/product.md#roles-and-permissions: the Customer reads the list only. */
export const ReadOnlyCustomer: Story = { args: { role: Role.Customer }, play: playReadsOnly('Standard response') };

export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    await expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveTextContent('Minutes');
  },
};

export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Next business day' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Service Level Agreement' });
    await expect(within(dialog).getByLabelText('Response Time')).toHaveValue('24');
    await expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveTextContent('Hours');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('INACTIVE');
  },
};

/** The response time keeps two digits of what is typed. */
export const ResponseTimeMask: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const time = within(dialog).getByLabelText('Response Time');
    await userEvent.type(time, 'a1b23');
    await expect(time).toHaveValue('12');
  },
};

/** Name and response time required. */
export const RequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByLabelText('Response Time')).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Name', 'Name is required');
    await userEvent.click(within(dialog).getByRole('button', { name: /Response Time: 1 problem/ }));
    await expect(await body(canvasElement).findAllByText('Response time is required')).not.toHaveLength(0);
  },
};

/** 0 is outside 1 to 99. */
export const ResponseTimeOutOfRange: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Gold');
    await userEvent.type(within(dialog).getByLabelText('Response Time'), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /Response Time: 1 problem/ }));
    await expect(
      await body(canvasElement).findAllByText('Response time must be a whole number from 1 to 99'),
    ).not.toHaveLength(0);
  },
};

async function saveEdited(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Standard response' }));
  const dialog = await dialogReady(canvasElement, 'Edit Service Level Agreement');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { state: 'saving' },
  play: async ({ canvasElement }) => expectSaving(await saveEdited(canvasElement)),
};

/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open with what was typed. */
export const SaveFailed: Story = {
  args: { state: 'saveFailed' },
  play: async ({ canvasElement }) => {
    const dialog = await saveEdited(canvasElement);
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Standard response');
  },
};

export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Standard response' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent('Are you sure you want to remove this Service Level Agreement?');
    // docs/product.md#messages: labelled in Spanish
    await expect(within(confirm).getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
    await expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  },
};

/** An SLA a module uses: the server's 409 names the module, shown as the warning toast. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Standard response' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continuar' }));
    await expect(await screen.findByText(slaDeleteRefusal(['Checkout'])!)).toBeInTheDocument();
  },
};
