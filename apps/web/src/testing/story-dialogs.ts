import { expect, waitFor, within } from 'storybook/test';

/** The whole document of a story: modals, tooltips and toasts render in portals outside the canvas. */
export const storyBody = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Radix lets the pointer into the dialog a render after it opens; wait for that before using it. */
export async function dialogReady(canvasElement: HTMLElement, name: string | RegExp): Promise<HTMLElement> {
  const dialog = await storyBody(canvasElement).findByRole('dialog', { name });
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).toBe('auto'));
  return dialog;
}

/** A list story's play: the text (e.g. the empty-state message) shows. */
export const playShowsText =
  (text: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(await storyBody(canvasElement).findByText(text)).toBeVisible();
  };

/** A failed list load's play: an empty list with a Reload button (spec 7). */
export const playOffersReload = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(await storyBody(canvasElement).findByRole('button', { name: 'Reload' })).toBeVisible();
};
