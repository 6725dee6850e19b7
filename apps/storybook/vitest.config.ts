import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { chromiumLaunchOptions } from '../web/e2e/chromium.ts';
import { relevoCatalogs } from '../web/i18n-catalogs.ts';
import { SAME_IN_BOTH } from '../web/i18n-check.ts';
import { takeStrayRequests, watchStrayRequests } from './test/stray-requests.ts';

/** Chromium as both story projects run it (a fresh provider for each). */
const chromium = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunchOptions,
  }),
  // the size the stories are designed for (the iframe of each test file has it)
  viewport: { width: 1280, height: 800 },
  instances: [{ browser: 'chromium' as const }],
  commands: { watchStrayRequests, takeStrayRequests },
});

/**
 * Three projects:
 * - `storybook`, the story tests, through Storybook's own test integration: every story of
 *   .storybook/main.ts rendered in Debian's Chromium with its play function and the a11y check run
 *   (a violation fails it: preview.ts sets a11y.test to 'error'); test/story-setup.ts also fails a
 *   story on a console error or a request to the network or the live API.
 * - `screen-states`, in Node: every screen and modal of the spec has its states' stories
 *   (test/screen-states.ts, checked against the story files by test/screen-states.test.ts).
 * - `stories-es`, every story again in Spanish, in the same Chromium (test/stories-es.test.tsx):
 *   without its play function, it fails on a text with no Spanish translation, an axe violation, a
 *   console error or a stray request.
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
          browser: chromium(),
        },
      },
      {
        test: { name: 'screen-states', environment: 'node', include: ['test/**/*.test.ts'] },
      },
      {
        // the Spanish catalogs (`virtual:relevo-messages/es`), as .storybook/main.ts adds them
        plugins: [relevoCatalogs()],
        test: {
          name: 'stories-es',
          include: ['test/stories-es.test.tsx'],
          setupFiles: ['./test/story-setup.ts'],
          // product and vendor names read the same in Spanish: `t` finds no entry for them, rightly
          provide: { sameInBothLanguages: [...SAME_IN_BOTH] },
          // every story in one page, some of them long (the API reference), on a machine that may be busy
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // the failure names the story and its texts; a screenshot of the page adds seconds to each
          browser: { ...chromium(), screenshotFailures: false },
        },
      },
    ],
  },
});
