import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { constants as http2Constants, type ServerHttp2Stream } from 'node:http2';
import { join, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { Config } from '../config';
import { installErrorHandler } from './errors';
import { RouteTable } from './implement';
import { installSecurityHeaders } from './security';
import { installCookies } from './cookies';
import { UNREADABLE_JSON } from '../incidents/pagerduty-events';
import { authRoutes } from './routes/auth';
import { referenceRoutes } from './routes/reference';
import { resetRoutes } from './routes/reset';
import { customerRoutes } from './routes/customers';
import { userRoutes } from './routes/users';
import { moduleToolRoutes } from './routes/module-tools';
import { incidentRoutes } from './routes/incidents';
import { catalogueRoutes } from './routes/catalogue';
import { deliveryRoutes } from './routes/delivery';
import { pushRoutes } from './routes/push';
import { teamChatRoutes } from './routes/team-chat';
import { eventRoutes } from './routes/events';
import { audioRoutes } from './routes/audio';
import { dashboardRoutes } from './routes/dashboard';
import { chatbotRoutes } from './routes/chatbot';
import { scheduleRoutes } from './routes/schedules';
import { maintenanceRoutes } from './routes/maintenance';
import { calendarRoutes } from './routes/calendar';
import { heartbeatRoutes } from './routes/heartbeats';
import { webhookRoutes } from './routes/webhooks';
import { importRoutes } from './routes/imports';
import { apiTokenRoutes } from './routes/api-tokens';
import { auditRoutes } from './routes/audit';
import { eventChangesOf } from '../incidents/event-changes';

/**
 * A request id a load balancer or client may send (`X-Request-Id`): short, of characters that
 * cannot break a log line or a header. Anything else gets a new random id.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@+=-]{1,128}$/;

/** The request's id: the caller's, when it is a safe one, else a random UUID (unique across every process). */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Each area adds its handlers to the route table. */
export type RouteModule = (routes: RouteTable, ctx: AppContext) => void;

export const ROUTE_MODULES: RouteModule[] = [
  authRoutes,
  resetRoutes,
  customerRoutes,
  userRoutes,
  referenceRoutes,
  catalogueRoutes,
  moduleToolRoutes,
  incidentRoutes,
  eventRoutes,
  audioRoutes,
  dashboardRoutes,
  chatbotRoutes,
  deliveryRoutes,
  pushRoutes,
  teamChatRoutes,
  scheduleRoutes,
  calendarRoutes,
  maintenanceRoutes,
  heartbeatRoutes,
  webhookRoutes,
  importRoutes,
  auditRoutes,
  apiTokenRoutes,
];

/** The route table of every module, for registration and for the completeness test. */
export function routeTable(ctx: AppContext, modules: RouteModule[] = ROUTE_MODULES): RouteTable {
  const routes = new RouteTable();
  for (const module of modules) module(routes, ctx);
  return routes;
}

/**
 * TRUST_PROXY as Fastify takes it: the listed proxies, or a hop count (the nearest `hops`
 * addresses of X-Forwarded-For are proxies; the next one is the client), or nobody.
 */
function trustedProxies(setting: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), keeping the text as it came for
 * the routes that check a signature over it (`config.rawBody`, the inbound webhook), and handing
 * an unreadable body to the routes that answer it themselves (`config.lenientJson`).
 */
function keepRawBodyWhereSigned(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const config = request.routeOptions.config as { rawBody?: boolean; lenientJson?: boolean };
    if (config.rawBody) (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    if (!config.lenientJson) return parseJson(request, body as string, done);
    parseJson(request, body as string, (error, parsed) => done(null, error ? UNREADABLE_JSON : parsed));
  });
  // form bodies only where a provider posts them (Twilio's and TeXML's callbacks), kept as sent for the signature
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const config = request.routeOptions.config as { rawBody?: boolean; form?: boolean };
    if (!config.form) {
      done(Object.assign(new Error('Send the body as application/json'), { statusCode: 415 }), undefined);
      return;
    }
    (request as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, value] of new URLSearchParams(body as string)) fields[name] = value;
    done(null, fields);
  });
}

/**
 * An HTTP/2 request whose body has not all arrived within `timeoutMs` of its headers is cancelled
 * (its stream reset): a client trickling a body cannot hold the server's work open, as over
 * HTTP/1.1 (REQUEST_TIMEOUT_MS). A request without a body (its headers end the stream) is not
 * watched.
 */
function abortSlowHttp2Bodies(timeoutMs: number) {
  return (request: FastifyRequest, _reply: unknown, done: () => void) => {
    const raw = request.raw as FastifyRequest['raw'] & { stream?: ServerHttp2Stream };
    const stream = raw.httpVersionMajor === 2 ? raw.stream : undefined;
    if (!stream || stream.endAfterHeaders || raw.complete) return done();
    const timer = setTimeout(() => {
      if (!raw.complete && !stream.destroyed) stream.close(http2Constants.NGHTTP2_CANCEL);
    }, timeoutMs);
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    stream.once('close', stop);
    done();
  };
}

/** The HTTP side: the API of the endpoint table under /api and the built web app on every other path. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const options = {
    loggerInstance: ctx.log as FastifyBaseLogger,
    // one line per request would cost more than the requests; failures are logged where they happen
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustedProxies(ctx.config.trustProxy),
    bodyLimit: 256 * 1024,
    // a request must arrive whole in time (Node answers 408 and closes the connection otherwise),
    // checked every second or so; the answer itself may take longer (the events stream, a CSV).
    // Node watches connections only for a timeout given when the server is made, hence `http` too.
    requestTimeout: ctx.config.requestTimeoutMs,
    http: {
      requestTimeout: ctx.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, ctx.config.requestTimeoutMs),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // the request id is in every answer (X-Request-Id) and in the lines written for the request;
    // one shared logger instead of a child per request
    genReqId: requestIdOf,
    childLoggerFactory: (logger: FastifyBaseLogger) => logger,
  };
  const { tls, requestTimeoutMs } = ctx.config;
  // with a certificate: HTTPS, over HTTP/2 (a phone's first load asks for some twenty files at once
  // on one connection: docs/perf.md, "On a phone") and HTTP/1.1 on the same port for older clients.
  // A request must arrive whole in time over either: Node's HTTP/2 server takes HTTP/1.1's timeouts
  // for the connections it serves that way (408, then the connection closed), and an HTTP/2
  // request's body is watched by abortSlowHttp2Bodies.
  const secure = tls && {
    allowHTTP1: true,
    cert: tls.cert,
    key: tls.key,
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(60_000, requestTimeoutMs),
    connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
  };
  const app = (secure
    ? Fastify({
        ...options,
        http2: true,
        https: secure,
      })
    : Fastify(options)) as unknown as FastifyInstance;
  if (tls) app.addHook('onRequest', abortSlowHttp2Bodies(requestTimeoutMs));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // a line per API request: its id, route (never the query: it may hold a search text), status
  // and time; failures at info, the rest at debug (a line for each success would cost a
  // noticeable share of a cached session read, docs/perf.md)
  app.addHook('onResponse', (request, reply, done) => {
    const level = reply.statusCode >= 400 ? 'info' : 'debug';
    if (ctx.log.isLevelEnabled(level) && request.url.startsWith('/api/')) {
      ctx.log[level](
        {
          reqId: request.id,
          method: request.method,
          route: request.routeOptions.url ?? '(unknown)',
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    }
    done();
  });
  await installSecurityHeaders(app, ctx.config);
  await installCookies(app);
  installErrorHandler(app);
  keepRawBodyWhereSigned(app);

  routeTable(ctx).register(app, ctx);
  // the events list's open streams end first: they would hold their connections and the close
  app.addHook('preClose', async () => eventChangesOf(ctx).closeAll());

  const webDist = ctx.config.webDist;
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    // the build's own assets/ folder, not any folder of that name above the build
    const hashedAssets = join(webDist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDist,
      index: ['index.html'],
      wildcard: true,
      // the web build writes .br and .gz beside each file (apps/web/vite.config.ts): a third of the bytes
      preCompressed: true,
      // hashed build assets never change; everything else (index.html, /sw.js, the manifest and its
      // icons) is checked each time, so a new service worker is taken at the next visit
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ detail: 'Not found' });
    }
    // history fallback: the web app routes every other path itself (docs/product.md#routes)
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
  return app;
}
