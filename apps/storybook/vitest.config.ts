import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from '../web/e2e/chromium.ts';
import { takeStrayRequests, watchStrayRequests } from './test/stray-requests.ts';

/**
 * Two projects:
 * - `storybook`, the story tests, through Storybook's own test integration: every story of
 *   .storybook/main.ts rendered in Debian's Chromium with its play function and the a11y check run
 *   (a violation fails it: preview.ts sets a11y.test to 'error'); test/story-setup.ts also fails a
 *   story on a console error or a request to the network or the live API.
 * - `screen-states`, in Node: every screen and modal of the spec has its states' stories
 *   (test/screen-states.ts, checked against the story files by test/screen-states.test.ts).
 */
export default defineConfig({
  test: {
    // Storybook warns for every screen story that passes its xstate machine as an arg (not
    // JSON-serialisable, so the Controls panel cannot edit it); the stories mean to, and a
    // hundred copies of the warning would bury what matters. Other logs are shown.
    onConsoleLog: (log) => !log.includes("We've detected a cycle in arg"),
    projects: [
      {
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })],
        test: {
          name: 'storybook',
          setupFiles: ['./test/story-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: chromiumLaunchOptions,
            }),
            // the size the stories are designed for (the iframe of each test file has it)
            viewport: { width: 1280, height: 800 },
            instances: [{ browser: 'chromium' }],
            commands: { watchStrayRequests, takeStrayRequests },
          },
        },
      },
      {
        test: { name: 'screen-states', environment: 'node', include: ['test/**/*.test.ts'] },
      },
    ],
  },
});
