import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
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
  decorators: [
    (Story) => (
      <div style={{ padding: 24, paddingLeft: 240 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Settings' }));
  },
};

/** the menu button pattern by keyboard: ArrowDown opens on the first item, arrows move, Escape returns to the trigger */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Settings' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = within(canvasElement).getByRole('menu', { name: 'Settings' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(within(menu).getByRole('menuitem', { name: 'Password' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Password' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(within(canvasElement).queryByRole('menu')).toBeNull();
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};
