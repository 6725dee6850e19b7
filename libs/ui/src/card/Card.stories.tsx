import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { Card } from './Card';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: { title: 'Summary', children: 'Four counts of your events.' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithTitle: Story = {};
export const WithActions: Story = { args: { actions: <Button size="sm">Create</Button> } };
export const Plain: Story = { args: { title: undefined } };
