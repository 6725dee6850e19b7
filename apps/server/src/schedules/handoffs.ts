import { DAY_MS, shifts, type DisplayLanguage, type Shift } from '@relevo/domain';
import type { Transaction } from 'kysely';
import type { Database, Tx } from '../db/database';
import type { DB } from '../db/schema';
import { enqueue, OUTBOX_CHANNEL } from '../delivery/queries';
import { wakeAfterCommit } from '../db/wake';
import { instantText, translator } from '../i18n/translate';
import { definitionOf, overridesOver } from './definitions';

// docs/product.md#handoff-notices: a schedule that asks for them (handoff_notices 'Y', active)
// tells the incoming person, by e-mail, when a stretch of theirs begins. The worker looks every
// minute at the shifts that began within the last 15 minutes: a notice is queued once per
// schedule, person and start (`schedule_handoffs`' key, and the outbox's idempotency key
// `handoff:{schedule}:{resource}:{start ms}`), so a run again, a second worker or a restart sends
// nothing twice, and after a longer stop no flood of stale notices goes out.

/** How far back a run looks for shifts that began. */
export const HANDOFF_LOOKBACK_MS = 15 * 60_000;
/** The most schedules one run reads; the next run goes on after the last one read. */
export const HANDOFF_SCHEDULES_PER_RUN = 500;
/** How long the record of a notice is kept (far past the look-back). */
export const HANDOFFS_KEPT_MS = 30 * DAY_MS;
/** How far ahead the notice looks for the end of the stretch. */
const UNTIL_DAYS = 31;

export interface HandoffNotice {
  customer_id: number;
  schedule_id: number;
  schedule_name: string;
  time_zone: string;
  resource_id: number;
  start: number;
  /** the end of the person's stretch, or null when it lasts beyond UNTIL_DAYS */
  end: number | null;
}

export const handoffKey = (notice: Pick<HandoffNotice, 'schedule_id' | 'resource_id' | 'start'>) =>
  `handoff:${notice.schedule_id}:${notice.resource_id}:${notice.start}`;

/** The e-mail of a handoff notice, in the person's language (docs/product.md#languages). */
export function handoffMail(
  notice: HandoffNotice,
  person: string,
  link: string | null,
  language: DisplayLanguage = 'en',
) {
  const t = translator(language);
  const zone = notice.time_zone;
  const schedule = notice.schedule_name;
  const until =
    notice.end === null
      ? t('It lasts more than {days} days.', { days: UNTIL_DAYS })
      : t('It ends {end} ({zone}).', { end: instantText(language, notice.end, zone), zone });
  const started = t('Your on-call shift on {schedule} started {start}.', {
    schedule,
    start: instantText(language, notice.start, zone),
  });
  return {
    subject: t('Relevo: your on-call shift on {schedule} starts now', { schedule }),
    text: [
      t('Hello {name},', { name: person }),
      '',
      `${started} ${until}`,
      t('Incidents escalated to this schedule reach you until then.'),
      ...(link ? ['', link] : []),
    ].join('\n'),
  };
}

/**
 * The language of each person a notice goes to: that of the user with the person's e-mail in the
 * same customer (docs/product.md#languages); a person who is no user, or a user who chose none,
 * reads English. Keyed `{customer}:{lower-case e-mail}`.
 */
async function languagesOf(
  tx: Transaction<DB>,
  people: readonly { customer_id: number; resource_email: string | null }[],
): Promise<Map<string, DisplayLanguage>> {
  const emails = [...new Set(people.flatMap((p) => (p.resource_email ? [p.resource_email.trim().toLowerCase()] : [])))];
  if (emails.length === 0) return new Map();
  const users = await tx
    .selectFrom('users')
    .select(['customer_id', 'email', 'language'])
    .where('language', 'is not', null)
    .where('customer_id', 'in', [...new Set(people.map((p) => p.customer_id))])
    .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
    .execute();
  return new Map(
    users.flatMap((user) =>
      user.language ? [[`${user.customer_id}:${user.email.toLowerCase()}`, user.language]] : [],
    ),
  );
}

interface HandoffSchedule {
  schedule_id: number;
  customer_id: number;
  schedule_name: string;
  time_zone: string;
  definition: Parameters<typeof definitionOf>[0]['definition'];
}

/**
 * The stretches of the final layer that begin within (from, now] and are not a continuation of
 * the same person's stretch before them (another source of the same person is not a handoff),
 * and have not ended yet.
 */
export function beginningStretches(final: readonly Shift[], from: number, now: number): Shift[] {
  return final.filter((shift, index) => {
    if (shift.start <= from || shift.start > now || shift.end <= now) return false;
    const before = final[index - 1];
    return !(before && before.end === shift.start && before.resource_id === shift.resource_id);
  });
}

/** Where a stretch of one person starting at `start` ends: across adjacent stretches of theirs from other sources. */
function stretchEnd(final: readonly Shift[], resourceId: number, start: number, horizon: number): number | null {
  let end: number | null = null;
  for (const shift of final) {
    if (shift.end <= start) continue;
    if (shift.resource_id !== resourceId || (end !== null && shift.start !== end)) break;
    end = shift.end;
  }
  return end === null || end >= horizon ? null : end;
}

/**
 * Queues the notices of the shifts that began within the look-back, for up to
 * HANDOFF_SCHEDULES_PER_RUN schedules with an id after `after`, in one unit of work. Answers how
 * many were queued and where the next run goes on (null: from the first schedule again).
 */
export async function queueHandoffNotices(
  database: Database,
  options: { now: Date; publicUrl?: string; after?: number | null },
): Promise<{ queued: number; next: number | null }> {
  const now = options.now.getTime();
  const from = now - HANDOFF_LOOKBACK_MS;
  return database.scoped({ kind: 'staff' }, async (tx) => {
    const schedules = (await tx
      .selectFrom('schedules as s')
      .innerJoin('customers as c', 'c.customer_id', 's.customer_id')
      .select(['s.schedule_id', 's.customer_id', 's.schedule_name', 's.time_zone', 's.definition'])
      .where('s.handoff_notices', '=', 'Y')
      .where('s.schedule_active', '=', 'Y')
      .where('c.customer_active', '=', 'Y')
      .where('s.schedule_id', '>', options.after ?? 0)
      .orderBy('s.schedule_id')
      .limit(HANDOFF_SCHEDULES_PER_RUN)
      .execute()) as HandoffSchedule[];
    const next = schedules.length === HANDOFF_SCHEDULES_PER_RUN ? schedules.at(-1)!.schedule_id : null;
    if (schedules.length === 0) return { queued: 0, next };

    // first the window alone (cheap), then the stretches ahead of those schedules whose person changed
    const windowOverrides = await overridesOver(
      tx,
      schedules.map((s) => s.schedule_id),
      new Date(from),
      new Date(now + 1),
    );
    const beginning = schedules.flatMap((schedule) =>
      beginningStretches(shifts(definitionOf(schedule, windowOverrides), from, now + 1), from, now).map((shift) => ({
        schedule,
        shift,
      })),
    );
    if (beginning.length === 0) return { queued: 0, next };

    const horizon = now + UNTIL_DAYS * DAY_MS;
    const changed = [...new Set(beginning.map(({ schedule }) => schedule))];
    const aheadOverrides = await overridesOver(
      tx,
      changed.map((s) => s.schedule_id),
      new Date(from),
      new Date(horizon),
    );
    const ahead = new Map(
      changed.map((schedule) => [schedule.schedule_id, shifts(definitionOf(schedule, aheadOverrides), from, horizon)]),
    );
    const notices: HandoffNotice[] = beginning.map(({ schedule, shift }) => ({
      customer_id: schedule.customer_id,
      schedule_id: schedule.schedule_id,
      schedule_name: schedule.schedule_name,
      time_zone: schedule.time_zone,
      resource_id: shift.resource_id,
      start: shift.start,
      end: stretchEnd(ahead.get(schedule.schedule_id)!, shift.resource_id, shift.start, horizon),
    }));
    const queued = await recordAndQueue(tx, notices, options);
    if (queued > 0) wakeAfterCommit(tx, OUTBOX_CHANNEL);
    return { queued, next };
  });
}

/** Records the notices not recorded yet and queues their e-mails (active people with an address). */
async function recordAndQueue(
  tx: Transaction<DB>,
  notices: readonly HandoffNotice[],
  options: { now: Date; publicUrl?: string },
): Promise<number> {
  // a notice recorded by another run (or worker) is theirs: the primary key says which are new
  const recorded = await tx
    .insertInto('schedule_handoffs')
    .values(
      notices.map((notice) => ({
        customer_id: notice.customer_id,
        schedule_id: notice.schedule_id,
        resource_id: notice.resource_id,
        shift_start: new Date(notice.start),
        queued_at: options.now,
      })),
    )
    .onConflict((oc) => oc.columns(['schedule_id', 'resource_id', 'shift_start']).doNothing())
    .returning(['schedule_id', 'resource_id', 'shift_start'])
    .execute();
  if (recorded.length === 0) return 0;
  const fresh = new Set(recorded.map((row) => handoffKey({ ...row, start: row.shift_start.getTime() })));
  const toSend = notices.filter((notice) => fresh.has(handoffKey(notice)));
  const people = new Map(
    (
      await tx
        .selectFrom('resources')
        .select(['resource_id', 'customer_id', 'resource_fullname', 'resource_email'])
        .where(
          'resource_id',
          'in',
          toSend.map((notice) => notice.resource_id),
        )
        .where('resource_active', '=', 'Y')
        .where('resource_email', 'is not', null)
        .execute()
    ).map((row) => [row.resource_id, row]),
  );
  const languages = await languagesOf(tx, [...people.values()]);
  let queued = 0;
  for (const notice of toSend) {
    const person = people.get(notice.resource_id);
    if (!person?.resource_email || person.customer_id !== notice.customer_id) continue;
    const link = options.publicUrl ? `${options.publicUrl}/schedules/${notice.schedule_id}` : null;
    const language = languages.get(`${person.customer_id}:${person.resource_email.trim().toLowerCase()}`) ?? 'en';
    const mail = handoffMail(notice, person.resource_fullname, link, language);
    await enqueue(
      tx,
      {
        customerId: notice.customer_id,
        channel: 'email',
        recipient: person.resource_email,
        subject: mail.subject,
        body: mail.text,
        idempotencyKey: handoffKey(notice),
      },
      options.now,
    );
    queued++;
  }
  return queued;
}

/** Forgets the records of notices older than HANDOFFS_KEPT_MS (housekeeping, by the queued_at index). */
export async function pruneHandoffs(tx: Tx, now: Date): Promise<void> {
  await tx
    .deleteFrom('schedule_handoffs')
    .where('queued_at', '<', new Date(now.getTime() - HANDOFFS_KEPT_MS))
    .execute();
}

/** The worker's handoff notices: each run goes on from the schedule where the previous one stopped. */
export class HandoffNotices {
  #after: number | null = null;
  constructor(
    private readonly database: Database,
    private readonly publicUrl?: string,
  ) {}

  async run(now: Date): Promise<number> {
    const { queued, next } = await queueHandoffNotices(this.database, {
      now,
      publicUrl: this.publicUrl,
      after: this.#after,
    });
    this.#after = next;
    return queued;
  }
}
