import { defineConfig } from '@playwright/test';

/**
 * The story tests: every story of the built Storybook (apps/storybook/dist) rendered in Debian's
 * Chromium with its play function run (test/stories.spec.ts). The global setup serves the build;
 * each worker keeps one page and moves it from story to story.
 */
export default defineConfig({
  testDir: 'test',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  outputDir: 'test-results',
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
});
