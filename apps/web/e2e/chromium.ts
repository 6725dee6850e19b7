/**
 * How Debian's Chromium is launched for the browser tests (playwright.config.ts) and the story tests
 * (apps/storybook/vitest.config.ts): the system binary, without the sandbox and the GPU, and without
 * its background downloads, component updates and first-run pages. Plain data with no imports, so
 * either config can load it.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};
