import { ENDPOINTS } from '@relevo/api';
import { MESSAGES, Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyLoadOpenApiDocument, type StoryApiReferenceState } from '../../testing/api-reference';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { storyBody as body } from '../../testing/story-dialogs';

/** The real route table at the API reference, with the real table's document as the server's answer. */
function ApiReference({
  state = 'filled',
  role = Role.Customer,
  at = '/api_reference',
}: {
  state?: StoryApiReferenceState;
  role?: RoleId;
  at?: string;
}) {
  const [load] = useState(() => storyLoadOpenApiDocument(state));
  return <StoryApp routes={routes} at={at} user={storyUser(role)} services={{ loadOpenApiDocument: load }} />;
}

export default { title: 'Screens/API Reference', ...screenMeta(ApiReference) };
type Story = StoryObj<typeof ApiReference>;

const area = (canvasElement: HTMLElement, name: string) =>
  body(canvasElement).findByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });

/** The count of the endpoints shown, a live status beside the filter. */
const endpointCount = (canvasElement: HTMLElement) =>
  body(canvasElement)
    .getAllByRole('status')
    .find((status) => /endpoints$/.test(status.textContent ?? ''));

/** An endpoint's line: its method and path (the disclosure's summary). */
const endpointLine = (region: HTMLElement, method: string, path: string) =>
  within(region)
    .getAllByText(path, { selector: 'code' })
    .map((code) => code.closest('summary') as HTMLElement)
    .find((summary) => within(summary).queryByText(method) !== null);

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
    const webhooks = await area(canvasElement, 'Outgoing webhooks');
    await expect(endpointCount(canvasElement)).toHaveTextContent(`${ENDPOINTS.length} endpoints`);
    await expect(endpointLine(webhooks, 'POST', '/api/webhooks')).toHaveTextContent('Add webhook');
    await expect(endpointLine(webhooks, 'DELETE', '/api/webhooks/{id}')).toBeVisible();
    await expect(await area(canvasElement, 'Sign-in and reset')).toBeVisible();
    await expect(body(canvasElement).getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute(
      'href',
      '/api/openapi.json',
    );
  },
};

/**
 * An endpoint opened tells who may call it and what its body holds. (Its line is the native
 * disclosure's summary: a tab stop that Enter and Space open, which the browser test presses.)
 */
export const EndpointOpened: Story = {
  play: async ({ canvasElement }) => {
    const webhooks = await area(canvasElement, 'Outgoing webhooks');
    const line = endpointLine(webhooks, 'POST', '/api/webhooks');
    if (!line) throw new Error('POST /api/webhooks is not listed');
    await userEvent.click(line);
    const details = line.closest('details') as HTMLElement;
    await waitFor(() => expect(details).toHaveAttribute('open'));
    await expect(within(details).getByText('Customer Root')).toBeVisible();
    await expect(within(details).getByText('catalogue.write')).toBeVisible();
    const fields = within(details).getByRole('table', { name: 'Body (JSON)' });
    const url = within(fields).getByText('webhook_url').closest('tr') as HTMLElement;
    await expect(url).toHaveTextContent('required');
    const desc = within(fields).getByText('webhook_desc').closest('tr') as HTMLElement;
    await expect(desc).toHaveTextContent('optional');
  },
};

/** The filter keeps the endpoints holding every word, and says how many of all it shows. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const filter = await body(canvasElement).findByRole('searchbox', { name: 'Filter endpoints' });
    await userEvent.type(filter, 'post webhooks');
    await waitFor(() =>
      expect(endpointCount(canvasElement)).toHaveTextContent(new RegExp(`^\\d+ of ${ENDPOINTS.length} endpoints$`)),
    );
    const webhooks = await area(canvasElement, 'Outgoing webhooks');
    await expect(endpointLine(webhooks, 'POST', '/api/webhooks')).toBeVisible();
    await expect(endpointLine(webhooks, 'GET', '/api/webhooks')).toBeUndefined();
    await expect(body(canvasElement).queryByRole('region', { name: /^Customers/ })).toBeNull();
  },
};

/** A filter in the address (a shared link) is applied as the page opens. */
export const FilterFromAddress: Story = {
  args: { at: '/api_reference?filter=heartbeat' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('searchbox', { name: 'Filter endpoints' })).toHaveValue(
      'heartbeat',
    );
    await expect(await area(canvasElement, 'Heartbeat monitors')).toBeVisible();
    await expect(body(canvasElement).queryByRole('region', { name: /^Outgoing webhooks/ })).toBeNull();
  },
};

export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const filter = await body(canvasElement).findByRole('searchbox', { name: 'Filter endpoints' });
    await userEvent.type(filter, 'no such endpoint');
    await expect(await body(canvasElement).findByText('No endpoint matches “no such endpoint”.')).toBeVisible();
    await expect(endpointCount(canvasElement)).toHaveTextContent(`0 of ${ENDPOINTS.length} endpoints`);
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Clear the filter' }));
    await expect(filter).toHaveValue('');
    await expect(await area(canvasElement, 'Outgoing webhooks')).toBeVisible();
  },
};

/** Every signed-in role opens the reference: a Staff View user here. */
export const ForStaff: Story = {
  args: { role: Role.StaffView },
  play: async ({ canvasElement }) => {
    await expect(await area(canvasElement, 'Customers')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Loading the API reference')).toBeInTheDocument();
  },
};

/** The document could not be read: the server's words and Try again, which reads it again. */
export const LoadFailed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText(MESSAGES.serverError, { exact: false })).toBeVisible();
    await userEvent.click(body(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(await area(canvasElement, 'Outgoing webhooks')).toBeVisible();
  },
};
