import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './support/axe';
import { E2E_ENV, readEnv } from './support/environment';
import { expect, test } from './support/fixtures';
import { customer } from './support/users';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The widget's host: another origin, serving a script that counts its runs. */
function startWidgetHost(): Promise<{ server: Server; origin: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    response.writeHead(request.url === '/v2/loader.js' ? 200 : 404, { 'content-type': 'text/javascript' });
    response.end('window.relevoWidgetRuns = (window.relevoWidgetRuns || 0) + 1;');
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests }),
    ),
  );
}

/**
 * docs/product.md#what-relevo-does and docs/product.md#processes-storage-and-configuration: with WIDGET_SCRIPT_URL set, the widget's script is added to the layout
 * after sign-in only, once, and the Content-Security-Policy lets exactly its origin run scripts.
 * A server of its own (the shared one runs without the widget), on the same inbox.
 */
test.describe('the third-party widget', () => {
  let host: Awaited<ReturnType<typeof startWidgetHost>>;
  let server: ChildProcess;
  let dataDir: string;
  let baseURL: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    host = await startWidgetHost();
    dataDir = mkdtempSync(join(tmpdir(), 'relevo-e2e-widget-'));
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => done(port));
      });
    });
    baseURL = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      SMTP_URL: readEnv(E2E_ENV.smtpUrl),
      DEMO_DATA: 'on',
      WIDGET_SCRIPT_URL: `${host.origin}/v2/loader.js`,
    };
    delete env.DATABASE_URL;
    const demo = spawnSync(process.execPath, [join(repoRoot, 'apps/server/dist/cli.js'), 'demo-data'], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    expect(demo.status, demo.stderr).toBe(0);
    server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: repoRoot,
      env,
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch(`${baseURL}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise((done) => host?.server.close(done));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('loads after sign-in only, once, from the one origin the policy allows', async ({ browser, signIn }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const login = await page.goto('/login');
    const policy = login!.headers()['content-security-policy']!;
    expect(
      policy
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('script-src')),
    ).toBe(`script-src 'self' ${host.origin}`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => (window as { relevoWidgetRuns?: number }).relevoWidgetRuns ?? 0)).toBe(0);
    expect(host.requests()).toBe(0);

    await signIn(page, customer);
    await expect
      .poll(() => page.evaluate(() => (window as { relevoWidgetRuns?: number }).relevoWidgetRuns ?? 0))
      .toBe(1);
    // moving between screens of the layout keeps the one script
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Events' }).click();
    await menu.getByRole('link', { name: 'User Guide' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User Guide' })).toBeVisible();
    expect(await page.locator(`script[src="${host.origin}/v2/loader.js"]`).count()).toBe(1);
    expect(await page.evaluate(() => (window as { relevoWidgetRuns?: number }).relevoWidgetRuns)).toBe(1);
    expect(host.requests()).toBe(1);
    await expectAccessible(page, 'the User Guide chat with the widget loaded');
    await context.close();
  });
});
