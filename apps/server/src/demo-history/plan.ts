import { localTime, zonedInstant } from '@relevo/domain';

/**
 * What the demo history holds (docs/product.md#demo-data): for each day, a few incidents at the
 * times a shop's systems fail (more on weekdays and in working hours), what became of each, one
 * storm of dozens within minutes, and the latest ones left open and in progress. Pure and
 * deterministic: the same seed, days and end make the same plan.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The demo application's modules the incidents come from, and their share of them. */
export const HISTORY_MODULES = [
  { name: 'Checkout', desc: 'Payments and order confirmation', share: 0.5 },
  { name: 'Search', desc: 'Product search and listings', share: 0.3 },
  { name: 'Inventory sync', desc: 'Stock levels from the warehouses', share: 0.2 },
] as const;
export type HistoryModule = (typeof HISTORY_MODULES)[number]['name'];

/** The module whose failing job makes the storm. */
const STORM_MODULE: HistoryModule = 'Inventory sync';

const INCIDENTS: Record<HistoryModule, readonly (readonly [string, string])[]> = {
  Checkout: [
    [
      'Payment gateway timeouts above 5%',
      'Card payments time out at the gateway; customers see "try again" at checkout.',
    ],
    [
      'Checkout error rate above 2%',
      'The checkout service answers 5xx to more than 2% of orders in the last 5 minutes.',
    ],
    [
      'Order confirmation e-mails delayed',
      'Confirmation e-mails leave more than 10 minutes after the order is placed.',
    ],
    [
      'Card authorisations failing for Visa',
      'The acquirer declines Visa authorisations with code 91 (issuer unavailable).',
    ],
    ['Cart service latency p95 over 2 s', 'Adding to the cart takes more than 2 seconds for one request in twenty.'],
  ],
  Search: [
    ['Search results empty for some queries', 'Queries with accents return no products since the last index build.'],
    ['Search index lag over 10 minutes', 'New and changed products reach the search index more than 10 minutes late.'],
    ['Search API 5xx rate above 1%', 'The search API fails more than 1% of requests; listings show an error box.'],
    [
      'Autocomplete latency p95 over 800 ms',
      'Suggestions appear late while typing; the suggest cluster is at 90% CPU.',
    ],
  ],
  'Inventory sync': [
    [
      'Stock sync failed for warehouse W-12',
      'The hourly stock file of warehouse W-12 could not be read: connection reset.',
    ],
    ['Inventory feed stale for 30 minutes', 'No stock update arrived from the warehouses in the last 30 minutes.'],
    [
      'Stock level mismatch on 40 products',
      'The shop shows stock that the warehouse count does not have for 40 products.',
    ],
  ],
};

/** Who resolves or what ends an incident, by the paths the product has (docs/product.md#responding). */
type Via = 'link' | 'dashboard' | 'integration';

/** What becomes of one incident, in milliseconds after it came in. */
type Fate =
  /** accepted by a person (a step's link, or a user from the dashboard), then resolved */
  | {
      kind: 'resolved';
      acceptAfter: number;
      acceptVia: 'link' | 'dashboard';
      byLead: boolean;
      resolveAfter: number;
      resolveVia: Via;
    }
  /** the monitoring tool saw it recover and resolved it before anyone accepted */
  | { kind: 'recovered'; resolveAfter: number }
  /** the alert was withdrawn (the ingest API's cancel) */
  | { kind: 'canceled'; cancelAfter: number }
  /** accepted from the dashboard and still being worked on */
  | { kind: 'progress'; acceptAfter: number }
  /** nobody has answered: the walk reached every step */
  | { kind: 'open' };

export interface PlannedIncident {
  at: number;
  module: HistoryModule;
  incident: string;
  description: string;
  fate: Fate;
  storm: boolean;
}

interface HistoryPlan {
  incidents: PlannedIncident[];
  /** the storm's first incident, and how many it had */
  storm: { at: number; count: number };
}

/** A small seeded generator (mulberry32): the same seed, the same history. */
function randomOf(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Incidents a day: a weekday has more than a weekend day. */
const PER_DAY = { weekday: 5, weekend: 2 };
/** How likely each local hour is: working hours most, the small hours least. */
const HOUR_WEIGHTS = Array.from({ length: 24 }, (_, hour) => (hour >= 8 && hour < 19 ? 3 : hour >= 19 ? 1 : 0.4));
/** The latest incidents are these long before the end: the open one's walk has ended, nothing is due. */
const OPEN_AGE = 75 * MINUTE;
const PROGRESS_AGE = 150 * MINUTE;
/** Regular incidents end before this long before the end, so the latest ones are the open ones. */
const QUIET_BEFORE_END = 3 * HOUR;

export function planHistory(options: { days: number; seed: number; end: number; timeZone: string }): HistoryPlan {
  const random = randomOf(options.seed);
  const { end, timeZone } = options;
  const between = (low: number, high: number) => low + (high - low) * random();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  /** A log-normal duration: most near the median, a long tail. */
  const spread = (median: number, sigma: number, low: number, high: number) => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.round(Math.min(high, Math.max(low, median * Math.exp(sigma * normal))));
  };
  const poisson = (mean: number) => {
    const limit = Math.exp(-mean);
    let count = 0;
    for (let p = random(); p > limit; p *= random()) count++;
    return count;
  };
  const moduleOf = (): HistoryModule => {
    let r = random();
    for (const module of HISTORY_MODULES) if ((r -= module.share) < 0) return module.name;
    return HISTORY_MODULES[0].name;
  };
  const text = (module: HistoryModule) => {
    const [incident, description] = pick(INCIDENTS[module]);
    return { module, incident, description };
  };

  const regularFate = (night: boolean, room: number): Fate => {
    const r = random();
    if (r < 0.07) return { kind: 'canceled', cancelAfter: spread(5 * MINUTE, 0.5, 2 * MINUTE, 14 * MINUTE) };
    if (r < 0.15) return { kind: 'recovered', resolveAfter: spread(12 * MINUTE, 0.6, 3 * MINUTE, 45 * MINUTE) };
    // docs/product.md#sla-compliance: the demo SLA is 15 minutes; about one in ten is accepted later
    const acceptAfter = spread((night ? 7 : 4) * MINUTE, 1, 20_000, 75 * MINUTE);
    const acceptVia = random() < 0.8 ? 'link' : 'dashboard';
    const resolveAfter = Math.max(MINUTE, Math.min(spread(40 * MINUTE, 0.8, 5 * MINUTE, 6 * HOUR), room - acceptAfter));
    const v = random();
    const resolveVia: Via =
      acceptVia === 'link'
        ? v < 0.75
          ? 'link'
          : v < 0.9
            ? 'dashboard'
            : 'integration'
        : v < 0.8
          ? 'dashboard'
          : 'integration';
    // after the team lead was told (the demo's second step), the lead sometimes takes it
    const byLead = acceptVia === 'link' && acceptAfter > 15 * MINUTE && random() < 0.4;
    return { kind: 'resolved', acceptAfter, acceptVia, byLead, resolveAfter, resolveVia };
  };

  const incidents: PlannedIncident[] = [];
  const from = end - options.days * DAY;
  const quietFrom = end - QUIET_BEFORE_END;
  const today = localTime(timeZone, end);
  const dayStart = (back: number) =>
    zonedInstant(timeZone, { year: today.year, month: today.month, day: today.day - back, hour: 0, minute: 0 });
  const totalWeight = HOUR_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  for (let back = options.days; back >= 0; back--) {
    const start = dayStart(back);
    const weekday = localTime(timeZone, start + 12 * HOUR).weekday;
    const count = poisson(weekday <= 5 ? PER_DAY.weekday : PER_DAY.weekend);
    for (let i = 0; i < count; i++) {
      let r = random() * totalWeight;
      let hour = 0;
      while ((r -= HOUR_WEIGHTS[hour]!) >= 0 && hour < 23) hour++;
      const at = start + hour * HOUR + Math.floor(random() * HOUR);
      // earlier than the history's first instant, or in its last hours: left out
      if (at < from || at >= quietFrom) continue;
      const night = hour < 7 || hour >= 22;
      incidents.push({ at, ...text(moduleOf()), fate: regularFate(night, end - 2 * MINUTE - at), storm: false });
    }
  }

  // the storm: a job that fails for every warehouse at once, on a weekday afternoon part-way back
  let stormBack = Math.max(1, Math.round(options.days * 0.4));
  while (stormBack > 1 && localTime(timeZone, dayStart(stormBack) + 12 * HOUR).weekday > 5) stormBack--;
  let stormAt = dayStart(stormBack) + 14 * HOUR + 7 * MINUTE;
  // a history of a day or two: the storm in the middle of it, over before the latest ones
  if (stormAt < from || stormAt > quietFrom - HOUR) stormAt = Math.round(from + (quietFrom - HOUR - from) / 2);
  const stormCount = 36 + Math.floor(random() * 13);
  const recoveredAt = between(38, 52) * MINUTE;
  for (let i = 0; i < stormCount; i++) {
    const at = stormAt + Math.round((i / stormCount) * 9 * MINUTE + random() * 20_000);
    const since = at - stormAt;
    // someone on the dashboard takes a few of them, late
    const takenAt = between(18, 26) * MINUTE;
    const fate: Fate =
      i === 0
        ? {
            kind: 'resolved',
            acceptAfter: 3 * MINUTE,
            acceptVia: 'link',
            byLead: false,
            resolveAfter: recoveredAt + 2 * MINUTE,
            resolveVia: 'link',
          }
        : i % 12 === 5
          ? {
              kind: 'resolved',
              acceptAfter: takenAt - since,
              acceptVia: 'dashboard',
              byLead: false,
              resolveAfter: recoveredAt + 8 * MINUTE - takenAt,
              resolveVia: 'dashboard',
            }
          : { kind: 'recovered', resolveAfter: recoveredAt - since };
    incidents.push({ at, ...text(STORM_MODULE), fate, storm: true });
  }

  // the latest: one being worked on, one nobody has answered yet
  incidents.push({
    at: end - PROGRESS_AGE,
    ...text('Checkout'),
    fate: { kind: 'progress', acceptAfter: 6 * MINUTE },
    storm: false,
  });
  incidents.push({ at: end - OPEN_AGE, ...text('Search'), fate: { kind: 'open' }, storm: false });

  incidents.sort((a, b) => a.at - b.at);
  return { incidents, storm: { at: stormAt, count: stormCount } };
}
