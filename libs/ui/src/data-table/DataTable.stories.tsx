import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Badge } from '../badge/Badge';
import { Button, IconButton } from '../button/Button';
import { Icon } from '../icon/Icon';
import { DataTable } from './DataTable';
import type { DataTableColumn, DataTableProps, TableSort } from './types';

interface Company {
  customer_id: number;
  customer_name: string;
  customer_active: 'Y' | 'N';
  customer_qty_resources: number;
}

const NAMES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Aperture',
];
const COMPANIES: Company[] = Array.from({ length: 137 }, (_, index) => ({
  customer_id: index + 1,
  customer_name: `${NAMES[index % NAMES.length]} ${Math.floor(index / NAMES.length) + 1}`,
  customer_active: index % 7 === 3 ? 'N' : 'Y',
  customer_qty_resources: 10 + ((index * 7) % 40),
}));

const COLUMNS: DataTableColumn<Company>[] = [
  { id: 'customer_id', header: 'Id', cell: (row) => row.customer_id, sortable: true, numeric: true, width: '6rem' },
  { id: 'customer_name', header: 'Name', cell: (row) => row.customer_name, sortable: true },
  {
    id: 'customer_active',
    header: 'Active',
    cell: (row) => (
      <Badge tone={row.customer_active === 'Y' ? 'success' : 'neutral'}>
        {row.customer_active === 'Y' ? 'ACTIVE' : 'INACTIVE'}
      </Badge>
    ),
    sortable: true,
  },
  {
    id: 'customer_qty_resources',
    header: 'Resource quota',
    cell: (row) => row.customer_qty_resources,
    sortable: true,
    numeric: true,
  },
];

type Fixed = Pick<DataTableProps<Company>, 'status'> & {
  data?: Company[];
  initialSort?: TableSort;
  initialPage?: number;
  withActions?: boolean;
};

/** Plays the server: filters, sorts and pages the fixture rows the way the list endpoints do. */
function Server({
  status,
  data = COMPANIES,
  initialSort = { column: 'customer_id', direction: 'asc' },
  initialPage = 1,
  withActions = true,
}: Fixed) {
  const [page, setPage] = useState(initialPage);
  const [sort, setSort] = useState<TableSort>(initialSort);
  const [search, setSearch] = useState('');
  const pageSize = 10;
  const found = useMemo(() => {
    const term = search.trim().toLowerCase();
    const key = sort.column as keyof Company;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return data
      .filter((row) => !term || row.customer_name.toLowerCase().includes(term) || String(row.customer_id) === term)
      .sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
  }, [data, search, sort]);
  const rows = status === 'ready' ? found.slice((page - 1) * pageSize, page * pageSize) : [];
  return (
    <DataTable
      label="Customers"
      columns={COLUMNS}
      rows={rows}
      total={status === 'ready' ? found.length : 0}
      rowKey={(row) => row.customer_id}
      status={status}
      emptyText="No customers found. Please add some customers."
      page={page}
      pageSize={pageSize}
      sort={sort}
      search={search}
      onSearchChange={(next) => {
        setSearch(next);
        setPage(1);
      }}
      onPageChange={setPage}
      onSortChange={(next) => {
        setSort(next);
        setPage(1);
      }}
      onReload={() => undefined}
      toolbar={
        <Button variant="primary" icon={<Icon name="plus" size={16} />}>
          Create
        </Button>
      }
      rowActions={
        withActions
          ? (row) => (
              <span>
                <IconButton size="sm" label={`Edit ${row.customer_name}`} icon={<Icon name="edit" size={16} />} />
                <IconButton size="sm" label={`Delete ${row.customer_name}`} icon={<Icon name="trash" size={16} />} />
              </span>
            )
          : undefined
      }
    />
  );
}

const meta = {
  title: 'UI/DataTable',
  component: Server,
  args: { status: 'ready' },
  decorators: [
    (Story) => (
      <div style={{ padding: 24, maxWidth: 960 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Server>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = { args: { data: COMPANIES.slice(0, 8) } };
export const Empty: Story = { args: { data: [] } };
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(within(canvasElement).getByText('Loading records')).toBeInTheDocument();
    // a page's room is kept while it loads (10 rows), so the footer does not move when it comes
    await expect(canvasElement.querySelectorAll('tbody tr')).toHaveLength(10);
  },
};
export const Error: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No customers found. Please add some customers.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reload' })).toBeVisible();
  },
};
export const ManyPages: Story = {
  args: { initialPage: 7 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Show 61 to 70 of 137 records')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(canvas.getByText('Show 131 to 137 of 137 records')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Page 14' })).toHaveAttribute('aria-current', 'page');
  },
};
export const Sorted: Story = {
  args: { initialSort: { column: 'customer_name', direction: 'desc' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(name).getByRole('button'));
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
  },
};
export const Searching: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search customers' }), 'hooli 1');
    await waitFor(() => expect(canvas.getByText('Show 1 to 4 of 4 records')).toBeVisible(), { timeout: 2000 });
  },
};
export const ReadOnly: Story = { args: { withActions: false } };
