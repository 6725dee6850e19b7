import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { CheckboxField, CheckboxGroup } from './CheckboxField';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((text, index) => ({ value: index + 1, text }));

function Demo() {
  const [notices, setNotices] = useState(false);
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      <CheckboxField
        label="Send handoff notices"
        name="handoff_notices"
        hint="The person coming on call is told at the start of each shift."
        checked={notices}
        onCheckedChange={setNotices}
      />
      <CheckboxGroup
        legend="Window 1 days"
        name="days"
        options={DAYS}
        values={days}
        onChange={setDays}
        errors={days.length ? undefined : ['Choose at least one day']}
      />
    </div>
  );
}

const meta = { title: 'UI/CheckboxField', component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A choice with its hint, and a row of days kept in the week's order; none chosen shows the message. */
export const Choices: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const notices = canvas.getByRole('checkbox', { name: 'Send handoff notices' });
    await expect(notices).toHaveAccessibleDescription('The person coming on call is told at the start of each shift.');
    await userEvent.click(notices);
    await expect(notices).toBeChecked();
    const group = canvas.getByRole('group', { name: 'Window 1 days' });
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await userEvent.click(within(group).getByRole('checkbox', { name: day }));
    await expect(group).toHaveAccessibleDescription('Choose at least one day');
  },
};
