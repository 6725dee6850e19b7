import { Role, type RoleId } from '@relevo/domain';
import { Toaster } from '@relevo/ui';
import type { StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { STORY_EVENTS, STORY_NOW, storyEventCalls, type StoryEventCallsKind } from '../../testing/events';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { dialogReady, playOffersReload, playShowsText, storyBody } from '../../testing/story-dialogs';
import { EventAudioModal } from './EventAudioModal';
import { EventDetailsModal } from './EventDetailsModal';
import { copiedInStory, storyClipboard } from '../../testing/story-clipboard';

function Events({
  calls = 'filled',
  at = '/events',
  role = Role.Customer,
}: {
  calls?: StoryEventCallsKind;
  at?: string;
  role?: RoleId;
}) {
  return <StoryApp routes={routes} at={at} user={storyUser(role)} services={{ eventCalls: storyEventCalls(calls) }} />;
}

export default { title: 'Screens/Events', ...screenMeta(Events) };
type Story = StoryObj<typeof Events>;

const rowsShown = (canvasElement: HTMLElement) =>
  within(storyBody(canvasElement).getByRole('table', { name: 'Events' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText('Disk almost full on db-1')).toBeVisible();
    await expect(screen.getByText('Show 1 to 6 of 6 records')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute('download');
    await expect(screen.getByText(/^Live:/)).toBeVisible();
  },
};
/**
 * On a phone (docs/user-guide.md "On a phone"): the filters fold behind a "Filters" button that
 * counts those set, and each event is a card of "title: value" lines.
 */
export const OnAPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText('Disk almost full on db-1')).toBeVisible();
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // the panel the button controls: the filters' group, folded away
    const filters = canvasElement.ownerDocument.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    await expect(filters).toHaveAttribute('role', 'group');
    await expect(filters).toHaveAttribute('aria-label', 'Event filters');
    await expect(filters).not.toBeVisible();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(filters).toBeVisible();
    await userEvent.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'Open');
    await waitFor(() => expect(toggle).toHaveAccessibleName(/^Filters\s*1 filter set$/));
    // a card: the values one under the other, within the screen
    const table = screen.getByRole('table', { name: 'Events' });
    await expect(table.closest('.rl-table--cards')).not.toBeNull();
    const row = within(table).getAllByRole('row')[1]!;
    await expect(row.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
  },
};
export const Empty: Story = { args: { calls: 'empty' }, play: playShowsText('No events found.') };
export const Loading: Story = { args: { calls: 'loading' } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const LoadFailed: Story = { args: { calls: 'failed' }, play: playOffersReload };

/** docs/product.md#roles-and-permissions: the Customer Root sees the same list, filters and row actions as the Customer. */
export const FilledAsCustomerRoot: Story = {
  args: { role: Role.CustomerRoot },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText('Disk almost full on db-1')).toBeVisible();
    for (const action of ['Event log of', 'Details of', 'Audio of'])
      await expect(
        screen.getByRole(action === 'Event log of' ? 'link' : 'button', { name: `${action} K7QW2M9P` }),
      ).toBeVisible();
  },
};

/** A new event arrives while the list is shown: it appears, and the live region says so. */
export const NewEventAnnounced: Story = {
  args: { calls: 'newEvent' },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText('Show 1 to 6 of 6 records')).toBeVisible();
    await expect(await screen.findByText('1 new event')).toHaveAttribute('role', 'status');
    await expect(screen.getByText('Disk almost full on db-1')).toBeVisible();
  },
};

/** The server's stream is down: the screen says it asks again by itself. */
export const StreamDown: Story = {
  args: { calls: 'streamDown' },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText('Disk almost full on db-1');
    await expect(screen.getByText('Checking for new events every few seconds')).toBeVisible();
  },
};

/** docs/product.md#events: the module waits for an application, and a new application clears it. */
export const FilterByApplicationThenModule: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText('Disk almost full on db-1');
    const module = screen.getByRole('combobox', { name: 'Module' });
    const application = screen.getByRole('combobox', { name: 'Application' });
    await expect(module).toHaveDisplayValue('Choose an application first');
    await expect(module).toBeDisabled();
    await userEvent.selectOptions(application, await screen.findByRole('option', { name: 'Billing' }));
    await waitFor(() => expect(module).toBeEnabled());
    await waitFor(() => expect(rowsShown(canvasElement).every((row) => row.includes('Billing'))).toBe(true));
    await userEvent.selectOptions(module, await screen.findByRole('option', { name: 'Invoices' }));
    await waitFor(() => expect(module).toHaveDisplayValue('Invoices'));
    await userEvent.selectOptions(application, screen.getByRole('option', { name: 'Demo Store' }));
    await waitFor(() => expect(module).toHaveDisplayValue('All modules'));
    await waitFor(() => expect(rowsShown(canvasElement).every((row) => row.includes('Demo Store'))).toBe(true));
  },
};

/** docs/product.md#events: the SLA filter cycles YES, NO, none on each click. */
export const SlaCycle: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText('Disk almost full on db-1');
    await userEvent.click(screen.getByRole('button', { name: 'SLA: All' }));
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(4));
    await userEvent.click(screen.getByRole('button', { name: 'SLA: YES' }));
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'SLA: NO' }));
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(6));
    await expect(screen.getByRole('button', { name: 'SLA: All' })).toBeVisible();
  },
};

/** docs/product.md#maintenance-windows: an incident that arrived in maintenance carries the mark; the filter keeps those or the others. */
export const MaintenanceMarkAndFilter: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    const marked = (await screen.findByText('Queue backlog on worker-3')).closest('tr')!;
    await expect(within(marked).getByText('Maintenance')).toBeVisible();
    const unmarked = screen.getByText('Disk almost full on db-1').closest('tr')!;
    await expect(within(unmarked).queryByText('Maintenance')).toBeNull();
    const filter = screen.getByRole('combobox', { name: 'Maintenance' });
    await userEvent.selectOptions(filter, 'Arrived in maintenance');
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(1));
    await userEvent.selectOptions(filter, 'Not in maintenance');
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(5));
  },
};

/** docs/product.md#events, #messages: a click copies the case ID and says so (the story's clipboard keeps what it is given). */
export const CopyCaseId: Story = {
  beforeEach: storyClipboard,
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy case ID K7QW2M9P' }));
    const toast = await screen.findByText('Case ID copied to clipboard');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(copiedInStory()).toEqual(['K7QW2M9P']);
  },
};

export const OpenEventLog: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('link', { name: 'Event log of K7QW2M9P' }));
    await expect(await screen.findByRole('heading', { name: 'Event Logs of module Checkout' })).toBeVisible();
    await expect(await screen.findByText('not reached')).toBeVisible();
  },
};

/** docs/product.md#event-logs: the logs page and one contact's details, with the resolved badge and its CSV. */
export const EventLogs: Story = {
  args: { at: '/events/K7QW2M9P/event_logs' },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Event Logs of module Checkout' })).toBeVisible();
    await expect(screen.getByText('K7QW2M9P', { selector: 'strong' })).toBeVisible();
    await expect(await screen.findByText('Show 1 to 7 of 7 records')).toBeVisible();
    // docs/product.md#team-chat: a chat step's contact, by its channel's name
    await expect(screen.getByRole('cell', { name: 'Team chat' })).toBeVisible();
    // docs/product.md#delivery-providers: a failover's note, the provider's report in the reader's words
    await expect(screen.getByText('Twilio: busy; then Vonage')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute(
      'href',
      '/api/events/log/1/export',
    );
  },
};
export const EventLogsEmpty: Story = {
  args: { at: '/events/K7QW2M9P/event_logs', calls: 'empty' },
  play: playShowsText('No event logs found.'),
};
export const EventLogsLoading: Story = { args: { at: '/events/K7QW2M9P/event_logs', calls: 'loading' } };
/** a failed load is an empty list with Reload (docs/product.md#http-calls) */
export const EventLogsLoadFailed: Story = {
  args: { at: '/events/K7QW2M9P/event_logs', calls: 'failed' },
  play: playOffersReload,
};
/** A case ID that is not one of the customer's events: no module, no log, no CSV. */
export const EventLogsUnknownCase: Story = {
  args: { at: '/events/ZZZZ2222/event_logs' },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Event Logs of module unknown' })).toBeVisible();
    await expect(await screen.findByText('No event logs found.')).toBeVisible();
    await expect(screen.queryByRole('link', { name: 'Download to CSV' })).toBeNull();
  },
};
export const EventLogDetails: Story = {
  args: { at: '/events/K7QW2M9P/event_logs' },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    const buttons = await screen.findAllByRole('button', { name: /^Details of the contact of / });
    await userEvent.click(buttons[4]!);
    const dialog = within(await dialogReady(canvasElement, 'Event log details'));
    await waitFor(() => expect(dialog.getByText('Resolved')).toBeVisible());
    await expect(dialog.getByText('YES')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute(
      'href',
      '/api/events/log/1/export?event_log_id=5',
    );
  },
};

/** The details window (docs/product.md#events): its log table comes 500 ms after it opens. */
export const Details: StoryObj<typeof EventDetailsModal> = {
  render: () => (
    <MemoryRouter>
      <EventDetailsModal event={STORY_EVENTS[2]!} calls={storyEventCalls()} onClose={() => undefined} now={STORY_NOW} />
    </MemoryRouter>
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event P9ZD3KWM'));
    await waitFor(() => expect(dialog.getByText('Rotated the logs and freed 40 GB')).toBeVisible());
    await expect(dialog.getByText('Loading the event log')).toBeInTheDocument();
    await expect(await dialog.findByText('Page 1 of 2')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Next' }));
    await expect(await dialog.findByText('Page 2 of 2')).toBeVisible();
  },
};

/** The details window before its log has answered. */
export const DetailsLogLoading: StoryObj<typeof EventDetailsModal> = {
  render: () => (
    <MemoryRouter>
      <EventDetailsModal
        event={STORY_EVENTS[2]!}
        calls={storyEventCalls('loading')}
        onClose={() => undefined}
        now={STORY_NOW}
      />
    </MemoryRouter>
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event P9ZD3KWM'));
    await expect(dialog.getByText('Loading the event log')).toBeInTheDocument();
  },
};
/** The log failed: the window says so and the general handler's toast tells why (docs/product.md#messages). */
export const DetailsLogFailed: StoryObj<typeof EventDetailsModal> = {
  render: () => (
    <MemoryRouter>
      <EventDetailsModal
        event={STORY_EVENTS[2]!}
        calls={storyEventCalls('failed')}
        onClose={() => undefined}
        now={STORY_NOW}
      />
      <Toaster />
    </MemoryRouter>
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event P9ZD3KWM'));
    await expect(await dialog.findByText('The event log could not be loaded.')).toBeVisible();
    await expect(await storyBody(canvasElement).findByText('We have a problem')).toBeInTheDocument();
  },
};
/** An event nobody has been contacted about yet. */
export const DetailsLogEmpty: StoryObj<typeof EventDetailsModal> = {
  render: () => (
    <MemoryRouter>
      <EventDetailsModal
        event={STORY_EVENTS[0]!}
        calls={storyEventCalls('empty')}
        onClose={() => undefined}
        now={STORY_NOW}
      />
    </MemoryRouter>
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    await expect(await dialog.findByText('No contacts yet.')).toBeVisible();
  },
};

export const AudioPlayable: StoryObj<typeof EventAudioModal> = {
  render: () => (
    <>
      <EventAudioModal event={STORY_EVENTS[1]!} onClose={() => undefined} now={STORY_NOW} />
      <Toaster />
    </>
  ),
  play: async ({ canvasElement }) => {
    const dialog = await dialogReady(canvasElement, 'Audio of H4RT8NXC');
    await expect(dialog.querySelector('audio[controls]')).not.toBeNull();
  },
};
export const AudioNotGenerated: StoryObj<typeof EventAudioModal> = {
  render: () => (
    <>
      <EventAudioModal event={STORY_EVENTS[0]!} onClose={() => undefined} now={STORY_NOW} />
      <Toaster />
    </>
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Audio of K7QW2M9P'));
    await waitFor(() => expect(dialog.getByText('No Audio Available')).toBeVisible());
    const toast = await storyBody(canvasElement).findByText('No Audio has been generated yet');
    await waitFor(() => expect(toast).toBeVisible());
  },
};
export const AudioExpired: StoryObj<typeof EventAudioModal> = {
  render: () => (
    <>
      <EventAudioModal event={STORY_EVENTS[4]!} onClose={() => undefined} now={STORY_NOW} />
      <Toaster />
    </>
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Audio of M8XC4RTA'));
    await waitFor(() => expect(dialog.getByText('Event Audio Expired')).toBeVisible());
    const toast = await storyBody(canvasElement).findByText('Audio of this event has expired');
    await waitFor(() => expect(toast).toBeVisible());
  },
};

/** The details of an open event, as a person who may respond sees them. */
function Responding({ calls = 'filled', event = 0 }: { calls?: StoryEventCallsKind; event?: number }) {
  return (
    <MemoryRouter>
      <EventDetailsModal
        event={STORY_EVENTS[event]!}
        calls={storyEventCalls(calls)}
        onClose={() => undefined}
        now={STORY_NOW}
        mayRespond
      />
      <Toaster />
    </MemoryRouter>
  );
}

/** docs/product.md#responding and #timeline: the actions of an open event and what happened to it so far. */
export const DetailsRespond: StoryObj<typeof Responding> = {
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    const actions = within(dialog.getByRole('group', { name: 'Respond to K7QW2M9P' }));
    for (const name of ['Accept', 'Resolve', 'Reassign', 'Escalate now', 'Add note'])
      await expect(actions.getByRole('button', { name })).toBeEnabled();
    const timeline = within(await dialog.findByRole('region', { name: 'Timeline of K7QW2M9P' }));
    await waitFor(() => expect(timeline.getByText('Incident received: Disk almost full on db-1')).toBeVisible());
    await waitFor(() =>
      expect(timeline.getByText('Contact: Voice call to Carlos Méndez (delivered via vonage)')).toBeVisible(),
    );
    await waitFor(() => expect(timeline.getByText('Carlos is on a flight: calling Luis.')).toBeVisible());
  },
};

/** Accept, then resolve with its cause: each says so, and the timeline shows who did it. */
export const DetailsAcceptAndResolve: StoryObj<typeof Responding> = {
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const body = storyBody(canvasElement);
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    const actions = within(dialog.getByRole('group', { name: 'Respond to K7QW2M9P' }));
    await userEvent.click(actions.getByRole('button', { name: 'Accept' }));
    const accepted = await body.findByText('Event accepted');
    await waitFor(() => expect(accepted).toBeVisible());
    await waitFor(async () =>
      expect(await dialog.findByText('Accepted by Dana Demo from the dashboard')).toBeVisible(),
    );
    await userEvent.click(actions.getByRole('button', { name: 'Resolve' }));
    const resolve = within(await dialogReady(canvasElement, 'Resolve K7QW2M9P'));
    await userEvent.type(resolve.getByLabelText('Cause'), 'A log file filled the disk');
    await userEvent.click(resolve.getByRole('button', { name: 'Resolve' }));
    const resolved = await body.findByText('Event resolved');
    await waitFor(() => expect(resolved).toBeVisible());
    await waitFor(async () =>
      expect(await dialog.findByText('Resolved by Dana Demo from the dashboard')).toBeVisible(),
    );
  },
};

/** A note is required and at most 2,000 characters: the window says so before it is sent. */
export const DetailsNoteRules: StoryObj<typeof Responding> = {
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    await userEvent.click(dialog.getByRole('button', { name: 'Add note' }));
    const note = within(await dialogReady(canvasElement, 'Add a note to K7QW2M9P'));
    await userEvent.click(note.getByRole('button', { name: 'Add note' }));
    const text = note.getByRole('textbox', { name: /^Note/ });
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.type(text, 'Vendor called back');
    await userEvent.click(note.getByRole('button', { name: 'Add note' }));
    await waitFor(async () => expect(await dialog.findByText('Vendor called back')).toBeVisible());
  },
};

/** Reassign: the customer's resources to choose from; the timeline names the new person. */
export const DetailsReassign: StoryObj<typeof Responding> = {
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    await userEvent.click(dialog.getByRole('button', { name: 'Reassign' }));
    const reassign = within(await dialogReady(canvasElement, 'Reassign K7QW2M9P'));
    await userEvent.selectOptions(
      await reassign.findByRole('combobox', { name: /^Resource/ }),
      reassign.getByRole('option', { name: 'Luis Rivera' }),
    );
    await userEvent.click(reassign.getByRole('button', { name: 'Reassign' }));
    await waitFor(async () =>
      expect(await dialog.findByText('Reassigned to Luis Rivera by Dana Demo from the dashboard')).toBeVisible(),
    );
  },
};

/** An event in progress: Accept and Escalate now are refused, and the window says why. */
export const DetailsRespondInProgress: StoryObj<typeof Responding> = {
  args: { event: 1 },
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event H4RT8NXC'));
    await expect(dialog.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Escalate now' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Resolve' })).toBeEnabled();
    await waitFor(() => expect(dialog.getByText(/This event was already accepted by Carlos Méndez/)).toBeVisible());
  },
};

/** A closed event takes no action: the window says it is resolved. */
export const DetailsRespondClosed: StoryObj<typeof Responding> = {
  args: { event: 2 },
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event P9ZD3KWM'));
    await waitFor(() => expect(dialog.getByText('This event is already resolved')).toBeVisible());
    await expect(dialog.queryByRole('button', { name: 'Accept' })).toBeNull();
    // nothing happened yet but the incident itself
    await waitFor(async () =>
      expect(await dialog.findByText('Incident received: Latency above 2 s on the API')).toBeVisible(),
    );
  },
};

/** Someone accepted a moment before: the server's refusal is shown, nothing else changes. */
export const DetailsAcceptedMeanwhile: StoryObj<typeof Responding> = {
  args: { calls: 'acceptedMeanwhile' },
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    await userEvent.click(dialog.getByRole('button', { name: 'Accept' }));
    const refused = await storyBody(canvasElement).findByText('This event was already accepted by Luis Rivera');
    await waitFor(() => expect(refused).toBeVisible());
  },
};

/** A long timeline: the latest 500 entries in a scrolling region, and the notice that older ones were left out. */
export const DetailsLongTimeline: StoryObj<typeof Responding> = {
  args: { calls: 'longTimeline' },
  render: (args) => <Responding {...args} />,
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogReady(canvasElement, 'Event K7QW2M9P'));
    await waitFor(async () => expect(await dialog.findByText('Showing the latest 500 entries.')).toBeVisible());
    await expect(
      within(dialog.getByRole('region', { name: 'Timeline of K7QW2M9P' })).getAllByRole('listitem'),
    ).toHaveLength(500);
  },
};

/** docs/product.md#responding: a row of an open event offers Accept and Resolve to a person who may respond. */
export const RowActionsRespond: Story = {
  args: { role: Role.CustomerRoot },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText('Disk almost full on db-1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Accept K7QW2M9P' })).toBeVisible());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resolve H4RT8NXC' })).toBeVisible());
    // a closed event offers neither
    await expect(screen.queryByRole('button', { name: 'Resolve P9ZD3KWM' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Accept K7QW2M9P' }));
    await expect(await screen.findByText('Event accepted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept K7QW2M9P' })).toBeNull());
  },
};
