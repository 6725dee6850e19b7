import * as v from 'valibot';
import {
  DEFAULT_WAIT_MINUTES,
  PlanBuilder,
  dailyWindow,
  localStart,
  weeklyWindow,
  type ImportPlan,
  type PlannedRotation,
  type PlannedStep,
  type StepTarget,
} from './plan';

/**
 * docs/product.md#importers, Opsgenie: the `data` of API v2's lists, keyed by list: GET /v2/users
 * (each with the answer of GET /v2/users/{id}/contacts as `contacts`), GET /v2/teams,
 * GET /v2/escalations, GET /v2/schedules?expand=rotation (each with the answer of
 * GET /v2/schedules/{id}/overrides as `overrides`).
 */

const Recipient = v.looseObject({
  type: v.string(),
  id: v.optional(v.string()),
  username: v.optional(v.string()),
  name: v.optional(v.string()),
});

const User = v.looseObject({
  id: v.string(),
  username: v.string(),
  fullName: v.string(),
  contacts: v.optional(
    v.array(
      v.looseObject({
        method: v.string(),
        to: v.string(),
        status: v.optional(v.looseObject({ enabled: v.optional(v.boolean(), true) })),
      }),
    ),
    [],
  ),
});

const Team = v.looseObject({ id: v.string(), name: v.string(), description: v.optional(v.string(), '') });

const Escalation = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string(), ''),
  ownerTeam: v.optional(v.looseObject({ id: v.string(), name: v.optional(v.string()) })),
  rules: v.array(
    v.looseObject({
      condition: v.optional(v.string()),
      notifyType: v.optional(v.string(), 'default'),
      delay: v.looseObject({ timeAmount: v.number(), timeUnit: v.optional(v.string(), 'minutes') }),
      recipient: Recipient,
    }),
  ),
  repeat: v.optional(v.looseObject({ count: v.optional(v.number()) })),
});

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const Rotation = v.looseObject({
  id: v.optional(v.string()),
  name: v.optional(v.string()),
  startDate: v.string(),
  endDate: v.optional(v.nullable(v.string())),
  type: v.picklist(['daily', 'weekly', 'hourly']),
  length: v.optional(v.number(), 1),
  participants: v.array(Recipient),
  timeRestriction: v.optional(
    v.nullable(
      v.looseObject({
        type: v.picklist(['time-of-day', 'weekday-and-time-of-day']),
        restriction: v.optional(
          v.looseObject({ startHour: v.number(), startMin: v.number(), endHour: v.number(), endMin: v.number() }),
        ),
        restrictions: v.optional(
          v.array(
            v.looseObject({
              startDay: v.picklist(DAYS),
              startHour: v.number(),
              startMin: v.number(),
              endDay: v.picklist(DAYS),
              endHour: v.number(),
              endMin: v.number(),
            }),
          ),
        ),
      }),
    ),
  ),
});

const Schedule = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string(), ''),
  timezone: v.string(),
  enabled: v.optional(v.boolean(), true),
  rotations: v.optional(v.array(Rotation), []),
  overrides: v.optional(
    v.array(
      v.looseObject({
        alias: v.string(),
        user: Recipient,
        startDate: v.string(),
        endDate: v.string(),
      }),
    ),
    [],
  ),
});

export const OpsgenieFileSchema = v.looseObject({
  users: v.optional(v.array(User), []),
  teams: v.optional(v.array(Team), []),
  escalations: v.optional(v.array(Escalation), []),
  schedules: v.optional(v.array(Schedule), []),
});
export type OpsgenieFile = v.InferOutput<typeof OpsgenieFileSchema>;

const UNIT_MINUTES: Record<string, number> = { minutes: 1, hours: 60, days: 1440 };

function rotationOf(
  builder: PlanBuilder,
  schedule: v.InferOutput<typeof Schedule>,
  rotation: v.InferOutput<typeof Rotation>,
  index: number,
  userOf: (recipient: v.InferOutput<typeof Recipient>) => string | null,
  now: number,
): PlannedRotation | null {
  const name = rotation.name || `Rotation ${index + 1}`;
  const what = `Schedule ${schedule.name}, ${name}`;
  if (rotation.endDate && Date.parse(rotation.endDate) <= now) {
    builder.skip(what, 'The rotation has ended');
    return null;
  }
  const local = localStart(rotation.startDate, schedule.timezone);
  if (!local) {
    builder.skip(what, 'Its start or the time zone cannot be read');
    return null;
  }
  const participants = rotation.participants.flatMap((participant) => {
    const key = userOf(participant);
    if (key) return [key];
    builder.skip(
      `Schedule ${schedule.name}, ${name}: participant ${participant.name ?? participant.type}`,
      'A rotation takes users only',
    );
    return [];
  });
  const restriction = rotation.timeRestriction;
  const restrictions = !restriction
    ? []
    : restriction.type === 'time-of-day' && restriction.restriction
      ? (() => {
          const r = restriction.restriction;
          const from = r.startHour * 60 + r.startMin;
          const to = r.endHour * 60 + r.endMin;
          return dailyWindow(from, (to - from + 1440) % 1440 || 1440);
        })()
      : (restriction.restrictions ?? []).flatMap((r) => {
          const from = DAYS.indexOf(r.startDay) * 1440 + r.startHour * 60 + r.startMin;
          const to = DAYS.indexOf(r.endDay) * 1440 + r.endHour * 60 + r.endMin;
          return weeklyWindow(from, (to - from + 10_080) % 10_080 || 10_080);
        });
  const unit = rotation.type === 'hourly' ? 'H' : rotation.type === 'daily' ? 'D' : 'W';
  return { rotation_name: name, participants, shift_length: rotation.length, shift_unit: unit, ...local, restrictions };
}

/** docs/product.md#importers: an Opsgenie export as the neutral plan (`now`: rotations ended before it are left out). */
export function planOpsgenie(file: OpsgenieFile, now: number): ImportPlan {
  const builder = new PlanBuilder('opsgenie');
  const byName = new Map(file.users.map((user) => [user.username.toLowerCase(), user.id]));
  const userOf = (recipient: v.InferOutput<typeof Recipient>): string | null =>
    recipient.type !== 'user'
      ? null
      : (recipient.id ?? (recipient.username ? byName.get(recipient.username.toLowerCase()) : undefined) ?? null);

  for (const user of file.users) {
    const enabled = user.contacts.filter((contact) => contact.status?.enabled !== false);
    const phones = enabled
      .filter((contact) => contact.method === 'sms' || contact.method === 'voice')
      // Opsgenie writes a phone as "{country code}-{number}"
      .map((contact) => ({ raw: `+${contact.to.replace(/\D/g, '')}`, label: contact.to }));
    const email = enabled.find((contact) => contact.method === 'email')?.to ?? user.username;
    builder.addResource({ key: user.id, name: user.fullName, email, phones });
  }

  for (const schedule of file.schedules) {
    if (!schedule.enabled)
      builder.skip(`Schedule ${schedule.name}`, 'It is disabled in Opsgenie; it is imported active');
    builder.addSchedule({
      key: schedule.id,
      schedule_name: schedule.name,
      schedule_desc: schedule.description,
      time_zone: schedule.timezone,
      rotations: schedule.rotations.flatMap((rotation, index) => {
        const planned = rotationOf(builder, schedule, rotation, index, userOf, now);
        return planned ? [planned] : [];
      }),
      overrides: schedule.overrides.flatMap((override) => {
        const key = userOf(override.user);
        if (!key) {
          builder.skip(`Schedule ${schedule.name}: override ${override.alias}`, 'An override puts a user on call');
          return [];
        }
        return [
          { key: `${schedule.id}:${override.alias}`, resource: key, start: override.startDate, end: override.endDate },
        ];
      }),
    });
  }

  for (const escalation of file.escalations) {
    if ((escalation.repeat?.count ?? 0) > 0)
      builder.skip(
        `Escalation ${escalation.name}: repeats ${escalation.repeat?.count} times`,
        'Relevo walks an escalation once',
      );
    // Opsgenie counts each rule's delay from the alert; a Relevo step waits before the next one
    const rules = escalation.rules
      .map((rule) => ({ ...rule, at: rule.delay.timeAmount * (UNIT_MINUTES[rule.delay.timeUnit] ?? 1) }))
      .sort((a, b) => a.at - b.at);
    const steps: PlannedStep[] = [];
    rules.forEach((rule, index) => {
      const ruleName = `Escalation ${escalation.name}, rule ${index + 1}`;
      let target: StepTarget | null = null;
      const user = userOf(rule.recipient);
      if (user) target = { resource: user };
      else if (rule.recipient.type === 'schedule' && rule.recipient.id) {
        target = { schedule: rule.recipient.id };
        if (rule.notifyType !== 'default')
          builder.skip(
            `Escalation ${escalation.name}, rule ${index + 1}: notify ${rule.notifyType}`,
            'A step calls whoever is on call now',
          );
      } else if (rule.recipient.type === 'schedule') {
        const named = file.schedules.find((schedule) => schedule.name === rule.recipient.name);
        if (named) target = { schedule: named.id };
      }
      if (!target) {
        builder.skip(ruleName, `A step calls a user or a schedule, not a ${rule.recipient.type}`);
        return;
      }
      const next = rules[index + 1];
      steps.push({
        key: `${escalation.id}:${index}`,
        target,
        channel_id: builder.channelFor(target),
        ...builder.followUp(
          next ? next.at - rule.at : DEFAULT_WAIT_MINUTES,
          `Escalation ${escalation.name}, rule ${index + 1}: wait`,
        ),
      });
    });
    builder.addEscalation({
      key: escalation.id,
      escalation_name: escalation.name,
      escalation_desc: escalation.description,
      steps,
    });
  }

  // a team owns escalations: it becomes an application with a module per escalation
  for (const team of file.teams) {
    const owned = file.escalations.filter((escalation) => escalation.ownerTeam?.id === team.id);
    if (owned.length === 0) {
      builder.skip(`Team ${team.name}`, 'It owns no escalation: it has no module to route incidents');
      continue;
    }
    builder.addApplication({
      key: team.id,
      application_name: team.name,
      modules: owned.map((escalation) => ({
        key: `${team.id}:${escalation.id}`,
        module_name: escalation.name,
        module_desc: escalation.description,
        escalation: escalation.id,
      })),
    });
  }
  return builder.plan;
}
