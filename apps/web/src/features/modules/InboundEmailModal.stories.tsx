import { INBOUND_EMAIL_TEXTS, Role } from '@relevo/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STORY_INBOUND_EMAIL } from '../../testing/applications';
import { applicationScreensMeta, type ApplicationScreensStory } from '../../testing/application-screens';
import { dialogReady, storyBody as body } from '../../testing/story-dialogs';
import { copiedInStory, storyClipboard } from '../../testing/story-clipboard';

export default { title: 'Screens/Modules/E-mail address', ...applicationScreensMeta('/application/1/modules') };
type Story = ApplicationScreensStory;

/** Opens a module's e-mail address from its row; the window fades in. */
async function openAddress(canvasElement: HTMLElement, module: string) {
  await userEvent.click(await body(canvasElement).findByRole('button', { name: `E-mail Address for ${module}` }));
  return dialogReady(canvasElement, `E-mail address of ${module}`);
}

/** docs/product.md#e-mail-into-incidents: the address, read-only, with Copy, what a mail does and that it is a secret. */
export const Address: Story = {
  beforeEach: storyClipboard,
  play: async ({ canvasElement }) => {
    const dialog = await openAddress(canvasElement, 'Checkout');
    const field = within(dialog).getByLabelText(INBOUND_EMAIL_TEXTS.addressLabel);
    await expect(field).toHaveValue(STORY_INBOUND_EMAIL);
    await expect(field).toHaveAttribute('readonly');
    await expect(dialog).toHaveTextContent(INBOUND_EMAIL_TEXTS.how);
    await expect(dialog).toHaveTextContent(INBOUND_EMAIL_TEXTS.secret);
    await expect(within(dialog).queryByRole('status')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: INBOUND_EMAIL_TEXTS.copy }));
    const toast = await body(canvasElement).findByText('E-mail address was copy to clipboard');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(copiedInStory()).toEqual([STORY_INBOUND_EMAIL]);
  },
};

/** A module without credentials has no address yet: the window says to create them first. */
export const NeedsCredentials: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAddress(canvasElement, 'Catalogue');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(INBOUND_EMAIL_TEXTS.needsCredentials);
    await expect(within(dialog).queryByLabelText(INBOUND_EMAIL_TEXTS.addressLabel)).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: INBOUND_EMAIL_TEXTS.copy })).toBeNull();
  },
};

/** An inactive module keeps its address, and the window says it refuses mail meanwhile. */
export const InactiveModule: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openAddress(canvasElement, 'Payments');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(INBOUND_EMAIL_TEXTS.inactive);
    await expect(within(dialog).getByLabelText(INBOUND_EMAIL_TEXTS.addressLabel)).toHaveValue(
      '9d0e4b1c7a2f6e83b5c4d1a0@in.relevo.example.com',
    );
  },
};

/** A server without the receiver: no module has an address, and the window says e-mail in is off. */
export const Off: Story = {
  args: { calls: 'emailOff' },
  play: async ({ canvasElement }) => {
    const dialog = await openAddress(canvasElement, 'Checkout');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(INBOUND_EMAIL_TEXTS.off);
    await expect(within(dialog).queryByLabelText(INBOUND_EMAIL_TEXTS.addressLabel)).toBeNull();
  },
};

/** A Customer is told the module has an address that only a Customer Root sees, and closes the window. */
export const CustomerReads: Story = {
  args: { role: Role.Customer, calls: 'emailRootOnly' },
  play: async ({ canvasElement }) => {
    const dialog = await openAddress(canvasElement, 'Checkout');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(INBOUND_EMAIL_TEXTS.rootOnly);
    await expect(within(dialog).queryByLabelText(INBOUND_EMAIL_TEXTS.addressLabel)).toBeNull();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};
