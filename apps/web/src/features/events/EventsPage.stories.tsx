import { ApiError } from '@relevo/api';
import { Role, type EventLogEntry, type IncidentEvent, type ListQuery } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { routes } from '../../routes';
import { never, storyUser } from '../../testing/fixtures';
import { StoryApp } from '../../testing/story-app';
import type { EventCalls } from './event-calls';

const SUBJECTS = ['Disk almost full on db-1', 'CPU above 90% on web-2', 'Latency above 2 s on the API', 'Checkout errors above 5%'];
const STATUSES: IncidentEvent['event_status'][] = ['open', 'progress', 'completed', 'canceled'];
const EVENTS: IncidentEvent[] = SUBJECTS.map((subject, i) => ({
  event_id: i + 1,
  case_id: ['K7QW2M9P', 'H4RT8NXC', 'P9ZD3KWM', 'B2YV6QJT'][i]!,
  event_createdt: new Date(Date.UTC(2026, 10, 24 - i, 10)).toISOString(),
  accepteddt: i === 1 || i === 2 ? new Date(Date.UTC(2026, 10, 24 - i, 10, 4)).toISOString() : null,
  event_closedt: i === 2 ? new Date(Date.UTC(2026, 10, 24 - i, 11)).toISOString() : null,
  event_status: STATUSES[i]!,
  application_name: 'Demo Store',
  module_name: 'Checkout',
  module_id: 1,
  last_resource_assigned: 'Carlos Méndez',
  minutes_elapsed: i === 2 ? 60 : null,
  time_response: i === 1 || i === 2 ? 4 : null,
  sla_response: 15,
  sla_compliance: i === 0 ? 'NO' : i < 3 ? 'YES' : null,
  short_event_subject: subject,
  short_event_body: 'Raised by the monitoring system',
  event_cause: null,
  event_resolution: null,
  resolution: null,
  audio: null,
}));
const LOG: EventLogEntry[] = ['open', 'follow-up', 'escalation', 'not reached'].map((status, i) => ({
  event_log_id: i + 1,
  event_id: 1,
  case_id: 'K7QW2M9P',
  customer_id: 2,
  call_date: new Date(Date.UTC(2026, 10, 24, 10, i * 5)).toISOString(),
  called_number: i < 2 ? '+17875550142' : 'ana.lead@democompany.demo',
  followup_status: status as EventLogEntry['followup_status'],
  resource: i < 2 ? 'Carlos Méndez' : 'Ana Torres',
  resource_phone: i < 2 ? '+17875550142' : null,
  next_resource: null,
  next_resource_phone: null,
  next_assigned_date: null,
  resolved: 'N',
  event_ind_last_event_log: 'N',
  channel: i < 2 ? 'voice' : 'email',
  delivery_status: 'sent',
}));

const page = <T,>(rows: T[], query: ListQuery) => ({ total: rows.length, list: rows.slice((query.page_num - 1) * query.page_size, query.page_num * query.page_size) });
const CALLS = {
  filled: (): EventCalls => ({ list: async (query) => page(EVENTS, query), log: async (_id, query) => page(LOG, query) }),
  empty: (): EventCalls => ({ list: async () => ({ total: 0, list: [] }), log: async () => ({ total: 0, list: [] }) }),
  loading: (): EventCalls => ({ list: never, log: never }),
  failed: (): EventCalls => ({ list: () => Promise.reject(new ApiError(0, null)), log: () => Promise.reject(new ApiError(0, null)) }),
};

function Events({ calls = 'filled', at = '/events' }: { calls?: keyof typeof CALLS; at?: string }) {
  return (
    <StoryApp
      routes={routes}
      at={at}
      user={storyUser(Role.Customer)}
      services={{ eventCalls: CALLS[calls](), loadClientSettings: async () => ({ version: '1.4.4', widget_script_url: null }) }}
    />
  );
}

const meta = { title: 'Screens/Events', component: Events, parameters: { layout: 'fullscreen' } } satisfies Meta<typeof Events>;
export default meta;
type Story = StoryObj<typeof meta>;
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText('Disk almost full on db-1')).toBeVisible();
    await expect(screen.getByText('Show 1 to 4 of 4 records')).toBeVisible();
  },
};
export const Empty: Story = {
  args: { calls: 'empty' },
  play: async ({ canvasElement }) => expect(await body(canvasElement).findByText('No events found.')).toBeVisible(),
};
export const Loading: Story = { args: { calls: 'loading' } };
/** a failed load is an empty list with Reload (spec 7) */
export const LoadFailed: Story = { args: { calls: 'failed' }, play: async ({ canvasElement }) => expect(await body(canvasElement).findByRole('button', { name: 'Reload' })).toBeVisible() };
export const OpenEventLog: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('link', { name: 'Event log of K7QW2M9P' }));
    await expect(await screen.findByRole('heading', { name: 'Event Logs of case K7QW2M9P' })).toBeVisible();
    await expect(await screen.findByText('not reached')).toBeVisible();
  },
};
