import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness';

/** The directives of a Content-Security-Policy header, by name. */
const directives = (csp: string | null) =>
  Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('the third-party widget (docs/product.md#what-relevo-does, docs/product.md#processes-storage-and-configuration WIDGET_SCRIPT_URL)', () => {
  let withWidget: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withWidget = await startTestApp({
      kind: 'pglite',
      config: { widgetScriptUrl: 'https://widget.example.com/v2/loader.js?key=abc' },
    });
    without = await startTestApp({ kind: 'pglite' });
  }, 120_000);
  afterAll(async () => {
    await withWidget?.close();
    await without?.close();
  });

  it('tells the web app the script to load, and nothing when unset', async () => {
    expect((await withWidget.raw('GET', '/api/settings/client')).body).toEqual({
      version: '1.4.4',
      widget_script_url: 'https://widget.example.com/v2/loader.js?key=abc',
      sso: false,
    });
    expect((await without.raw('GET', '/api/settings/client')).body).toEqual({
      version: '1.4.4',
      widget_script_url: null,
      sso: false,
    });
  });

  it('allows scripts from exactly the widget’s origin when set, and from the app alone when not', async () => {
    for (const path of ['/login', '/user_guide', '/api/health']) {
      const set = directives((await withWidget.raw('GET', path)).headers.get('content-security-policy'));
      expect(set['script-src'], path).toEqual(["'self'", 'https://widget.example.com']);
      expect(set['default-src'], path).toEqual(["'self'"]);
      const unset = directives((await without.raw('GET', path)).headers.get('content-security-policy'));
      expect(unset['script-src'], path).toEqual(["'self'"]);
      expect(unset['connect-src'], path).toEqual(["'self'"]);
    }
  });
});
