import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { PageHeader } from './PageHeader';

const meta = { title: 'UI/PageHeader', component: PageHeader, args: { title: 'Resources' } } satisfies Meta<
  typeof PageHeader
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TitleOnly: Story = {};
export const WithActions: Story = {
  args: {
    title: 'Modules of Billing',
    description: 'The modules of one application.',
    actions: (
      <>
        <Button>Go back</Button>
        <Button variant="primary">Create</Button>
      </>
    ),
  },
};
