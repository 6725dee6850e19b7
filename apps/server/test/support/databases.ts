import pg from 'pg';
import { randomBytes } from 'node:crypto';

/** A database a test file runs against: the embedded one always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** postgres://... of a database made for this test file, or null for an in-memory PGlite */
  url: string | null;
  drop(): Promise<void>;
}

export const POSTGRES_URL = process.env.TEST_DATABASE_URL || null;

/** The kinds every database test runs on. */
export const DATABASE_KINDS: ('pglite' | 'postgres')[] = POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, empty database of the kind: its own PostgreSQL database (named `prefix` and a random
 * suffix), or a new in-memory PGlite.
 */
export async function freshDatabase(kind: 'pglite' | 'postgres', prefix = 'relevo_t_'): Promise<TestDatabase> {
  if (kind === 'pglite') return { kind, url: null, drop: async () => undefined };
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
