import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration as KyselyMigration } from 'kysely/migration';
import { foundation } from './migrations/0001_foundation';
import { peopleSearch } from './migrations/0002_people_search';

/** A migration is plain SQL, one statement per item: the same text runs on PGlite and PostgreSQL. */
export interface Migration {
  up: string[];
}

/** The role the app acts as; it owns nothing, so row-level security applies to it. */
export const APP_ROLE = 'relevo_app';

/** In order; never edit one that has landed, add the next. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_people_search': peopleSearch,
};

function toKysely(migration: Migration): KyselyMigration {
  return {
    async up(db) {
      for (const statement of migration.up) await sql.raw(statement).execute(db);
    },
  };
}

/** Brings the schema to the latest migration and (re)grants the app role; safe to run concurrently. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, toKysely(m)])) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await sql
    .raw(
      `do $$ begin
         if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then create role ${APP_ROLE} nologin; end if;
       exception when unique_violation or duplicate_object then null;
       end $$`,
    )
    .execute(db);
  for (const statement of [
    `grant ${APP_ROLE} to current_user`,
    `grant usage on schema public to ${APP_ROLE}`,
    `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`,
    `grant usage, select on all sequences in schema public to ${APP_ROLE}`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
