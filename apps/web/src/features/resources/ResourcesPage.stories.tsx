import { ApiError } from '@relevo/api';
import { RESOURCE_MESSAGES, Role, TEST_SEND_MESSAGES, resourceDeleteRefusal, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyTestCalls, type StoryTestState } from '../../testing/delivery';
import { storyUser } from '../../testing/fixtures';
import {
  storyCalendarUrl,
  storyCatalogueCalls,
  storyResourceOnCallCalls,
  type StoryCatalogueState,
  type StoryOnCallOptions,
} from '../../testing/resources';
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

/** The schedule calls of the story on screen: a play reads which pages asked for their next shifts. */
let onCallCalls = storyResourceOnCallCalls();

/** The real route table at /resources, signed in as a Demo Company user, with fixture calls. */
function Resources({
  role = Role.CustomerRoot,
  state = 'filled',
  refusePhone = false,
  test = 'delivered',
  onCall = {},
}: {
  role?: RoleId;
  state?: StoryCatalogueState;
  refusePhone?: boolean;
  /** what "Send a test" answers */
  test?: StoryTestState;
  /** what the next shifts and the calendar feed answer */
  onCall?: StoryOnCallOptions;
}) {
  const [calls] = useState(() => {
    onCallCalls = storyResourceOnCallCalls(onCall);
    return {
      ...storyCatalogueCalls(state, refusePhone ? { resources: { create: phoneRefused } } : {}),
      resourceTestCalls: storyTestCalls(test),
      resourceOnCallCalls: onCallCalls,
    };
  });
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

/** The row of the resource named `name` in the list. */
async function rowOf(canvasElement: HTMLElement, name: string) {
  const table = await body(canvasElement).findByRole('table', { name: 'Resources' });
  return (await within(table).findByText(name)).closest('tr')!;
}

/**
 * docs/product.md#schedules: each row's next shift in the viewer's time, "—" without one; the page's
 * shifts come in one call with its resource ids, and a new page (a search) asks again for its own.
 */
export const NextShifts: Story = {
  play: async ({ canvasElement }) => {
    const carlos = await rowOf(canvasElement, 'Carlos Méndez');
    await waitFor(() =>
      expect(carlos).toHaveTextContent(/Database on call: \w{3}, Mar \d{1,2}, \d{1,2}:\d{2}\s[AP]M – /),
    );
    await expect(await rowOf(canvasElement, 'Luis Ortega')).toHaveTextContent(/Front desk: \w{3}, Mar \d{1,2}/);
    const ana = await rowOf(canvasElement, 'Ana Torres');
    await expect(ana).toHaveTextContent('—');
    await expect(within(ana).getByText('No shift ahead')).toBeInTheDocument();
    await expect(onCallCalls.asked).toEqual([[2, 1, 3, 4, 5]]);
    await userEvent.type(body(canvasElement).getByRole('searchbox', { name: 'Search resources' }), 'Luis');
    await waitFor(() => expect(onCallCalls.asked.at(-1)).toEqual([3]));
  },
};

/** The next shifts could not be read: the cells stay empty, the list stays usable. */
export const NextShiftsFailed: Story = {
  args: { onCall: { nextShifts: 'failed' } },
  play: async ({ canvasElement }) => {
    const carlos = await rowOf(canvasElement, 'Carlos Méndez');
    await waitFor(() => expect(onCallCalls.asked).toHaveLength(1));
    await expect(carlos).not.toHaveTextContent('Database on call');
    await expect(within(carlos).getByRole('button', { name: 'Edit Carlos Méndez' })).toBeVisible();
  },
};

/** docs/product.md#calendar-feeds: the resource's feed address, read-only with Copy. */
async function openFeed(canvasElement: HTMLElement, name = 'Luis Ortega') {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: `Calendar feed of ${name}` }));
  const dialog = await dialogReady(canvasElement, `Calendar feed of ${name}`);
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

export const CalendarFeed: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFeed(canvasElement);
    const field = await within(dialog).findByLabelText('Calendar feed address');
    await expect(field).toHaveValue(storyCalendarUrl(3));
    await expect(field).toHaveAttribute('readonly');
    await expect(within(dialog).getByRole('button', { name: 'Copy the calendar feed address' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'New address' })).toBeEnabled();
  },
};

/** "New address" asks first: the old address stops working; then the new one shows. */
export const CalendarFeedNewAddress: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openFeed(canvasElement);
    await within(dialog).findByLabelText('Calendar feed address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New address' }));
    const confirm = await body(canvasElement).findByRole('alertdialog');
    await expect(confirm).toHaveTextContent('The current address stops working at once');
    await userEvent.click(within(confirm).getByRole('button', { name: 'New address' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Calendar feed address')).toHaveValue(storyCalendarUrl(3, 1)),
    );
    await expect(await body(canvasElement).findAllByText('The calendar feed has a new address')).not.toHaveLength(0);
  },
};

/** The new address is asked for and has not come yet: Continue is busy. */
export const CalendarFeedRotating: Story = {
  args: { onCall: { rotate: 'busy' } },
  play: async ({ canvasElement }) => {
    const dialog = await openFeed(canvasElement);
    await within(dialog).findByLabelText('Calendar feed address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New address' }));
    const confirm = await body(canvasElement).findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'New address' }));
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'New address' })).toHaveAttribute('aria-busy', 'true'),
    );
  },
};

/** A refused new address: the error shows and the address that still works stays. */
export const CalendarFeedNewAddressFailed: Story = {
  args: { onCall: { rotate: 'failed' } },
  play: async ({ canvasElement }) => {
    const dialog = await openFeed(canvasElement);
    await within(dialog).findByLabelText('Calendar feed address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'New address' }));
    const confirm = await body(canvasElement).findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'New address' }));
    await expect(await within(dialog).findByText('We have some problems please contact support')).toBeVisible();
    await expect(within(dialog).getByLabelText('Calendar feed address')).toHaveValue(storyCalendarUrl(3));
  },
};

/** docs/product.md#roles-and-permissions: a Customer reads the feed's address; only a Customer Root gives it a new one. */
export const CalendarFeedCustomer: Story = {
  args: { role: Role.Customer },
  play: async ({ canvasElement }) => {
    const dialog = await openFeed(canvasElement);
    await expect(await within(dialog).findByLabelText('Calendar feed address')).toHaveValue(storyCalendarUrl(3));
    await expect(within(dialog).queryByRole('button', { name: 'New address' })).toBeNull();
  },
};

/** The address could not be read: the server's words instead. */
export const CalendarFeedFailed: Story = {
  args: { onCall: { calendarFailed: true } },
  play: async ({ canvasElement }) => {
    const dialog = await openFeed(canvasElement);
    await expect(await within(dialog).findByText('We have some problems please contact support')).toBeVisible();
    await expect(within(dialog).queryByLabelText('Calendar feed address')).toBeNull();
  },
};
