import { WEBHOOK_DELIVERY_STATES, WEBHOOK_DELIVERY_STATE_LABELS, WEBHOOK_SCREEN_TEXTS } from '@relevo/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dialogReady, storyBody as body } from '../../testing/story-dialogs';
import { webhookScreensMeta, type WebhookScreensStory } from '../../testing/webhooks';

export default { title: 'Screens/Webhooks/Deliveries', ...webhookScreensMeta };
type Story = WebhookScreensStory;

const URL = 'https://hooks.democompany.demo/relevo';

/** Opens the log of the first webhook from its card. */
async function openLog(canvasElement: HTMLElement) {
  const card = await body(canvasElement).findByRole('listitem', { name: URL });
  await userEvent.click(within(card).getByRole('button', { name: 'Deliveries' }));
  return dialogReady(canvasElement, 'Deliveries');
}

/** The log's rows as their cells read, newest first. */
const rowsOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** A delivery in each state, newest first: time, case, change, state, tries, answer, error, next try, key. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openLog(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(URL);
    await waitFor(() => expect(within(dialog).getByRole('table')).toBeVisible());
    await expect(dialog).toHaveTextContent('The latest 5 of 240 deliveries, newest first.');
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    await expect(headers).toEqual([
      'Time',
      'Case ID',
      'Change',
      'State',
      'Attempts',
      'HTTP status',
      'Error',
      'Next try',
      'Idempotency key',
    ]);
    await expect(rowsOf(dialog)).toEqual([
      ['2026-03-10 11:15 (+00:00)', 'C-000105', 'Accepted', 'SENDING', '1', '—', '', '—', 'relevo-webhook-5'],
      [
        '2026-03-10 11:14 (+00:00)',
        'C-000104',
        'Escalated',
        'PENDING',
        '2',
        '500',
        'HTTP 500: Internal Server Error',
        '2026-03-10 11:16 (+00:00)',
        'relevo-webhook-4',
      ],
      ['2026-03-10 11:13 (+00:00)', 'C-000103', 'Contacted', 'DELIVERED', '1', '200', '', '—', 'relevo-webhook-3'],
      [
        '2026-03-10 11:12 (+00:00)',
        'C-000102',
        'Created',
        'FAILED',
        '12',
        '—',
        'connect ECONNREFUSED',
        '—',
        'relevo-webhook-2',
      ],
      [
        '2026-03-10 11:11 (+00:00)',
        'C-000101',
        'Canceled',
        'CANCELED',
        '1',
        '—',
        'The webhook was disabled',
        '—',
        'relevo-webhook-1',
      ],
    ]);
    // every state has its badge
    for (const state of WEBHOOK_DELIVERY_STATES)
      await expect(within(dialog).getByText(WEBHOOK_DELIVERY_STATE_LABELS[state])).toBeVisible();
  },
};

/** Refresh loads the log again: the change delivered since is on top. */
export const Refreshed: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openLog(canvasElement);
    await waitFor(() => expect(rowsOf(dialog)).toHaveLength(5));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(rowsOf(dialog)).toHaveLength(6));
    await expect(rowsOf(dialog)[0]).toEqual([
      '2026-03-10 11:16 (+00:00)',
      'C-000106',
      'Resolved',
      'DELIVERED',
      '1',
      '204',
      '',
      '—',
      'relevo-webhook-6',
    ]);
    await expect(dialog).toHaveTextContent('The latest 6 of 241 deliveries, newest first.');
  },
};

export const Empty: Story = {
  args: { log: 'empty' },
  play: async ({ canvasElement }) => {
    const dialog = await openLog(canvasElement);
    await waitFor(() => expect(within(dialog).getByText(WEBHOOK_SCREEN_TEXTS.noDeliveries)).toBeVisible());
    await expect(within(dialog).queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  args: { log: 'loading' },
  play: async ({ canvasElement }) => {
    const dialog = await openLog(canvasElement);
    await expect(within(dialog).getByText('Loading the deliveries')).toBeInTheDocument();
  },
};

/** A failed load says so; Refresh tries again. */
export const LoadFailed: Story = {
  args: { log: 'failed' },
  play: async ({ canvasElement }) => {
    const dialog = await openLog(canvasElement);
    await waitFor(() => expect(within(dialog).getByText(WEBHOOK_SCREEN_TEXTS.deliveriesLoadFailed)).toBeVisible());
    await expect(within(dialog).getByRole('button', { name: 'Refresh' })).toBeEnabled();
  },
};
