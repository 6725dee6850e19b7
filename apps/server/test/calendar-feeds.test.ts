import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { resourceCalendar, rotateResourceCalendar, rotateScheduleCalendar } from '@relevo/api';
import { ManualClock } from '../src/clock';
import { redactUrl } from '../src/http/security';
import { feedUrl } from '../src/schedules/calendar-feeds';
import { FEED_MAX_EVENTS } from '../src/schedules/calendar';
import { insertResource } from './support/catalogue';
import { insertSchedule as insertOwnedSchedule } from './support/schedules';
import { logLines } from './support/log-lines';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type SignedIn, type TestApp } from './support/harness';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Monday: 10:00 in New York (EST) */
const NOW = Date.parse('2026-01-05T15:00:00Z');
/** The Monday the weekly rotation's shift under way began (09:00 EST) */
const FIRST_MONDAY = Date.parse('2025-12-29T00:00:00Z');
/** Daylight time begins in New York on 2026-03-08: a Monday 09:00 is 14:00 UTC before, 13:00 UTC after */
const DST_STARTS = Date.parse('2026-03-08T07:00:00Z');

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  start: number;
  end: number;
}

/** The feed as a calendar application reads it: ical.js's parser, not ours. */
function parseFeed(text: string): { name: string; zone: string; method: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    zone: String(calendar.getFirstPropertyValue('x-wr-timezone')),
    method: String(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        start: event.startDate.toJSDate().getTime(),
        end: event.endDate.toJSDate().getTime(),
      };
    }),
  };
}

/** Monday `k` weeks after FIRST_MONDAY at 09:00 in New York, as an instant. */
const mondayNine = (k: number) => {
  const day = FIRST_MONDAY + k * 7 * DAY;
  return day + (day > DST_STARTS ? 13 : 14) * HOUR;
};

const weekly = (participants: number[], start = '2025-12-01') => ({
  rotations: [
    {
      rotation_id: 1,
      rotation_name: 'Weekly',
      participants,
      shift_length: 1,
      shift_unit: 'W',
      handoff_time: '09:00',
      start,
      restrictions: [],
    },
  ],
  temporary_schedules: [],
});

describe.each(DATABASE_KINDS)('calendar feeds on %s', (kind) => {
  let t: TestApp;
  const { sink, lines } = logLines();
  let acme: number;
  let other: number;
  let root: SignedIn;
  let customer: SignedIn;
  let otherRoot: SignedIn;
  let staff: SignedIn;
  const people = { ana: 0, ben: 0, cara: 0, dora: 0 };
  let primary: number;
  let secondary: number;
  let paused: number;
  let hourly: number;
  let foreignSchedule: number;
  let foreignResource: number;

  const path = (url: string) => new URL(url).pathname;
  const tokenOf = (url: string) => /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;
  const read = (url: string) => t.raw('GET', path(url));

  const insertSchedule = (
    customerId: number,
    spec: { name: string; definition: object; members: number[]; active?: 'Y' | 'N'; zone?: string },
  ) => asSystem(t, (tx) => insertOwnedSchedule(tx, customerId, spec));

  beforeAll(async () => {
    t = await startTestApp({
      kind,
      logSink: sink,
      clock: new ManualClock(NOW),
      config: { logLevel: 'debug', publicUrl: 'https://relevo.example.test' },
    });
    acme = await t.createCustomer('Acme');
    other = await t.createCustomer('Globex');
    const [rootUser, customerUser, otherUser, staffUser] = await Promise.all([
      t.createUser({ role: 'CustomerRoot', customer: 'Acme' }),
      t.createUser({ role: 'Customer', customer: 'Acme' }),
      t.createUser({ role: 'CustomerRoot', customer: 'Globex' }),
      t.createUser({ role: 'StaffRoot' }),
    ]);
    root = await t.signIn(rootUser.email, rootUser.password);
    customer = await t.signIn(customerUser.email, customerUser.password);
    otherRoot = await t.signIn(otherUser.email, otherUser.password);
    staff = await t.signIn(staffUser.email, staffUser.password);
    await asSystem(t, async (tx) => {
      people.ana = await insertResource(tx, acme, { name: 'Ana Torres', email: 'ana@acme.test', phone: '7875550101' });
      people.ben = await insertResource(tx, acme, { name: 'Ben Ruiz', email: 'ben@acme.test', phone: '7875550102' });
      people.cara = await insertResource(tx, acme, {
        name: 'Cara Díaz, Jr.',
        email: 'cara@acme.test',
        phone: '7875550103',
      });
      people.dora = await insertResource(tx, acme, {
        name: 'Dora Vidal',
        email: 'dora@acme.test',
        phone: '7875550104',
      });
      foreignResource = await insertResource(tx, other, {
        name: 'Gus Globex',
        email: 'gus@globex.test',
        phone: '7875550109',
      });
    });
    primary = await insertSchedule(acme, {
      name: 'Primary',
      definition: weekly([people.ana, people.ben, people.cara]),
      members: [people.ana, people.ben, people.cara],
    });
    // Ben is no member of Secondary: an override puts him on call there
    secondary = await insertSchedule(acme, {
      name: 'Secondary',
      definition: weekly([people.dora]),
      members: [people.dora],
    });
    await asSystem(t, (tx) =>
      tx
        .insertInto('schedule_overrides')
        .values({
          customer_id: acme,
          schedule_id: secondary,
          resource_id: people.ben,
          start_at: new Date(Date.parse('2026-02-10T12:00:00Z')),
          end_at: new Date(Date.parse('2026-02-11T12:00:00Z')),
        })
        .execute(),
    );
    paused = await insertSchedule(acme, {
      name: 'Paused',
      definition: weekly([people.ben]),
      members: [people.ben],
      active: 'N',
    });
    hourly = await insertSchedule(acme, {
      name: 'Hourly',
      zone: 'UTC',
      definition: {
        rotations: [{ ...weekly([people.ana, people.dora]).rotations[0]!, shift_unit: 'H' }],
        temporary_schedules: [],
      },
      members: [people.ana, people.dora],
    });
    foreignSchedule = await insertSchedule(other, {
      name: 'Globex primary',
      definition: weekly([foreignResource]),
      members: [foreignResource],
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  let primaryUrl = '';

  it('serves a schedule feed of six months that an iCalendar parser reads: people, instants, the DST change', async () => {
    primaryUrl = await t.database.scoped({ kind: 'customer', customerId: acme }, (tx) =>
      feedUrl(tx, t.ctx, acme, { schedule_id: primary }),
    );
    expect(primaryUrl).toMatch(/^https:\/\/relevo\.example\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // made on first use, the same address after
    const again = await t.database.scoped({ kind: 'customer', customerId: acme }, (tx) =>
      feedUrl(tx, t.ctx, acme, { schedule_id: primary }),
    );
    expect(again).toBe(primaryUrl);

    const answer = await read(primaryUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(answer.text).toMatch(/\r\n$/);
    const feed = parseFeed(answer.text);
    expect(feed).toMatchObject({ name: 'Relevo: Primary', zone: 'America/New_York', method: 'PUBLISH' });

    // from a day ago to 183 days ahead: the shift under way (from 2025-12-29) to the one of 2026-07-06
    const names = ['Ana Torres', 'Ben Ruiz', 'Cara Díaz, Jr.'];
    const to = NOW + 183 * DAY;
    const expected = Array.from({ length: 28 }, (_, k) => ({
      summary: `On call: ${names[(k + 4) % 3]} (Primary)`,
      start: mondayNine(k),
      end: Math.min(mondayNine(k + 1), to),
    }));
    expect(feed.events.map(({ summary, start, end }) => ({ summary, start, end }))).toEqual(expected);
    // the week across the change to daylight time is an hour short, 09:00 to 09:00 local
    const across = feed.events.find((event) => event.start === Date.parse('2026-03-02T14:00:00Z'))!;
    expect(across.end).toBe(Date.parse('2026-03-09T13:00:00Z'));
    expect(across.end - across.start).toBe(167 * HOUR);
    expect(across.description).toContain('From 2026-03-02 09:00 (-05:00) to 2026-03-09 09:00 (-04:00)');
    expect(new Set(feed.events.map((event) => event.uid)).size).toBe(28);

    // read half a day later: the same shifts keep their UIDs (the one under way too)
    t.clock.advance(12 * HOUR);
    const later = parseFeed((await read(primaryUrl)).text);
    t.clock.set(NOW);
    const uids = new Map(feed.events.map((event) => [event.start, event.uid]));
    for (const event of later.events.filter((e) => uids.has(e.start))) expect(event.uid).toBe(uids.get(event.start));
    expect(later.events[0]!.start).toBe(mondayNine(0));
  });

  it('keeps the token sealed and hashed: the stored row does not hold it in clear', async () => {
    const token = tokenOf(primaryUrl);
    const row = await asSystem(t, (tx) =>
      tx.selectFrom('calendar_feeds').selectAll().where('schedule_id', '=', primary).executeTakeFirstOrThrow(),
    );
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.token_sealed).toMatch(/^v1\./);
    expect(row.token_sealed).not.toContain(token);
    expect(Buffer.from(row.token_sealed.slice(3), 'base64url').toString('latin1')).not.toContain(token);
  });

  it("serves a resource's feed: its shifts in every active schedule of its customer, overrides too", async () => {
    const { calendar_url } = await root.client.call(resourceCalendar, { params: { id: people.ben } });
    // the Customer role reads the same address
    expect((await customer.client.call(resourceCalendar, { params: { id: people.ben } })).calendar_url).toBe(
      calendar_url,
    );
    const feed = parseFeed((await read(calendar_url)).text);
    expect(feed.name).toBe('Relevo: Ben Ruiz on call');
    expect(feed.zone).toBe('UTC');
    const primaryShifts = feed.events.filter((event) => event.summary === 'On call: Ben Ruiz (Primary)');
    // k = 0, 3, 6 ... of the weekly rotation (Ben's turns), 10 in the window
    expect(primaryShifts.map((event) => event.start)).toEqual(Array.from({ length: 10 }, (_, i) => mondayNine(3 * i)));
    expect(feed.events.filter((event) => event.summary === 'On call: Ben Ruiz (Secondary)')).toEqual([
      expect.objectContaining({ start: Date.parse('2026-02-10T12:00:00Z'), end: Date.parse('2026-02-11T12:00:00Z') }),
    ]);
    // the inactive schedule puts nobody on call; nobody else's shifts
    expect(feed.events).toHaveLength(11);
    expect(feed.events.every((event) => event.summary.startsWith('On call: Ben Ruiz'))).toBe(true);
  });

  it('bounds a feed: an hourly rotation over six months stays within the cap, and an inactive schedule is empty', async () => {
    const hourlyUrl = (await root.client.call(rotateScheduleCalendar, { params: { id: hourly } })).calendar_url;
    const feed = parseFeed((await read(hourlyUrl)).text);
    expect(feed.events.length).toBeGreaterThan(184 * 24 - 2);
    expect(feed.events.length).toBeLessThanOrEqual(FEED_MAX_EVENTS);
    expect(feed.events[0]).toMatchObject({
      summary: expect.stringMatching(/^On call: (Ana Torres|Dora Vidal) \(Hourly\)$/),
    });
    expect(feed.events.every((event) => event.end - event.start <= HOUR)).toBe(true);

    const pausedUrl = (await root.client.call(rotateScheduleCalendar, { params: { id: paused } })).calendar_url;
    const answer = await read(pausedUrl);
    expect(answer.status).toBe(200);
    expect(parseFeed(answer.text).events).toEqual([]);
  });

  it('rotates an address: the old one stops at once, the new one works, the same answer as an unknown one', async () => {
    const before = await read(primaryUrl);
    expect(before.status).toBe(200);
    const rotated = await root.client.call(rotateScheduleCalendar, { params: { id: primary } });
    expect(rotated.calendar_url).not.toBe(primaryUrl);
    const old = await read(primaryUrl);
    expect(old.status).toBe(404);
    const never = await t.raw('GET', `/api/calendar/${'A'.repeat(43)}.ics`);
    expect(never.status).toBe(404);
    expect(old.body).toEqual({ detail: 'Calendar not found' });
    expect(never.body).toEqual(old.body);
    expect(parseFeed((await read(rotated.calendar_url)).text).events).toHaveLength(28);
    // an address that is not a feed's shape is refused by the contract's pattern
    expect((await t.raw('GET', '/api/calendar/short.ics')).status).toBe(422);
    expect((await t.raw('GET', `/api/calendar/${'A'.repeat(43)}`)).status).toBe(422);
    const audited = await asSystem(t, (tx) =>
      tx
        .selectFrom('audit_log')
        .select(['entity', 'entity_id', 'detail'])
        .where('entity', '=', 'schedule')
        .where('entity_id', '=', String(primary))
        .execute(),
    );
    expect(audited).toEqual([{ entity: 'schedule', entity_id: String(primary), detail: { calendar_feed: 'rotated' } }]);
    primaryUrl = rotated.calendar_url;

    const resourceUrl = (await root.client.call(resourceCalendar, { params: { id: people.ben } })).calendar_url;
    const newResourceUrl = (await root.client.call(rotateResourceCalendar, { params: { id: people.ben } }))
      .calendar_url;
    expect(newResourceUrl).not.toBe(resourceUrl);
    expect((await read(resourceUrl)).status).toBe(404);
    expect((await read(newResourceUrl)).status).toBe(200);
    expect((await customer.client.call(resourceCalendar, { params: { id: people.ben } })).calendar_url).toBe(
      newResourceUrl,
    );
  });

  it("answers 404 for another customer's schedule or resource, and for ids that do not exist, changing nothing", async () => {
    const feedsBefore = await asSystem(t, (tx) =>
      tx.selectFrom('calendar_feeds').selectAll().orderBy('token_hash').execute(),
    );
    const calls = [
      otherRoot.client.call(rotateScheduleCalendar, { params: { id: primary } }),
      otherRoot.client.call(resourceCalendar, { params: { id: people.ben } }),
      otherRoot.client.call(rotateResourceCalendar, { params: { id: people.ben } }),
      root.client.call(rotateScheduleCalendar, { params: { id: foreignSchedule } }),
      root.client.call(resourceCalendar, { params: { id: foreignResource } }),
      root.client.call(rotateResourceCalendar, { params: { id: foreignResource } }),
      root.client.call(rotateScheduleCalendar, { params: { id: 999_999 } }),
      root.client.call(resourceCalendar, { params: { id: 999_999 } }),
    ];
    const refusals = await Promise.all(calls.map((call) => failure(call)));
    expect(refusals.map((refusal) => refusal.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(refusals[0]!.body).toEqual({ detail: 'Schedule not found' });
    expect(refusals[1]!.body).toEqual({ detail: 'Resource not found' });
    const feedsAfter = await asSystem(t, (tx) =>
      tx.selectFrom('calendar_feeds').selectAll().orderBy('token_hash').execute(),
    );
    expect(feedsAfter).toEqual(feedsBefore);
    // the other customer's own feed works, and shows only its own
    const own = await otherRoot.client.call(resourceCalendar, { params: { id: foreignResource } });
    const feed = parseFeed((await read(own.calendar_url)).text);
    expect(feed.events.length).toBeGreaterThan(0);
    expect(feed.events.every((event) => event.summary === 'On call: Gus Globex (Globex primary)')).toBe(true);
  });

  it('lets each role do what the contract says: reading for both customer roles, rotating for the Customer Root', async () => {
    const statusOf = async (promise: Promise<unknown>) => (await failure(promise)).status;
    expect(await statusOf(customer.client.call(rotateScheduleCalendar, { params: { id: primary } }))).toBe(403);
    expect(await statusOf(customer.client.call(rotateResourceCalendar, { params: { id: people.ben } }))).toBe(403);
    expect(await statusOf(staff.client.call(resourceCalendar, { params: { id: people.ben } }))).toBe(403);
    expect(await statusOf(staff.client.call(rotateScheduleCalendar, { params: { id: primary } }))).toBe(403);
    expect(await statusOf(t.client().call(resourceCalendar, { params: { id: people.ben } }))).toBe(401);
    expect(await statusOf(t.client().call(rotateScheduleCalendar, { params: { id: primary } }))).toBe(401);
    // the refused calls changed nothing: the address still works
    expect((await read(primaryUrl)).status).toBe(200);
    expect(
      (
        await asSystem(t, (tx) =>
          tx.selectFrom('calendar_feeds').select('schedule_id').where('schedule_id', '=', primary).execute(),
        )
      ).length,
    ).toBe(1);
  });

  it('never writes a token in a log line', async () => {
    expect(redactUrl(`/api/calendar/${'b'.repeat(43)}.ics`)).toBe('/api/calendar/[redacted]');
    await read(primaryUrl);
    await t.raw('GET', `/api/calendar/${'C'.repeat(43)}.ics`);
    const tokens = await asSystem(t, (tx) =>
      tx.selectFrom('calendar_feeds').select(['token_sealed', 'customer_id', 'schedule_id', 'resource_id']).execute(),
    );
    expect(tokens.length).toBeGreaterThan(3);
    const log = lines.join('');
    // the feed requests were logged (debug and 404 lines), by their route only
    expect(log).toContain('/api/calendar/:token');
    for (const url of [primaryUrl]) expect(log).not.toContain(tokenOf(url));
    expect(log).not.toContain('C'.repeat(43));
    expect(log).not.toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}/);
  });
});
