import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { Header } from './Header';

const noop = () => undefined;
const meta = {
  title: 'UI/Header',
  component: Header,
  // the toggle names the sidebar it controls (aria-controls): the story has a stand-in for it
  decorators: [
    (Story) => (
      <>
        <Story />
        <nav id="sidebar" aria-label="Main menu" />
      </>
    ),
  ],
  args: {
    sidebarId: 'sidebar',
    sidebarExpanded: true,
    onToggleSidebar: noop,
    onReload: noop,
    onPassword: noop,
    onLogout: noop,
    userName: 'Ana Torres',
    userDetail: 'Customer',
  },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SettingsOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Settings' }));
  },
};
