import type { Meta, StoryObj } from '@storybook/react-vite';
import { Suspense } from 'react';
import { expect, within } from 'storybook/test';
import { lazyWithPreload } from './lazy-with-preload';
import { LoadBoundary } from './LoadBoundary';

/** A screen whose code cannot be downloaded, as when the network drops or a deploy replaced the files. */
const Unreachable = lazyWithPreload<object>(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/UnreachableScreen-story.js')),
);

const meta = { title: 'UI/LoadBoundary' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const ScreenFailedToLoad: Story = {
  render: () => (
    <LoadBoundary resetKey="/events">
      <Suspense fallback={<p>Loading</p>}>
        <Unreachable />
      </Suspense>
    </LoadBoundary>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This page could not be loaded');
    await expect(canvas.getByRole('button', { name: 'Reload the page' })).toBeEnabled();
  },
};

export const Loaded: Story = {
  render: () => (
    <LoadBoundary resetKey="/events">
      <p>The screen</p>
    </LoadBoundary>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The screen')).toBeVisible();
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
