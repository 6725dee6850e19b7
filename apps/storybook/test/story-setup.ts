/**
 * Runs in the browser around every story test (Storybook's test integration renders each story
 * and runs its play function and the a11y check; a throw, a failed assertion, an axe violation or
 * an uncaught error already fails it). This adds the two failures Storybook does not check: a
 * console error, and a request to the network or the live API (test/stray-requests.ts). The
 * Spanish run of every story (test/stories-es.test.tsx) uses it too.
 */
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { commands } from 'vitest/browser';
import { untilQuiet } from './until-quiet.ts';

const consoleErrors: string[] = [];
const originalError = console.error.bind(console);

const text = (value: unknown): string => {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

/**
 * Console errors that say nothing about the story, each with why; anything else fails it.
 */
const HARMLESS_CONSOLE_ERRORS: { pattern: RegExp; why: string }[] = [
  {
    // Chromium reports a ResizeObserver whose callback changed the layout again within one frame
    // (Radix's select and popper measure their content) as an ErrorEvent without an error; the
    // browser runner logs such events with console.error. Nothing was thrown, and the observer
    // gets the notifications on the next frame.
    pattern: /^Error: ResizeObserver loop completed with undelivered notifications\.$/,
    why: 'a browser notification, not an error of the story',
  },
  {
    // UI/LoadBoundary shows what a failed download of a screen's code looks like: React reports
    // the error its boundary caught, with the story's own file name in it
    pattern: /Failed to fetch dynamically imported module: \/assets\/UnreachableScreen-story\.js/,
    why: 'the error the LoadBoundary story makes on purpose',
  },
];

console.error = (...args: unknown[]) => {
  const message = args.map(text).join(' ');
  if (!HARMLESS_CONSOLE_ERRORS.some(({ pattern }) => pattern.test(message))) consoleErrors.push(message);
  originalError(...args);
};

/** What the story left behind: console errors and stray requests since the last check. */
async function leftovers() {
  return { consoleErrors: consoleErrors.splice(0), strayRequests: await commands.takeStrayRequests() };
}

const NOTHING = { consoleErrors: [], strayRequests: [] };

beforeEach(async () => {
  await commands.watchStrayRequests();
  // what a previous story did after its test ended belongs to it, not to this one
  const earlier = await leftovers();
  expect(earlier, 'left by the story before this one, after its test ended').toEqual(NOTHING);
});

afterEach(async () => {
  // what the story started and did not wait for (a session loading, a screen's first request)
  // may still be going on: let it run until the page is quiet
  await untilQuiet();
  expect(await leftovers(), 'console errors and requests to the network or the live API').toEqual(NOTHING);
});

afterAll(async () => {
  await untilQuiet();
  expect(await leftovers(), 'left by the last story of the file, after its test ended').toEqual(NOTHING);
});
