import { writeFile } from 'node:fs/promises';
import type { ConsoleMessage, Page, TestInfo } from '@playwright/test';
import { SET_CURRENT_STORY, STORY_FINISHED } from 'storybook/internal/core-events';
import { previewState, storyDone, switchStory, untilQuiet, type ProbeWindow } from './page-probe';
import { fileFor, type StoryEntry } from './storybook-dist';

/** How long one story may take to render and play (the slowest take about a second). */
const STORY_TIMEOUT = 15_000;

/**
 * After a story finishes, the page counts as quiet once its DOM has not changed for QUIET_FRAMES
 * animation frames in a row (about 50 ms), or after QUIET_CAP ms for a page that never stops.
 */
const QUIET_FRAMES = 3;
const QUIET_CAP = 1_000;

/**
 * Console errors that say nothing about the story. Each entry says why it is harmless; keep the
 * list short: anything else a story logs with console.error fails it. (Chromium's own request for
 * /favicon.ico is answered by the server instead of being allowed here.)
 */
const HARMLESS_CONSOLE_ERRORS: { pattern: RegExp; why: string }[] = [];

/** Set to load every story in a fresh page (slower; rules out one story disturbing the next). */
export const RELOAD_ENV = 'RELEVO_STORY_TEST_RELOAD';

/**
 * One page per worker, moved from story to story. The first story (and every story after a
 * failure, or with RELEVO_STORY_TEST_RELOAD=1) loads `iframe.html?id=<id>&viewMode=story`; the next
 * ones are switched to in the loaded preview, as the Storybook UI does, which skips reloading the
 * preview bundle for each story. What a story does after its test ended is reported by the next
 * test, naming the story it comes from.
 */
export class StoryPage {
  private pageErrors: string[] = [];
  private consoleErrors: string[] = [];
  private strayRequests: string[] = [];
  /** The story the page shows when it holds a healthy preview, to switch from. */
  private shown: StoryEntry | null = null;
  private readonly reload = !!process.env[RELOAD_ENV];

  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {
    page.on('pageerror', (error) => this.pageErrors.push(error.stack ?? `${error.name}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !isHarmless(message)) this.consoleErrors.push(describeConsole(message));
    });
    // stories run on fixtures: a request for anything but a file of the build is a story (or a
    // component) reaching for the live API or the network; caught when it is made, not answered
    const { origin } = new URL(baseUrl);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      if (url.origin !== origin) this.strayRequests.push(`${request.method()} ${request.url()} (stories must not use the network)`);
      else if (url.pathname !== '/favicon.ico' && !fileFor(url.pathname)) {
        this.strayRequests.push(`${request.method()} ${url.pathname}${url.search} (not a file of the built Storybook: a live API call?)`);
      }
    });
  }

  /** Renders the story, waits until Storybook has finished it (play function included), and throws what went wrong. */
  async check(story: StoryEntry, testInfo: TestInfo): Promise<void> {
    const { page } = this;
    const problems = new Problems();
    const previous = this.shown;
    if (previous) this.collect(problems, `, after the previous story (${previous.id}) finished`);
    this.shown = null;

    if (previous && !this.reload) {
      await page.evaluate(switchStory, { storyId: story.id, setCurrentStoryEvent: SET_CURRENT_STORY });
    } else {
      await page.goto(`${this.baseUrl}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`, { waitUntil: 'commit' });
    }
    const settled = await page
      .waitForFunction(storyDone, story.id, { timeout: STORY_TIMEOUT })
      .then(() => true)
      .catch(() => false);
    if (settled) {
      // a failed story usually still finishes: wait for it briefly to report all of what went wrong
      await page
        .waitForFunction((id) => (window as ProbeWindow).__relevoStoryProbe?.finished?.storyId === id, story.id, { timeout: 2_000 })
        .catch(() => undefined);
      // what the story started and did not wait for (a session loading, then a screen's first
      // request...) may still be going on: let it run until the page is quiet
      await page.evaluate(untilQuiet, { frames: QUIET_FRAMES, cap: QUIET_CAP }).catch(() => undefined);
    }

    const { probe, errorDisplay, noPreview } = await page.evaluate(previewState);
    if (!settled) problems.add(`did not finish within ${STORY_TIMEOUT / 1000} s (no ${STORY_FINISHED} event)`);
    for (const { event, detail } of probe?.failures ?? []) problems.add(event, detail);
    if (probe?.finished && probe.finished.storyId !== story.id) problems.add('finished another story', probe.finished.storyId);
    if (probe?.finished?.status === 'error') problems.add(`${STORY_FINISHED} with status "error"`, probe.finished.failedReports.join('\n'), { once: true });
    if (errorDisplay !== null) problems.add('Storybook shows its error display', errorDisplay, { once: true });
    if (noPreview) problems.add('Storybook shows "no preview" (the story was not found or not rendered)');
    this.collect(problems, '');

    if (problems.empty && !this.reload) {
      this.shown = story;
      return;
    }
    if (!problems.empty) {
      const screenshot = testInfo.outputPath('screenshot.png');
      await page.screenshot({ path: screenshot, fullPage: true }).then(
        () => testInfo.attach('screenshot', { path: screenshot, contentType: 'image/png' }),
        () => undefined,
      );
    }
    // leave the story, so that nothing it does later lands in the next test
    await page.goto('about:blank');
    this.collect(problems, ', after the story finished');
    if (!problems.empty) {
      // an error can come from the story shown before in the same page (a timer it left behind...)
      if (previous && !this.reload) problems.note(`rendered in the page after ${previous.id}; ${RELOAD_ENV}=1 loads every story in a fresh page`);
      await this.fail(story, problems, testInfo);
    }
  }

  /** Throws what the last story did after its test ended (called when the worker stops). */
  async close(): Promise<void> {
    const last = this.shown;
    if (!last) return;
    await this.page.goto('about:blank');
    const problems = new Problems();
    this.collect(problems, ', after the story finished');
    if (!problems.empty) await this.fail(last, problems, null);
  }

  private async fail(story: StoryEntry, problems: Problems, testInfo: TestInfo | null): Promise<never> {
    if (testInfo) {
      const report = testInfo.outputPath('problems.txt');
      await writeFile(report, `${problems.text({ frames: true })}\n`);
      await testInfo.attach('problems with the page stack traces', { path: report, contentType: 'text/plain' });
    }
    const message = `Story "${story.title} / ${story.name}" (${story.id}, ${story.importPath}) failed:\n${problems.text()}`;
    const error = new Error(message);
    // the report is the message: the stack of this file says nothing about the story
    error.stack = `Error: ${message}`;
    throw error;
  }

  /** Moves the page errors, console errors and stray requests seen so far into `problems`. */
  private collect(problems: Problems, when: string): void {
    for (const error of this.pageErrors.splice(0)) problems.add(`uncaught error in the page${when}`, error, { once: true });
    for (const error of this.consoleErrors.splice(0)) problems.add(`console error${when}`, error, { once: true });
    for (const request of this.strayRequests.splice(0)) problems.add(`request${when}`, request);
  }
}

function isHarmless(message: ConsoleMessage): boolean {
  return HARMLESS_CONSOLE_ERRORS.some(({ pattern }) => pattern.test(message.text()));
}

function describeConsole(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return url ? `${message.text()} (${url}:${lineNumber + 1})` : message.text();
}

/** A page error without its stack frames (in a production build they name minified code). */
const withoutFrames = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\s*at /.test(line))
    .join('\n')
    .trimEnd();

/**
 * What went wrong with one story. One error usually shows up several times (the channel event,
 * Storybook's console.error of it, its error display, the page's uncaught error): `once` leaves
 * out a problem whose first line an earlier one already holds.
 */
class Problems {
  private readonly list: { label: string; detail: string }[] = [];
  private readonly notes: string[] = [];

  get empty(): boolean {
    return this.list.length === 0;
  }

  add(label: string, detail = '', { once = false } = {}): void {
    if (once && detail) {
      const headline = detail.trim().split('\n')[0]!.trim();
      // "Error: x", "TypeError: x" and minified "aL: x" name the same error as "x"
      const bare = headline.replace(/^[\w$.]+: /, '');
      const seen = bare.length >= 8 ? bare : headline;
      if (seen && this.list.some((problem) => problem.detail.includes(seen) || problem.label.includes(seen))) return;
    }
    this.list.push({ label, detail });
  }

  /** Adds a line under the list that is not a problem itself. */
  note(text: string): void {
    this.notes.push(text);
  }

  /**
   * The problems as a list; without the page's stack frames unless `frames` (Playwright would take
   * frames in an error message for frames of this file, and print them twice).
   */
  text({ frames = false } = {}): string {
    return this.list
      .map(({ label, detail }) => (detail ? `${label}: ${frames ? detail : withoutFrames(detail)}` : label))
      .map((problem) => `- ${problem.replace(/\n/g, '\n  ')}`)
      .concat(this.notes.map((note) => `(${note})`))
      .join('\n');
  }
}
