import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, StatusBadge } from './Badge';

const meta = { title: 'UI/Badge', component: Badge, args: { children: 'Customer Root' } } satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {};
export const Accent: Story = { args: { tone: 'accent' } };
export const Statuses: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {['ACTIVE', 'INACTIVE', 'open', 'progress', 'completed', 'canceled', 'YES', 'NO'].map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
    </div>
  ),
};
