import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { IconButton } from '../button/Button';
import { Icon } from '../icon/Icon';
import { DropdownMenu } from './DropdownMenu';

const meta = {
  title: 'UI/DropdownMenu',
  component: DropdownMenu,
  args: {
    trigger: <IconButton label="Settings" icon={<Icon name="settings" />} variant="secondary" />,
    heading: 'Ana Torres',
    items: [
      { key: 'password', label: 'Password', icon: <Icon name="key" size={16} />, onSelect: () => undefined },
      { key: 'logout', label: 'Logout', icon: <Icon name="logout" size={16} />, onSelect: () => undefined },
    ],
  },
  decorators: [(Story) => <div style={{ padding: 24, paddingLeft: 240 }}><Story /></div>],
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Settings' }));
  },
};
