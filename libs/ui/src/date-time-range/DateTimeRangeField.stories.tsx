import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, within } from 'storybook/test';
import { DateTimeRangeField } from './DateTimeRangeField';

function Demo({ errors = false }: { errors?: boolean }) {
  const [start, setStart] = useState('2026-03-11T17:00');
  const [end, setEnd] = useState('2026-03-12T09:00');
  return (
    <div style={{ maxWidth: 560 }}>
      <DateTimeRangeField
        legend="When"
        description="Times in the schedule's zone (America/New_York)."
        required
        start={{
          label: 'Start',
          name: 'start',
          value: start,
          onValueChange: setStart,
          hint: `= ${start.slice(11)} there`,
        }}
        end={{
          label: 'End',
          name: 'end',
          value: end,
          onValueChange: setEnd,
          hint: '= 14:00 in your zone (Europe/Madrid)',
          ...(errors ? { errors: ['End must be after start'] } : {}),
        }}
      />
    </div>
  );
}

const meta = { title: 'UI/DateTimeRangeField', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two date-and-time fields under one legend, each with its hint in another zone. */
export const Range: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'When' });
    await expect(group).toHaveAccessibleDescription("Times in the schedule's zone (America/New_York).");
    const start = canvas.getByLabelText('Start');
    fireEvent.change(start, { target: { value: '2026-03-11T18:30' } });
    await expect(start).toHaveValue('2026-03-11T18:30');
    await expect(start).toHaveAccessibleDescription('= 18:30 there');
  },
};

export const WithErrors: Story = {
  args: { errors: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('End')).toHaveAttribute('aria-invalid', 'true');
  },
};
