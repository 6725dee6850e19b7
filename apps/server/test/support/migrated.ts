import { openDatabase, type Database } from '../../src/db/database';
import { freshDatabase, type TestDatabase } from './databases';

/** A fresh database of the kind, migrated and open; `close` closes and drops it. */
export interface MigratedDatabase {
  testDb: TestDatabase;
  database: Database;
  close(): Promise<void>;
}

export async function migratedDatabase(kind: TestDatabase['kind']): Promise<MigratedDatabase> {
  const testDb = await freshDatabase(kind);
  const database = await openDatabase({ url: testDb.url, dataDir: null });
  return {
    testDb,
    database,
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}
