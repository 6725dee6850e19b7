import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { customer, customerRoot } from './support/users';

const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: /Notification/ }).getByText(text);
const chatBox = (page: Page, chat: string) => page.getByRole('region', { name: `${chat} settings` });

test.describe('Team Chat (docs/product.md#team-chat)', () => {
  test('a Customer Root connects Microsoft Teams and never sees the webhook again', async ({ page, signIn }) => {
    await signIn(page, customerRoot);
    await page.getByRole('link', { name: 'Team Chat' }).click();
    await expect(page).toHaveURL(/\/team_chat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Chat' })).toBeVisible();
    await expect(chatBox(page, 'Slack').getByLabel('Interactivity Request URL')).toHaveValue(
      /\/api\/v1\/integrations\/slack\/interactions$/,
    );
    await expectAccessible(page, 'team chat screen');

    // a Slack bot token of the wrong kind is refused before anything is sent
    const slack = chatBox(page, 'Slack');
    await slack.getByLabel('App ID', { exact: true }).fill('A0123ABCD45');
    await slack.getByLabel('Bot token', { exact: true }).fill('xoxp-a-user-token');
    await slack.getByRole('button', { name: 'Save' }).click();
    await expect(slack.getByRole('button', { name: /^Bot token: 1 problem/ })).toBeVisible();

    const teams = chatBox(page, 'Microsoft Teams');
    await teams
      .getByLabel('Incoming webhook URL', { exact: true })
      .fill('https://teams.example.test/webhook/e2e-secret');
    await teams.getByRole('checkbox').first().check();
    await teams.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Microsoft Teams settings saved')).toBeVisible();

    await page.reload();
    const webhook = chatBox(page, 'Microsoft Teams').getByLabel('Incoming webhook URL', { exact: true });
    await expect(webhook).toHaveValue('');
    await expect(chatBox(page, 'Microsoft Teams').getByText('Saved — leave empty to keep')).toBeVisible();
    await expect(page.getByText('e2e-secret')).toHaveCount(0);
  });

  test('a Customer has no Team Chat: the address answers 403', async ({ page, signIn }) => {
    await signIn(page, customer);
    await expect(page.getByRole('link', { name: 'Team Chat' })).toHaveCount(0);
    await page.goto('/team_chat');
    await expect(page).toHaveURL(/\/403$/);
  });
});
