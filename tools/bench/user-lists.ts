/**
 * Search + sort + page of the people lists with 100,000 users across 1,000 customers (issue 5):
 * p50 and p95 of each list call over HTTP, on PGlite and, with `--postgres URL` or
 * TEST_DATABASE_URL, on PostgreSQL. Target: p95 under 50 ms. The tables are printed and written
 * into docs/perf.md under "User and customer lists" (`--dry-run` leaves the file alone).
 *
 *   npx tsx tools/bench/user-lists.ts [--postgres postgres://...] [--runs 40] [--dry-run]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { fmt, ROOT } from './lib';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string' },
    runs: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});
// the test harness reads the PostgreSQL address when it is loaded: set it before the import below
if (args.postgres) process.env.TEST_DATABASE_URL = args.postgres;

const { SYSTEM } = await import('../../apps/server/src/db/database');
const { hashPassword } = await import('../../apps/server/src/auth/passwords');
const { DATABASE_KINDS } = await import('../../apps/server/test/support/databases');
const { startTestApp } = await import('../../apps/server/test/support/harness');
type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const CUSTOMERS = 1000;
const USERS = 100_000;
const RUNS = Number(args.runs ?? process.env.RUNS ?? 40);
const WARM_UP = 3;
const TARGET_P95_MS = 50;
const PERF_DOC = join(ROOT, 'docs/perf.md');
const HEADING = '## User and customer lists';
const BEGIN = '<!-- user-lists:begin (written by tools/bench/user-lists.ts) -->';
const END = '<!-- user-lists:end -->';

/** 1,000 customers and 100,000 users in two statements (seconds, not minutes). */
async function load(t: TestApp): Promise<void> {
  const hash = await hashPassword('Strong.Pass1');
  await t.database.scoped(SYSTEM, async (tx) => {
    await sql`insert into customers (customer_name, customer_qty_resources, customer_createby)
              select 'Customer ' || lpad(g::text, 4, '0'), 10, 'bench' from generate_series(1, ${CUSTOMERS}) g`.execute(
      tx,
    );
    // names and surnames from small lists, e-mails unique; roles 4 and 5 spread over every customer
    await sql`insert into users (customer_id, name, last_name, email, password_hash, rol_id, status, created_by)
              select c.customer_id,
                     (array['Ana','Luis','Marta','Jorge','Elena','Pablo','Sofía','Diego','Lucía','Mateo','Valeria','Andrés'])[1 + g % 12],
                     (array['García','Rodríguez','Martínez','López','Torres','Rivera','Cruz','Ortiz','Vega','Ramos','Castro','Flores','Reyes','Morales'])[1 + (g / 12) % 14],
                     'user' || g || '@bench' || (g % ${CUSTOMERS}) || '.test',
                     ${hash}, case when g % 50 = 0 then 4 else 5 end, 1, 'bench'
              from generate_series(1, ${USERS}) g
              join customers c on c.customer_name = 'Customer ' || lpad((1 + g % ${CUSTOMERS})::text, 4, '0')`.execute(
      tx,
    );
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

interface Figure {
  title: string;
  total: number;
  p50: number;
  p95: number;
}

async function measure(t: TestApp, token: string, title: string, path: string): Promise<Figure> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    const started = performance.now();
    const answer = await t.raw<{ total: number; list: unknown[] }>('GET', path, {
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.text}`);
    total = answer.body.total;
    if (i >= WARM_UP) times.push(ms);
  }
  return { title, total, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** [title, caller, path]: the staff view of customer users, a customer's own users, the customers. */
const QUERIES: [string, 'staff' | 'root', string][] = [
  ['Customer Users, first page (by id)', 'staff', '/api/user/customer/root?page_num=1&page_size=10'],
  ['Customer Users, search "torres"', 'staff', '/api/user/customer/root?search=torres&page_size=10'],
  ['Customer Users, search "ana vega"', 'staff', '/api/user/customer/root?search=ana%20vega&page_size=10'],
  [
    'Customer Users, search "a" (first letter typed), by last name desc, page 3',
    'staff',
    '/api/user/customer/root?search=a&order_by_column=last_name&order_by_direction=desc&page_num=3&page_size=10',
  ],
  [
    'Customer Users, search "ar", by e-mail, page 2',
    'staff',
    '/api/user/customer/root?search=ar&order_by_column=email&page_num=2&page_size=10',
  ],
  [
    'Customer Users, search "torres", by customer desc, page 10',
    'staff',
    '/api/user/customer/root?search=torres&order_by_column=customer&order_by_direction=desc&page_num=10&page_size=10',
  ],
  [
    'Customer Users, search "an", by customer desc, page 2',
    'staff',
    '/api/user/customer/root?search=an&order_by_column=customer&order_by_direction=desc&page_num=2&page_size=10',
  ],
  [
    'Customer Users, by name desc',
    'staff',
    '/api/user/customer/root?order_by_column=name&order_by_direction=desc&page_size=10',
  ],
  [
    'Customer Users, by e-mail, page 500',
    'staff',
    '/api/user/customer/root?order_by_column=email&page_num=500&page_size=10',
  ],
  ['Customer Users, by customer', 'staff', '/api/user/customer/root?order_by_column=customer&page_size=10'],
  [
    'Customer Users, one customer, search "lu"',
    'staff',
    '/api/user/customer/root?customer_id=502&search=lu&page_size=10',
  ],
  ['Users (own customer), by name', 'root', '/api/user/clients/not_root?page_size=10'],
  ['Users (own customer), search "mar"', 'root', '/api/user/clients/not_root?search=mar&page_size=10'],
  [
    'Users (own customer), search "a", by e-mail desc, page 2',
    'root',
    '/api/user/clients/not_root?search=a&order_by_column=email&order_by_direction=desc&page_num=2&page_size=10',
  ],
  ['Customers, first page (by customer_id)', 'staff', '/api/procedures/get/customer?page_size=10'],
  [
    'Customers, search "09", by name',
    'staff',
    '/api/procedures/get/customer?search=09&order_by_column=customer_name&page_size=10',
  ],
  [
    'Customers, search "customer", by name desc, page 20',
    'staff',
    '/api/procedures/get/customer?search=customer&order_by_column=customer_name&order_by_direction=desc&page_num=20&page_size=10',
  ],
  ['Customers, not_root, page 50', 'staff', '/api/procedures/get/customer?not_root=true&page_num=50&page_size=10'],
];

const LABEL = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' } as const;

async function run(kind: 'pglite' | 'postgres'): Promise<string> {
  const t = await startTestApp({ kind, limits: { loginPerAddress: { limit: 1000, windowSeconds: 900 } } });
  try {
    const loadStarted = performance.now();
    await load(t);
    const loadMs = performance.now() - loadStarted;
    const staffUser = await t.createUser({ role: 'StaffRoot' });
    const staff = (await t.signIn(staffUser.email, staffUser.password)).token;
    const rootUser = await t.createUser({ role: 'CustomerRoot', customer: 'Customer 0500' });
    const root = (await t.signIn(rootUser.email, rootUser.password)).token;
    let version = '';
    if (kind === 'postgres') {
      const row = await t.database.scoped(SYSTEM, (tx) =>
        sql<{ v: string }>`select current_setting('server_version') as v`.execute(tx),
      );
      version = ` ${row.rows[0]!.v.split(' ')[0]}`;
    }
    const figures: Figure[] = [];
    for (const [title, who, path] of QUERIES)
      figures.push(await measure(t, who === 'staff' ? staff : root, title, path));
    const worst = Math.max(...figures.map((f) => f.p95));
    const lines = [
      `${LABEL[kind]}${version}: ${fmt(USERS)} users across ${fmt(CUSTOMERS)} customers, loaded in ${fmt(loadMs / 1000, 1)} s; worst p95 ${fmt(worst, 1)} ms (${worst < TARGET_P95_MS ? 'meets' : 'MISSES'} the ${TARGET_P95_MS} ms target).`,
      '',
      '| list call | rows matched | p50 ms | p95 ms |',
      '|---|---:|---:|---:|',
      ...figures.map((f) => `| ${f.title} | ${fmt(f.total)} | ${fmt(f.p50, 1)} | ${fmt(f.p95, 1)} |`),
    ];
    return lines.join('\n');
  } finally {
    await t.close();
  }
}

/** Puts the figures into docs/perf.md: only this benchmark's block, every other section untouched. */
function writePerfDoc(block: string): void {
  const generated = `${BEGIN}\n${block}\n${END}`;
  const doc = existsSync(PERF_DOC) ? readFileSync(PERF_DOC, 'utf8') : '# Performance\n';
  let next: string;
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin >= 0 && end > begin) {
    next = doc.slice(0, begin) + generated + doc.slice(end + END.length);
  } else if (doc.includes(`\n${HEADING}`)) {
    // the section is there without the generated block: the block goes right under its heading
    const at = doc.indexOf('\n', doc.indexOf(`\n${HEADING}`) + 1);
    next = `${doc.slice(0, at + 1)}\n${generated}\n${doc.slice(at + 1)}`;
  } else {
    next = `${doc.trimEnd()}\n\n${HEADING} (\`tools/bench/user-lists.ts\`)\n\n${generated}\n`;
  }
  writeFileSync(PERF_DOC, next);
}

const sections: string[] = [];
for (const kind of DATABASE_KINDS) {
  const table = await run(kind);
  console.log(`\n${table}`);
  sections.push(table);
}
if (!DATABASE_KINDS.includes('postgres'))
  console.log('\n(PostgreSQL not measured: give --postgres URL or set TEST_DATABASE_URL)');

const block = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${availableParallelism()} cores, Node ${process.versions.node}; each call made ${RUNS} times over HTTP after ${WARM_UP} warm-up calls, by a signed-in StaffRoot (Customer Users, Customers) or a Customer Root (Users).`,
  ...sections,
].join('\n\n');
if (args['dry-run']) {
  console.log('\n(--dry-run: docs/perf.md left as it is)');
} else {
  writePerfDoc(block);
  console.log(`\nwritten to ${PERF_DOC}`);
}
