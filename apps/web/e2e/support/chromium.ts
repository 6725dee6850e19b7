/**
 * Debian's Chromium as the browser tests (playwright.config.ts) and the story tests
 * (apps/storybook/vitest.config.ts) launch it: no sandbox, no GPU, nothing fetched in the background.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};
