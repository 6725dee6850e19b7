import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Links with secrets in their path: a log never holds them. */
const SECRET_PATHS = [/(\/api\/management\/password\/confirm\/reset\/)[^/?#]+/, /(\/reset_password\/email\/)[^/?#]+/, /(\/respond\/)[^/?#]+/];

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, '$1[redacted]');
  return out;
}

/**
 * Response headers: every answer is nosniff; pages and assets also stay out of frames, keep
 * secrets out of Referer (reset links) and limit scripts. JSON answers skip the page-only headers,
 * which a browser does not apply to them, to keep the hottest calls small.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'widgetScriptUrl' | 'publicUrl'>): void {
  const widgetOrigin = config.widgetScriptUrl ? new URL(config.widgetScriptUrl).origin : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src 'self'${widgetOrigin ? ` ${widgetOrigin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
  const api: Record<string, string> = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
  if (config.publicUrl.startsWith('https://')) api['strict-transport-security'] = 'max-age=31536000';
  const page: Record<string, string> = { ...api, 'x-frame-options': 'DENY', 'content-security-policy': csp };
  // a callback hook: this runs on every request, and a promise per request is measurable
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : page);
    done();
  });
}

/**
 * service.md section 3: a request that changes data from a browser must come from the app's own
 * origin. Browsers send Origin on such requests; a different one is refused.
 */
export function isForeignOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === new URL(publicUrl).origin) return false;
  const host = request.headers.host;
  return !host || (origin !== `http://${host}` && origin !== `https://${host}`);
}
