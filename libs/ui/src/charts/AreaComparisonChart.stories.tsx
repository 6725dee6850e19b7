import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AreaComparisonChart } from './AreaComparisonChart';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const points = (values: number[]) => values.map((y, i) => ({ x: MONTHS[i]!, y }));

const meta = {
  title: 'UI/Charts/AreaComparisonChart',
  component: AreaComparisonChart,
  args: {
    label: 'Events per month, 2026 against 2025',
    unit: 'events',
    categories: MONTHS,
    current: { label: '2026', points: points([118, 109, 126, 131, 127, 122, 134, 140, 129, 136, 116]) },
    previous: { label: '2025', points: points([88, 93, 101, 97, 110, 104, 99, 120, 115, 108, 116, 123]) },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 960 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AreaComparisonChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TwoYears: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(
      screen.getByRole('img', { name: 'Events per month, 2026 against 2025. 2026: 1,388 events; 2025: 1,274 events.' }),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Events per month, 2026 against 2025' });
    await expect(within(table).getByRole('row', { name: 'Dec – 123' })).toBeInTheDocument();
  },
};
export const Narrow: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320 }}>
        <Story />
      </div>
    ),
  ],
};
