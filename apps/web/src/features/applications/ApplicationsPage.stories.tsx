import { Role } from '@relevo/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { applicationScreensMeta, type ApplicationScreensStory } from '../../testing/application-screens';
import { dialogReady, playOffersReload, playShowsText, storyBody as body } from '../../testing/story-dialogs';

export default { title: 'Screens/Applications', ...applicationScreensMeta('/applications') };
type Story = ApplicationScreensStory;

async function openCreate(canvasElement: HTMLElement) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Create' }));
  return dialogReady(canvasElement, 'Create Application');
}

async function playReadsWithModulesLink({ canvasElement }: { canvasElement: HTMLElement }) {
  const screen = body(canvasElement);
  await expect(await screen.findByRole('link', { name: 'Modules of Demo Store' })).toBeVisible();
  await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  await expect(screen.queryByRole('button', { name: 'Edit Demo Store' })).toBeNull();
  await expect(screen.queryByRole('button', { name: 'Delete Demo Store' })).toBeNull();
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Show 1 to 10 of 12 records')).toBeVisible();
  },
};
export const Empty: Story = {
  args: { calls: 'empty' },
  play: playShowsText('No applications found. Please add some applications.'),
};
export const Loading: Story = { args: { calls: 'loading' } };
export const LoadFailed: Story = { args: { calls: 'failed' }, play: playOffersReload };

/** The Customer role reads: no Create, Edit or Delete; the link to the modules stays. */
export const ReadOnly: Story = { args: { role: Role.Customer }, play: playReadsWithModulesLink };

/** docs/product.md#applications: hovering (or focusing) the name lists the application's modules. */
export const ModulesOnHover: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.hover(await screen.findByRole('button', { name: 'Demo Store' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Checkout');
  },
};

export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
  },
};
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await body(canvasElement).findByRole('button', { name: 'Edit Billing' }));
    const dialog = await dialogReady(canvasElement, 'Edit Application');
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Billing');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
  },
};

/** 'Name is required' once a save is asked for. */
export const NameRequired: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: /Name: 1 problem/ }));
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent('Name is required');
  },
};

/** The server's 422 for a name in use shows on the field. */
export const NameTaken: Story = {
  args: { calls: 'nameTaken' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Billing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(within(dialog).getByRole('button', { name: /Name: 1 problem/ }));
    await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent(
      'An application with this name already exists',
    );
  },
};
export const Saving: Story = {
  args: { calls: 'saving' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Inventory');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  },
};
/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open with what was typed. */
export const SaveFailed: Story = {
  args: { calls: 'saveFailed' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Inventory');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Inventory');
  },
};
export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Demo Store' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to remove this application?',
    );
  },
};

/** An application with modules: the server's 409 shows as the warning toast. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Demo Store' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }));
    // the toast and its screen-reader announcement both hold the text
    await expect(
      await screen.findAllByText(/This application cannot be deleted: it still has the modules "Checkout"/),
    ).not.toHaveLength(0);
  },
};
