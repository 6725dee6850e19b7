import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RankedBars } from './RankedBars';

const meta = {
  title: 'UI/Charts/RankedBars',
  component: RankedBars,
  args: {
    label: 'Top 10 responders of the month',
    unit: 'events',
    items: ['Carlos Méndez', 'Ana Torres', 'Luis Rivera'].map((label, i) => ({ key: label, label, value: 31 - i * 9 })),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RankedBars>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ranking: Story = {
  play: async ({ canvasElement }) => {
    const items = within(
      within(canvasElement).getByRole('list', { name: 'Top 10 responders of the month' }),
    ).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      '1Carlos Méndez31 events',
      '2Ana Torres22 events',
      '3Luis Rivera13 events',
    ]);
  },
};
export const RankingMobile: Story = { ...Ranking, globals: { viewport: { value: 'mobile1', isRotated: false } } };
