import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app';
import { createLogger } from '../src/logger';
import type { AppContext } from '../src/context';
import type { DB } from '../src/db/schema';
import { DATABASE_KINDS } from './support/databases';
import { startTestApp, type TestApp } from './support/harness';
import { freePort } from './support/worker-process';

/** A second app of the same process, over a changed context (a lost database, a stop under way, a log to read). */
async function appOver(ctx: AppContext): Promise<{
  app: FastifyInstance;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown; headers: Headers }>;
}> {
  const app = await buildApp(ctx);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    async get(path, headers = {}) {
      const response = await fetch(`${base}${path}`, { headers });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
  };
}

describe.each(DATABASE_KINDS)('health, readiness and request ids on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ kind });
  });
  afterAll(async () => t?.close());

  it('answers liveness and readiness while the database answers', async () => {
    const health = await t.raw('GET', '/api/health');
    expect({ status: health.status, body: health.body }).toEqual({
      status: 200,
      body: { status: 'ok', database: kind, version: expect.any(String) },
    });
    const ready = await t.raw('GET', '/api/ready');
    expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { status: 'ready' } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers readiness 503 with a clear error when the database cannot be reached, while liveness still answers', async () => {
    // a port nothing listens on: the database refuses every connection
    const unreachable = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: `postgres://relevo@127.0.0.1:${await freePort()}/relevo`, max: 1 }),
      }),
    });
    const lost = await appOver({ ...t.ctx, database: { ...t.ctx.database, db: unreachable } });
    try {
      expect(await lost.get('/api/ready')).toMatchObject({
        status: 503,
        body: { detail: 'Not ready: the database cannot be reached' },
      });
      expect(await lost.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    } finally {
      await lost.app.close();
      await unreachable.destroy();
    }
  });

  it('answers readiness 503 once the process is stopping', async () => {
    const stopping = await appOver({ ...t.ctx, lifecycle: { stopping: true } });
    try {
      expect(await stopping.get('/api/ready')).toMatchObject({
        status: 503,
        body: { detail: 'Not ready: the server is shutting down' },
      });
    } finally {
      await stopping.app.close();
    }
  });

  it('gives every answer a request id (a sane incoming one, else a new UUID) and logs it with the request line (failures at info, the rest at debug), never a secret', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logged = await appOver({ ...t.ctx, log: createLogger({ logLevel: 'debug' }, sink) });
    try {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      // a sane id from a load balancer is kept, so one id follows the request through every hop
      const kept = await logged.get('/api/health', { 'x-request-id': 'lb-7f3a.91:eu-west' });
      expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.91:eu-west');
      // too long, or characters that could forge a log line or a header: replaced by a new id
      for (const bad of ['x'.repeat(129), 'a b', 'id"}{"level":60', 'é-accent', '']) {
        const answer = await logged.get('/api/health', { 'x-request-id': bad });
        expect(answer.headers.get('x-request-id'), bad).toMatch(uuid);
      }
      // answers that are not a route's (404, 401) and failed requests carry one too, each its own
      const ids = new Set<string>();
      for (const path of ['/api/nothing', '/api/users/me', '/api/users/me', '/login']) {
        const answer = await logged.get(path, {
          authorization: 'Bearer secret-token-value',
          cookie: 'relevo_token=secret-cookie-value',
        });
        expect(answer.headers.get('x-request-id'), path).toMatch(uuid);
        ids.add(answer.headers.get('x-request-id')!);
      }
      expect(ids.size).toBe(4);

      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines.find((line) => line.reqId === 'lb-7f3a.91:eu-west')).toMatchObject({
        method: 'GET',
        route: '/api/health',
        status: 200,
        ms: expect.any(Number),
        level: 20,
      });
      for (const id of ids)
        if (id !== [...ids].at(-1)) expect(requestLines.some((line) => line.reqId === id)).toBe(true);
      expect(requestLines.find((line) => line.reqId === [...ids][1])).toMatchObject({
        route: '/api/users/me',
        status: 401,
        level: 30,
      });
      expect(requestLines.find((line) => line.reqId === [...ids][0])).toMatchObject({
        route: '(unknown)',
        status: 404,
        level: 30,
      });
      // the security event of the 401 carries the same request id
      expect(lines.find((line) => line.security === 'unauthenticated' && line.reqId === [...ids][1])).toBeDefined();
      // the web app's paths are not request lines; no line holds the token or the cookie
      expect(requestLines.some((line) => line.route === '/login' || line.route === '*')).toBe(false);
      const text = JSON.stringify(lines);
      expect(text).not.toContain('secret-token-value');
      expect(text).not.toContain('secret-cookie-value');
    } finally {
      await logged.app.close();
    }
  });
});
