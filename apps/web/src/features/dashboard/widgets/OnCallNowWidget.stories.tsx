import type { Decorator, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ServicesProvider } from '../../../shell/services';
import { DASHBOARD_CALLS, storyOnCallNobody } from '../../../testing/dashboard';
import { storyBody } from '../../../testing/story-dialogs';
import { widgetMeta, widgetStories } from '../../../testing/widget-stories';
import { OnCallNowWidget } from './OnCallNowWidget';

/** The schedules' links need a router; the widget alone has none around it. */
const withRouter: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/dashboard']}>
    <Story />
  </MemoryRouter>
);

const meta = widgetMeta(960);
export default {
  title: 'Dashboard/On call now',
  component: OnCallNowWidget,
  ...meta,
  decorators: [withRouter, ...meta.decorators],
};
type Story = StoryObj<typeof OnCallNowWidget>;

const WIDGET = {
  component: OnCallNowWidget,
  title: 'On call now',
  filled: 'Ana Torres',
  empty: 'No schedules yet.',
};
const region = (canvasElement: HTMLElement) => storyBody(canvasElement).findByRole('region', { name: WIDGET.title });

const stories = widgetStories(WIDGET);

const NOBODY = { dashboardCalls: { ...DASHBOARD_CALLS.filled, onCallNow: async () => storyOnCallNobody } };

/** Dashboard calls whose first read of On call now fails and whose next ones answer. */
function FailingFirst({ children }: { children: ReactNode }) {
  const [services] = useState(() => {
    let reads = 0;
    const onCallNow = () => (++reads === 1 ? DASHBOARD_CALLS.failed : DASHBOARD_CALLS.filled).onCallNow();
    return { dashboardCalls: { ...DASHBOARD_CALLS.filled, onCallNow } };
  });
  return <ServicesProvider value={services}>{children}</ServicesProvider>;
}

/** Each active schedule with its person on call and the handover, its name linking to its timeline. */
export const Filled: Story = {
  ...stories.Filled,
  play: async ({ canvasElement }) => {
    const widget = within(await region(canvasElement));
    const list = await widget.findByRole('list', { name: 'Who is on call now, per schedule' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(within(items[0]!).getByRole('link', { name: 'Database on call' })).toHaveAttribute(
      'href',
      '/schedules/21',
    );
    await expect(items[0]).toHaveTextContent('Ana Torres');
    await expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-03-09T21:00:00Z');
    await expect(items[0]).toHaveTextContent(/until \d{1,2}:\d{2}/);
    // no handover within a year: no "until"
    await expect(items[2]).toHaveTextContent('Carlos Méndez');
    await expect(items[2]).not.toHaveTextContent('until');
    await expect(widget.queryByText('Nobody on call')).toBeNull();
  },
};

/** docs/product.md#schedules: a schedule nobody covers now is a warning, with when its next shift starts when there is one. */
export const NobodyOnCall: Story = {
  ...stories.Filled,
  decorators: [
    (Story) => (
      <ServicesProvider value={NOBODY}>
        <Story />
      </ServicesProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const widget = within(await region(canvasElement));
    const weekend = (await widget.findByRole('link', { name: 'Weekend cover' })).closest('li')!;
    await expect(within(weekend).getByText('Nobody on call')).toBeVisible();
    await expect(weekend.querySelector('time')).toHaveAttribute('datetime', '2026-03-14T12:00:00Z');
    const holiday = widget.getByRole('link', { name: 'Holiday desk' }).closest('li')!;
    await expect(within(holiday).getByText('Nobody on call')).toBeVisible();
    await expect(holiday).not.toHaveTextContent('until');
    await expect(widget.getAllByText('Nobody on call')).toHaveLength(2);
  },
};

/** No active schedule yet: a link to the Schedules screen. */
export const Empty: Story = {
  ...stories.Empty,
  play: async ({ canvasElement }) => {
    const widget = within(await region(canvasElement));
    await expect(await widget.findByText('No schedules yet.', { exact: false })).toBeVisible();
    await expect(widget.getByRole('link', { name: 'Go to Schedules' })).toHaveAttribute('href', '/schedules');
  },
};

export const Loading = stories.Loading;

/** The call failed: the widget says so and offers Reload, which reads again. */
export const Failed: Story = {
  ...stories.Filled,
  parameters: { ...stories.Filled.parameters, dashboardCalls: 'failed' },
  play: async ({ canvasElement }) => {
    const widget = within(await region(canvasElement));
    await expect(await widget.findByText('This could not be loaded.')).toBeVisible();
    await expect(widget.getByRole('button', { name: 'Reload' })).toBeVisible();
  },
};

/** Reload after a failure: the second read answers and the list shows. */
export const ReloadAfterFailure: Story = {
  ...stories.Filled,
  decorators: [
    (Story) => (
      <FailingFirst>
        <Story />
      </FailingFirst>
    ),
  ],
  play: async ({ canvasElement }) => {
    const widget = within(await region(canvasElement));
    await userEvent.click(await widget.findByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(widget.getByText('Ana Torres')).toBeVisible());
    await expect(widget.queryByRole('button', { name: 'Reload' })).toBeNull();
  },
};

export const Collapsed = stories.Collapsed;
export const Fullscreen = stories.Fullscreen;
