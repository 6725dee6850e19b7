import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  args: { content: 'Reload the page', children: <Button>Hover or focus me</Button> },
  decorators: [
    (Story) => (
      <div style={{ padding: 48 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { open: true } };
export const Danger: Story = {
  args: {
    open: true,
    tone: 'danger',
    content: (
      <ul>
        <li>Password must contain at least one uppercase letter</li>
        <li>Password must contain at least one number</li>
      </ul>
    ),
  },
};
