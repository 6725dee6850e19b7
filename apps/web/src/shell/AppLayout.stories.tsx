import { Role, homePathFor, type RoleId, type Customer as CustomerRecord } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
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
function SignedInApp({
  role,
  forced = false,
  path,
  saveLanguage = async () => ({}),
}: {
  role: RoleId;
  forced?: boolean;
  path?: string;
  saveLanguage?: Services['saveLanguage'];
}) {
  return (
    <StoryApp
      routes={routes}
      at={path ?? homePathFor(role)}
      user={storyUser(role, { force_change_password: forced })}
      services={{ loadProfileCounts: async () => storyCounts, customerCalls, eventCalls, dashboardCalls, saveLanguage }}
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

/** The language menu (docs/product.md#languages): both languages by their own names, the current one marked; a choice is saved to the profile. */
export const LanguageMenu: Story = {
  args: { role: Role.Customer, saveLanguage: fn(async () => ({})) },
  play: async ({ args, canvasElement }) => {
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(await screen.findByRole('button', { name: 'Language' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['English', 'Español']);
    await expect(within(items[0]!).getByText('English')).toHaveAttribute('aria-current', 'true');
    await expect(within(items[1]!).getByText('Español')).toHaveAttribute('lang', 'es');
    await userEvent.click(items[1]!);
    await waitFor(() => expect(args.saveLanguage).toHaveBeenCalledWith('es'));
  },
};

/** A language that could not be saved says so; the screen stays in its language. */
export const LanguageNotSaved: Story = {
  args: {
    role: Role.Customer,
    saveLanguage: async () => {
      throw new Error('The language could not be saved');
    },
  },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(await screen.findByRole('button', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Español' }));
    const message = await screen.findByText('The language could not be saved');
    await waitFor(() => expect(message).toBeVisible());
    await expect(screen.getByRole('button', { name: 'Language' })).toBeVisible();
  },
};
