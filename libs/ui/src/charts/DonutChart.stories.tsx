import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DonutChart } from './DonutChart';

const slice = (label: string, value: number) => ({ key: label, label, value });

const meta = {
  title: 'UI/Charts/DonutChart',
  component: DonutChart,
  args: {
    label: 'Events per module this month',
    unit: 'events',
    slices: [slice('Checkout', 48), slice('Payments', 31), slice('Search', 22), slice('Login', 12)],
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DonutChart>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Parts: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(screen.getByRole('img', { name: 'Events per module this month: 113 events' })).toBeVisible();
    await expect(screen.getByText('(42.5%)')).toBeVisible();
  },
};
export const ManyParts: Story = {
  args: {
    otherLabel: 'Other modules',
    slices: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((name, i) => slice(`Module ${name}`, 20 - i * 2)),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Other modules (4)')).toBeVisible();
  },
};
export const PartsMobile: Story = { ...Parts, globals: { viewport: { value: 'mobile1', isRotated: false } } };
export const Nothing: Story = {
  args: { slices: [] },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(screen.getByRole('img', { name: 'Events per module this month: 0 events' })).toBeVisible();
    await expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  },
};
