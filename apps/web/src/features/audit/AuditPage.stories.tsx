import { AUDIT_SCREEN_TEXTS, Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyAuditCalls, type StoryAuditKind } from '../../testing/audit';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { dialogReady, playOffersReload, playShowsText, storyBody } from '../../testing/story-dialogs';

function Audit({ calls = 'filled', role = Role.CustomerRoot }: { calls?: StoryAuditKind; role?: RoleId }) {
  const [fixture] = useState(() => storyAuditCalls(calls));
  return <StoryApp routes={routes} at="/audit" user={storyUser(role)} services={{ auditCalls: fixture }} />;
}

export default { title: 'Screens/Audit', ...screenMeta(Audit) };
type Story = StoryObj<typeof Audit>;

const table = (canvasElement: HTMLElement) => storyBody(canvasElement).getByRole('table', { name: 'Audit trail' });
const rowsShown = (canvasElement: HTMLElement) =>
  within(table(canvasElement))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');

/** docs/product.md#audit-trail: a Customer Root's trail, newest first, with who, what, when and from where. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Audit', level: 1 })).toBeVisible();
    await expect(await screen.findByText('2026-06-10 09:58:00')).toBeVisible();
    const rows = rowsShown(canvasElement);
    await expect(rows).toHaveLength(4);
    await expect(rows[0]).toContain('update');
    await expect(rows[0]).toContain('sla 12');
    await expect(rows[1]).toContain('198.51.100.23 (token Nightly sync)');
    // a Customer Root reads its own customer: no customer column or filter
    await expect(screen.queryByRole('columnheader', { name: 'Customer' })).toBeNull();
    await expect(screen.queryByLabelText('Customer')).toBeNull();
    await expect(screen.getByRole('link', { name: AUDIT_SCREEN_TEXTS.download })).toHaveAttribute('download');
  },
};

/** A Staff Root reads every customer's rows, with the customer column and filter. */
export const StaffRoot: Story = {
  args: { calls: 'staff', role: Role.StaffRoot },
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await expect(await screen.findByText('root@northwind.demo')).toBeVisible();
    await expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expect(rowsShown(canvasElement)).toHaveLength(5);
    const customer = screen.getByLabelText('Customer');
    await waitFor(() => expect(within(customer).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(customer, 'Northwind');
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(1));
    await expect(rowsShown(canvasElement)[0]).toContain('root@northwind.demo');
  },
};

/** The filters narrow the list and the CSV alike; Clear filters shows everything again. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await screen.findByText('2026-06-10 09:58:00');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'delete');
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(1));
    await expect(rowsShown(canvasElement)[0]).toContain('maintenance window 7');
    await expect(screen.getByRole('link', { name: AUDIT_SCREEN_TEXTS.download })).toHaveAttribute(
      'href',
      '/api/audit/export?action=delete',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowsShown(canvasElement)).toHaveLength(4));
  },
};

/** A row opens its change: the touched fields, before and after side by side, read only. */
export const Change: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Change 1: update sla' }));
    const dialog = await dialogReady(canvasElement, 'Change: update sla 12');
    await expect(dialog).toHaveTextContent('203.0.113.7');
    await expect(dialog).toHaveTextContent(AUDIT_SCREEN_TEXTS.browserSession);
    const changed = within(dialog).getAllByRole('row').slice(1);
    await expect(changed.map((row) => row.textContent)).toEqual([
      'sla_nameGoldPlatinum',
      'sla_response_time1510',
      'sla_activeNY',
    ]);
    await expect(within(dialog).queryByRole('textbox')).toBeNull();
  },
};

/** An entry that keeps no record (a sign-in) says so. */
export const ChangeWithoutRecord: Story = {
  play: async ({ canvasElement }) => {
    const screen = storyBody(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Change 4: login session' }));
    const dialog = await dialogReady(canvasElement, 'Change: login session');
    await expect(dialog).toHaveTextContent(AUDIT_SCREEN_TEXTS.noChanges);
  },
};

export const Empty: Story = { args: { calls: 'empty' }, play: playShowsText(AUDIT_SCREEN_TEXTS.empty) };
export const Loading: Story = { args: { calls: 'loading' } };
/** a failed load is an empty list with Reload */
export const LoadFailed: Story = { args: { calls: 'failed' }, play: playOffersReload };
