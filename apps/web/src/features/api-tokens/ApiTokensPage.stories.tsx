import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCREEN_TEXTS,
  Role,
  TOKEN_SCOPE_HINTS,
  TOKEN_SCOPE_LABELS,
  copiedLabel,
  type TokenScope,
} from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { STORY_NEW_TOKEN, apiTokenScreensMeta, type ApiTokenScreensStory } from '../../testing/api-tokens';
import { copiedInStory, storyClipboard } from '../../testing/story-clipboard';
import { dialogReady, expectSaving, storyBody as body } from '../../testing/story-dialogs';
import { API_TOKEN_FORM_TEXTS } from './ApiTokenFormModal';

export default {
  title: 'Screens/API Tokens',
  ...apiTokenScreensMeta,
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = ApiTokenScreensStory;

/** The token named `name`, once listed. */
const item = async (canvasElement: HTMLElement, name: string) =>
  within(await body(canvasElement).findByRole('list', { name: API_TOKEN_SCREEN_TEXTS.listLabel })).findByRole(
    'listitem',
    { name },
  );
const createButton = (canvasElement: HTMLElement) =>
  body(canvasElement).getByRole('button', { name: API_TOKEN_SCREEN_TEXTS.create });
const scopeBox = (dialog: HTMLElement, scope: TokenScope) =>
  within(dialog).getByRole('checkbox', { name: `${TOKEN_SCOPE_LABELS[scope]}: ${TOKEN_SCOPE_HINTS[scope]}` });

async function openCreate(canvasElement: HTMLElement) {
  await waitFor(() => expect(createButton(canvasElement)).toBeEnabled());
  await userEvent.click(createButton(canvasElement));
  return dialogReady(canvasElement, API_TOKEN_FORM_TEXTS.title);
}

/** In use with every scope, expired, revoked: scopes, last characters, expiry, last use and who made it. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: 'API Tokens', level: 1 })).toBeVisible();
    const used = await item(canvasElement, 'Terraform');
    await expect(used).toHaveTextContent('ACTIVE');
    await expect(used).toHaveTextContent('ScopesRead, Write catalogue, Act on events');
    await expect(used).toHaveTextContent('Tokenrlv_…a003');
    await expect(used).toHaveTextContent('Expires2026-06-01 09:00 (+00:00)');
    await expect(used).toHaveTextContent('Last used2026-03-10 11:58 (+00:00) from 203.0.113.7');
    await expect(used).toHaveTextContent('Created2026-03-01 09:00 (+00:00) by root@democompany.demo');
    await expect(within(used).getByRole('button', { name: 'Revoke Terraform' })).toBeVisible();
    const expired = await item(canvasElement, 'Old exporter');
    await expect(expired).toHaveTextContent('EXPIRED');
    await expect(expired).toHaveTextContent('Expired2026-03-05 09:00 (+00:00)');
    await expect(expired).toHaveTextContent('Last usedNever');
    await expect(within(expired).queryByRole('button')).toBeNull();
    const revoked = await item(canvasElement, 'Leaked laptop');
    await expect(revoked).toHaveTextContent('REVOKED');
    await expect(revoked).toHaveTextContent('Revoked2026-03-02 10:00 (+00:00)');
    await expect(body(canvasElement).getByRole('link', { name: API_TOKEN_SCREEN_TEXTS.reference })).toHaveAttribute(
      'href',
      '/api_reference',
    );
    await expect(createButton(canvasElement)).toBeEnabled();
  },
};

export const Empty: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText(API_TOKEN_SCREEN_TEXTS.empty)).toBeVisible();
    await expect(body(canvasElement).queryByRole('list', { name: API_TOKEN_SCREEN_TEXTS.listLabel })).toBeNull();
    await expect(createButton(canvasElement)).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { list: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Loading the tokens')).toBeInTheDocument();
    await expect(createButton(canvasElement)).toBeDisabled();
  },
};

/** A failed load says so with Try again; trying again lists them. */
export const LoadFailed: Story = {
  args: { list: 'failedOnce' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText(API_TOKEN_SCREEN_TEXTS.loadFailed)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect(await item(canvasElement, 'Terraform')).toBeVisible();
  },
};

/** docs/product.md#api-tokens: with as many working tokens as allowed, Create is disabled and says why. */
export const LimitReached: Story = {
  args: { list: 'full' },
  play: async ({ canvasElement }) => {
    await item(canvasElement, 'Script 50');
    await expect(createButton(canvasElement)).toBeDisabled();
    await expect(createButton(canvasElement)).toHaveAccessibleDescription(API_TOKEN_MESSAGES.tooMany);
  },
};

/** The form as it opens: a name to give, Read checked, 90 days. */
export const CreateForm: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    const form = within(dialog);
    await expect(form.getByLabelText('Name')).toHaveFocus();
    await expect(form.getByLabelText('Name')).toHaveAccessibleDescription(API_TOKEN_FORM_TEXTS.nameHint);
    await expect(scopeBox(dialog, 'read')).toBeChecked();
    await expect(scopeBox(dialog, 'catalogue')).not.toBeChecked();
    await expect(scopeBox(dialog, 'events')).not.toBeChecked();
    await expect(form.getByLabelText(API_TOKEN_FORM_TEXTS.lifetimeLabel)).toHaveDisplayValue('90 days');
  },
};

/** The contract's rules on their fields: a name, one scope at least. */
export const Validation: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.click(scopeBox(dialog, 'read'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(dialog).toHaveTextContent(API_TOKEN_MESSAGES.scopesRequired);
    await expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      new RegExp(API_TOKEN_MESSAGES.nameRequired),
    );
  },
};

/** Saved: the token shows once, to copy, then the list holds it by its last characters only. */
export const CreatedShownOnce: Story = {
  args: { list: 'empty' },
  beforeEach: storyClipboard,
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nightly sync');
    await userEvent.click(scopeBox(dialog, 'catalogue'));
    await userEvent.selectOptions(within(dialog).getByLabelText(API_TOKEN_FORM_TEXTS.lifetimeLabel), 'One year');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shown = await dialogReady(canvasElement, API_TOKEN_SCREEN_TEXTS.shownOnceTitle);
    await expect(shown).toHaveTextContent(API_TOKEN_SCREEN_TEXTS.shownOnce);
    await expect(within(shown).getByLabelText('Token "Nightly sync"')).toHaveValue(STORY_NEW_TOKEN);
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await expect(await body(canvasElement).findByText(copiedLabel('Token'))).toBeInTheDocument();
    await expect(copiedInStory()).toEqual([STORY_NEW_TOKEN]);
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    const made = await item(canvasElement, 'Nightly sync');
    await expect(made).toHaveTextContent('ScopesRead, Write catalogue');
    await expect(made).toHaveTextContent(`Tokenrlv_…${STORY_NEW_TOKEN.slice(-4)}`);
    await expect(made).not.toHaveTextContent(STORY_NEW_TOKEN);
    await expect(body(canvasElement).queryByDisplayValue(STORY_NEW_TOKEN)).toBeNull();
  },
};

export const Saving: Story = {
  args: { list: 'empty', save: 'saving' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nightly sync');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expectSaving(dialog);
  },
};

/** A refusal of the server (another Customer Root filled the last place meanwhile): said, and the window stays. */
export const RefusedByServer: Story = {
  args: { list: 'empty', save: 'refused' },
  play: async ({ canvasElement }) => {
    const dialog = await openCreate(canvasElement);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Nightly sync');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await body(canvasElement).findByText(API_TOKEN_MESSAGES.tooMany)).toBeInTheDocument();
    await expect(within(dialog).getByLabelText('Name')).toHaveValue('Nightly sync');
  },
};

/** Revoked after its confirmation: listed as revoked, its button gone. */
export const Revoked: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const used = await item(canvasElement, 'Terraform');
    await userEvent.click(within(used).getByRole('button', { name: 'Revoke Terraform' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(API_TOKEN_SCREEN_TEXTS.confirmRevoke);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByText(API_TOKEN_SCREEN_TEXTS.revoked)).toBeVisible());
    await waitFor(async () => expect(await item(canvasElement, 'Terraform')).toHaveTextContent('REVOKED'));
    await expect(within(await item(canvasElement, 'Terraform')).queryByRole('button')).toBeNull();
  },
};

/** A Staff Root keeps the staff side's tokens on the same screen. */
export const ForStaffRoot: Story = {
  args: { role: Role.StaffRoot },
  play: async ({ canvasElement }) => {
    await expect(await item(canvasElement, 'Terraform')).toBeVisible();
    await expect(createButton(canvasElement)).toBeEnabled();
  },
};
