import { Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { DASHBOARD_CALLS, type DashboardCallsState } from '../../testing/dashboard';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { storyBody as body } from '../../testing/story-dialogs';

/** The real route table at /dashboard, signed in as a Customer Root (or `role`), with fixture summaries. */
function Dashboard({ calls = 'filled', role = Role.CustomerRoot }: { calls?: DashboardCallsState; role?: RoleId }) {
  return (
    <StoryApp
      routes={routes}
      at="/dashboard"
      user={storyUser(role)}
      services={{ dashboardCalls: DASHBOARD_CALLS[calls] }}
    />
  );
}

export default { title: 'Screens/Dashboard', ...screenMeta(Dashboard) };
type Story = StoryObj<typeof Dashboard>;
const at = (value: string) => ({ viewport: { value, isRotated: false } });

const WIDGETS = [
  'On call now',
  'Events Today',
  'Events Received',
  'Events Per Module',
  'Events Line Chart',
  'Module Performance MTD',
  'SLA Performance MTD',
  'Module Events This Month',
  'Top 10 Responders of the Month',
];

export const Filled: Story = {
  globals: at('desktop'),
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (const name of WIDGETS) await expect(await screen.findByRole('region', { name })).toBeVisible();
    const today = screen.getByRole('region', { name: 'Events Today' });
    await waitFor(() => expect(within(today).getByText('14')).toBeVisible());
    const onCall = screen.getByRole('region', { name: 'On call now' });
    await waitFor(() => expect(within(onCall).getByText('Ana Torres')).toBeVisible());
  },
};

/** docs/product.md#sidebar-by-role, #roles-and-permissions: the Customer sees the same dashboard as the Customer Root. */
export const AsCustomer: Story = { args: { role: Role.Customer }, globals: at('desktop'), play: Filled.play };

/** docs/product.md#route-guard, #roles-and-permissions: the dashboard is a customer screen; a staff user who opens it goes to 403 and is signed out. */
export const StaffRefused: Story = {
  args: { role: Role.StaffView },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
    await expect(screen.queryByRole('region', { name: 'Events Today' })).toBeNull();
  },
};

/** The period of Events Per Module changes its donut (docs/product.md#dashboard: Today, Week or Month, default Month). */
export const ModulesByWeek: Story = {
  globals: at('desktop'),
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const widget = await screen.findByRole('region', { name: 'Events Per Module' });
    const period = within(widget).getByRole('combobox', { name: 'Period of Events Per Module' });
    await expect(period).toHaveValue('Month');
    await waitFor(() =>
      expect(within(widget).getByRole('img', { name: 'Events per module this month: 127 events' })).toBeVisible(),
    );
    await userEvent.selectOptions(period, 'Week');
    await waitFor(() =>
      expect(within(widget).getByRole('img', { name: 'Events per module this week: 47 events' })).toBeVisible(),
    );
  },
};

/** Module Performance's percentages, as its table alternative reads them. */
export const PerformanceShares: Story = {
  globals: at('desktop'),
  play: async ({ canvasElement }) => {
    const widget = await body(canvasElement).findByRole('region', { name: 'Module Performance MTD' });
    const table = await within(widget).findByRole('table', {
      name: 'Events per module, this month against last month',
    });
    const checkout = within(table).getByRole('row', { name: /^Checkout/ });
    await expect(checkout).toHaveTextContent(
      "37.8% of this month's events, 35.3% of last month's; +17.1% on last month",
    );
  },
};

export const Tablet: Story = { globals: at('tablet'), play: Filled.play };
export const Mobile: Story = {
  globals: at('mobile1'),
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    for (const name of WIDGETS) await expect(await screen.findByRole('region', { name })).toBeInTheDocument();
  },
};
/** Without events each widget says so in its own words (Events Received still counts: 0). */
export const Empty: Story = {
  args: { calls: 'empty' },
  globals: at('desktop'),
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const says = (widget: string, text: string) =>
      waitFor(() => expect(within(screen.getByRole('region', { name: widget })).getByText(text)).toBeVisible());
    await screen.findByRole('region', { name: 'Events Today' });
    await says('Events Today', 'No events today.');
    await says('Events Per Module', 'No events this month.');
    await says('Events Line Chart', 'No events this year or last year.');
    await says('Module Performance MTD', 'No events this month or last month.');
    await says('SLA Performance MTD', 'No SLA results this month or last month.');
    await says('Module Events This Month', 'No events this month.');
    await says('Top 10 Responders of the Month', 'No events were assigned this month.');
    const onCall = screen.getByRole('region', { name: 'On call now' });
    await expect(within(onCall).getByRole('link', { name: 'Go to Schedules' })).toBeVisible();
  },
};
export const EmptyMobile: Story = { args: { calls: 'empty' }, globals: at('mobile1'), play: Empty.play };
/** Every widget loads on its own, each with its spinner. */
export const Loading: Story = {
  args: { calls: 'loading' },
  globals: at('desktop'),
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    for (const name of WIDGETS) {
      const widget = await screen.findByRole('region', { name });
      await expect(within(widget).getByRole('status')).toHaveTextContent(`Loading ${name}`);
    }
  },
};
export const Failed: Story = {
  args: { calls: 'failed' },
  globals: at('desktop'),
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getAllByText('This could not be loaded.')).toHaveLength(WIDGETS.length));
  },
};
