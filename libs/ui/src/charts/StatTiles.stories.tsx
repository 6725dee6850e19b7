import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatTiles } from './StatTiles';

const meta = {
  title: 'UI/Charts/StatTiles',
  component: StatTiles,
  args: {
    label: 'Events today by status',
    tiles: [
      { key: 'today', label: 'Events today', value: 14 },
      { key: 'open', label: 'Open', value: 2, tone: 'danger' },
      { key: 'progress', label: 'In progress', value: 3, tone: 'warning' },
      { key: 'completed', label: 'Completed', value: 9, tone: 'success' },
      { key: 'canceled', label: 'Canceled', value: 0, tone: 'neutral' },
    ],
  },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}><Story /></div>],
} satisfies Meta<typeof StatTiles>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Counts: Story = {};
export const One: Story = { args: { tiles: [{ key: 'week', label: 'Events this week', value: 47 }] } };
