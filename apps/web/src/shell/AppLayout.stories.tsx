import { Role, homePathFor, type RoleId, type Customer as CustomerRecord } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { routes } from '../routes';
import { never, storyCounts, storyUser } from '../testing/fixtures';
import { StoryApp, screenMeta } from '../testing/story-app';
import { storyEventCalls } from '../testing/events';
import { DASHBOARD_CALLS } from '../testing/dashboard';
import type { Services } from './services';

const CUSTOMERS: CustomerRecord[] = ['Relevo', 'Demo Company'].map((name, index) => ({
  customer_id: index + 1,
  customer_name: name,
  customer_active: 'Y',
  customer_qty_resources: index * 10,
  customer_createby: 'staff@relevo.demo',
  customer_createdt: new Date(Date.UTC(2026, 0, 5 + index, 15)).toISOString(),
  customer_updateby: null,
  customer_updatedt: null,
}));

/** The staff home is the Customers screen: its list comes from a fixture, not the live API. */
const customerCalls: Services['customerCalls'] = {
  list: async () => ({ total: CUSTOMERS.length, list: CUSTOMERS }),
  create: never,
  update: never,
  remove: never,
};
/** The events screens' calls: no events (the layout is what these stories show). */
const eventCalls: Services['eventCalls'] = storyEventCalls('empty');
/** The customer roles land on the Dashboard: its widgets read fixtures, not the live API. */
const dashboardCalls = DASHBOARD_CALLS.empty;

/** The real route table, signed in as a fixture user of one role, landing on that role's home. */
function SignedInApp({ role, forced = false, path }: { role: RoleId; forced?: boolean; path?: string }) {
  return (
    <StoryApp
      routes={routes}
      at={path ?? homePathFor(role)}
      user={storyUser(role, { force_change_password: forced })}
      services={{ loadProfileCounts: async () => storyCounts, customerCalls, eventCalls, dashboardCalls }}
    />
  );
}

export default { title: 'Screens/Layout', ...screenMeta(SignedInApp) };
type Story = StoryObj<typeof SignedInApp>;

export const StaffRoot: Story = { args: { role: Role.StaffRoot } };
export const StaffEdit: Story = { args: { role: Role.StaffEdit } };
export const StaffView: Story = { args: { role: Role.StaffView } };
export const CustomerRoot: Story = { args: { role: Role.CustomerRoot } };
export const Customer: Story = { args: { role: Role.Customer } };
export const ForcedPasswordChange: Story = { args: { role: Role.Customer, forced: true } };
export const NestedBreadcrumb: Story = { args: { role: Role.Customer, path: '/events/A1B2C3/event_logs' } };
export const Narrow: Story = {
  args: { role: Role.CustomerRoot },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** docs/product.md#layout: the header's settings dropdown offers Password and Logout. */
export const SettingsMenu: Story = {
  args: { role: Role.CustomerRoot },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const menu = await screen.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Password', 'Logout']);
  },
};
