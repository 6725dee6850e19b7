import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumb } from '../breadcrumb/Breadcrumb';
import { Card } from '../card/Card';
import { Footer } from '../footer/Footer';
import { Icon } from '../icon/Icon';
import { AppShell } from './AppShell';
import { Brand } from './Brand';

const noop = () => undefined;
const entries = [
  { key: 'dashboard', label: 'Dashboard', href: '#dashboard', icon: <Icon name="dashboard" />, active: true },
  { key: 'resources', label: 'Resources', href: '#resources', icon: <Icon name="user" /> },
  { key: 'sla', label: 'Service Level Agreement', href: '#sla', icon: <Icon name="clock" /> },
  { key: 'events', label: 'Events', href: '#events', icon: <Icon name="activity" /> },
];

const meta = {
  title: 'UI/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen' },
  args: {
    brand: <Brand href="#" />,
    entries,
    header: { onReload: noop, onPassword: noop, onLogout: noop, userName: 'Ana Torres', userDetail: 'Customer' },
    top: <Breadcrumb lead="YOU ARE HERE" items={[{ label: 'Dashboard' }]} />,
    footer: <Footer name="Ana" lastName="Torres" customerName="Demo Company" />,
    children: <Card title="Dashboard">Page content</Card>,
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {};
export const Rail: Story = { args: { initiallyCollapsed: true } };
export const Narrow: Story = { globals: { viewport: { value: 'mobile1' } } };
