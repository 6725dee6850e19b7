import { ApiError } from '@relevo/api';
import {
  MESSAGES,
  Role,
  SSO_MESSAGES,
  customerInUseMessage,
  type Customer,
  type CustomerSso,
  type ListQuery,
  type RoleId,
} from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { never, storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import {
  expectProblem,
  expectSaving,
  openCreateDialog,
  playShowsText,
  storyBody as body,
} from '../../testing/story-dialogs';
import type { CustomerCalls } from './customer-calls';
import type { CustomerSsoCalls } from './sso-calls';

const NAMES = [
  'Relevo',
  'Demo Company',
  'Acme Health',
  'Globex Logistics',
  'Initech Banking',
  'Umbrella Labs',
  'Hooli Cloud',
  'Stark Energy',
  'Wayne Security',
  'Wonka Foods',
  'Tyrell Robotics',
  'Cyberdyne Systems',
  'Soylent Farms',
  'Aperture Science',
];

const CUSTOMERS: Customer[] = NAMES.map((name, index) => ({
  customer_id: index + 1,
  customer_name: name,
  customer_active: index % 5 === 4 ? 'N' : 'Y',
  customer_qty_resources: index === 0 ? 0 : 10 + index * 5,
  customer_createby: 'staff@relevo.demo',
  customer_createdt: new Date(Date.UTC(2026, 0, 5 + index, 15)).toISOString(),
  customer_updateby: index % 3 ? 'staff@relevo.demo' : null,
  customer_updatedt: index % 3 ? new Date(Date.UTC(2026, 2, 1 + index, 15)).toISOString() : null,
}));

/** Plays the server: search, sort and pages over the fixture customers. */
function page(customers: Customer[], query: ListQuery) {
  const term = query.search.toLowerCase();
  const key = query.order_by_column as keyof Customer;
  const sign = query.order_by_direction === 'desc' ? -1 : 1;
  const found = customers
    .filter((customer) => !term || customer.customer_name.toLowerCase().includes(term))
    .sort(
      (a, b) =>
        (String(a[key]).localeCompare(String(b[key]), undefined, { numeric: true }) || a.customer_id - b.customer_id) *
        sign,
    );
  const start = (query.page_num - 1) * query.page_size;
  return { total: found.length, list: found.slice(start, start + query.page_size) };
}

const nameTaken = () =>
  Promise.reject(
    new ApiError(422, {
      detail: [{ loc: ['body', 'customer_name'], msg: 'A customer with this name already exists' }],
    }),
  );

const CALLS = {
  filled: (): CustomerCalls => ({
    list: async (query) => page(CUSTOMERS, query),
    create: async (body) => ({ ...CUSTOMERS[2]!, ...body, customer_id: 99 }),
    update: async (id, body) => ({ ...CUSTOMERS.find((customer) => customer.customer_id === id)!, ...body }),
    remove: async () => Promise.reject(new ApiError(409, { detail: customerInUseMessage({ users: 3, events: 0 })! })),
  }),
  empty: (): CustomerCalls => ({ ...CALLS.filled(), list: async () => ({ total: 0, list: [] }) }),
  loading: (): CustomerCalls => ({ ...CALLS.filled(), list: never }),
  failed: (): CustomerCalls => ({ ...CALLS.filled(), list: () => Promise.reject(new ApiError(0, null)) }),
  nameTaken: (): CustomerCalls => ({ ...CALLS.filled(), create: nameTaken, update: nameTaken }),
  saving: (): CustomerCalls => ({ ...CALLS.filled(), create: never, update: never }),
  saveFailed: (): CustomerCalls => ({
    ...CALLS.filled(),
    create: () => Promise.reject(new ApiError(500, null)),
    update: () => Promise.reject(new ApiError(500, null)),
  }),
};

/** Acme Health has a provider of its own (its secret kept, never shown); the others none. */
const ACME_SSO: CustomerSso = {
  customer_id: 3,
  issuer: 'https://login.acme-health.example',
  client_id: 'relevo-dashboard',
  has_secret: true,
  domains: ['acme-health.example'],
};
const SSO_CALLS: CustomerSsoCalls = {
  get: async (id) =>
    id === ACME_SSO.customer_id
      ? ACME_SSO
      : { customer_id: id, issuer: '', client_id: '', has_secret: false, domains: [] },
  save: async (id, body) => ({
    customer_id: id,
    issuer: body.issuer,
    client_id: body.client_id,
    has_secret: body.issuer !== '',
    domains: body.domains,
  }),
};

/** The real route table at /customer, signed in as a staff user, with fixture calls. */
function Customers({
  role = Role.StaffRoot,
  calls = 'filled',
  at = '/customer',
}: {
  role?: RoleId;
  calls?: keyof typeof CALLS;
  at?: string;
}) {
  return (
    <StoryApp
      routes={routes}
      at={at}
      user={storyUser(role)}
      services={{ customerCalls: CALLS[calls](), customerSsoCalls: SSO_CALLS }}
    />
  );
}

export default { title: 'Screens/Customers', ...screenMeta(Customers) };
type Story = StoryObj<typeof Customers>;

const openCreate = (canvasElement: HTMLElement) => openCreateDialog(canvasElement, 'Create Customer');

async function openEdit(canvasElement: HTMLElement, name: string) {
  const screen = body(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit Customer' });
}

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Show 1 to 10 of 14 records')).toBeVisible();
  },
};
export const Empty: Story = { args: { calls: 'empty' }, play: playShowsText(MESSAGES.emptyCustomers) };
export const Loading: Story = { args: { calls: 'loading' } };
export const LoadFailed: Story = {
  args: { calls: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(await body(canvasElement).findByRole('main')).findByRole('button', { name: 'Reload' }),
    ).toBeVisible();
  },
};
export const SecondPageByName: Story = { args: { at: '/customer?page=2&order=customer_name&dir=desc' } };
/** StaffView reads the list and opens a customer's Delivery screen, read-only there too. */
export const StaffView: Story = {
  args: { role: Role.StaffView },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('link', { name: 'Delivery of Acme Health' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Edit Acme Health' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Delete Acme Health' })).toBeNull();
  },
};
/** docs/product.md#roles-and-permissions: Staff Edit creates, edits and deletes customers like Staff Root. */
export const StaffEdit: Story = {
  args: { role: Role.StaffEdit },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await screen.findByText('Acme Health');
    await expect(screen.getByRole('button', { name: 'Create' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Edit Acme Health' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Delete Acme Health' })).toBeVisible();
  },
};
export const CreateModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).queryByRole('combobox', { name: 'Status' })).toBeNull();
    await expect(within(dialog).getByLabelText('Resource quota')).toHaveValue(10);
  },
};
export const EditModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Acme Health');
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Acme Health');
    await expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('ACTIVE');
  },
};
export const InvalidForm: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const quota = within(dialog).getByLabelText('Resource quota');
    await userEvent.clear(quota);
    await userEvent.type(quota, '-3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(quota).toHaveAttribute('aria-invalid', 'true');
    await expectProblem(canvasElement, dialog, 'Name', 'Customer name is required');
    await expectProblem(canvasElement, dialog, 'Resource quota', 'The value must be greater than or equal to 0');
  },
};
export const NameTaken: Story = {
  args: { calls: 'nameTaken' },
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Acme Health');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Demo Company');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.click(within(dialog).getByRole('button', { name: /Name: 1 problem/ }));
  },
};
export const Saving: Story = {
  args: { calls: 'saving' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nakatomi Trading');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};
/** A 500 on save: the general handler's warning toast (docs/product.md#messages), the modal stays open with what was typed. */
export const SaveFailed: Story = {
  args: { calls: 'saveFailed' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nakatomi Trading');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Nakatomi Trading');
  },
};
export const DeleteConfirm: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Demo Company' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Are you sure you want to remove this customer?',
    );
  },
};

/** A customer that still has users: the server's 409 says so, shown as the warning toast. */
export const DeleteRefused: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Demo Company' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }));
    await expect(await screen.findByText(customerInUseMessage({ users: 3, events: 0 })!)).toBeInTheDocument();
  },
};

/** The provider organisation (Relevo, the staff user's own customer) has no Delete; every other row does. */
export const ProviderRow: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('button', { name: 'Edit Relevo' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Delete Relevo' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Delete Demo Company' })).toBeVisible();
  },
};

/** Editing the provider organisation: INACTIVE is listed but cannot be chosen. */
export const ProviderEditModal: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openEdit(canvasElement, 'Relevo');
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await expect(await body(canvasElement).findByRole('option', { name: 'INACTIVE' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

async function openSso(canvasElement: HTMLElement, name: string) {
  const screen = body(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: `Single sign-on of ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit Single sign-on' });
}

/** docs/product.md#single-sign-on: a customer's own provider; the kept secret is never shown. */
export const SingleSignOn: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSso(canvasElement, 'Acme Health');
    await expect(within(dialog).getByLabelText('Issuer')).toHaveValue(ACME_SSO.issuer);
    await expect(within(dialog).getByLabelText('Client secret')).toHaveValue('');
    await expect(dialog).toHaveTextContent('A secret is kept: leave empty to keep it.');
    await expect(within(dialog).getByLabelText('E-mail domains')).toHaveValue('acme-health.example');
    await expect(body(canvasElement).queryByRole('button', { name: 'Single sign-on of Relevo' })).toBeNull();
  },
};

/** A new provider needs its client ID and secret; a bad domain says so. */
export const SingleSignOnInvalid: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSso(canvasElement, 'Globex Logistics');
    await userEvent.type(within(dialog).getByLabelText('Issuer'), 'https://idp.globex.example');
    await userEvent.type(within(dialog).getByLabelText('E-mail domains'), 'globex..example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, dialog, 'Client ID', 'Client ID is required');
    await expectProblem(canvasElement, dialog, 'E-mail domains', 'Must be a domain name such as example.com');
  },
};

export const SingleSignOnSaved: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openSso(canvasElement, 'Acme Health');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await body(canvasElement).findByText(SSO_MESSAGES.saved)).toBeInTheDocument();
  },
};

/** Staff View reads the list but keeps no customer's provider. */
export const SingleSignOnStaffView: Story = {
  args: { role: Role.StaffView },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await screen.findByText('Acme Health');
    await expect(screen.queryByRole('button', { name: 'Single sign-on of Acme Health' })).toBeNull();
  },
};
