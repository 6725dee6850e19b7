import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { PeriodSelect } from './PeriodSelect';
import { Widget } from './Widget';

const meta = {
  title: 'UI/Widget',
  component: Widget,
  args: { title: 'Events Today', children: <p>Twelve events came in today.</p> },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Widget>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The same story on a phone (docs/product.md#constants-and-limits xs: 320 px wide). */
const onPhone = (story: Story): Story => ({ ...story, globals: { viewport: { value: 'mobile1', isRotated: false } } });

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Events Today' }));
    await expect(screen.queryByText('Twelve events came in today.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Events Today' }));
    await expect(screen.getByText('Twelve events came in today.')).toBeVisible();
  },
};
export const DefaultMobile = onPhone(Default);
export const Collapsed: Story = {
  args: { defaultDisplay: 'collapse' },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    const expand = screen.getByRole('button', { name: 'Expand Events Today' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.queryByText('Twelve events came in today.')).toBeNull();
    await expect(screen.getByRole('heading', { name: 'Events Today' })).toBeVisible();
    await userEvent.click(expand);
    await expect(screen.getByText('Twelve events came in today.')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Collapse Events Today' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};
export const CollapsedMobile = onPhone(Collapsed);
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
export const FullscreenMobile = onPhone(Fullscreen);
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Events Today' });
    await expect(within(region).getByRole('status')).toHaveTextContent('Loading Events Today');
    await expect(within(region).queryByText('Twelve events came in today.')).toBeNull();
  },
};
export const LoadingMobile = onPhone(Loading);
export const Failed: Story = {
  args: { status: 'failed' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Events Today' });
    await expect(within(region).getByText('This could not be loaded.')).toBeVisible();
    await expect(within(region).queryByText('Twelve events came in today.')).toBeNull();
  },
};
export const Empty: Story = {
  args: { isEmpty: true, emptyText: 'No events today.' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Events Today' });
    await expect(within(region).getByText('No events today.')).toBeVisible();
    await expect(within(region).queryByText('Twelve events came in today.')).toBeNull();
  },
};
export const EmptyMobile = onPhone(Empty);

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
