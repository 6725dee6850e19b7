import { MESSAGES } from '@relevo/domain';
import { Toaster } from '@relevo/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyEscalationCalls, storySteps, type StoryEscalationOptions } from '../../testing/escalations';
import { expectSaving, storyBody as body } from '../../testing/story-dialogs';
import { PriorityModal } from './PriorityModal';

function PriorityModalStory({
  count,
  saving = false,
  saveFailed = false,
  stepsList = 'ok',
}: {
  count: number;
  saving?: boolean;
  saveFailed?: boolean;
  stepsList?: StoryEscalationOptions['stepsList'];
}) {
  const [calls] = useState(() => storyEscalationCalls({ steps: storySteps(count), saving, saveFailed, stepsList }));
  return (
    <>
      <PriorityModal escalationId={1} calls={calls} onSaved={() => undefined} onClose={() => undefined} />
      <Toaster />
    </>
  );
}

const meta = {
  title: 'Screens/Escalations/Priority modal',
  component: PriorityModalStory,
  args: { count: 3 },
} satisfies Meta<typeof PriorityModalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

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
    await waitFor(() =>
      expect(dialog.querySelector('.rl-sortable__item--dragging')!.getBoundingClientRect().top).toBeGreaterThan(
        before + 10,
      ),
    );
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(within(dialog).getAllByTestId('sortable-item')[1]).toHaveTextContent('Ana Torres'));
  },
};
/**
 * axe checks the modal and its first ten steps: the other 989 are the same markup, and checking
 * them too took axe most of the story's 15 s limit (ThreeSteps checks every step).
 */
export const NineHundredNinetyNineSteps: Story = {
  args: { count: 999 },
  parameters: { a11y: { context: { include: ['body'], exclude: ['[data-testid="sortable-item"]:nth-child(n+11)'] } } },
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
    await expectSaving(dialog);
  },
};
/** A 500 on save: the general handler's warning toast (docs/product.md#messages); the order stays to try again. */
export const SaveFailed: Story = {
  args: { saveFailed: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    await within(dialog).findAllByTestId('sortable-item');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await body(canvasElement).findByText('We have some problems please contact support'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
  },
};
export const Loading: Story = {
  args: { stepsList: 'loading' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    await expect(within(dialog).getByText('Loading the steps')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};
export const LoadFailed: Story = {
  args: { stepsList: 'failed' },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    const alert = await within(dialog).findByText('The steps could not be loaded. Close and try again.');
    // the dialog may still be fading in
    await waitFor(() => expect(alert).toBeVisible());
  },
};
export const Empty: Story = {
  args: { count: 0 },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Priority' });
    const empty = await within(dialog).findByText(MESSAGES.emptySteps);
    await waitFor(() => expect(empty).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  },
};
