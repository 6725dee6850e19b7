import { expect, userEvent, waitFor, within } from 'storybook/test';

/** The whole document of a story: modals, tooltips and toasts render in portals outside the canvas. */
export const storyBody = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Radix lets the pointer into the dialog a render after it opens; wait for that before using it. */
export async function dialogReady(canvasElement: HTMLElement, name?: string | RegExp): Promise<HTMLElement> {
  const dialog = await storyBody(canvasElement).findByRole('dialog', name === undefined ? {} : { name });
  await waitFor(() => expect(getComputedStyle(dialog).pointerEvents).toBe('auto'));
  return dialog;
}

/** Clicks the list's Create button and answers the dialog it opens, named `name`. */
export async function openCreateDialog(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  const screen = storyBody(canvasElement);
  await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
  return screen.findByRole('dialog', { name });
}

/** A list story's play: the text (e.g. the empty-state message) shows. */
export const playShowsText =
  (text: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(await storyBody(canvasElement).findByText(text)).toBeVisible();
  };

/** A read-only role's list play: the list shows `text`, with no Create button and no Actions column (docs/product.md#roles-and-permissions). */
export const playReadsOnly =
  (text: string) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText(text);
    await expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  };

/** A failed list load's play: an empty list with a Reload button (docs/product.md#http-calls), in the screen, not the header's. */
export const playOffersReload = async ({ canvasElement }: { canvasElement: HTMLElement }) => {
  await expect(
    await within(await storyBody(canvasElement).findByRole('main')).findByRole('button', { name: 'Reload' }),
  ).toBeVisible();
};

/** A field's problem tooltip (the help icon beside it, named "Label: N problem(s)") says `text`. */
export async function expectProblem(canvasElement: HTMLElement, scope: HTMLElement, label: string, text: string) {
  await userEvent.click(within(scope).getByRole('button', { name: new RegExp(`^${label}: \\d+ problem`) }));
  await expect(await storyBody(canvasElement).findByRole('tooltip')).toHaveTextContent(text);
  await userEvent.keyboard('{Escape}');
}

/** A save that has not answered yet: the modal's Save is busy and Cancel is disabled. */
export async function expectSaving(dialog: HTMLElement) {
  await waitFor(() =>
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true'),
  );
  await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
}
