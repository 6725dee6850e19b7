import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ComparisonBars } from './ComparisonBars';

const meta = {
  title: 'UI/Charts/ComparisonBars',
  component: ComparisonBars,
  args: {
    label: 'Events per module, this month against last month',
    labelHeader: 'Module',
    currentLabel: 'This month',
    previousLabel: 'Last month',
    bars: [
      { label: 'Checkout', current: 48, previous: 41, note: '60% of this month’s events' },
      { label: 'Payments', current: 31, previous: 35, note: '39% of this month’s events' },
      { label: 'Catalogue', current: 1, previous: 0, note: '1% of this month’s events' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ComparisonBars>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Modules: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', {
      name: 'Events per module, this month against last month',
    });
    await expect(within(table).getByRole('row', { name: /^Checkout 48 41/ })).toHaveTextContent(
      '60% of this month’s events',
    );
  },
};
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 300 }}>
        <Story />
      </div>
    ),
  ],
};
