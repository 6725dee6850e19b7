import { WEBHOOK_MESSAGES, WEBHOOK_SCREEN_TEXTS } from '@relevo/domain';
import { toastStore } from '@relevo/ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { storyBody as body } from '../../testing/story-dialogs';
import { webhookScreensMeta, type WebhookScreensStory } from '../../testing/webhooks';

export default {
  title: 'Screens/Webhooks',
  ...webhookScreensMeta,
  // a toast of the story before may still show: each story counts its own
  beforeEach: () => toastStore.clear(),
};
type Story = WebhookScreensStory;

/** The webhook whose URL is `url`, once listed. */
const item = async (canvasElement: HTMLElement, url: string) =>
  within(await body(canvasElement).findByRole('list', { name: 'Webhooks' })).findByRole('listitem', { name: url });

const addButton = (canvasElement: HTMLElement) => body(canvasElement).getByRole('button', { name: 'Add webhook' });

/** Active and delivering, failing (retries waiting), and disabled after a day of failures with why and when. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    const board = await item(canvasElement, 'https://hooks.democompany.demo/relevo');
    await expect(board).toHaveTextContent('ACTIVE');
    await expect(board).toHaveTextContent('Our incident board');
    await expect(board).toHaveTextContent('ChangesAll changes');
    await expect(board).toHaveTextContent('Last deliveryDELIVERED 2026-03-10 11:58 (+00:00)');
    await expect(board).toHaveTextContent('Waiting0');
    await expect(within(board).queryByRole('button', { name: 'Enable' })).toBeNull();

    const failing = await item(canvasElement, 'https://ops.democompany.demo/webhooks/relevo');
    await expect(failing).toHaveTextContent('ACTIVE');
    await expect(failing).toHaveTextContent('ChangesCreated, Resolved');
    await expect(failing).toHaveTextContent(
      'Failing since 2026-03-10 06:00 (+00:00): it is disabled after 24 hours of failures.',
    );
    await expect(failing).toHaveTextContent('Last deliveryPENDING');
    await expect(failing).toHaveTextContent('Waiting3');

    const old = await item(canvasElement, 'https://old.democompany.demo/hook');
    await expect(old).toHaveTextContent('DISABLED');
    await expect(old).toHaveTextContent(
      'Disabled on 2026-03-09 10:00 (+00:00): Failing since 2026-03-08T10:00:00.000Z; the last try: answered 503',
    );
    await expect(old).toHaveTextContent('Last deliveryFAILED');
    for (const action of ['Deliveries', 'Enable', 'Delete'])
      await expect(within(old).getByRole('button', { name: action })).toBeVisible();
    await expect(addButton(canvasElement)).toBeEnabled();
  },
};

export const Empty: Story = {
  args: { list: 'empty' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText(WEBHOOK_SCREEN_TEXTS.empty)).toBeVisible();
    await expect(body(canvasElement).queryByRole('list', { name: 'Webhooks' })).toBeNull();
    await expect(addButton(canvasElement)).toBeEnabled();
  },
};

export const Loading: Story = {
  args: { list: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Loading the webhooks')).toBeInTheDocument();
    await expect(addButton(canvasElement)).toBeDisabled();
  },
};

/** A failed load says so with Try again; trying again lists them. */
export const LoadFailed: Story = {
  args: { list: 'failedOnce' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText(WEBHOOK_SCREEN_TEXTS.loadFailed)).toBeVisible();
    await expect(addButton(canvasElement)).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await expect(await item(canvasElement, 'https://hooks.democompany.demo/relevo')).toBeVisible();
    await expect(screen.queryByText(WEBHOOK_SCREEN_TEXTS.loadFailed)).toBeNull();
  },
};

/** docs/product.md#outgoing-webhooks: at the limit, Add webhook is disabled and says why. */
export const LimitReached: Story = {
  args: { list: 'full' },
  play: async ({ canvasElement }) => {
    await item(canvasElement, 'https://hooks.democompany.demo/relevo/10');
    await expect(addButton(canvasElement)).toBeDisabled();
    await expect(addButton(canvasElement)).toHaveAccessibleDescription(WEBHOOK_MESSAGES.tooMany);
    await expect(body(canvasElement).getByText(WEBHOOK_MESSAGES.tooMany)).toBeVisible();
  },
};

/** Enable: the disabled webhook is active again, with its toast. */
export const Enabled: Story = {
  play: async ({ canvasElement }) => {
    const old = await item(canvasElement, 'https://old.democompany.demo/hook');
    await userEvent.click(within(old).getByRole('button', { name: 'Enable' }));
    await expect(await body(canvasElement).findByText(WEBHOOK_MESSAGES.enabled)).toBeInTheDocument();
    await waitFor(async () =>
      expect(await item(canvasElement, 'https://old.democompany.demo/hook')).toHaveTextContent('ACTIVE'),
    );
    const again = await item(canvasElement, 'https://old.democompany.demo/hook');
    await expect(again).not.toHaveTextContent('Disabled on');
    await expect(within(again).queryByRole('button', { name: 'Enable' })).toBeNull();
  },
};

/** Deleted after its confirmation, which says the log and what waits go with it. */
export const Deleted: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const old = await item(canvasElement, 'https://old.democompany.demo/hook');
    await userEvent.click(within(old).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await expect(confirm).toHaveTextContent(WEBHOOK_SCREEN_TEXTS.confirmDelete);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText(WEBHOOK_MESSAGES.deleted)).toBeVisible());
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'https://old.democompany.demo/hook' })).toBeNull(),
    );
  },
};
