import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { PeriodSelect } from './PeriodSelect';
import { Widget } from './Widget';

const meta = {
  title: 'UI/Widget',
  component: Widget,
  args: { title: 'Events Today', children: <p>Twelve events came in today.</p> },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}><Story /></div>],
} satisfies Meta<typeof Widget>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Events Today' }));
    await expect(screen.queryByText('Twelve events came in today.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Events Today' }));
    await expect(screen.getByText('Twelve events came in today.')).toBeVisible();
  },
};
export const Collapsed: Story = { args: { defaultDisplay: 'collapse' } };
export const Fullscreen: Story = {
  args: { defaultDisplay: 'fullscreen' },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement.ownerDocument.body);
    const dialog = await screen.findByRole('dialog', { name: 'Events Today' });
    await expect(within(dialog).getByText('Twelve events came in today.')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(screen.getByText('Twelve events came in today.')).toBeVisible();
  },
};
export const Loading: Story = { args: { status: 'loading' } };
export const Failed: Story = { args: { status: 'failed' } };
export const Empty: Story = { args: { isEmpty: true, emptyText: 'No events today.' } };

function WithPeriod() {
  const [period, setPeriod] = useState<'Today' | 'Week' | 'Month'>('Month');
  return (
    <Widget
      title="Events Per Module"
      controls={
        <PeriodSelect
          label="Period of Events Per Module"
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'Today', text: 'Today' },
            { value: 'Week', text: 'Week' },
            { value: 'Month', text: 'Month' },
          ]}
        />
      }
    >
      <p>Showing {period}.</p>
    </Widget>
  );
}

export const WithPeriodChoice: Story = {
  render: () => <WithPeriod />,
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period of Events Per Module' }), 'Week');
    await expect(screen.getByText('Showing Week.')).toBeVisible();
  },
};
