/**
 * The priority save of a full escalation (issue 11): `PUT /api/escalation/priority/{id}` with 999
 * steps, each save a new order, timed from the request to the answer over HTTP against the built
 * server, signed in as the demo Customer Root (session cookie). The steps are written straight into
 * the database as its owner (on PGlite while the server is stopped), agents by e-mail to the demo
 * resources. Target: under 200 ms. Prints p50, p95 and max over SAVES saves (50) after WARM_UP (5).
 *
 *   npx tsx tools/bench/escalation-priority.ts                               on PGlite
 *   npx tsx tools/bench/escalation-priority.ts --postgres postgres://...     on PostgreSQL (or BENCH_DATABASE_URL)
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import {
  asOwner,
  demoBench,
  fmt,
  getJson,
  median,
  signInBeforeSeeding,
  startServer,
  type Query,
  type Started,
} from './lib';

const { values: args } = parseArgs({ options: { postgres: { type: 'string' } } });
const STEPS = 999;
const SAVES = Number(process.env.SAVES ?? 50);
const WARM_UP = Number(process.env.WARM_UP ?? 5);
const TARGET_MS = 200;

const bench = await demoBench('relevo-bench-priority-', args.postgres || process.env.BENCH_DATABASE_URL || undefined);
const { database, dataDir, serverEnv } = bench;

/** A new escalation of the demo customer with STEPS steps; answers its id and its steps' ids in priority order. */
async function seed(query: Query, customerId: number): Promise<{ escalationId: number; stepIds: number[] }> {
  const [escalation] = await query(
    `insert into escalations (customer_id, escalation_name, escalation_desc, escalation_createby, escalation_createdt)
     values ($1, 'Everyone, one by one', '999 steps', 'bench', now()) returning escalation_id`,
    [customerId],
  );
  const escalationId = Number(escalation!.escalation_id);
  await query(
    `insert into escalation_resources (customer_id, escalation_id, participation_type_id, channel_id, resource_id, escalation_priority_orden,
                                       next_followup_time, escalation_last_in_line, escalation_resource_createby, escalation_resource_createdt)
     select $1, $2, 1, 3, r.resource_id, g, 15, case when g = ${STEPS} then 'Y' else 'N' end, 'bench', now()
     from generate_series(1, ${STEPS}) g
     join (select resource_id, row_number() over (order by resource_id) as k, count(*) over () as n
           from resources where customer_id = $1 and resource_email is not null) r on r.k = 1 + (g - 1) % r.n`,
    [customerId, escalationId],
  );
  await query('analyze escalation_resources');
  const steps = await query(
    'select escalation_resource_id from escalation_resources where escalation_id = $1 order by escalation_priority_orden',
    [escalationId],
  );
  if (steps.length !== STEPS) throw new Error(`${steps.length} steps written, not ${STEPS}`);
  return { escalationId, stepIds: steps.map((step) => Number(step.escalation_resource_id)) };
}

/** A new order each save: rotated by a step and every other save reversed, so every step moves. */
const orderFor = (stepIds: number[], save: number) => {
  const shift = save % stepIds.length;
  const rotated = [...stepIds.slice(shift), ...stepIds.slice(0, shift)];
  return save % 2 ? rotated.reverse() : rotated;
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let server: Started | undefined;
try {
  const { server: first, cookie, customerId } = await signInBeforeSeeding(bench, serverEnv);
  server = first;
  const { escalationId, stepIds } = await asOwner({ url: database?.url, dataDir }, (query) => seed(query, customerId));
  if (!database) server = await startServer(serverEnv);

  const times: number[] = [];
  let last: number[] = stepIds;
  for (let save = 1; save <= WARM_UP + SAVES; save++) {
    last = orderFor(stepIds, save);
    const body = JSON.stringify({
      escalation_id: escalationId,
      resources: last.map((id, index) => ({ escalation_resource_id: id, escalation_priority_orden: index + 1 })),
    });
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/escalation/priority/${escalationId}`, {
      method: 'PUT',
      headers: { ...cookie, 'content-type': 'application/json' },
      body,
    });
    const text = await answer.text();
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`save ${save}: ${answer.status} ${text}`);
    if (save > WARM_UP) times.push(ms);
  }

  // the last order sent is the order stored
  const stored = await getJson<{
    total: number;
    list: { escalation_resource_id: number; escalation_priority_orden: number }[];
  }>(`${server.url}/api/escalation/resource?escalation_id=${escalationId}&page_size=${STEPS}`, cookie);
  if (
    stored.total !== STEPS ||
    !stored.list.every(
      (step, index) => step.escalation_resource_id === last[index] && step.escalation_priority_orden === index + 1,
    )
  ) {
    throw new Error('the steps are not in the order last saved');
  }

  const p50 = median(times);
  const p95 = percentile(times, 95);
  const max = Math.max(...times);
  console.log(
    `Database: ${database ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}\n`,
  );
  console.log(
    `| PUT /api/escalation/priority/{id}, ${STEPS} steps, ${SAVES} saves after ${WARM_UP} | p50 ms | p95 ms | max ms | target |`,
  );
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| ${database ? 'PostgreSQL' : 'PGlite'} | ${fmt(p50, 1)} | ${fmt(p95, 1)} | ${fmt(max, 1)} | < ${TARGET_MS} ms: ${max < TARGET_MS ? 'meets (max)' : p95 < TARGET_MS ? 'meets (p95)' : 'MISSES'} |`,
  );
  if (p95 >= TARGET_MS) process.exitCode = 1;
} finally {
  await server?.stop();
  await bench.close();
}
