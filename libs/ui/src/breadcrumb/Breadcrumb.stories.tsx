import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumb } from './Breadcrumb';

const meta = {
  title: 'UI/Breadcrumb',
  component: Breadcrumb,
  args: { lead: 'YOU ARE HERE', items: [{ label: 'Profile' }] },
} satisfies Meta<typeof Breadcrumb>;
export default meta;
type Story = StoryObj<typeof meta>;

export const OneLevel: Story = {};
export const TwoLevels: Story = { args: { items: [{ label: 'Admin' }, { label: 'Users' }] } };
export const WithLinks: Story = {
  args: { items: [{ label: 'Events', href: '/events' }, { label: 'A1B2C3' }, { label: 'Event Logs' }] },
};
