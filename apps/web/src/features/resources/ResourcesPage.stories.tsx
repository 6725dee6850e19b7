import { ApiError } from '@relevo/api';
import { RESOURCE_MESSAGES, Role, TEST_SEND_MESSAGES, resourceDeleteRefusal, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyTestCalls, type StoryTestState } from '../../testing/delivery';
import { storyUser } from '../../testing/fixtures';
import { storyCatalogueCalls, type StoryCatalogueState } from '../../testing/resources';
import { StoryApp, screenMeta } from '../../testing/story-app';
import {
  dialogReady,
  expectProblem,
  expectSaving,
  playOffersReload,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';

const phoneRefused = () =>
  Promise.reject(
    new ApiError(422, { detail: [{ loc: ['body', 'resource_phone2'], msg: RESOURCE_MESSAGES.phoneCountry }] }),
  );

/** The real route table at /resources, signed in as a Demo Company user, with fixture calls. */
function Resources({
  role = Role.CustomerRoot,
  state = 'filled',
  refusePhone = false,
  test = 'delivered',
}: {
  role?: RoleId;
  state?: StoryCatalogueState;
  refusePhone?: boolean;
  /** what "Send a test" answers */
  test?: StoryTestState;
}) {
  const [calls] = useState(() => ({
    ...storyCatalogueCalls(state, refusePhone ? { resources: { create: phoneRefused } } : {}),
    resourceTestCalls: storyTestCalls(test),
  }));
  return <StoryApp routes={routes} at="/resources" user={storyUser(role)} services={calls} />;
}

export default { title: 'Screens/Resources', ...screenMeta(Resources) };
type Story = StoryObj<typeof Resources>;

async function openCreate(canvasElement: HTMLElement) {
  const screen = body(canvasElement);
  const create = await screen.findByRole('button', { name: 'Create' });
  await waitFor(() => expect(create).toBeEnabled());
  await userEvent.click(create);
  const dialog = await screen.findByRole('dialog', { name: 'Create Resource' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Language' })).toBeEnabled());
  return dialog;
}

async function openEdit(canvasElement: HTMLElement, name: string) {
  const screen = body(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Resource' });
  await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Language' })).toBeEnabled());
  return dialog;
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('button', { name: '+1 787 555 0142' })).toBeVisible();
    await expect(screen.getByText('Show 1 to 5 of 5 records')).toBeVisible();
  },
};
export const Empty: Story = {
  args: { state: 'empty' },
  play: playShowsText('No resources found. Please add some resources.'),
};
export const Loading: Story = { args: { state: 'loading' } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const LoadFailed: Story = { args: { state: 'failed' }, play: playOffersReload };

/** docs/product.md#roles-and-permissions: the Customer reads the list and may only send a test (docs/product.md#send-a-test). */
export const ReadOnlyCustomer: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('button', { name: 'Send a test to Luis Ortega' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Edit Luis Ortega' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Delete Luis Ortega' })).toBeNull();
  },
};

/** docs/product.md#resources: at the quota the warning shows and Create is disabled. */
export const QuotaReached: Story = {
  args: { state: 'quotaReached' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(
      await screen.findByText(
        'You have reached the maximum limit of subscribed resources (10). Please manage your subscriptions to add more.',
      ),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  },
};

export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    await expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveTextContent('Spanish');
  },
};

export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Luis Ortega');
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Luis Ortega');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
  },
};

/** Every rule of the form failing at once: name, language, e-mail and both phones. */
export const InvalidForm: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const screen = body(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@');
    await userEvent.type(within(dialog).getByLabelText('Main Phone'), '787555');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Select Language' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const label of ['Name', 'Email', 'Main Phone'])
      await expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Name', 'Name is required');
    await expectProblem(canvasElement, dialog, 'Email', 'Must be a valid email address');
    await expectProblem(canvasElement, dialog, 'Language', 'Language is required');
    await userEvent.click(within(dialog).getByRole('button', { name: /Main Phone: 1 problem/ }));
    await expect(await screen.findAllByText('Must be a valid phone number of the chosen country')).not.toHaveLength(0);
  },
};

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { state: 'saving' },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Luis Ortega');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open with what was typed. */
export const SaveFailed: Story = {
  args: { state: 'saveFailed' },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Luis Ortega');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Luis Ortega');
  },
};

/** The server's refusal of a phone shows on that phone's field (422 `{detail:[{loc,msg}]}`). */
export const PhoneRefusedByServer: Story = {
  args: { refusePhone: true },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nora Quiles');
    await userEvent.type(within(dialog).getByLabelText('Secondary Phone'), '7875550111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Secondary Phone')).toHaveAttribute('aria-invalid', 'true'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /Secondary Phone: 1 problem/ }));
    await expect(await body(canvasElement).findAllByText('Choose the country of the phone number')).not.toHaveLength(0);
  },
};

export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Carlos Méndez' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to remove this resource?',
    );
  },
};

/** A resource an escalation uses: the server's 409 names the escalation, shown as the warning toast. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Carlos Méndez' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }));
    await expect(await screen.findByText(resourceDeleteRefusal(['Demo on-call'])!)).toBeInTheDocument();
  },
};

/** docs/product.md#send-a-test: the dialog opens on the latest results (none yet) with its Send a test button. */
async function openTest(canvasElement: HTMLElement) {
  const screen = body(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: 'Send a test to Luis Ortega' }));
  const dialog = await dialogReady(canvasElement, 'Send a test to Luis Ortega');
  // the dialog fades in: what it shows is visible once it has
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

async function sendTest(canvasElement: HTMLElement) {
  const dialog = await openTest(canvasElement);
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send a test' })).toBeEnabled());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Send a test' }));
  return dialog;
}

export const TestBeforeSend: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openTest(canvasElement);
    await expect(await within(dialog).findByText('No test has been sent to this resource yet.')).toBeVisible();
  },
};

/** Sent, the reports not in yet: the dialog keeps reading the results. */
export const TestPending: Story = {
  args: { test: 'pending' },
  play: async ({ canvasElement }) => {
    const dialog = await sendTest(canvasElement);
    const table = await within(dialog).findByRole('table', { name: 'Test results' });
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
    await expect(within(table).getByText('Queued')).toBeVisible();
    await expect(within(dialog).getByText(/Waiting for the delivery reports/)).toBeVisible();
  },
};

export const TestDelivered: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await sendTest(canvasElement);
    const table = await within(dialog).findByRole('table', { name: 'Test results' });
    await expect(within(table).getAllByText('Delivered')).toHaveLength(2);
    await expect(within(table).getByText('SMS')).toBeVisible();
    await expect(within(table).getByText('Call')).toBeVisible();
    await expect(within(dialog).getByText(/All reports are in/)).toBeVisible();
  },
};

export const TestFailed: Story = {
  args: { test: 'failed' },
  play: async ({ canvasElement }) => {
    const dialog = await sendTest(canvasElement);
    const table = await within(dialog).findByRole('table', { name: 'Test results' });
    await expect(within(table).getByText('Failed')).toBeVisible();
    await expect(within(table).getByText('Generic webhook')).toBeVisible();
    await expect(within(table).getByText(/the webhook answered 502/)).toBeVisible();
  },
};

/** A second test within the minute: the server's 429 detail. */
export const TestTooSoon: Story = {
  args: { test: 'tooSoon' },
  play: async ({ canvasElement }) => {
    const dialog = await sendTest(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEST_SEND_MESSAGES.tooSoon);
  },
};

/** A resource with no phone: the server's 422 detail. */
export const TestNoPhone: Story = {
  args: { test: 'noPhone' },
  play: async ({ canvasElement }) => {
    const dialog = await sendTest(canvasElement);
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(TEST_SEND_MESSAGES.noPhone);
  },
};
