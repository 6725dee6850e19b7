import type { Meta, StoryObj } from '@storybook/react-vite';
import { Brand } from '../app-shell/Brand';
import { Icon } from '../icon/Icon';
import { Sidebar } from './Sidebar';

const meta = {
  title: 'UI/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: {
    id: 'sidebar',
    brand: <Brand href="#" />,
    collapsed: false,
    open: false,
    entries: [
      { key: 'customers', label: 'Customers', href: '#customer', icon: <Icon name="building" />, active: true },
      { key: 'customer-users', label: 'Customer Users', href: '#customer/users', icon: <Icon name="users" /> },
      { key: 'admin-users', label: 'Admin Users', href: '#admin/users', icon: <Icon name="shield" /> },
    ],
  },
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {};
export const Rail: Story = { args: { collapsed: true } };
