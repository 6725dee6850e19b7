import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, type TabItem } from './Tabs';

const TABS: TabItem[] = [
  { id: 'curl', content: <p>curl example</p> },
  { id: 'JavaScript', content: <p>JavaScript example</p> },
  { id: 'Python', content: <p>Python example</p> },
];

function Example() {
  const [value, setValue] = useState('curl');
  return <Tabs label="Languages" tabs={TABS} value={value} onValueChange={setValue} />;
}

const meta = { title: 'UI/Tabs', component: Example } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const First: Story = {};

/** Arrow keys move between the tabs and show each. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'curl' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('JavaScript example');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'Python' })).toHaveFocus();
  },
};
