import { CHAIN_MESSAGES, PROVIDER_MESSAGES, Role, type RoleId } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyDeliveryCalls, type StoryDeliveryState } from '../../testing/delivery';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { expectProblem, storyBody as body } from '../../testing/story-dialogs';
import { SECRET_SAVED_HINT } from './ProviderCard';

/** The real route table at a customer's Delivery screen, signed in as staff, with fixture calls. */
function Delivery({ role = Role.StaffRoot, state = 'filled' }: { role?: RoleId; state?: StoryDeliveryState }) {
  const [calls] = useState(() => storyDeliveryCalls(state));
  return (
    <StoryApp
      routes={routes}
      at={{ pathname: '/customer/2/delivery', state: { name: 'Demo Company' } }}
      user={storyUser(role)}
      services={{ deliveryCalls: calls }}
    />
  );
}

export default { title: 'Screens/Delivery', ...screenMeta(Delivery) };
type Story = StoryObj<typeof Delivery>;

/** A provider's card, named "<Provider> settings". */
const card = async (canvasElement: HTMLElement, provider: string) =>
  body(canvasElement).findByRole('region', { name: `${provider} settings` });

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByRole('heading', { name: 'Delivery of Demo Company' })).toBeVisible();
    const twilio = await card(canvasElement, 'Twilio');
    await expect(within(twilio).getByLabelText('Account SID')).toHaveValue(`AC${'0123456789abcdef'.repeat(2)}`);
    const order = screen.getByRole('list', { name: 'Delivery order' });
    const items = within(order).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Twilio');
    await expect(items[1]).toHaveTextContent('Generic webhook');
    await expect(screen.getByLabelText('Chain')).toHaveValue('webhook,twilio');
  },
};

/** A saved secret is never shown: its field is empty and says it is saved. */
export const SecretsSaved: Story = {
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    const token = within(twilio).getByLabelText('Auth token');
    await expect(token).toHaveValue('');
    await expect(token).toHaveAttribute('type', 'password');
    await expect(within(twilio).getByText(SECRET_SAVED_HINT)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await expect(await screen.findByText('Following the deployment’s order: Twilio, Generic webhook')).toBeVisible();
    const telnyx = await card(canvasElement, 'Telnyx');
    await expect(within(telnyx).getByText('Not set up')).toBeVisible();
    await expect(within(telnyx).queryByRole('button', { name: 'Check' })).toBeNull();
  },
};

export const Loading: Story = { args: { state: 'loading' } };
export const LoadFailed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The domain's checks before the save: a required field left empty and a number not in E.164. */
export const InvalidSettings: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    await userEvent.type(within(twilio).getByLabelText('From number'), '787555');
    await userEvent.click(within(twilio).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, twilio, 'Account SID', PROVIDER_MESSAGES.required('Account SID'));
    await expectProblem(canvasElement, twilio, 'From number', 'E.164');
  },
};

/** The server's 422 lands on its field. */
export const FieldErrors: Story = {
  args: { state: 'fieldErrors' },
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    await userEvent.click(within(twilio).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, twilio, 'From number', 'This number is not a Twilio number of the account');
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    await userEvent.type(within(twilio).getByLabelText('Auth token'), 'a-new-token');
    await userEvent.click(within(twilio).getByRole('button', { name: 'Save' }));
    // the toast fades in
    await waitFor(async () =>
      expect(await body(canvasElement).findByText(PROVIDER_MESSAGES.saved('twilio'))).toBeVisible(),
    );
    // the saved settings start the box afresh: the new token is not kept in the page
    await waitFor(async () =>
      expect(within(await card(canvasElement, 'Twilio')).getByLabelText('Auth token')).toHaveValue(''),
    );
  },
};

export const CheckOk: Story = {
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    await userEvent.click(within(twilio).getByRole('button', { name: 'Check' }));
    await expect(await within(twilio).findByRole('status')).toHaveTextContent(PROVIDER_MESSAGES.checked('twilio'));
  },
};

export const CheckFailed: Story = {
  args: { state: 'checkFailed' },
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    await userEvent.click(within(twilio).getByRole('button', { name: 'Check' }));
    await expect(await within(twilio).findByRole('alert')).toHaveTextContent('Twilio refused the credentials');
  },
};

/** A provider in the order cannot be removed: the 409's detail shows. */
export const RemoveRefused: Story = {
  play: async ({ canvasElement }) => {
    const twilio = await card(canvasElement, 'Twilio');
    await userEvent.click(within(twilio).getByRole('button', { name: 'Remove' }));
    const dialog = await body(canvasElement).findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await expect(await body(canvasElement).findByText(PROVIDER_MESSAGES.inUse('twilio'))).toBeInTheDocument();
  },
};

export const OrderChanged: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Move Generic webhook up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Vonage' }));
    const order = screen.getByRole('list', { name: 'Delivery order' });
    await expect(within(order).getAllByRole('listitem')[0]).toHaveTextContent('Generic webhook');
    await expect(within(order).getAllByRole('listitem')[2]).toHaveTextContent(CHAIN_MESSAGES.notConfigured('vonage'));
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    // the toast fades in
    await waitFor(async () => expect(await screen.findByText(PROVIDER_MESSAGES.chainSaved)).toBeVisible());
  },
};

export const InvalidCountryChain: Story = {
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a country chain' }));
    const row = screen.getByRole('group', { name: 'Country chain 2' });
    await userEvent.type(within(row).getByLabelText('Country code'), '+1');
    await userEvent.type(within(row).getByLabelText('Chain'), 'twilio,plivo');
    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await expectProblem(canvasElement, row, 'Country code', CHAIN_MESSAGES.countryCode);
    await expectProblem(canvasElement, row, 'Chain', CHAIN_MESSAGES.unknown('plivo'));
  },
};

/** docs/product.md#roles-and-permissions: StaffView reads everything and changes nothing. */
export const StaffView: Story = {
  args: { role: Role.StaffView },
  play: async ({ canvasElement }) => {
    const screen = body(canvasElement);
    const twilio = await card(canvasElement, 'Twilio');
    await expect(within(twilio).getByLabelText('Account SID')).toBeDisabled();
    await expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull();
    await expect(screen.getByLabelText('Chain')).toBeDisabled();
  },
};
