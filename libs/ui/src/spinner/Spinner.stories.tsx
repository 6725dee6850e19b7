import type { Meta, StoryObj } from '@storybook/react-vite';
import { PageSpinner, Spinner } from './Spinner';

const meta = { title: 'UI/Spinner', component: Spinner } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = { args: { size: 'sm' } };
export const Medium: Story = { args: { size: 'md' } };
export const Large: Story = { args: { size: 'lg' } };
export const Page: Story = { render: () => <PageSpinner label="Loading your session" /> };
