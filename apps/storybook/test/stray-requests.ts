import type { Page } from 'playwright-core';
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';

/**
 * Browser commands (they run in Node, next to Playwright) that tell which requests a story made
 * that it must not: stories run on fixtures, so a request to another origin, or to the API's
 * /api/ paths of the test server, is a story (or a component) reaching for the network or the
 * live API. Playwright sees every request of the page (fetch, XHR, images, scripts), in every
 * frame, when it is made, whether or not anything answers it.
 */
interface Watch {
  origin: string;
  stray: string[];
}

const watches = new WeakMap<Page, Watch>();

/** The Playwright page of the test files' session (the Playwright provider puts it on the context). */
const pageOf = (context: BrowserCommandContext) => (context as BrowserCommandContext & { page: Page }).page;

function isStray(url: URL, origin: string): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin !== origin || url.pathname === '/api' || url.pathname.startsWith('/api/');
}

/** Starts recording the page's stray requests (once per page; later calls do nothing). */
export const watchStrayRequests: BrowserCommand<[]> = (context) => {
  const page = pageOf(context);
  if (watches.has(page)) return;
  const watch: Watch = { origin: new URL(page.url()).origin, stray: [] };
  watches.set(page, watch);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (isStray(url, watch.origin))
      watch.stray.push(
        `${request.method()} ${url.origin === watch.origin ? `${url.pathname}${url.search}` : request.url()}`,
      );
  });
};

/** The stray requests recorded since the last call. */
export const takeStrayRequests: BrowserCommand<[], string[]> = (context) => {
  const page = pageOf(context);
  return watches.get(page)?.stray.splice(0) ?? [];
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    watchStrayRequests: () => Promise<void>;
    takeStrayRequests: () => Promise<string[]>;
  }
}
