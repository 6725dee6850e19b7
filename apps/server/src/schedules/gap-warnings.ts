import { SCHEDULE_LIMITS, firstGap, localTime, type DisplayLanguage } from '@relevo/domain';
import type { Database } from '../db/database';
import { mailCustomerRoots } from '../delivery/queries';
import { instantText, translator } from '../i18n/translate';
import { definitionOf, overridesOver } from './definitions';

// docs/product.md#gap-warnings: once a day, in the morning of the customer's own calendar day
// (customers.customer_time_zone), the customer's Customer Root users are told by e-mail of the
// active schedules in which nobody is on call at some moment of the next 14 days, each with its
// first such stretch. The outbox's idempotency key `gaps:{customer}:{YYYY-MM-DD}:{user}` makes it
// once a day whatever the restarts and the workers; each worker also remembers the customers it
// has looked at today, so the schedules are not computed again every minute.

/** The hour of the customer's day from which the day's warning goes. */
export const GAP_WARNING_HOUR = 8;
/** The most schedules one e-mail names; the rest are counted ("and 3 more"). */
export const GAP_SCHEDULES_PER_MAIL = 50;
/** The most schedules of one customer looked at (the first by name). */
export const GAP_SCHEDULES_READ = 1000;
/** The most customers one run looks at; the next run goes on with the others. */
export const GAP_CUSTOMERS_PER_RUN = 50;
/** The most customers with schedules one run considers. */
const GAP_CUSTOMERS_READ = 10_000;

export interface ScheduleGap {
  schedule_id: number;
  schedule_name: string;
  time_zone: string;
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The customer's calendar day at an instant, YYYY-MM-DD, and its hour. */
export function customerDay(timeZone: string, at: number): { day: string; hour: number } {
  const local = localTime(timeZone, at);
  return { day: `${local.year}-${pad(local.month)}-${pad(local.day)}`, hour: local.hour };
}

export const gapKey = (customerId: number, day: string, userId: number) => `gaps:${customerId}:${day}:${userId}`;

/** The e-mail of a day's gap warning, in the reader's language (docs/product.md#languages). */
export function gapMail(
  name: string,
  gaps: readonly ScheduleGap[],
  publicUrl?: string,
  language: DisplayLanguage = 'en',
) {
  const t = translator(language);
  const days = SCHEDULE_LIMITS.gapDays;
  const shown = gaps.slice(0, GAP_SCHEDULES_PER_MAIL);
  const more = gaps.length - shown.length;
  const lines = shown.flatMap((gap) => [
    `- ${t('{schedule}: nobody from {start} to {end} ({zone})', {
      schedule: gap.schedule_name,
      start: instantText(language, gap.start, gap.time_zone),
      end: instantText(language, gap.end, gap.time_zone),
      zone: gap.time_zone,
    })}`,
    ...(publicUrl ? [`  ${publicUrl}/schedules/${gap.schedule_id}`] : []),
  ]);
  return {
    subject: t(
      'Relevo: {count, plural, one {1 schedule has} other {{count} schedules have}} nobody on call in the next {days} days',
      { count: gaps.length, days },
    ),
    text: [
      t('Hello {name},', { name }),
      '',
      t('Nobody is on call at some time in the next {days} days in these schedules (the first such time of each):', {
        days,
      }),
      '',
      ...lines,
      ...(more > 0 ? [t('and {count} more.', { count: more })] : []),
      '',
      t(
        'An incident escalated to a schedule while nobody is on call reaches nobody at that step. Add a participant, a rotation or an override to cover these times.',
      ),
    ].join('\n'),
  };
}

/** The gaps of a customer's active schedules at `now`, in the order of their names. */
async function gapsOfCustomer(database: Database, customerId: number, now: number): Promise<ScheduleGap[]> {
  return database.scoped({ kind: 'customer', customerId }, async (tx) => {
    const schedules = await tx
      .selectFrom('schedules')
      .select(['schedule_id', 'schedule_name', 'time_zone', 'definition'])
      .where('customer_id', '=', customerId)
      .where('schedule_active', '=', 'Y')
      .orderBy('schedule_name')
      .orderBy('schedule_id')
      .limit(GAP_SCHEDULES_READ)
      .execute();
    const overrides = await overridesOver(
      tx,
      schedules.map((s) => s.schedule_id),
      new Date(now),
      new Date(now + SCHEDULE_LIMITS.gapDays * 86_400_000),
    );
    return schedules.flatMap((schedule) => {
      const gap = firstGap(definitionOf(schedule, overrides), now);
      return gap ? [{ ...schedule, ...gap }] : [];
    });
  });
}

/**
 * Queues the day's warning of one customer to each of its active Customer Root users; answers how
 * many e-mails were queued (none when every schedule is covered).
 */
export async function queueGapWarning(
  database: Database,
  customer: { customer_id: number; day: string },
  options: { now: Date; publicUrl?: string },
): Promise<number> {
  const gaps = await gapsOfCustomer(database, customer.customer_id, options.now.getTime());
  if (gaps.length === 0) return 0;
  return database.scoped({ kind: 'staff' }, (tx) =>
    mailCustomerRoots(
      tx,
      customer.customer_id,
      (user) => ({
        ...gapMail(user.name, gaps, options.publicUrl, user.language ?? 'en'),
        key: gapKey(customer.customer_id, customer.day, user.id),
      }),
      options.now,
    ),
  );
}

/** The worker's daily gap warnings: each customer looked at once per day of its own (remembered per process). */
export class GapWarnings {
  /** customer id → the customer's day last looked at */
  readonly #done = new Map<number, string>();
  constructor(
    private readonly database: Database,
    private readonly publicUrl?: string,
  ) {}

  /** Looks at up to GAP_CUSTOMERS_PER_RUN customers whose morning has come and whose day is not done; answers the e-mails queued. */
  async run(now: Date): Promise<number> {
    const customers = await this.database.scoped({ kind: 'staff' }, (tx) =>
      tx
        .selectFrom('customers as c')
        .select(['c.customer_id', 'c.customer_time_zone'])
        .where('c.customer_active', '=', 'Y')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('schedules as s')
              .select('s.schedule_id')
              .whereRef('s.customer_id', '=', 'c.customer_id')
              .where('s.schedule_active', '=', 'Y'),
          ),
        )
        .orderBy('c.customer_id')
        .limit(GAP_CUSTOMERS_READ)
        .execute(),
    );
    const due = customers
      .map((customer) => ({ customer_id: customer.customer_id, ...dayOf(customer.customer_time_zone, now) }))
      .filter((customer) => customer.hour >= GAP_WARNING_HOUR && this.#done.get(customer.customer_id) !== customer.day)
      .slice(0, GAP_CUSTOMERS_PER_RUN);
    let queued = 0;
    for (const customer of due) {
      queued += await queueGapWarning(this.database, customer, { now, publicUrl: this.publicUrl });
      this.#done.set(customer.customer_id, customer.day);
    }
    return queued;
  }
}

/** The customer's day; a zone the platform does not know counts as UTC. */
function dayOf(timeZone: string, now: Date) {
  try {
    return customerDay(timeZone, now.getTime());
  } catch {
    return customerDay('UTC', now.getTime());
  }
}
