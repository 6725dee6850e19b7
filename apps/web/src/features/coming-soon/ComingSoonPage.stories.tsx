import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComingSoonPage } from './ComingSoonPage';

const meta = { title: 'Screens/Coming soon', component: ComingSoonPage, args: { title: 'Resources' } } satisfies Meta<
  typeof ComingSoonPage
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
