import { test as base } from '@playwright/test';
import {
  PLAY_FUNCTION_THREW_EXCEPTION,
  STORY_ERRORED,
  STORY_FINISHED,
  STORY_MISSING,
  STORY_THREW_EXCEPTION,
  UNHANDLED_ERRORS_WHILE_PLAYING,
} from 'storybook/internal/core-events';
import { installProbe } from './page-probe';
import { StoryPage } from './story-page';
import { STORY_TEST_ENV, readStories } from './storybook-dist';

/**
 * Every story of the built Storybook (dist/index.json), rendered in Chromium with its play
 * function run. A story fails when rendering it throws, when its play function throws or one of
 * its assertions fails, when the page has an uncaught error, logs a console error or requests
 * anything but a file of the build (a live API call), or when Storybook shows its error display.
 *
 * Done is Storybook's own signal: the preview emits STORY_FINISHED on its channel once the story
 * has rendered, its play function has run and the afterEach hooks (the a11y check) are done, with
 * status 'error' when something failed on the way (StoryRender.render in
 * storybook/dist/preview/runtime.js). A render error that the renderer catches still finishes
 * with 'success', so the error events below and the error display are checked as well; a story
 * that never finishes fails after 15 s.
 */

/** The channel events that fail a story. */
const FAILURE_EVENTS = [STORY_THREW_EXCEPTION, STORY_ERRORED, PLAY_FUNCTION_THREW_EXCEPTION, UNHANDLED_ERRORS_WHILE_PLAYING, STORY_MISSING];

const test = base.extend<object, { storyPage: StoryPage }>({
  storyPage: [
    async ({ browser }, use) => {
      const baseUrl = process.env[STORY_TEST_ENV.baseUrl];
      if (!baseUrl) throw new Error(`${STORY_TEST_ENV.baseUrl} is not set: run the story tests through playwright.config.ts (its global setup serves Storybook)`);
      // "StorybookTestRunner" in the user agent is how Storybook's own test runners announce
      // themselves: the preview then stops CSS animations once the play function is done instead
      // of waiting for them to end (isTestEnvironment in the preview runtime)
      const probeContext = await browser.newContext();
      const userAgent = await (await probeContext.newPage()).evaluate(() => navigator.userAgent);
      await probeContext.close();
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: `${userAgent} StorybookTestRunner` });
      await context.addInitScript(installProbe, { finishedEvent: STORY_FINISHED, failureEvents: FAILURE_EVENTS });
      const storyPage = new StoryPage(await context.newPage(), baseUrl);
      await use(storyPage);
      try {
        await storyPage.close();
      } finally {
        await context.close();
      }
    },
    { scope: 'worker' },
  ],
});

for (const story of readStories()) {
  test(`${story.title} / ${story.name} [${story.id}]`, async ({ storyPage }, testInfo) => {
    await storyPage.check(story, testInfo);
  });
}
