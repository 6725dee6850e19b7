import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyEscalationCalls, storySteps } from '../../testing/escalations';
import { PriorityModal } from './PriorityModal';

function PriorityModalStory({ count, saving = false }: { count: number; saving?: boolean }) {
  return <PriorityModal escalationId={1} calls={storyEscalationCalls({ steps: storySteps(count), saving })} onSaved={() => undefined} onClose={() => undefined} />;
}

const meta = { title: 'Screens/Escalations/Priority modal', component: PriorityModalStory, args: { count: 3 } } satisfies Meta<typeof PriorityModalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const ThreeSteps: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    await expect(await within(dialog).findAllByTestId('sortable-item')).toHaveLength(3);
  },
};
export const KeyboardReorder: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).toBe('auto'));
    const handle = await within(dialog).findByRole('button', { name: /^Move Ana Torres/ });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(dialog.querySelector('.rl-sortable__item--dragging')).not.toBeNull());
    const before = dialog.querySelector('.rl-sortable__item--dragging')!.getBoundingClientRect().top;
    await userEvent.keyboard('[ArrowDown]');
    await waitFor(() => expect(dialog.querySelector('.rl-sortable__item--dragging')!.getBoundingClientRect().top).toBeGreaterThan(before + 10));
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(within(dialog).getAllByTestId('sortable-item')[1]).toHaveTextContent('Ana Torres'));
  },
};
export const NineHundredNinetyNineSteps: Story = {
  args: { count: 999 },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    await expect(await within(dialog).findAllByTestId('sortable-item')).toHaveLength(999);
  },
};
export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    await within(dialog).findAllByTestId('sortable-item');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  },
};
