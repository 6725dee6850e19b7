import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PrincipalCache } from './auth/principals';
import { warmUpPasswords } from './auth/passwords';
import { TokenSigner } from './auth/tokens';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database, type SessionTimeouts } from './db/database';
import { sessionSecret } from './auth/queries';
import { createSenders, type Senders } from './delivery/channels';
import { OutboxDispatcher } from './delivery/dispatcher';
import { DeliveryDirectory, secretBoxOf } from './delivery/accounts';
import { sendJournal } from './delivery/queries';
import { inboundService } from './incidents/inbound';
import { spokenAudio } from './delivery/spoken-audio';
import { EngineWorker } from './engine/worker';
import { engineOptions, responderService } from './incidents/respond';
import { buildApp } from './http/app';
import { vapidKeysOf } from './push/keys';
import { pushSender } from './delivery/push-sender';
import { DEFAULT_LIMITS, type Limits } from './limits';
import { Housekeeping } from './jobs/housekeeping';
import { TeamChatWorker } from './team-chat/worker';
import { HeartbeatWorker } from './heartbeats/worker';
import { WebhookWorker } from './webhooks/worker';
import { InboundEmailReceiver } from './inbound-email/receiver';

export async function createContext(opts: {
  config: Config;
  database: Database;
  log: Logger;
  clock?: Clock;
  limits?: Limits;
}): Promise<AppContext> {
  // the signing secret is the owner's alone (no app role may read app_settings)
  const secret = await opts.database.asOwner((tx) => sessionSecret(tx, opts.config.jwtSecret));
  const clock = opts.clock ?? systemClock;
  const principals = new PrincipalCache(opts.database, clock);
  await principals.start();
  const box = await secretBoxOf(opts.config, opts.database);
  return {
    config: opts.config,
    database: opts.database,
    clock,
    signer: new TokenSigner(secret),
    principals,
    // the ingest limit is configured (INGEST_LIMIT_PER_MINUTE); tests pass limits of their own
    limits: opts.limits ?? {
      ...DEFAULT_LIMITS,
      ingestPerModule: { limit: opts.config.ingestPerMinute, windowSeconds: 60 },
    },
    log: opts.log,
    delivery: new DeliveryDirectory(opts.database, opts.config, box, opts.log),
    push: await vapidKeysOf(opts.database, box),
    lifecycle: { stopping: false },
  };
}

/**
 * The outbox's worker: sends with `senders` on `database`; an engine contact that every provider
 * refused is reported failed through the inbound status path, so the escalation moves on.
 */
export function outboxDispatcher(
  ctx: AppContext,
  database: Database,
  senders: Senders,
  options: { workerId: string; concurrency?: number },
): OutboxDispatcher {
  const inbound = inboundService(ctx, engineOptions(ctx));
  return new OutboxDispatcher({
    database,
    clock: ctx.clock,
    senders,
    log: ctx.log,
    ...options,
    undelivered: async (key, detail) => {
      await inbound.receive({ kind: 'status', idempotency_key: key, status: 'failed', detail: detail.slice(0, 1000) });
    },
  });
}

/**
 * The team chats' worker (docs/product.md#team-chat): posts the events' notices with `database`; a
 * chat step's post that every chat gave up is reported failed through the inbound status path, as
 * the outbox's undelivered contacts are, so the escalation moves on.
 */
export function teamChatWorker(
  ctx: AppContext,
  database: Database,
  options: { workerId: string; concurrency?: number },
): TeamChatWorker {
  const inbound = inboundService(ctx, engineOptions(ctx));
  return new TeamChatWorker({
    database,
    clock: ctx.clock,
    log: ctx.log,
    config: ctx.config,
    box: ctx.delivery.box,
    signer: ctx.signer,
    ...options,
    undelivered: async (key, detail) => {
      await inbound.receive({ kind: 'status', idempotency_key: key, status: 'failed', detail: detail.slice(0, 1000) });
    },
  });
}

/** The limits of the server's database sessions, as configured (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TRANSACTION_TIMEOUT_MS). */
export const sessionTimeoutsOf = (config: Config): SessionTimeouts => ({
  statementMs: config.statementTimeoutMs,
  idleInTransactionMs: config.idleTransactionTimeoutMs,
});

/**
 * Connections of the engine, the outbox and the housekeeping in a `ROLE=all` process on
 * PostgreSQL: the engine runs 8 wake-ups at a time (JOB_DEFAULTS), the outbox's database work is
 * short claims and marks between gateway calls.
 */
export const WORKER_POOL_SIZE = 8;

/** PGlite allows one process per data directory: a second one stops with a clear line. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'relevo.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch {
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      let alive: boolean;
      try {
        alive = pid > 0 && pid !== process.pid && process.kill(pid, 0);
      } catch {
        alive = false;
      }
      if (alive) {
        throw new Error(
          `Another Relevo process (pid ${pid}) uses the embedded database in ${resolve(dataDir)}; the embedded database allows one process. Stop it, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Cannot lock ${resolve(dataDir)}`);
}

export interface Running {
  ctx: AppContext;
  app: FastifyInstance | null;
  dispatcher: OutboxDispatcher | null;
  engine: EngineWorker | null;
  url: string | null;
  close(): Promise<void>;
}

/**
 * Starts what ROLE asks for (docs/product.md#processes-storage-and-configuration): the API, the worker, or both, on the
 * configured database.
 */
export async function startRelevo(opts: {
  config: Config;
  log: Logger;
  clock?: Clock;
  limits?: Limits;
  senders?: Senders;
  /** runs after migrations, before the API listens (demo data) */
  beforeListen?: (ctx: AppContext) => Promise<void>;
}): Promise<Running> {
  const { config, log } = opts;
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  let database: Database | null = null;
  let workerDatabase: Database | null = null;
  try {
    const timeouts = sessionTimeoutsOf(config);
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? null : config.dataDir,
      timeouts,
    });
    const ctx = await createContext({ config, database, log, clock: opts.clock, limits: opts.limits });
    await opts.beforeListen?.(ctx);

    let app: FastifyInstance | null = null;
    let url: string | null = null;
    let inboundEmail: InboundEmailReceiver | null = null;
    if (config.role !== 'worker') {
      await warmUpPasswords();
      app = await buildApp(ctx);
      url = await app.listen({ port: config.port, host: config.host });
      // docs/product.md#e-mail-into-incidents: the SMTP receiver, in the processes that take HTTP
      if (config.inboundEmail) {
        inboundEmail = new InboundEmailReceiver(ctx, config.inboundEmail);
        await inboundEmail.start();
      }
    }
    let dispatcher: OutboxDispatcher | null = null;
    let housekeeping: Housekeeping | null = null;
    let teamChat: TeamChatWorker | null = null;
    let heartbeats: HeartbeatWorker | null = null;
    let webhooks: WebhookWorker | null = null;
    let engine: EngineWorker | null = null;
    if (config.role !== 'api') {
      // with the API in the same process on PostgreSQL, the worker's parts open the database again
      // with connections of their own, as a ROLE=worker process has: users holding every
      // connection of the API's pools (slow reads, a crowd of downloads) cannot hold up the contacts
      // of an incident. The embedded database is one connection for everything.
      if (config.role === 'all' && config.databaseUrl)
        workerDatabase = await openDatabase({
          url: config.databaseUrl,
          dataDir: null,
          migrate: false,
          poolSize: WORKER_POOL_SIZE,
          timeouts,
        });
      const own = workerDatabase ?? database;
      engine = new EngineWorker({
        database: own,
        clock: ctx.clock,
        log,
        workerId: config.instanceId,
        scale: config.escalationTimeScale,
        link: responderService(ctx).link,
        customerMessagesPerMinute: config.customerMessagesPerMinute,
        contactWindowMs: config.contactWindowSeconds * 1000,
      });
      await engine.start();
      dispatcher = outboxDispatcher(
        ctx,
        own,
        opts.senders ??
          createSenders(
            config,
            log,
            ctx.delivery,
            spokenAudio({ database: own, clock: ctx.clock, log, publicUrl: config.publicUrl }),
            sendJournal(own, ctx.clock),
            pushSender({
              database: own,
              clock: ctx.clock,
              log,
              keys: ctx.push,
              subject: config.vapidSubject,
              hosts: config.pushServiceHosts,
            }),
          ),
        { workerId: config.instanceId, concurrency: config.sendConcurrency },
      );
      await dispatcher.start();
      // docs/product.md#team-chat: the notices of events to the customers' Slack, Mattermost and Teams
      teamChat = teamChatWorker(ctx, own, { workerId: config.instanceId });
      await teamChat.start();
      // docs/product.md#heartbeat-monitors: the monitors that came due open their incidents
      heartbeats = new HeartbeatWorker({ ctx, database: own, clock: ctx.clock, log, workerId: config.instanceId });
      await heartbeats.start();
      // docs/product.md#outgoing-webhooks: the changes of events to the customers' webhooks
      webhooks = new WebhookWorker({ ctx, database: own, clock: ctx.clock, log, workerId: config.instanceId });
      await webhooks.start();
      housekeeping = new Housekeeping(own, ctx.clock, log, config.publicUrl);
      housekeeping.start();
    }
    const db = database;
    return {
      ctx,
      app,
      dispatcher,
      engine,
      url,
      async close() {
        // readiness answers 503 at once; requests in flight finish, new connections are refused,
        // and the workers give their claims back (jobs/worker.ts) instead of leaving them to the lease
        ctx.lifecycle.stopping = true;
        await Promise.all([
          app?.close(),
          inboundEmail?.stop(),
          engine?.stop(),
          dispatcher?.stop(),
          teamChat?.stop(),
          heartbeats?.stop(),
          webhooks?.stop(),
          housekeeping?.stop(),
        ]);
        await workerDatabase?.close();
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    await workerDatabase?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    unlock();
    throw error;
  }
}
