import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config';

/** Links with secrets in their path: a log never holds them. */
const SECRET_PATHS = [
  /(\/api\/management\/password\/confirm\/reset\/)[^/?#]+/,
  /(\/reset_password\/email\/)[^/?#]+/,
  /(\/respond\/)[^/?#]+/,
  /(\/api\/v1\/audio\/)[^/?#]+/,
  /(\/api\/calendar\/)[^/?#]+/,
  /(\/api\/v1\/heartbeat\/)[^/?#]+/,
  // a single sign-on's answer: its authorization code and state (docs/product.md#single-sign-on)
  /(\/api\/auth\/sso\/callback\?).+/,
];

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, '$1[redacted]');
  return out;
}

/**
 * Response headers on every answer, as helmet makes them: a Content-Security-Policy without
 * inline scripts (the widget's origin only when WIDGET_SCRIPT_URL is set), frames of the app's
 * own origin only (the event print uses a same-origin hidden frame), nosniff, no Referer (reset
 * links carry secrets in their path), HSTS when served over https. API answers are never stored
 * by a browser or a proxy cache (`Cache-Control: no-store`): they hold personal data and codes.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'widgetScriptUrl' | 'publicUrl'>,
): Promise<void> {
  const headers = helmetHeaders(helmetOptions(config));
  const api = { ...headers, 'cache-control': 'no-store' };
  // a callback hook with headers made once: helmet's own Fastify plugin rebuilds them (and the
  // policy text) in a promise on every request, a tenth of the CPU of a session read (docs/perf.md)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : headers);
    done();
  });
}

/** The policy, in helmet's terms. */
function helmetOptions(config: Pick<Config, 'widgetScriptUrl' | 'publicUrl'>): HelmetOptions {
  const widget = config.widgetScriptUrl ? [new URL(config.widgetScriptUrl).origin] : [];
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widget],
        // React sets style attributes (Radix positions popovers with them)
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...widget],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'sameorigin' },
    // the spoken audio and the widget may be embedded by the pages; nothing needs isolation
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for these options. They depend on nothing of the request (no nonces),
 * so helmet runs once, at start, against a response that records them.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * docs/product.md#sign-in-sessions-and-secrets: a request that changes data from a browser must come from the app's own
 * origin. Browsers send Origin on such requests; a different one is refused.
 */
export function isForeignOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === new URL(publicUrl).origin) return false;
  const host = request.headers.host;
  return !host || (origin !== `http://${host}` && origin !== `https://${host}`);
}
