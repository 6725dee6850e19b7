import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname } from 'node:path';
import { STORYBOOK_DIST, STORY_TEST_ENV, fileFor, readStories } from './storybook-dist';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves the files of `root` read-only on a free 127.0.0.1 port. */
function serveStatic(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (pathname === '/favicon.ico') {
      // Chromium asks for it on its own; the build has none (iframe.html links no icon)
      response.writeHead(204).end();
      return;
    }
    const file = request.method === 'GET' || request.method === 'HEAD' ? fileFor(pathname, root) : null;
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`Not found: ${pathname}`);
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      // the build does not change during a run: let each browser keep what it loaded once
      'cache-control': 'max-age=3600',
    });
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address === 'object' && address) resolveServer({ server, url: `http://127.0.0.1:${address.port}` });
      else reject(new Error('The Storybook server has no port'));
    });
  });
}

/**
 * Serves the built Storybook (apps/storybook/dist) for the story tests and tells the workers where;
 * fails at once, saying what to run, when there is no build. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stories = readStories();
  const { server, url } = await serveStatic(STORYBOOK_DIST);
  process.env[STORY_TEST_ENV.baseUrl] = url;
  console.log(`Serving ${STORYBOOK_DIST} (${stories.length} stories) on ${url}`);
  return () =>
    new Promise<void>((resolveClose) => {
      server.close(() => resolveClose());
      server.closeAllConnections();
    });
}
