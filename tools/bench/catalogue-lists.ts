/**
 * The catalogue lists against their floors, measured in the same run, the way `list-floor.ts`
 * measures the Users list: the built server answers a Customer Root's list (10 rows of the demo
 * customer, first page of 10, default order) with the session cookie, and a bare Fastify process
 * (`bare-catalogue.mjs`) answers the same list with one `count(*) over ()` query on the same
 * database, as its owner. Both with autocannon at 50 connections, in alternating rounds, list
 * after list: resources, SLAs, escalations (with their resources' names), applications (with their
 * modules' names), the modules of one application and the steps of one escalation. Aim: each list
 * at 0.7× its floor's requests per second or better.
 *
 *   npx tsx tools/bench/catalogue-lists.ts                               on PGlite
 *   npx tsx tools/bench/catalogue-lists.ts --postgres postgres://...     on PostgreSQL (or BENCH_DATABASE_URL)
 *
 * The demo customer's catalogue is topped up straight in the database, as its owner, to 10
 * resources, SLAs, escalations (a new one with 10 steps, the other new ones with 3) and
 * applications (a new one with 10 modules, the other new ones with 2); on PGlite while the server is stopped, and the floor then opens a copy
 * of the data directory (the embedded database allows one process). DURATION (seconds per round,
 * 3) and ROUNDS (3) set the length of the run; LISTS (names, comma-separated) picks some lists.
 */
import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AIM, floorBench, startFloorOnSameData, type Side } from './floor';
import { asOwner, fmt, PEOPLE, signInBeforeSeeding, type Query, type Started } from './lib';

const ROWS = 10;
const PAGE = `page_num=1&page_size=${ROWS}`;

const bench = await floorBench(
  { bench: 'relevo-bench-catalogue-', floorDir: 'relevo-bench-catalogue-floor-' },
  { duration: 3, warmSeconds: 1 },
);
const { database, dataDir, serverEnv, run } = bench;

/**
 * The demo customer's catalogue topped up to ROWS of each, written as the database's owner
 * (the demo has 2 resources, an SLA, an escalation and an application); answers the parents of
 * the two nested lists, which are new.
 */
async function seed(query: Query, customerId: number): Promise<{ applicationId: number; escalationId: number }> {
  await query(
    `insert into resources (customer_id, resource_fullname, resource_email, language_id, resource_phone1, resource_country_phone1, resource_phone1_e164, resource_createby, resource_createdt)
     select $1, ($2::text[])[g], 'resource' || g || '@democompany.demo', case when g % 2 = 0 then 'EN' else 'ES' end,
            '78755501' || lpad(g::text, 2, '0'), 'PR', '+178755501' || lpad(g::text, 2, '0'), 'bench', now()
     from generate_series(1 + (select count(*)::int from resources where customer_id = $1), ${ROWS}) g`,
    [customerId, PEOPLE],
  );
  await query(
    `insert into slas (customer_id, sla_name, sla_desc, sla_active, sla_response_time, sla_response_time_mult, sla_createby, sla_createdt)
     select $1, 'Response ' || g * 5 || ' min', 'Accepted within ' || g * 5 || ' minutes', 'Y', g * 5, 'M', 'bench', now()
     from generate_series(1 + (select count(*)::int from slas where customer_id = $1), ${ROWS}) g`,
    [customerId],
  );
  await query(
    `insert into escalations (customer_id, escalation_name, escalation_desc, escalation_active, escalation_validate, escalation_createby, escalation_createdt)
     select $1, 'Escalation ' || lpad(g::text, 2, '0'), 'On call, rota ' || g, 'Y', 'Y', 'bench', now()
     from generate_series(1 + (select count(*)::int from escalations where customer_id = $1), ${ROWS}) g`,
    [customerId],
  );
  // the first escalation has 10 steps, the others 3; agents by voice, SMS and e-mail in turn, the last one last in line
  await query(
    `insert into escalation_resources (customer_id, escalation_id, participation_type_id, channel_id, resource_id, escalation_priority_orden,
                                       next_followup_time, escalation_last_in_line, escalation_resource_createby, escalation_resource_createdt)
     select e.customer_id, e.escalation_id, 1, 1 + p.n % 3, r.resource_id, p.n, 15, case when p.n = e.steps then 'Y' else 'N' end, 'bench', now()
     from (select customer_id, escalation_id, row_number() over (order by escalation_id) as k,
                  case when row_number() over (order by escalation_id) = 1 then ${ROWS} else 3 end as steps
           from escalations where customer_id = $1 and escalation_createby = 'bench') e
     cross join lateral generate_series(1, e.steps) p(n)
     join (select resource_id, row_number() over (order by resource_id) as k, count(*) over () as n
           from resources where customer_id = $1 and resource_phone1 is not null) r
       on r.k = 1 + (p.n + e.k - 2) % r.n`,
    [customerId],
  );
  await query(
    `insert into applications (customer_id, application_name, application_createby, application_createdt)
     select $1, (array['Store', 'Billing', 'Payroll', 'Warehouse', 'Support desk', 'Website', 'Mobile app', 'Reports', 'Logistics', 'Bookings'])[g], 'bench', now()
     from generate_series(1 + (select count(*)::int from applications where customer_id = $1), ${ROWS}) g`,
    [customerId],
  );
  // the first application has 10 modules, the others 2; each on an escalation and an SLA
  await query(
    `insert into modules (customer_id, application_id, module_name, module_desc, escalation_id, sla_id, module_createby, module_createdt)
     select a.customer_id, a.application_id, 'Module ' || lpad(m.n::text, 2, '0'), 'Raises the incidents of part ' || m.n,
            (select escalation_id from escalations where customer_id = $1 order by escalation_id offset (m.n - 1) % ${ROWS} limit 1),
            (select sla_id from slas where customer_id = $1 order by sla_id offset (a.k + m.n) % ${ROWS} limit 1),
            'bench', now()
     from (select customer_id, application_id, row_number() over (order by application_id) as k from applications where customer_id = $1 and application_createby = 'bench') a
     cross join lateral generate_series(1, case when a.k = 1 then ${ROWS} else 2 end) m(n)`,
    [customerId],
  );
  await query('analyze');
  const [application] = await query(
    "select min(application_id) as id from applications where customer_id = $1 and application_createby = 'bench'",
    [customerId],
  );
  const [escalation] = await query(
    "select min(escalation_id) as id from escalations where customer_id = $1 and escalation_createby = 'bench'",
    [customerId],
  );
  return { applicationId: Number(application!.id), escalationId: Number(escalation!.id) };
}

interface ListCase {
  name: string;
  /** the product's path and query, before the page */
  product: string;
  /** the floor's path and query, before the page */
  floor: string;
}

let server: Started | undefined;
let floor: ChildProcess | undefined;

try {
  const { server: first, cookie, customerId } = await signInBeforeSeeding(bench, serverEnv);
  server = first;
  const parents = await asOwner({ url: database?.url, dataDir }, (query) => seed(query, customerId));
  const pair = await startFloorOnSameData(bench, server, {
    script: join(import.meta.dirname, 'bare-catalogue.mjs'),
    customerId,
  });
  server = pair.server;
  floor = pair.floor.child;

  const every: ListCase[] = [
    { name: 'Resources', product: '/api/procedures/get/resource?', floor: '/resources?' },
    { name: 'SLAs', product: '/api/procedures/get/sla?', floor: '/slas?' },
    {
      name: "Escalations, with their resources' names",
      product: '/api/procedures/get/escalation?',
      floor: '/escalations?',
    },
    {
      name: "Applications, with their modules' names",
      product: '/api/procedures/get/application?',
      floor: '/applications?',
    },
    {
      name: 'Modules of one application',
      product: `/api/modules/module?application_id=${parents.applicationId}&`,
      floor: `/modules?application_id=${parents.applicationId}&`,
    },
    {
      name: 'Steps of one escalation',
      product: `/api/escalation/resource?escalation_id=${parents.escalationId}&`,
      floor: `/steps?escalation_id=${parents.escalationId}&`,
    },
  ];
  const picked = process.env.LISTS?.split(',').map((name) => name.trim().toLowerCase());
  const lists = picked
    ? every.filter((list) => picked.some((name) => list.name.toLowerCase().startsWith(name)))
    : every;

  const results: { list: ListCase; base: Side; product: Side; rounds: number[] }[] = [];
  for (const list of lists) {
    const productUrl = `${server.url}${list.product}${PAGE}`;
    const floorUrl = `${pair.floor.url}${list.floor}${PAGE}`;
    const { base, product, ratios } = await pair.measure(
      { product: productUrl, floor: floorUrl },
      { cookie, label: list.name, rows: ROWS },
    );
    results.push({ list, base, product, rounds: ratios });
    console.log(`${list.name}: ${fmt(product.rps / base.rps, 2)}× (rounds ${ratios.map((r) => fmt(r, 2)).join(', ')})`);
  }

  const db = (floorDb: number, productDb: number) =>
    database ? `${fmt(floorDb)} / ${fmt(productDb)}` : 'in the server';
  console.log(
    `\nDatabase: ${database ? 'PostgreSQL' : 'PGlite (embedded, in each server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}`,
  );
  console.log(
    `${run.connections} connections, ${ROWS} rows a list, medians of ${run.rounds} alternating ${run.duration} s rounds per list\n`,
  );
  console.log(
    '| list | floor req/s | floor p50 / p99 ms | list req/s | list p50 / p99 ms | server CPU µs/req, floor / list | database CPU µs/req, floor / list | CPU ratio | ratio |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { list, base, product } of results) {
    const ratio = product.rps / base.rps;
    // the floor's server and database CPU per request over the list's: the steadier figure on a busy machine
    const cpuRatio = (base.cpu + base.db) / (product.cpu + product.db);
    console.log(
      `| ${list.name} | ${fmt(base.rps)} | ${base.p50} / ${base.p99} | ${fmt(product.rps)} | ${product.p50} / ${product.p99} | ${fmt(base.cpu)} / ${fmt(product.cpu)} | ${db(base.db, product.db)} | ${fmt(cpuRatio, 2)} | ${ratio >= AIM ? '' : 'MISSES '}**${fmt(ratio, 2)}** |`,
    );
  }
  const missed = results.filter(({ base, product }) => product.rps / base.rps < AIM);
  console.log(
    `\n${missed.length === 0 ? `every list meets the ${AIM}× aim` : `under ${AIM}×: ${missed.map(({ list }) => list.name).join(', ')}`}`,
  );
} finally {
  floor?.kill('SIGTERM');
  await server?.stop();
  await bench.close();
}
