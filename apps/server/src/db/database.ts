import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  Kysely,
  PGliteDialect,
  PostgresDialect,
  sql,
  type Compilable,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { DB } from './schema';
import { migrateToLatest } from './migrate';
import { APP_ROLE, AUTH_ROLE, STAFF_ROLE } from './roles';
import { PostgresListener, type ListenOptions, type NotificationHandler } from './notifications';
import {
  pgliteReader,
  postgresReader,
  StatementNames,
  type ReadOptions,
  type Reader,
  type ReadRows,
} from './scoped-read';
import { notifierOf, settleWakes } from './wake';

/**
 * What a unit of work may see (docs/product.md#tenants-and-roles): staff and the system see every customer's
 * records; a customer user only its own customer's. Row-level security enforces it in the
 * database as well, so a missed filter cannot leak another tenant's rows. Sign-in, sessions,
 * codes, reset requests and rate limits are the `auth` scope's alone (its own database role): no
 * other unit of work can read a session, a code hash or a password hash.
 */
export type Scope =
  { kind: 'system' } | { kind: 'staff' } | { kind: 'auth' } | { kind: 'customer'; customerId: number };

export const SYSTEM: Scope = { kind: 'system' };
/** sign-in, sessions, codes, reset requests, rate limits */
export const AUTH: Scope = { kind: 'auth' };

export type Tx = Kysely<DB> | Transaction<DB>;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** migrations applied when this handle opened the database */
  applied: string[];
  /** the app connection; tenant tables show no rows outside `scoped` */
  db: Kysely<DB>;
  /** runs `work` in one transaction that declares the scope to row-level security */
  scoped<T>(scope: Scope, work: (tx: Transaction<DB>) => Promise<T>): Promise<T>;
  /**
   * `scoped` for a unit of work the server runs over and over with the same statements (the
   * engine's wake-up): on PostgreSQL each statement is parsed and planned once per connection and
   * then only bound (a named statement). Not for statements whose plan depends on the values
   * (a search): a kept plan may suit some values badly.
   */
  scopedPrepared<T>(scope: Scope, work: (tx: Transaction<DB>) => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction as the owner of the tables: for what no app role may do (the
   * session signing secret in app_settings) and for tests that check what was stored.
   */
  asOwner<T>(work: (tx: Transaction<DB>) => Promise<T>): Promise<T>;
  /**
   * Read statements in a scope, in one round trip: the scope's declaration and the statements go
   * to the database together and run in one read-only transaction that ends with them, so nothing
   * stays set on the connection (db/scoped-read.ts). A failing statement fails the read and rolls
   * the transaction back. Build the statements with `db`; answers the rows of each, in order.
   */
  read<Q extends readonly Compilable<unknown>[]>(
    scope: Scope,
    queries: readonly [...Q],
    options?: ReadOptions,
  ): Promise<ReadRows<Q>>;
  /**
   * Statements that write, in one round trip as `read` sends them: one transaction, committed when
   * every statement ran, else rolled back. For a unit of work whose statements do not wait on each
   * other's answers in the code (a data-modifying `with` chains them inside one statement).
   */
  write<Q extends readonly Compilable<unknown>[]>(scope: Scope, queries: readonly [...Q]): Promise<ReadRows<Q>>;
  /**
   * Planner statistics and the visibility map. PostgreSQL's autovacuum keeps them; the embedded
   * database has no background workers, so the worker calls this at start and every hour.
   */
  maintain(): Promise<void>;
  /**
   * Vacuums `tables` now, on either database (the owner's work), skipping one another process is
   * vacuuming: for the tables whose rows are written and soon deleted (the changes the worker
   * folds, the marks it announces), whose dead rows every delete and read of them would otherwise
   * walk over until a vacuum came (every hour on the embedded database; autovacuum may be off).
   */
  vacuum(tables: readonly ChurnTable[]): Promise<void>;
  /**
   * Calls `handler` for every NOTIFY on `channel`, from any process. On PostgreSQL the listening
   * connection is made again when it drops, and `options.onReconnect` runs then (notifications
   * sent meanwhile are lost); the embedded database is in this process and never drops it.
   */
  listen(channel: string, handler: NotificationHandler, options?: ListenOptions): Promise<void>;
  /** Notifies every process listening on `channel` (PostgreSQL sends it when the transaction commits). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /**
   * The same database over connections of their own (PostgreSQL: `URGENT_POOL_SIZE`), for the units
   * of work an incident waits on: incidents in, responders' and gateways' answers. A crowd reading
   * dashboards and lists holds the general pool's connections; it cannot hold these. On the
   * embedded database (one connection) it is the database itself.
   */
  urgent: Database;
}

/** Connections of the general pool of a server process on PostgreSQL. */
export const POOL_SIZE = 10;
/**
 * Connections kept for the urgent units of work (`Database.urgent`): as many as the general pool.
 * Responders' answers are transactions of the engine; in a storm (hundreds a second) 4 were held by
 * them and incidents queued behind (docs/perf.md, "Soak"). Opened as needed: a worker process,
 * which takes no such calls, opens none.
 */
export const URGENT_POOL_SIZE = 10;

/** The tables whose rows are written and soon deleted (migrations 0012, 0016, 0017). */
export const CHURN_TABLES = [
  'event_count_changes',
  'event_subject_count_changes',
  'event_change_marks',
  'event_day_count_changes',
  'event_day_responder_changes',
] as const;
export type ChurnTable = (typeof CHURN_TABLES)[number];

/** `Database.vacuum`: as the owner (the login role, back to the app role after), outside any transaction. */
function vacuumOn(db: Kysely<DB>) {
  return async (tables: readonly ChurnTable[]) => {
    const named = tables.filter((table) => CHURN_TABLES.includes(table));
    if (named.length === 0) return;
    await db.connection().execute(async (connection) => {
      await sql.raw('reset role').execute(connection);
      try {
        await sql.raw(`vacuum (skip_locked) ${named.join(', ')}`).execute(connection);
      } finally {
        await sql.raw(`set role ${APP_ROLE}`).execute(connection);
      }
    });
  };
}

export interface OpenOptions {
  /** postgres://... or null for the embedded database */
  url: string | null;
  /** where PGlite keeps its files; null keeps it in memory (tests) */
  dataDir: string | null;
  /** run migrations before use (default true) */
  migrate?: boolean;
  /** PostgreSQL: the general pool's connections (default POOL_SIZE) */
  poolSize?: number;
  /** PostgreSQL: the limits of every session the server opens (default SESSION_TIMEOUTS) */
  timeouts?: SessionTimeouts;
}

/**
 * How long PostgreSQL lets a session of the server run one statement, and sit inside a transaction
 * doing nothing, before it cancels the statement or ends the session (0: never). A request that
 * stalls (a client that stopped reading, a bug that forgets a transaction open) then gives its
 * connection back instead of holding it, and the locks its transaction took, for good.
 */
export interface SessionTimeouts {
  statementMs: number;
  idleInTransactionMs: number;
}

/** DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TRANSACTION_TIMEOUT_MS (config.ts) */
export const SESSION_TIMEOUTS: SessionTimeouts = { statementMs: 30_000, idleInTransactionMs: 60_000 };

/**
 * The timeouts as pg's connection settings: sent with the connection's start-up message, so they
 * hold from its first statement, on every connection of a pool (and on the listening one). The
 * embedded database needs none: one connection inside this process, which nothing outside it can
 * hold, and PGlite runs one statement at a time in this thread (a timeout there could not fire).
 */
export function sessionSettings(
  timeouts: SessionTimeouts,
): Pick<pg.ClientConfig, 'statement_timeout' | 'idle_in_transaction_session_timeout'> {
  return { statement_timeout: timeouts.statementMs, idle_in_transaction_session_timeout: timeouts.idleInTransactionMs };
}

/** Which line of the embedded database's one connection a unit of work waits in. */
type Lane = 'urgent' | 'general';

/**
 * While the general line waits, at most this many urgent units of work in a row take the one
 * connection before a general one gets a turn (docs/architecture.md, "Database"): in a storm the
 * engine still moves, at one unit of work in this many plus one, instead of waiting until the
 * storm ends.
 */
const URGENT_TURNS_IN_A_ROW = 8;

/**
 * The turns of the embedded database's one connection, in two lines: the units of work an incident
 * waits on (`Database.urgent`: incidents in, responders' and gateways' answers) are served before
 * the others (the engine, the workers, the dashboards), each line first come, first served. A
 * storm of incidents is stored first and worked through after, and the general line still gets
 * one turn after `URGENT_TURNS_IN_A_ROW` urgent ones while it waits.
 */
class ConnectionTurns {
  #held = false;
  #waiting: Record<Lane, (() => void)[]> = { urgent: [], general: [] };
  /** urgent turns given since the general line last had one, while it waited */
  #urgentInARow = 0;

  /** Settles when the connection is the caller's; it must call `give` once, after. */
  take(lane: Lane): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting[lane].push(resolve));
  }

  /**
   * Gives the connection to the next unit of work in line, or leaves it free, on the event loop's
   * next round: a handover in the same round (a resolved promise) runs the next unit of work
   * before the network is read again, so the line drained before a new request (an incident) was
   * even parsed. After the network's callbacks, an incident that came meanwhile is in its line and
   * goes next.
   */
  give(): void {
    setImmediate(this.#handOver);
  }

  readonly #handOver = () => {
    const { urgent, general } = this.#waiting;
    const generalTurn = general.length > 0 && (urgent.length === 0 || this.#urgentInARow >= URGENT_TURNS_IN_A_ROW);
    const next = generalTurn ? general.shift() : urgent.shift();
    if (generalTurn) this.#urgentInARow = 0;
    else if (next && general.length > 0) this.#urgentInARow++;
    if (next) next();
    else this.#held = false;
  };
}

/**
 * PGlite is one connection: Kysely must not hand it to two units of work at once. Each Kysely of
 * the embedded database (the general one and the urgent one) has its own driver, in its own lane
 * of the same `ConnectionTurns`.
 */
class SerialDriver implements Driver {
  #inner: Driver;
  #turns: ConnectionTurns;
  #lane: Lane;
  constructor(inner: Driver, turns: ConnectionTurns, lane: Lane) {
    this.#inner = inner;
    this.#turns = turns;
    this.#lane = lane;
  }
  init() {
    return this.#inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.take(this.#lane);
    try {
      return await this.#inner.acquireConnection();
    } catch (error) {
      this.#turns.give();
      throw error;
    }
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#turns.give();
    }
  }
  beginTransaction(...args: Parameters<Driver['beginTransaction']>) {
    return this.#inner.beginTransaction(...args);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint(...args: Parameters<NonNullable<Driver['savepoint']>>) {
    return this.#inner.savepoint!(...args);
  }
  rollbackToSavepoint(...args: Parameters<NonNullable<Driver['rollbackToSavepoint']>>) {
    return this.#inner.rollbackToSavepoint!(...args);
  }
  releaseSavepoint(...args: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    return this.#inner.releaseSavepoint!(...args);
  }
  destroy() {
    return this.#inner.destroy();
  }
}

class SerialPGliteDialect extends PGliteDialect {
  readonly #turns: ConnectionTurns;
  readonly #lane: Lane;
  constructor(config: ConstructorParameters<typeof PGliteDialect>[0], turns: ConnectionTurns, lane: Lane) {
    super(config);
    this.#turns = turns;
    this.#lane = lane;
  }
  override createDriver(): Driver {
    return new SerialDriver(super.createDriver(), this.#turns, this.#lane);
  }
}

const int8AsNumber = (value: string) => Number(value);

/** The database role and tenant a unit of work declares (both end with its transaction). */
function scopeSettings(scope: Scope): { role: string; customerId: string } {
  if (scope.kind === 'customer') return { role: APP_ROLE, customerId: String(scope.customerId) };
  if (scope.kind === 'auth') return { role: AUTH_ROLE, customerId: '' };
  return { role: STAFF_ROLE, customerId: '' };
}

/** `set_config('role', 'none', true)`: back to the login role (the owner) until the transaction ends. */
function asOwnerOf(db: Kysely<DB>) {
  return <T>(work: (tx: Transaction<DB>) => Promise<T>) =>
    db.transaction().execute(async (tx) => {
      await sql`select set_config('role', 'none', true), set_config('relevo.customer_id', '', true)`.execute(tx);
      return work(tx);
    });
}

/** `Database.read` and `Database.write` for a batch runner of either database (db/scoped-read.ts). */
function scopedBatches(reader: Reader) {
  return {
    read: <Q extends readonly Compilable<unknown>[]>(
      scope: Scope,
      queries: readonly [...Q],
      options?: ReadOptions,
    ): Promise<ReadRows<Q>> => reader(scopeSettings(scope), queries as Q, { ...options, write: false }),
    write: <Q extends readonly Compilable<unknown>[]>(scope: Scope, queries: readonly [...Q]): Promise<ReadRows<Q>> =>
      reader(scopeSettings(scope), queries as Q, { write: true }),
  };
}

function withScope(db: Kysely<DB>) {
  return async <T>(scope: Scope, work: (tx: Transaction<DB>) => Promise<T>) => {
    let unit: Transaction<DB> | null = null;
    try {
      const result = await db.transaction().execute(async (tx) => {
        unit = tx;
        const { role, customerId } = scopeSettings(scope);
        await sql`select set_config('role', ${role}, true), set_config('relevo.customer_id', ${customerId}, true)`.execute(
          tx,
        );
        return work(tx);
      });
      settleWakes(db, unit, true);
      return result;
    } catch (error) {
      settleWakes(db, unit, false);
      throw error;
    }
  };
}

/** A text as an SQL string literal (for the few values written into a statement's text). */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * `withScope` on PostgreSQL in one round trip less: the transaction begins and declares its scope
 * in one message (the simple protocol takes both statements at once), then `work` runs on the same
 * connection and the transaction commits, or rolls back when `work` throws. A unit of work of the
 * engine is a handful of round trips; this is one of them.
 */
function withScopeInBegin(db: Kysely<DB>) {
  return <T>(scope: Scope, work: (tx: Transaction<DB>) => Promise<T>) =>
    db.connection().execute(async (connection) => {
      const { role, customerId } = scopeSettings(scope);
      let result: T;
      try {
        await sql
          .raw(
            `begin; select set_config('role', ${literal(role)}, true), set_config('relevo.customer_id', ${literal(customerId)}, true)`,
          )
          .execute(connection);
        // the connection inside its transaction: what `work` needs of a Transaction (it runs statements)
        result = await work(connection as unknown as Transaction<DB>);
      } catch (error) {
        await sql
          .raw('rollback')
          .execute(connection)
          .catch(() => undefined);
        settleWakes(db, connection, false);
        throw error;
      }
      try {
        await sql.raw('commit').execute(connection);
      } catch (error) {
        settleWakes(db, connection, false);
        throw error;
      }
      settleWakes(db, connection, true);
      return result;
    });
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: substring search of people lists uses trigram indexes (migration 0002)
  const pglite = await PGlite.create(options.dataDir ?? 'memory://', {
    parsers: { 20: int8AsNumber },
    extensions: { pg_trgm },
  });
  const turns = new ConnectionTurns();
  const db = new Kysely<DB>({ dialect: new SerialPGliteDialect({ pglite }, turns, 'general') });
  // the same connection, its units of work served first (`Database.urgent`)
  const urgentDb = new Kysely<DB>({ dialect: new SerialPGliteDialect({ pglite }, turns, 'urgent') });
  const applied = options.migrate !== false ? await migrateToLatest(db) : [];
  // from here on this single connection acts as the non-owner app role: row-level security applies
  await sql.raw(`set role ${APP_ROLE}`).execute(db);
  // one set of named statements on the one connection, whichever line a read waits in
  const reader = pgliteReader(pglite);
  const shared = {
    kind: 'pglite' as const,
    applied,
    async maintain() {
      // the owner's work, on the one connection held throughout: nothing else runs meanwhile
      await db.connection().execute(async (connection) => {
        await sql.raw('reset role').execute(connection);
        try {
          await sql.raw('vacuum analyze').execute(connection);
        } finally {
          await sql.raw(`set role ${APP_ROLE}`).execute(connection);
        }
      });
    },
    vacuum: vacuumOn(db),
    async listen(channel: string, handler: NotificationHandler) {
      await pglite.listen(channel, handler);
    },
    async close() {
      // the urgent Kysely's driver finds the database closed and leaves it
      await db.destroy();
      await urgentDb.destroy();
    },
  };
  const unitsOn = (units: Kysely<DB>) => ({
    db: units,
    scoped: withScope(units),
    // one connection in this process: nothing to gain from naming the statements
    scopedPrepared: withScope(units),
    asOwner: asOwnerOf(units),
    ...scopedBatches(reader(units)),
    notify: (channel: string, payload: string) => notifierOf(units).notify(channel, payload),
  });
  const urgent: Database = {
    ...shared,
    ...unitsOn(urgentDb),
    get urgent() {
      return urgent;
    },
  };
  return { ...shared, ...unitsOn(db), urgent };
}

function postgresTypes() {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 ? int8AsNumber : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
  };
}

/**
 * The pool as Kysely takes it, each statement with parameters sent as a named statement (the same
 * text, the same name): pg parses it once per connection, then only binds it. Past the names' cap
 * a text goes unnamed. The pool itself is shared with the unnamed Kysely and the reads.
 */
function namingPool(pool: pg.Pool, names: StatementNames): PostgresPool {
  // one wrapper per pooled client: Kysely keeps its connection object per client it is given
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
    query: ((text: unknown, values?: readonly unknown[]) => {
      const name = typeof text === 'string' && values && values.length > 0 ? names.nameOf(text) : undefined;
      return name
        ? client.query({ text: text as string, values: [...values!], name })
        : client.query(text as string, values as unknown[]);
    }) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    // ended through the Kysely that owns the pool
    end: async () => undefined,
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  let applied: string[] = [];
  if (options.migrate !== false) {
    // without the session timeouts: a migration may build an index over millions of rows
    const owner = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1, types: postgresTypes() }) }),
    });
    try {
      applied = await migrateToLatest(owner);
    } finally {
      await owner.destroy();
    }
  }
  const session = sessionSettings(options.timeouts ?? SESSION_TIMEOUTS);
  const listener = new PostgresListener(url, undefined, session);
  const main = postgresUnits(url, options.poolSize ?? POOL_SIZE, session);
  const urgent = postgresUnits(url, URGENT_POOL_SIZE, session);
  const shared = {
    kind: 'postgres' as const,
    applied,
    asOwner: asOwnerOf(main.db),
    async maintain() {
      // autovacuum does it on a PostgreSQL server
    },
    vacuum: vacuumOn(main.db),
    listen(channel: string, handler: NotificationHandler, options?: ListenOptions) {
      return listener.listen(channel, handler, options);
    },
    notify: (channel: string, payload: string) => notifierOf(main.db).notify(channel, payload),
    async close() {
      await listener.close();
      await Promise.all([main.db.destroy(), urgent.db.destroy()]);
    },
  };
  const database: Database = {
    ...shared,
    ...main,
    urgent: {
      ...shared,
      ...urgent,
      // the wake-up of an incident's engine goes over the urgent connections too: through the
      // general pool it waited for a reader to let a connection go, and the engine for its next poll
      notify: (channel: string, payload: string) => notifierOf(urgent.db).notify(channel, payload),
      get urgent() {
        return database.urgent;
      },
    },
  };
  return database;
}

/** A pool of `size` connections to `url` and the units of work over it. */
function postgresUnits(url: string, size: number, session: ReturnType<typeof sessionSettings>) {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    types: postgresTypes(),
    ...session,
    // every pooled connection acts as the app role (not the owner: row-level security applies to
    // it) before its first use; when that fails, the pool ends the connection and the caller gets
    // the error, instead of a connection quietly working as the owner
    onConnect: (async (client: pg.ClientBase) => {
      await client.query(`set role ${APP_ROLE}`);
    }) as unknown as pg.PoolConfig['onConnect'],
  });
  pool.on('error', () => undefined);
  // a connection ended by the database while lent out (the idle-in-transaction timeout, a restart)
  // fails its unit of work; the error it also emits must not end the process
  pool.on('connect', (client) => client.on('error', () => undefined));
  // no cursor (Kysely's `.stream()`): rows streamed through one would hold a connection, and its
  // transaction, for as long as their reader takes; a long read goes in pages (incidents/event-export.ts)
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  // the same pool under both: ending `db` ends it
  const prepared = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: namingPool(pool, new StatementNames(200, 'relevo_unit_')) }),
  });
  return {
    db,
    scoped: withScopeInBegin(db),
    scopedPrepared: withScopeInBegin(prepared),
    ...scopedBatches(postgresReader(pool)),
  };
}

export function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}
