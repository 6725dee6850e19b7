import { WEBHOOK_CHANGES, WEBHOOK_CHANGE_LABELS, WEBHOOK_MESSAGES, copiedLabel } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dialogReady, expectProblem, expectSaving, storyBody as body } from '../../testing/story-dialogs';
import { webhookScreensMeta, type WebhookScreensStory } from '../../testing/webhooks';
import { WEBHOOK_FORM_TEXTS } from './WebhookFormModal';
import { copiedInStory, storyClipboard } from '../../testing/story-clipboard';

export default {
  title: 'Screens/Webhooks/Add Webhook',
  ...webhookScreensMeta,
  beforeEach: () => toastStore.clear(),
};
type Story = WebhookScreensStory;

/** Opens Add Webhook from the list (empty by default, so the new one is easy to find). */
async function openAdd(canvasElement: HTMLElement) {
  const add = await body(canvasElement).findByRole('button', { name: 'Add webhook' });
  await waitFor(() => expect(add).toBeEnabled());
  await userEvent.click(add);
  return dialogReady(canvasElement, WEBHOOK_FORM_TEXTS.title);
}

/** The secret 48 characters long that Generate writes. */
const GENERATED = /^[A-Za-z0-9]{48}$/;

/** The form as it opens: empty fields, every change checked, the notes on the URL and the secret. */
export const EmptyForm: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const form = within(dialog);
    await expect(form.getByLabelText('URL')).toHaveValue('');
    await expect(form.getByLabelText('URL')).toHaveFocus();
    await expect(form.getByLabelText('Description')).toHaveValue('');
    await expect(form.getByLabelText(WEBHOOK_FORM_TEXTS.secretLabel)).toHaveValue('');
    await expect(form.getByLabelText('URL')).toHaveAccessibleDescription(WEBHOOK_FORM_TEXTS.urlHint);
    await expect(form.getByLabelText(WEBHOOK_FORM_TEXTS.secretLabel)).toHaveAccessibleDescription(
      WEBHOOK_FORM_TEXTS.secretHint,
    );
    for (const change of WEBHOOK_CHANGES)
      await expect(form.getByRole('checkbox', { name: WEBHOOK_CHANGE_LABELS[change] })).toBeChecked();
    await expect(form.getByRole('button', { name: 'Copy secret' })).toBeDisabled();
  },
};

/** Generate writes a random 48-character secret into the field, a new one each time; Copy copies it. */
export const GeneratedSecret: Story = {
  args: { list: 'empty' },
  beforeEach: storyClipboard,
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const form = within(dialog);
    const secret = form.getByLabelText(WEBHOOK_FORM_TEXTS.secretLabel) as HTMLInputElement;
    await userEvent.click(form.getByRole('button', { name: 'Generate' }));
    await expect(secret.value).toMatch(GENERATED);
    const first = secret.value;
    await userEvent.click(form.getByRole('button', { name: 'Generate' }));
    await expect(secret.value).toMatch(GENERATED);
    await expect(secret.value).not.toBe(first);
    await userEvent.click(form.getByRole('button', { name: 'Copy secret' }));
    await expect(await body(canvasElement).findByText(copiedLabel(WEBHOOK_FORM_TEXTS.secretLabel))).toBeInTheDocument();
    await expect(copiedInStory()).toEqual([secret.value]);
  },
};

/** The contract's rules on their fields: a URL, a full address, a secret long enough, one change at least. */
export const Validation: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const form = within(dialog);
    for (const change of WEBHOOK_CHANGES)
      await userEvent.click(form.getByRole('checkbox', { name: WEBHOOK_CHANGE_LABELS[change] }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, dialog, 'URL', WEBHOOK_MESSAGES.urlRequired);
    await expectProblem(canvasElement, dialog, WEBHOOK_FORM_TEXTS.secretLabel, WEBHOOK_MESSAGES.secretRequired);
    await expect(dialog).toHaveTextContent(WEBHOOK_MESSAGES.changesRequired);
    await userEvent.type(form.getByLabelText('URL'), 'hooks.example.com/relevo');
    await expectProblem(canvasElement, dialog, 'URL', WEBHOOK_MESSAGES.urlInvalid);
    await userEvent.type(form.getByLabelText(WEBHOOK_FORM_TEXTS.secretLabel), 'too short');
    await expectProblem(canvasElement, dialog, WEBHOOK_FORM_TEXTS.secretLabel, WEBHOOK_MESSAGES.secretLength);
    await expect(form.getByLabelText(WEBHOOK_FORM_TEXTS.secretLabel)).toHaveAttribute('aria-invalid', 'true');
    // still open: nothing was sent
    await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** The server's 422 (an address it refuses after DNS) shows on the URL; the window stays open. */
export const RefusedByServer: Story = {
  args: { list: 'empty', save: 'refused' },
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('URL'), 'https://intranet.democompany.demo/hook');
    await userEvent.click(form.getByRole('button', { name: 'Generate' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true'));
    await expectProblem(canvasElement, dialog, 'URL', WEBHOOK_MESSAGES.privateAddress);
    await expect(form.getByLabelText('URL')).toHaveValue('https://intranet.democompany.demo/hook');
    // changing the URL clears the server's message
    await userEvent.type(form.getByLabelText('URL'), '2');
    await expect(form.getByLabelText('URL')).not.toHaveAttribute('aria-invalid');
  },
};

/** The save has not answered: Save is busy, Cancel disabled. */
export const Saving: Story = {
  args: { list: 'empty', save: 'saving' },
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('URL'), 'https://hooks.example.com/relevo');
    await userEvent.click(form.getByRole('button', { name: 'Generate' }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** Saved: the toast, and the webhook in the list with the changes chosen; its secret is not shown. */
export const Added: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openAdd(canvasElement);
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('URL'), 'https://hooks.example.com/relevo');
    await userEvent.type(form.getByLabelText('Description'), 'Status page');
    await userEvent.click(form.getByRole('button', { name: 'Generate' }));
    const secret = (form.getByLabelText(WEBHOOK_FORM_TEXTS.secretLabel) as HTMLInputElement).value;
    for (const change of ['contacted', 'escalated'] as const)
      await userEvent.click(form.getByRole('checkbox', { name: WEBHOOK_CHANGE_LABELS[change] }));
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    const screen = body(canvasElement);
    await waitFor(() => expect(screen.getByText('The webhook was added')).toBeVisible());
    const added = await screen.findByRole('listitem', { name: 'https://hooks.example.com/relevo' });
    await expect(added).toHaveTextContent('Status page');
    await expect(added).toHaveTextContent('ChangesCreated, Accepted, Resolved, Canceled');
    await expect(added).toHaveTextContent('Last deliveryNone yet');
    await expect(screen.queryByText(secret)).toBeNull();
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
