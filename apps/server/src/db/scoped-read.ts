import { parse as pgliteResults, protocol, type PGlite } from '@electric-sql/pglite';
import type { Compilable, Kysely } from 'kysely';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import type { DB } from './schema';

/**
 * A read (or a write) in one round trip, the same on both databases: the declaration of the scope
 * and the statements go to the database as one batch of extended-protocol messages closed by a
 * single Sync. PostgreSQL runs everything before a Sync as one implicit transaction, so the
 * declaration (made with `set_config(…, true)`) holds for the statements after it and ends at the
 * Sync, committed, or rolled back after an error; nothing stays set on the connection. Parameters
 * stay parameters (Bind), in the text pg itself sends.
 */

/** The rows each statement of a read answers, in the order the statements were given. */
export type ReadRows<Q extends readonly Compilable<unknown>[]> = {
  [K in keyof Q]: Q[K] extends Compilable<infer R> ? R[] : never;
};

/** What a read declares before its statements: the database role and the tenant (empty for staff). */
export interface ReadSettings {
  role: string;
  customerId: string;
}

export interface ReadOptions {
  /**
   * Plan each statement for this read's own values, as an unprepared statement is. Otherwise a
   * statement may run on the plan PostgreSQL keeps for it once that plan has proved no costlier
   * than the ones made for the values (plan_cache_mode auto), which skips most of the work of a
   * small read. Ask for it when the values decide the plan: a search text matches anything from a
   * few rows to nearly all of them, and one kept plan cannot serve both (docs/perf.md).
   */
  planForValues?: boolean;
}

/** How a batch runs: a read is read only; a write may change rows (all or none of them: one transaction). */
export interface BatchMode extends ReadOptions {
  write?: boolean;
}

export type Reader = <Q extends readonly Compilable<unknown>[]>(
  settings: ReadSettings,
  queries: Q,
  options?: BatchMode,
) => Promise<ReadRows<Q>>;

/**
 * The statement that opens every batch: the role and tenant, as a unit of work declares them; for a
 * read, read only, so a write handed to a read by mistake fails instead of running; and how the
 * statements after it are planned. It answers no row (the settings are made in its condition, which
 * is never true), so there is nothing to describe or parse.
 */
const READ_SCOPE = `select where (set_config('role', $1, true) || set_config('relevo.customer_id', $2, true)
  || set_config('transaction_read_only', 'on', true) || set_config('plan_cache_mode', $3, true)) is null`;
const WRITE_SCOPE = `select where (set_config('role', $1, true) || set_config('relevo.customer_id', $2, true)
  || set_config('plan_cache_mode', $3, true)) is null`;

/** A statement of a read: compiled, and whether its rows are wanted (the opening's are not). */
interface ReadStatement {
  sql: string;
  parameters: readonly unknown[];
  answers: boolean;
}

const scopeStatement = (settings: ReadSettings, options: BatchMode): ReadStatement => ({
  sql: options.write ? WRITE_SCOPE : READ_SCOPE,
  parameters: [settings.role, settings.customerId, options.planForValues ? 'force_custom_plan' : 'auto'],
  answers: false,
});

/**
 * Names for the statements reads send, so a connection parses a statement once and afterwards only
 * binds it (parsing, analysis and rewriting are a large part of a small read, on the embedded
 * database most of all). The same text always gets the same name. The code's lists make a few
 * hundred texts at most (each sort and filter is its own text); past the cap a text goes unnamed,
 * so statements of varying shapes cannot fill the connections' memory.
 */
export class StatementNames {
  #names = new Map<string, string>();
  readonly #cap: number;
  readonly #prefix: string;
  constructor(cap = 500, prefix = 'relevo_read_') {
    this.#prefix = prefix;
    this.#cap = cap;
  }
  nameOf(text: string): string | undefined {
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < this.#cap) {
      name = `${this.#prefix}${this.#names.size + 1}`;
      this.#names.set(text, name);
    }
    return name;
  }
}

/** The extended-protocol messages a read writes (pg's connection and PGlite's serializer both take them). */
interface MessageWriter {
  parse(message: { text: string; name?: string }): void;
  bind(message: { statement?: string; values: unknown[] }): void;
  describe(message: { type: 'P' }): void;
  execute(message: object): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
}

/**
 * The named statements one connection holds. After a failed read, which of its new statements
 * were parsed is unknown (the database skips every message after an error); they are closed (not
 * an error when absent) and parsed again on their next use.
 */
class PreparedStatements {
  #parsed = new Set<string>();
  #unsure: string[] = [];

  /** Writes a read's messages; answers the names it parses for the first time. */
  write(out: MessageWriter, statements: readonly ReadStatement[], names: StatementNames): string[] {
    // values first: one that cannot be sent fails the read before anything is written or noted
    const values = statements.map(({ parameters }) => parameters.map((value) => pgUtils.prepareValue(value)));
    for (const name of this.#unsure) {
      out.close({ type: 'S', name });
      this.#parsed.delete(name);
    }
    this.#unsure = [];
    const introduced: string[] = [];
    statements.forEach(({ sql: text, answers }, index) => {
      const name = names.nameOf(text);
      if (name === undefined || !this.#parsed.has(name)) {
        out.parse({ text, name });
        if (name !== undefined) {
          this.#parsed.add(name);
          introduced.push(name);
        }
      }
      out.bind({ statement: name, values: values[index]! });
      if (answers) out.describe({ type: 'P' });
      out.execute({});
    });
    out.sync();
    return introduced;
  }

  failed(introduced: string[]): void {
    for (const name of introduced) this.#parsed.delete(name);
    this.#unsure.push(...introduced);
  }
}

const compile = (query: Compilable<unknown>): ReadStatement => {
  const { sql, parameters } = query.compile();
  return { sql, parameters, answers: true };
};

/**
 * Reads on the embedded database: the batch is one buffer, one call into WebAssembly (`PGlite.query`
 * makes six per statement). Answers the reader that takes its turn through a Kysely of the
 * database (its line of the one connection: db/database.ts); every such reader shares the
 * connection's named statements.
 */
export function pgliteReader(pglite: PGlite, names = new StatementNames()): (db: Kysely<DB>) => Reader {
  const prepared = new PreparedStatements();
  const { serialize } = protocol;

  function batch(statements: readonly ReadStatement[]): { message: Uint8Array; introduced: string[] } {
    const parts: Uint8Array[] = [];
    const introduced = prepared.write(
      {
        parse: (message) => parts.push(serialize.parse(message)),
        bind: (message) => parts.push(serialize.bind(message as Parameters<typeof serialize.bind>[0])),
        describe: (message) => parts.push(serialize.describe(message)),
        execute: (message) => parts.push(serialize.execute(message)),
        close: (message) => parts.push(serialize.close(message)),
        sync: () => parts.push(serialize.sync()),
      },
      statements,
      names,
    );
    const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    return { message, introduced };
  }

  return (db) =>
    async (settings, queries, options = {}) => {
      const statements = [scopeStatement(settings, options), ...queries.map(compile)];
      // the serial driver's turn: no unit of work (nor the owner's maintenance) runs between these statements
      const answer = await db.connection().execute(() =>
        pglite.runExclusive(async () => {
          const { message, introduced } = batch(statements);
          try {
            // a write reaches the data directory's files before it is answered
            return await pglite.execProtocol(message, { syncToFs: options.write === true });
          } catch (error) {
            prepared.failed(introduced);
            throw error;
          }
        }),
      );
      const results = pgliteResults.parseResults(answer.messages, pglite.parsers, { rowMode: 'object' });
      return results.slice(1).map((result) => result.rows) as ReadRows<typeof queries>;
    };
}

/**
 * The batch as one pg query: pg's own query class, whose messages are the batch's (written in one
 * go: pg corks the socket while a query writes) and whose results are one per statement, as for a
 * simple query of several statements.
 */
class BatchQuery extends pg.Query {
  readonly #write: (connection: pg.Connection) => void;
  constructor(
    write: (connection: pg.Connection) => void,
    callback: (error: Error | undefined, results: unknown) => void,
  ) {
    super('scoped read', callback as never);
    // extended: pg sends it through `prepare`, which writes the batch
    (this as unknown as { queryMode: string }).queryMode = 'extended';
    this.#write = write;
  }
  prepare(connection: pg.Connection): void {
    this.#write(connection);
  }
}

/** Reads on PostgreSQL: the batch on one pooled connection, one write and one answer. */
export function postgresReader(pool: pg.Pool, names = new StatementNames()): Reader {
  const prepared = new WeakMap<pg.PoolClient, PreparedStatements>();
  return async (settings, queries, options = {}) => {
    const statements = [scopeStatement(settings, options), ...queries.map(compile)];
    const client = await pool.connect();
    let statementsOfClient = prepared.get(client);
    if (!statementsOfClient) prepared.set(client, (statementsOfClient = new PreparedStatements()));
    const connectionStatements = statementsOfClient;
    let introduced: string[] = [];
    try {
      const results = await new Promise<pg.QueryResult[]>((resolve, reject) => {
        const query = new BatchQuery(
          (connection) => {
            introduced = connectionStatements.write(
              {
                parse: (message) =>
                  connection.parse({ name: message.name ?? '', text: message.text, types: [] }, false),
                bind: (message) => connection.bind(message as pg.BindConfig, false),
                describe: (message) => connection.describe(message, false),
                execute: (message) => connection.execute(message, false),
                close: (message) => connection.close(message, false),
                sync: () => connection.sync(),
              },
              statements,
              names,
            );
          },
          (error, answer) =>
            error ? reject(error) : resolve(Array.isArray(answer) ? answer : [answer as pg.QueryResult]),
        );
        void client.query(query);
      });
      // the implicit transaction ended at the Sync; a connection left inside one is not reused
      const idle = client.getTransactionStatus() === 'I';
      client.release(idle ? undefined : new Error('a read left its connection inside a transaction'));
      return results.slice(1).map((result) => result.rows) as ReadRows<typeof queries>;
    } catch (error) {
      connectionStatements.failed(introduced);
      // a statement's error leaves the connection ready for the next read (the database rolled the
      // implicit transaction back); anything else (a connection ended or broken) drops it
      const statementError = error instanceof pg.DatabaseError && error.severity === 'ERROR';
      client.release(statementError ? undefined : (error as Error));
      throw error;
    }
  };
}
