/**
 * Search + sort + page of the people lists with 100,000 users across 1,000 customers (issue 5):
 * p50 and p95 of each list call over HTTP, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 * Target: p95 under 50 ms.
 */
import { sql } from 'kysely';
import { SYSTEM } from '../../apps/server/src/db/database';
import { hashPassword } from '../../apps/server/src/auth/passwords';
import { DATABASE_KINDS } from '../../apps/server/test/support/databases';
import { startTestApp, type TestApp } from '../../apps/server/test/support/harness';
import { fmt } from './lib';

const CUSTOMERS = 1000;
const USERS = 100_000;
const RUNS = Number(process.env.RUNS ?? 40);

async function load(t: TestApp): Promise<void> {
  const hash = await hashPassword('Strong.Pass1');
  await t.database.scoped(SYSTEM, async (tx) => {
    await sql`insert into customers (customer_name, customer_qty_resources, customer_createby)
              select 'Customer ' || lpad(g::text, 4, '0'), 10, 'bench' from generate_series(1, ${CUSTOMERS}) g`.execute(tx);
    // names and surnames from small lists, e-mails unique; roles 4 and 5 spread over every customer
    await sql`insert into users (customer_id, name, last_name, email, password_hash, rol_id, status, created_by)
              select c.customer_id,
                     (array['Ana','Luis','Marta','Jorge','Elena','Pablo','Sofía','Diego','Lucía','Mateo','Valeria','Andrés'])[1 + g % 12],
                     (array['García','Rodríguez','Martínez','López','Torres','Rivera','Cruz','Ortiz','Vega','Ramos','Castro','Flores','Reyes','Morales'])[1 + (g / 12) % 14],
                     'user' || g || '@bench' || (g % ${CUSTOMERS}) || '.test',
                     ${hash}, case when g % 50 = 0 then 4 else 5 end, 1, 'bench'
              from generate_series(1, ${USERS}) g
              join customers c on c.customer_name = 'Customer ' || lpad((1 + g % ${CUSTOMERS})::text, 4, '0')`.execute(tx);
  });
  // statistics for the planner: autovacuum on PostgreSQL (forced here), the worker's housekeeping on PGlite
  await t.database.maintain();
  if (t.kind === 'postgres') {
    const pg = (await import('pg')).default;
    const owner = new pg.Client({ connectionString: t.ctx.config.databaseUrl! });
    await owner.connect();
    await owner.query('vacuum analyze');
    await owner.end();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(t: TestApp, token: string, path: string): Promise<{ p50: number; p95: number; total: number }> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    const answer = await t.raw<{ total: number }>('GET', path, { headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    total = answer.body.total;
    if (i >= 3) times.push(ms);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

const QUERIES: [string, 'staff' | 'root', string][] = [
  ['Customer Users, first page (by id)', 'staff', '/api/user/customer/root?page_num=1&page_size=10'],
  ['Customer Users, search "torres"', 'staff', '/api/user/customer/root?search=torres&page_size=10'],
  ['Customer Users, search "ana vega"', 'staff', '/api/user/customer/root?search=ana%20vega&page_size=10'],
  ['Customer Users, sort by name desc', 'staff', '/api/user/customer/root?order_by_column=name&order_by_direction=desc&page_size=10'],
  ['Customer Users, sort by e-mail, page 500', 'staff', '/api/user/customer/root?order_by_column=email&page_num=500&page_size=10'],
  ['Customer Users, sort by customer', 'staff', '/api/user/customer/root?order_by_column=customer&page_size=10'],
  ['Customer Users, one customer, search', 'staff', '/api/user/customer/root?customer_id=502&search=lu&page_size=10'],
  ['Users (own customer), by name', 'root', '/api/user/clients/not_root?page_size=10'],
  ['Users (own customer), search "mar"', 'root', '/api/user/clients/not_root?search=mar&page_size=10'],
  ['Customers, search "09" by name', 'staff', '/api/procedures/get/customer?search=09&order_by_column=customer_name&page_size=10'],
  ['Customers, not_root, page 50', 'staff', '/api/procedures/get/customer?not_root=true&page_num=50&page_size=10'],
];

for (const kind of DATABASE_KINDS) {
  const t = await startTestApp({ kind });
  try {
    const loadStarted = performance.now();
    await load(t);
    const loadMs = performance.now() - loadStarted;
    const staffUser = await t.createUser({ role: 'StaffRoot' });
    const staff = (await t.signIn(staffUser.email, staffUser.password)).token;
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Customer 0500' });
    const root = (await t.signIn(rootUser.email, rootUser.password)).token;
    console.log(`\n${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15'}: ${fmt(USERS)} users across ${fmt(CUSTOMERS)} customers (loaded in ${fmt(loadMs / 1000, 1)} s), ${RUNS} calls each over HTTP\n`);
    console.log('| list call | rows matched | p50 ms | p95 ms |');
    console.log('|---|---:|---:|---:|');
    let worst = 0;
    for (const [title, who, path] of QUERIES) {
      const r = await measure(t, who === 'staff' ? staff : root, path);
      worst = Math.max(worst, r.p95);
      console.log(`| ${title} | ${fmt(r.total)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} |`);
    }
    console.log(`\nworst p95: ${fmt(worst, 1)} ms (target < 50 ms)`);
  } finally {
    await t.close();
  }
}
