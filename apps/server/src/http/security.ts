import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Links with secrets in their path: a log never holds them. */
const SECRET_PATHS = [/(\/api\/management\/password\/confirm\/reset\/)[^/?#]+/, /(\/reset_password\/email\/)[^/?#]+/, /(\/respond\/)[^/?#]+/];

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, '$1[redacted]');
  return out;
}

/** Response headers that keep the app in its own frame, keep secrets out of Referer, and limit scripts. */
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
  const secure = config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', csp);
    if (secure) reply.header('strict-transport-security', 'max-age=31536000');
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
