import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
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
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof StatTiles>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each number under its label, in the order given, the first one the headline. */
const showsTiles =
  (expected: [string, string][]): Story['play'] =>
  async ({ canvasElement }) => {
    const list = within(canvasElement).getByLabelText('Events today by status');
    const shown = [...list.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    await expect(shown).toEqual(expected);
    await expect(list.firstElementChild).toHaveClass('rl-stat-tiles__tile--headline');
  };

export const Counts: Story = {
  play: showsTiles([
    ['Events today', '14'],
    ['Open', '2'],
    ['In progress', '3'],
    ['Completed', '9'],
    ['Canceled', '0'],
  ]),
};
export const CountsMobile: Story = { ...Counts, globals: { viewport: { value: 'mobile1', isRotated: false } } };
export const One: Story = {
  args: { tiles: [{ key: 'week', label: 'Events this week', value: 47 }] },
  play: showsTiles([['Events this week', '47']]),
};
export const Thousands: Story = {
  args: { tiles: [{ key: 'year', label: 'Events in 2026', value: 12840 }] },
  play: showsTiles([['Events in 2026', '12,840']]),
};
