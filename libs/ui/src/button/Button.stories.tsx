import type { Meta, StoryObj } from '@storybook/react-vite';
import { Icon } from '../icon/Icon';
import { Button, IconButton } from './Button';

const meta = { title: 'UI/Button', component: Button, args: { children: 'Save' } } satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = { args: { variant: 'primary' } };
export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };
export const Ghost: Story = { args: { variant: 'ghost', children: 'More' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete' } };
export const Link: Story = { args: { variant: 'link', children: 'Resend Code' } };
export const Loading: Story = { args: { variant: 'primary', loading: true, children: 'Login' } };
export const Disabled: Story = { args: { variant: 'primary', disabled: true } };
export const Small: Story = { args: { variant: 'secondary', size: 'sm', children: 'Go back' } };
export const WithIcon: Story = {
  args: { variant: 'secondary', icon: <Icon name="key" />, children: 'Modify Password' },
};
export const IconOnly: Story = {
  render: () => <IconButton label="Reload" icon={<Icon name="reload" />} variant="secondary" />,
};
