import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SummaryTable } from './SummaryTable';

interface Row {
  name: string;
  events: number;
  minutes: string;
}

const meta = {
  title: 'UI/Charts/SummaryTable',
  component: SummaryTable<Row>,
  args: {
    caption: 'Module events this month, times in minutes',
    columns: [
      { key: 'name', header: 'Name', cell: (row: Row) => row.name },
      { key: 'events', header: 'Events', numeric: true, cell: (row: Row) => row.events },
      { key: 'minutes', header: 'MTTR (min)', numeric: true, cell: (row: Row) => row.minutes },
    ],
    rows: [
      { name: 'Checkout', events: 48, minutes: '42' },
      { name: 'Payments', events: 31, minutes: '51.5' },
    ],
    rowKey: (row: Row) => row.name,
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SummaryTable<Row>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Figures: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Module events this month, times in minutes' });
    await expect(within(table).getByRole('rowheader', { name: 'Payments' })).toBeVisible();
  },
};
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 200 }}>
        <Story />
      </div>
    ),
  ],
};
