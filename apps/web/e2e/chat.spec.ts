import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { guideReader, staffRoot } from './support/users';

test.describe('the User Guide and its assistant (docs/product.md#user-guide-and-assistant, #assistant-call)', () => {
  test('a Customer asks with Enter, gets the guide quoted and linked, hears the notification, and opens the section', async ({
    page,
    signIn,
  }) => {
    await signIn(page, guideReader);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Guide' }).click();
    await expect(page).toHaveURL(/\/user_guide$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Guide' })).toBeVisible();
    const log = page.getByRole('log', { name: 'Conversation' });
    // docs/product.md#user-guide-and-assistant, #constants-and-limits: the chat area is 360 px high
    expect((await log.boundingBox())!.height).toBe(360);
    await expectAccessible(page, 'the User Guide chat, empty');

    // docs/product.md#validation-rules: an empty message is refused, nothing is sent
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('alert')).toHaveText("Your message box Can't be empty");
    await expectAccessible(page, 'the chat with the empty-message error');

    const box = page.getByPlaceholder('Type your question');
    await box.fill('How do I reset my password by SMS?');
    await expect(page.getByRole('alert')).toHaveCount(0);
    const asked = page.waitForResponse((response) => response.url().endsWith('/api/chatbot/generate/prompt'));
    await box.press('Enter');
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({
      is_server: false,
      user_message: 'How do I reset my password by SMS?',
    });

    const mine = page.getByRole('article', { name: /^Lucía Pagán at \d\d:\d\d$/ });
    await expect(mine).toContainText('How do I reset my password by SMS?');
    const reply = page.getByRole('article', { name: /^Relevo at \d\d:\d\d$/ });
    await expect(reply).toContainText('From the user guide');
    await expect(reply).toContainText('a 6-digit code is sent to it by SMS');
    await expect(box).toHaveValue('');

    // docs/product.md#user-guide-and-assistant: the notification plays from 1 s in and is stopped after 3 s
    const sound = page.locator('audio[data-chat-sound]');
    await expect
      .poll(() => sound.evaluate((audio: HTMLAudioElement) => audio.currentSrc))
      .toMatch(/\/sounds\/chat-notification\.wav$/);
    await expect
      .poll(() => sound.evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime >= 1), {
        timeout: 3_000,
      })
      .toBe(true);
    await expect.poll(() => sound.evaluate((audio: HTMLAudioElement) => audio.paused), { timeout: 5_000 }).toBe(true);
    const stoppedAt = await sound.evaluate((audio: HTMLAudioElement) => audio.currentTime);
    expect(stoppedAt).toBeGreaterThan(3.5);
    expect(stoppedAt).toBeLessThan(4.01);
    await expectAccessible(page, 'the chat with an answer');

    // a question the guide does not cover gets docs/product.md#messages's refusal
    await box.fill('What is the capital of France?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('article', { name: /^Relevo at / }).nth(1)).toContainText(
      'Sorry, I am unable to assist you with this request.',
    );

    // the answer's link opens the guide at its section
    await reply.getByRole('link', { name: 'Forgotten password › By SMS (3 steps)' }).click();
    await expect(page).toHaveURL(/\/guide#by-sms-3-steps$/);
    const section = page.locator('h3#by-sms-3-steps');
    await expect(section).toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Guide');
    await expectAccessible(page, 'the user guide page at a section');
  });

  test('staff read the guide from the header, and the chat is not theirs (docs/product.md#roles-and-permissions)', async ({
    page,
    signIn,
  }) => {
    await signIn(page, staffRoot);
    await page.getByRole('link', { name: 'User guide' }).click();
    await expect(page).toHaveURL(/\/guide$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User guide' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Contents of the user guide' }).getByRole('link', { name: 'Customers' }),
    ).toHaveAttribute('href', '#customers');
    await expectAccessible(page, 'the user guide page for a Staff Root');
    // no third-party widget without WIDGET_SCRIPT_URL
    await expect(page.locator('script[data-relevo-widget]')).toHaveCount(0);
    // docs/product.md#route-guard: a role outside user_guide's set goes to 403
    await page.goto('/user_guide');
    await expect(page).toHaveURL(/\/403$/);
  });
});
