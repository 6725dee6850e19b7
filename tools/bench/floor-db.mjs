// What the floors of the list benchmarks (bare-list.mjs, bare-catalogue.mjs) share: one query
// function on the product's database as its owner, and listening on PORT.
//
//   DATABASE_URL (PostgreSQL) or PGLITE_DIR (a copy of the embedded database)

/** @returns {Promise<(text: string, params: unknown[]) => Promise<Record<string, any>[]>>} */
export async function floorQuery() {
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    // the product's pool size
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return async (text, params) => (await pool.query(text, params)).rows;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // the product's database loads pg_trgm too (it serves the search indexes)
  const pglite = await PGlite.create(process.env.PGLITE_DIR, { extensions: { pg_trgm } });
  return async (text, params) => (await pglite.query(text, params)).rows;
}

/** Listens on PORT, says its address on stdout (the benchmark waits for it), and exits on a signal. */
export async function listenFloor(app) {
  const address = await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.stdout.write(`${address}\n`);
  // exit through process.exit so a --cpu-prof profile is written
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
}
