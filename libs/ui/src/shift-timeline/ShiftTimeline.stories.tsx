import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ShiftTimeline, type ShiftLane } from './ShiftTimeline';

const HOUR = 3_600_000;
/** Monday 9 March 2026, 00:00 UTC: the week drawn */
const FROM = Date.UTC(2026, 2, 9);
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const days = DAY_NAMES.map((name, index) => ({
  key: name,
  label: `${name} ${9 + index}`,
  title: `${name} ${9 + index} March`,
  start: FROM + index * 24 * HOUR,
  end: FROM + (index + 1) * 24 * HOUR,
  muted: index >= 5,
}));
const at = (day: number, hour: number) => FROM + (day * 24 + hour) * HOUR;
const bar = (key: string, text: string, start: number, end: number, kind?: 'override' | 'temporary') => ({
  key,
  text,
  start,
  end,
  description: `day ${(start - FROM) / 24 / HOUR} to day ${(end - FROM) / 24 / HOUR}`,
  ...(kind ? { kind } : {}),
});

const LANES: ShiftLane[] = [
  { key: 1, name: 'Ana Torres', colorKey: 1, bars: [bar('a1', 'Ana Torres', at(0, 0), at(2, 9))] },
  {
    key: 2,
    name: 'Luis Soto',
    colorKey: 2,
    bars: [bar('l1', 'Luis Soto', at(2, 9), at(4, 18)), bar('l2', 'Luis Soto', at(5, 8), at(7, 0), 'temporary')],
  },
  { key: 5, name: 'Carla Núñez', colorKey: 5, bars: [bar('c1', 'Carla Núñez', at(4, 18), at(5, 8), 'override')] },
];

const meta = {
  title: 'UI/ShiftTimeline',
  component: ShiftTimeline,
  args: {
    label: 'Shifts, 9 – 15 Mar 2026',
    from: FROM,
    to: at(7, 0),
    days,
    lanes: LANES,
    gaps: [],
    now: at(2, 15),
  },
} satisfies Meta<typeof ShiftTimeline>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A lane per person with the name on each bar, an override and a temporary shift badged, the now-line. */
export const Week: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const carla = canvas.getByRole('list', { name: 'Shifts of Carla Núñez' });
    await expect(carla).toHaveTextContent('Carla Núñez, Override, day 4.75 to day 5.333333333333333');
    await expect(canvas.getByRole('list', { name: 'Shifts of Luis Soto' })).toHaveTextContent('Temporary');
    await expect(canvasElement.querySelectorAll('.rl-timeline__now')).toHaveLength(3);
    await expect(canvas.getByRole('list', { name: 'Legend' })).toHaveTextContent('Override');
  },
};

/** The stretches nobody covers, in a lane of their own. */
export const WithGaps: Story = {
  args: {
    lanes: LANES.slice(0, 1),
    gaps: [{ key: 'g1', start: at(2, 9), end: at(7, 0), description: 'Wed 11 Mar 09:00 – Mon 16 Mar 00:00' }],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('list', { name: 'Nobody on call' })).toHaveTextContent(
      'Nobody on call: Wed 11 Mar 09:00 – Mon 16 Mar 00:00',
    );
  },
};

/** Bars that may be pressed are buttons named by the caller; a past one stays plain. */
export const WithActions: Story = {
  args: {
    barAction: {
      label: (lane, shift) => (shift.end > at(2, 15) ? `Take this shift: ${lane.name}, ${shift.description}` : null),
      onSelect: fn(),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole('list', { name: 'Shifts of Ana Torres' })).queryByRole('button')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^Take this shift: Luis Soto, day 2.375/ }));
    await expect(args.barAction!.onSelect).toHaveBeenCalledWith(LANES[1], LANES[1]!.bars[0]);
  },
};

export const Empty: Story = {
  args: { lanes: [], gaps: [], now: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nobody is on call in this period.')).toBeVisible();
  },
};
