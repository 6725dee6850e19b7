import { Role } from '@relevo/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STORY_KEY } from '../../testing/applications';
import { applicationScreensMeta, type ApplicationScreensStory } from '../../testing/application-screens';
import {
  dialogReady,
  expectSaving,
  playOffersReload,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';

export default { title: 'Screens/Modules', ...applicationScreensMeta('/application/1/modules') };
type Story = ApplicationScreensStory;

async function rowAction(canvasElement: HTMLElement, label: string, dialogName: string | RegExp) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: label }));
  return dialogReady(canvasElement, dialogName);
}

/** The Incident Simulation of a module's row. */
const openSimulation = (canvasElement: HTMLElement, module = 'Checkout') =>
  rowAction(canvasElement, `Incident Simulation for ${module}`, `Incident Simulation for ${module}`);

/** A valid incident typed into the simulation. */
async function fillSimulation(dialog: HTMLElement, incident = 'Checkout answers 502') {
  await userEvent.type(within(dialog).getByLabelText('Incident'), incident);
  await userEvent.type(within(dialog).getByLabelText('Description'), 'Every payment fails since 10:04.');
}

/** A valid incident typed and sent. */
async function sendSimulation(dialog: HTMLElement) {
  await fillSimulation(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
}

/** The module window once its form shows: until the escalations and SLAs are in, a loading dialog stands in its place. */
async function moduleForm(canvasElement: HTMLElement, name: 'Create Module' | 'Edit Module') {
  const screen = body(canvasElement);
  await waitFor(() => expect(within(screen.getByRole('dialog', { name })).getByLabelText('Name')).toBeInTheDocument());
  return dialogReady(canvasElement, name);
}

async function openCreate(canvasElement: HTMLElement) {
  const screen = body(canvasElement);
  // Create waits for the application's name (the modal shows it)
  await screen.findByRole('heading', { name: 'Modules of Demo Store' });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  return moduleForm(canvasElement, 'Create Module');
}

/** The Edit window of a module's row, its form shown. */
async function openEdit(canvasElement: HTMLElement, module: string) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: `Edit ${module}` }));
  return moduleForm(canvasElement, 'Edit Module');
}

async function problemOf(canvasElement: HTMLElement, dialog: HTMLElement, label: string, text: string) {
  await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${label}: \\d+ problem`) }));
  await expect(await body(canvasElement).findByRole('tooltip')).toHaveTextContent(text);
  await userEvent.keyboard('{Escape}');
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Modules of Demo Store' })).toBeVisible();
    await expect(await screen.findByText('Show 1 to 3 of 3 records')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Go back' })).toBeVisible();
  },
};
export const Empty: Story = {
  args: { calls: 'empty' },
  play: playShowsText('No modules found. Please add some modules.'),
};
export const Loading: Story = { args: { calls: 'loading' } };
export const LoadFailed: Story = { args: { calls: 'failed' }, play: playOffersReload };

/** The Customer role reads the modules and their examples; no other action. */
export const ReadOnly: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('button', { name: 'Get Examples for Checkout' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    for (const action of ['Generate Credentials for', 'Incident Simulation for', 'Edit', 'Delete']) {
      await expect(screen.queryByRole('button', { name: `${action} Checkout` })).toBeNull();
    }
  },
};

export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await expect(within(dialog).getByLabelText('Application')).toHaveValue('Demo Store');
    await expect(within(dialog).getByLabelText('Application')).toHaveAttribute('readonly');
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Escalation' }));
    await expect(await body(canvasElement).findByRole('option', { name: 'Demo on-call' })).toBeInTheDocument();
  },
};

/** The escalations and SLAs still loading. */
export const CreateModalLoadingChoices: Story = {
  args: { calls: 'pendingTools' },
  play: async ({ canvasElement }) => {
    await body(canvasElement).findByRole('heading', { name: 'Modules of Demo Store' });
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Create' }));
    await expect(await body(canvasElement).findByText('Loading the escalations and SLAs')).toBeInTheDocument();
  },
};

/** Every required field's message. */
export const RequiredMessages: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await problemOf(canvasElement, dialog, 'Name', 'Name is required');
    await problemOf(canvasElement, dialog, 'Escalation', 'Escalation is required');
    await problemOf(canvasElement, dialog, 'SLA', 'SLA is required');
  },
};

/** Too long a name and description. */
export const TooLong: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const name = within(dialog).getByLabelText('Name');
    name.removeAttribute('maxlength');
    await userEvent.type(name, 'n'.repeat(101));
    await problemOf(canvasElement, dialog, 'Name', 'Must be at most 100 characters');
  },
};

/** Editing a module whose escalation is no longer complete: it is listed, disabled, with the message. */
export const EditUnusableEscalation: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Payments');
    await within(dialog).findByLabelText('Name');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('INACTIVE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await problemOf(canvasElement, dialog, 'Escalation', 'Choose an active escalation whose configuration is complete');
  },
};
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Checkout');
    await expect(await within(dialog).findByLabelText('Name')).toHaveValue('Checkout');
    await expect(within(dialog).getByRole('combobox', { name: 'Escalation' })).toHaveTextContent('Demo on-call');
    await expect(within(dialog).getByRole('combobox', { name: 'SLA' })).toHaveTextContent('Standard response');
  },
};
export const Saving: Story = {
  args: { calls: 'saving' },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Checkout');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open. */
export const SaveFailed: Story = {
  args: { calls: 'saveFailed' },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Checkout');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Checkout');
  },
};

export const CredentialsNotCreated: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Generate Credentials for Checkout', 'Credentials of Checkout');
    await expect(within(dialog).getByRole('button', { name: 'Create New Credentials' })).toBeInTheDocument();
    await expect(within(dialog).queryByLabelText('Credential Key')).toBeNull();
  },
};
export const CredentialsConfirm: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Generate Credentials for Checkout', 'Credentials of Checkout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New Credentials' }));
    await expect(await body(canvasElement).findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to create a new credential key?',
    );
  },
};

async function createKey(canvasElement: HTMLElement) {
  const dialog = await rowAction(canvasElement, 'Generate Credentials for Checkout', 'Credentials of Checkout');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create New Credentials' }));
  await userEvent.click(
    within(await body(canvasElement).findByRole('alertdialog')).getByRole('button', { name: 'Continue' }),
  );
  await within(dialog).findByLabelText('Credential Key');
  return dialog;
}

export const CredentialsCreated: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await createKey(canvasElement);
    await expect(within(dialog).getByLabelText('Credential Key')).toHaveValue('•'.repeat(32));
    await expect(within(dialog).getByLabelText('Module ID')).toHaveValue('1');
    await expect(within(dialog).getByRole('button', { name: 'Download to CSV' })).toBeInTheDocument();
    await expect(await body(canvasElement).findByText('Credential Created Successfully')).toBeInTheDocument();
  },
};
export const CredentialsShown: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await createKey(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show' }));
    await expect(within(dialog).getByLabelText('Credential Key')).toHaveValue(STORY_KEY);
    await expect(within(dialog).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  },
};
export const CredentialsGenerating: Story = {
  args: { calls: 'pendingTools' },
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Generate Credentials for Checkout', 'Credentials of Checkout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New Credentials' }));
    await userEvent.click(
      within(await body(canvasElement).findByRole('alertdialog')).getByRole('button', { name: 'Continue' }),
    );
  },
};
export const CredentialsFailed: Story = {
  args: { calls: 'failingTools' },
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Generate Credentials for Checkout', 'Credentials of Checkout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create New Credentials' }));
    await userEvent.click(
      within(await body(canvasElement).findByRole('alertdialog')).getByRole('button', { name: 'Continue' }),
    );
    await expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  },
};

export const Examples: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Get Examples for Checkout', 'Examples for Checkout');
    const tabs = await within(dialog).findAllByRole('tab');
    await expect(tabs.map((tab) => tab.textContent)).toEqual([
      'curl',
      'JavaScript',
      'Python',
      'Go',
      'Java',
      'C#',
      'Events API v2',
    ]);
    await expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('/api/v1/incidents');
  },
};
export const ExamplesPythonTab: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Get Examples for Checkout', 'Examples for Checkout');
    await userEvent.click(await within(dialog).findByRole('tab', { name: 'Python' }));
    await expect(within(dialog).getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
  },
};
export const ExamplesLoading: Story = {
  args: { calls: 'pendingTools' },
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Get Examples for Checkout', 'Examples for Checkout');
    await expect(within(dialog).getByText('Loading the examples')).toBeInTheDocument();
  },
};
export const ExamplesFailed: Story = {
  args: { calls: 'failingTools' },
  play: async ({ canvasElement }) => {
    const dialog = await rowAction(canvasElement, 'Get Examples for Checkout', 'Examples for Checkout');
    await expect(await within(dialog).findByText('The examples could not be loaded.')).toBeInTheDocument();
  },
};

/** Send stays disabled while a field fails; each rule's message. */
export const SimulationInvalid: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement);
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    const incident = within(dialog).getByLabelText('Incident');
    const description = within(dialog).getByLabelText('Description');
    await userEvent.type(incident, 'x');
    await userEvent.clear(incident);
    await problemOf(canvasElement, dialog, 'Incident', 'The Incident field is required');
    await userEvent.type(incident, 'Too short');
    await problemOf(canvasElement, dialog, 'Incident', 'The Incident field must be at least 10 characters long');
    await userEvent.type(description, 'Short');
    await problemOf(canvasElement, dialog, 'Description', 'The Description field must be at least 10 characters long');
    await expect(send).toBeDisabled();
  },
};
export const SimulationTooLong: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement);
    await userEvent.click(within(dialog).getByLabelText('Incident'));
    await userEvent.paste('i'.repeat(101));
    await problemOf(canvasElement, dialog, 'Incident', 'The Incident field cannot exceed 100 characters');
    await userEvent.click(within(dialog).getByLabelText('Description'));
    await userEvent.paste('d'.repeat(1001));
    await problemOf(canvasElement, dialog, 'Description', 'The Description field cannot exceed 1000 characters');
  },
};
export const SimulationValid: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement);
    await fillSimulation(dialog);
    await expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};
export const SimulationSent: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement);
    await sendSimulation(dialog);
    await expect(await body(canvasElement).findByText('The incident was sent')).toBeInTheDocument();
  },
};
/** Send pressed, no answer yet: Send is busy. */
export const SimulationSending: Story = {
  args: { calls: 'pendingTools' },
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement);
    await sendSimulation(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};
export const SimulationRefused: Story = {
  args: { calls: 'failingTools' },
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement);
    await sendSimulation(dialog);
    // the toast and its screen-reader announcement both hold the text
    await expect(await body(canvasElement).findAllByText(/it accepts no incidents/)).not.toHaveLength(0);
  },
};

/** An inactive module takes no incidents: the form says so in the server's words before any call. */
export const SimulationRefusedBeforeSending: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSimulation(canvasElement, 'Payments');
    // the dialog fades in: the refusal is visible once the opening animation has ended
    await waitFor(() =>
      expect(within(dialog).getByText('This module is inactive: it accepts no incidents')).toBeVisible(),
    );
    await fillSimulation(dialog, 'Payments answer 502');
    await expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Checkout' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent('Are you sure you want to remove this Module?');
    await expect(within(confirm).getByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  },
};
