import { Role, TEAM_CHAT_MESSAGES } from '@relevo/domain';
import type { StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routes } from '../../routes';
import { storyUser } from '../../testing/fixtures';
import { StoryApp, screenMeta } from '../../testing/story-app';
import { expectProblem, storyBody as body } from '../../testing/story-dialogs';
import { storyTeamChatCalls, type StoryTeamChatState } from '../../testing/team-chat';
import { SECRET_KEPT_HINT } from './ChatCard';

/** The real route table at the Team Chat screen, signed in as a Customer Root, with fixture calls. */
function TeamChat({ state = 'filled' }: { state?: StoryTeamChatState }) {
  const [calls] = useState(() => storyTeamChatCalls(state));
  return (
    <StoryApp routes={routes} at="/team_chat" user={storyUser(Role.CustomerRoot)} services={{ teamChatCalls: calls }} />
  );
}

export default { title: 'Screens/Team Chat', ...screenMeta(TeamChat) };
type Story = StoryObj<typeof TeamChat>;

/** A chat's card, named "<Chat> settings". */
const card = async (canvasElement: HTMLElement, chat: string) =>
  body(canvasElement).findByRole('region', { name: `${chat} settings` });

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: 'Team Chat', level: 1 })).toBeVisible();
    const slack = await card(canvasElement, 'Slack');
    await expect(within(slack).getByLabelText('App ID')).toHaveValue('A0123ABCD45');
    await expect(within(slack).getByLabelText('Billing › Payments API')).toHaveValue('C0PAYMENTS');
    await expect(within(slack).getByLabelText('Billing › Invoices')).toHaveValue('');
    await expect(within(slack).getByLabelText('Interactivity Request URL')).toHaveValue(
      'https://relevo.democompany.demo/api/v1/integrations/slack/interactions',
    );
    const teams = await card(canvasElement, 'Microsoft Teams');
    await expect(within(teams).getByText('Off · saved by root@democompany.demo')).toBeVisible();
    await expect(within(teams).getByRole('checkbox', { name: 'Billing › Invoices' })).toBeChecked();
    await expect(within(teams).getByRole('checkbox', { name: 'Core › Database' })).not.toBeChecked();
  },
};

/** Saved secrets are never shown: their fields are empty and say they are kept. */
export const SecretsSaved: Story = {
  play: async ({ canvasElement }) => {
    const slack = await card(canvasElement, 'Slack');
    const token = within(slack).getByLabelText('Bot token');
    await expect(token).toHaveValue('');
    await expect(token).toHaveAttribute('type', 'password');
    await expect(within(slack).getAllByText(SECRET_KEPT_HINT)).toHaveLength(2);
  },
};

export const Empty: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const mattermost = await card(canvasElement, 'Mattermost');
    await expect(within(mattermost).getByText('Not set up')).toBeVisible();
    await expect(within(mattermost).getByLabelText('Button URL')).toHaveValue(
      'https://relevo.democompany.demo/api/v1/integrations/mattermost/actions',
    );
  },
};

export const Loading: Story = { args: { state: 'loading' } };
export const LoadFailed: Story = {
  args: { state: 'failed' },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The domain's checks before the save: the secrets a first save needs, a user token, a channel name. */
export const InvalidSettings: Story = {
  args: { state: 'empty' },
  play: async ({ canvasElement }) => {
    const slack = await card(canvasElement, 'Slack');
    await userEvent.type(within(slack).getByLabelText('App ID'), 'A0123ABCD45');
    await userEvent.type(within(slack).getByLabelText('Bot token'), 'xoxp-a-user-token');
    await userEvent.type(within(slack).getByLabelText('Billing › Payments API'), '#payments');
    await userEvent.click(within(slack).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, slack, 'Bot token', TEAM_CHAT_MESSAGES.botToken);
    await expectProblem(canvasElement, slack, 'Signing secret', TEAM_CHAT_MESSAGES.required('Signing secret'));
    await expectProblem(canvasElement, slack, 'Billing › Payments API', TEAM_CHAT_MESSAGES.channel);
  },
};

/** The server's 422 lands on the module's channel it names. */
export const FieldErrors: Story = {
  args: { state: 'fieldErrors' },
  play: async ({ canvasElement }) => {
    const slack = await card(canvasElement, 'Slack');
    await userEvent.click(within(slack).getByRole('button', { name: 'Save' }));
    await expectProblem(canvasElement, slack, 'Billing › Payments API', TEAM_CHAT_MESSAGES.module);
  },
};

export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const slack = await card(canvasElement, 'Slack');
    await userEvent.type(within(slack).getByLabelText('Bot token'), 'xoxb-1234567890-newtoken');
    await userEvent.type(within(slack).getByLabelText('Billing › Invoices'), 'C0INVOICES');
    await userEvent.click(within(slack).getByRole('button', { name: 'Save' }));
    // the toast fades in
    await waitFor(async () =>
      expect(await body(canvasElement).findByText(TEAM_CHAT_MESSAGES.saved('slack'))).toBeVisible(),
    );
    // the saved settings start the card afresh: the new token is not kept in the page
    await waitFor(async () =>
      expect(within(await card(canvasElement, 'Slack')).getByLabelText('Bot token')).toHaveValue(''),
    );
    await expect(within(await card(canvasElement, 'Slack')).getByLabelText('Billing › Invoices')).toHaveValue(
      'C0INVOICES',
    );
  },
};
