import * as v from 'valibot';
import {
  DEFAULT_WAIT_MINUTES,
  PlanBuilder,
  dailyWindow,
  minutesOfClock,
  weeklyWindow,
  type ImportPlan,
  type PlannedOverride,
  type PlannedRotation,
  type PlannedStep,
  type StepTarget,
} from './plan';
import type { RotationRestriction } from '../schedules/schedule';
import { isTimeZone, zonedInstant } from '../schedules/zone';

/**
 * docs/product.md#importers, Grafana OnCall: the `results` of HTTP API v1's lists, keyed by list:
 * GET /api/v1/users, /escalation_chains, /escalation_policies, /schedules, /on_call_shifts and
 * /integrations.
 */

const User = v.looseObject({
  id: v.string(),
  email: v.string(),
  username: v.string(),
  name: v.optional(v.nullable(v.string())),
});

const Chain = v.looseObject({ id: v.string(), name: v.string() });

const Policy = v.looseObject({
  id: v.string(),
  escalation_chain_id: v.string(),
  position: v.number(),
  type: v.nullable(v.string()),
  duration: v.optional(v.nullable(v.number())),
  persons_to_notify: v.optional(v.nullable(v.array(v.string()))),
  notify_on_call_from_schedule: v.optional(v.nullable(v.string())),
});

const Schedule = v.looseObject({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  time_zone: v.optional(v.nullable(v.string())),
  shifts: v.optional(v.array(v.string()), []),
});

const Shift = v.looseObject({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  time_zone: v.optional(v.nullable(v.string())),
  level: v.optional(v.number(), 0),
  start: v.string(),
  duration: v.number(),
  frequency: v.optional(v.nullable(v.string())),
  interval: v.optional(v.nullable(v.number())),
  by_day: v.optional(v.nullable(v.array(v.string()))),
  until: v.optional(v.nullable(v.string())),
  users: v.optional(v.nullable(v.array(v.string()))),
  rolling_users: v.optional(v.nullable(v.array(v.array(v.string())))),
});

const Integration = v.looseObject({
  id: v.string(),
  name: v.string(),
  type: v.optional(v.string()),
  default_route: v.optional(v.nullable(v.looseObject({ escalation_chain_id: v.optional(v.nullable(v.string())) }))),
});

export const GrafanaOnCallFileSchema = v.looseObject({
  users: v.optional(v.array(User), []),
  escalation_chains: v.optional(v.array(Chain), []),
  escalation_policies: v.optional(v.array(Policy), []),
  schedules: v.optional(v.array(Schedule), []),
  on_call_shifts: v.optional(v.array(Shift), []),
  integrations: v.optional(v.array(Integration), []),
});
export type GrafanaOnCallFile = v.InferOutput<typeof GrafanaOnCallFileSchema>;

const BY_DAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
/** "2020-09-10T08:00:00", a local time of the shift's zone */
const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

/**
 * A recurring shift of rolling users: each occurrence lasts `duration` seconds and the next group
 * of users takes over every `interval` days, weeks or hours.
 */
function rotationOf(
  builder: PlanBuilder,
  schedule: string,
  shift: v.InferOutput<typeof Shift>,
): PlannedRotation | null {
  const what = `Schedule ${schedule}, shift ${shift.name}`;
  const local = LOCAL.exec(shift.start);
  const from = local ? minutesOfClock(local[2]!) : null;
  if (!local || from === null) {
    builder.skip(what, 'Its start cannot be read');
    return null;
  }
  const unit =
    shift.frequency === 'hourly' ? 'H' : shift.frequency === 'daily' ? 'D' : shift.frequency === 'weekly' ? 'W' : null;
  if (!unit) {
    builder.skip(what, `A rotation hands off hourly, daily or weekly, not ${shift.frequency ?? 'once'}`);
    return null;
  }
  const groups = shift.type === 'rolling_users' ? (shift.rolling_users ?? []) : [shift.users ?? []];
  if (groups.some((group) => group.length > 1))
    builder.skip(what, 'Relevo puts one person on call at a time: the first of each group is taken');
  const participants = groups.flatMap((group) => (group[0] ? [group[0]] : []));
  const minutes = Math.round(shift.duration / 60);
  const days = (shift.by_day ?? []).map((day) => BY_DAY.indexOf(day) + 1).filter((day) => day > 0);
  let restrictions: RotationRestriction[] = [];
  if (unit === 'D' || days.length > 0) restrictions = dailyWindow(from, minutes, days.length ? days : undefined);
  else if (unit === 'W' && minutes < 10_080) {
    const weekday = new Date(`${local[1]}T00:00:00Z`).getUTCDay();
    restrictions = weeklyWindow(((weekday + 6) % 7) * 1440 + from, minutes);
  }
  return {
    rotation_name: shift.name,
    participants,
    shift_length: shift.interval ?? 1,
    shift_unit: unit,
    handoff_time: local[2]!,
    start: local[1]!,
    restrictions,
  };
}

/** A local start ("2020-09-10T08:00:00") in the zone as an instant (null: unreadable). */
function instantOf(text: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match || !isTimeZone(zone)) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return zonedInstant(zone, { year: year!, month: month!, day: day!, hour, minute, second });
}

/** docs/product.md#importers: a Grafana OnCall export as the neutral plan. */
export function planGrafanaOnCall(file: GrafanaOnCallFile): ImportPlan {
  const builder = new PlanBuilder('grafana-oncall');
  const shifts = new Map(file.on_call_shifts.map((shift) => [shift.id, shift]));

  // the API shows no phone numbers: people are reached by e-mail until their phones are added
  for (const user of file.users)
    builder.addResource({ key: user.id, name: user.name || user.username, email: user.email, phones: [] });

  for (const schedule of file.schedules) {
    const what = `Schedule ${schedule.name}`;
    if (schedule.type === 'ical') {
      builder.skip(what, 'An iCal schedule is read from a calendar address, not from shifts');
      continue;
    }
    const own = schedule.shifts.flatMap((id) => {
      const shift = shifts.get(id);
      if (!shift) builder.skip(`Schedule ${schedule.name}: shift ${id}`, 'The shift is not in the file');
      return shift ? [shift] : [];
    });
    const rotations: PlannedRotation[] = [];
    const overrides: PlannedOverride[] = [];
    for (const shift of [...own].sort((a, b) => a.level - b.level)) {
      if (shift.type === 'override' || shift.type === 'single_event') {
        const at = instantOf(shift.start, shift.time_zone ?? schedule.time_zone ?? 'UTC');
        if (at === null) {
          builder.skip(`Schedule ${schedule.name}, shift ${shift.name}`, 'Its start cannot be read');
          continue;
        }
        const start = new Date(at).toISOString();
        const end = new Date(at + shift.duration * 1000).toISOString();
        for (const user of shift.users ?? [])
          overrides.push({ key: `${shift.id}:${user}`, resource: user, start, end });
        continue;
      }
      if (shift.type !== 'rolling_users' && shift.type !== 'recurrent_event') {
        builder.skip(
          `Schedule ${schedule.name}, shift ${shift.name}`,
          `A shift of type ${shift.type} has no equivalent`,
        );
        continue;
      }
      const rotation = rotationOf(builder, schedule.name, shift);
      if (rotation) rotations.push(rotation);
    }
    builder.addSchedule({
      key: schedule.id,
      schedule_name: schedule.name,
      schedule_desc: '',
      time_zone: schedule.time_zone ?? 'UTC',
      rotations,
      overrides,
    });
  }

  for (const chain of file.escalation_chains) {
    const policies = file.escalation_policies
      .filter((policy) => policy.escalation_chain_id === chain.id)
      .sort((a, b) => a.position - b.position);
    const steps: PlannedStep[] = [];
    // a wait sets how long the steps before it wait for an answer
    let pending: { key: string; target: StepTarget }[] = [];
    const flush = (minutes: number) => {
      pending.forEach((step, n) =>
        steps.push({
          ...step,
          channel_id: builder.channelFor(step.target),
          ...builder.followUp(
            n === pending.length - 1 ? minutes : DEFAULT_WAIT_MINUTES,
            `Escalation chain ${chain.name}: wait`,
          ),
        }),
      );
      pending = [];
    };
    for (const policy of policies) {
      const shown = `Escalation chain ${chain.name}, position ${policy.position}`;
      if (policy.type === 'wait') flush(Math.round((policy.duration ?? 0) / 60));
      else if (policy.type === 'notify_persons')
        for (const person of policy.persons_to_notify ?? [])
          pending.push({ key: `${policy.id}:${person}`, target: { resource: person } });
      else if (policy.type === 'notify_on_call_from_schedule' && policy.notify_on_call_from_schedule)
        pending.push({ key: policy.id, target: { schedule: policy.notify_on_call_from_schedule } });
      else builder.skip(shown, `A step of type ${policy.type ?? 'none'} has no equivalent`);
    }
    flush(DEFAULT_WAIT_MINUTES);
    builder.addEscalation({ key: chain.id, escalation_name: chain.name, escalation_desc: '', steps });
  }

  for (const integration of file.integrations) {
    const chain = integration.default_route?.escalation_chain_id;
    if (!chain) {
      builder.skip(`Integration ${integration.name}`, 'Its default route has no escalation chain');
      continue;
    }
    builder.addApplication({
      key: integration.id,
      application_name: integration.name,
      modules: [
        {
          key: integration.id,
          module_name: integration.name,
          module_desc: integration.type ? `Grafana OnCall integration (${integration.type})` : '',
          escalation: chain,
        },
      ],
    });
  }
  return builder.plan;
}
