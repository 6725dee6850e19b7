import { Role } from '@relevo/domain';
import { Toaster } from '@relevo/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { STORY_EVENTS, STORY_NOW, storyEventCalls } from '../../testing/events';
import { storyUser } from '../../testing/fixtures';
import { StoryApp } from '../../testing/story-app';
import { dialogReady, playOffersReload, playShowsText, storyBody } from '../../testing/story-dialogs';
import { EventAudioModal } from './EventAudioModal';
import { EventDetailsModal } from './EventDetailsModal';

function Events({ calls = 'filled', at = '/events' }: { calls?: 'filled' | 'empty' | 'loading' | 'failed'; at?: string }) {
  return (
    <StoryApp
      routes={routes}
      at={at}
      user={storyUser(Role.Customer)}
      services={{ eventCalls: storyEventCalls(calls), loadClientSettings: async () => ({ version: '1.4.4', widget_script_url: null }) }}
    />
  );
}

const meta = { title: 'Screens/Events', component: Events, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Events>;
export default meta;
type Story = StoryObj<typeof meta>;

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
export const Empty: Story = { args: { calls: 'empty' }, play: playShowsText('No events found.') };
export const Loading: Story = { args: { calls: 'loading' } };
/** a failed load is an empty list with Reload (spec 7) */
export const LoadFailed: Story = { args: { calls: 'failed' }, play: playOffersReload };

/** spec 2.13: the module waits for an application, and a new application clears it. */
export const FilterByApplicationThenModule: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText('Disk almost full on db-1');
    const module = screen.getByRole('combobox', { name: 'Module' });
    await expect(module).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Application' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Billing' }));
    await waitFor(() => expect(module).toBeEnabled());
    await waitFor(() => expect(rowsShown(canvasElement).every((row) => row.includes('Billing'))).toBe(true));
    await userEvent.click(module);
    await userEvent.click(await screen.findByRole('option', { name: 'Invoices' }));
    await waitFor(() => expect(module).toHaveTextContent('Invoices'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Application' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Demo Store' }));
    await waitFor(() => expect(module).toHaveTextContent('All modules'));
    await waitFor(() => expect(rowsShown(canvasElement).every((row) => row.includes('Demo Store'))).toBe(true));
  },
};

/** spec 2.13: the SLA filter cycles YES, NO, none on each click. */
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

/** spec 2.13, 8: a click copies the case ID and says so (the story's clipboard keeps what it is given). */
export const CopyCaseId: Story = {
  beforeEach: () => {
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    (globalThis as { copiedInStory?: string[] }).copiedInStory = copied;
    return () => {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    };
  },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy case ID K7QW2M9P' }));
    const toast = await screen.findByText('Case ID copied to clipboard');
    await waitFor(() => expect(toast).toBeVisible());
    await expect((globalThis as { copiedInStory?: string[] }).copiedInStory).toEqual(['K7QW2M9P']);
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

/** spec 2.14: the logs page and one contact's details, with the resolved badge and its CSV. */
export const EventLogs: Story = {
  args: { at: '/events/K7QW2M9P/event_logs' },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Event Logs of module Checkout' })).toBeVisible();
    await expect(screen.getByText('K7QW2M9P', { selector: 'strong' })).toBeVisible();
    await expect(await screen.findByText('Show 1 to 7 of 7 records')).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute('href', '/api/events/log/1/export');
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
    await expect(dialog.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute('href', '/api/events/log/1/export?event_log_id=5');
  },
};

/** The details window (spec 2.13): its log table comes 500 ms after it opens. */
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
