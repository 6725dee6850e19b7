import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { E2E_ENV } from './support/environment';

/**
 * Browser tests against the built server and web app (global-setup.ts starts them). Debian's
 * Chromium; one worker, because the tests share one server and its sign-in rate limits.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results',
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // set by the global setup; workers inherit it
    baseURL: process.env[E2E_ENV.baseUrl],
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
