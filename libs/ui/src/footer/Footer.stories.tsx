import type { Meta, StoryObj } from '@storybook/react-vite';
import { Footer } from './Footer';

const meta = {
  title: 'UI/Footer',
  component: Footer,
  args: { name: 'Ana', lastName: 'Torres', customerName: 'Demo Company' },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Customer: Story = {};
export const Staff: Story = { args: { name: 'Sofía', lastName: 'Rivera', customerName: null, aside: 'Relevo' } };
