import * as v from 'valibot';
import {
  PlanBuilder,
  clockText,
  localStart,
  minutesOfClock,
  type ImportPlan,
  type PlannedRotation,
  type PlannedStep,
  type StepTarget,
} from './plan';
import type { RotationRestriction } from '../schedules/schedule';

/**
 * docs/product.md#importers, GoAlert: the `data` of GraphQL queries, keyed by query: `users`
 * (with contactMethods), `escalationPolicies` (with steps and their targets), `rotations`,
 * `schedules` (with targets and their rules), `userOverrides` and `services`. Each list is the
 * connection's `nodes`, or the connection itself.
 */

const Target = v.looseObject({ id: v.string(), type: v.string(), name: v.optional(v.nullable(v.string())) });

/* @__NO_SIDE_EFFECTS__ */
const list = <T extends v.GenericSchema>(item: T) =>
  v.optional(
    v.union([
      v.array(item),
      v.pipe(
        v.looseObject({ nodes: v.array(item) }),
        v.transform((connection) => connection.nodes),
      ),
    ]),
    [],
  );

const User = v.looseObject({
  id: v.string(),
  name: v.string(),
  email: v.optional(v.string(), ''),
  contactMethods: v.optional(
    v.array(
      v.looseObject({
        type: v.nullable(v.string()),
        name: v.optional(v.string()),
        value: v.string(),
        disabled: v.optional(v.boolean(), false),
      }),
    ),
    [],
  ),
});

const Policy = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string(), ''),
  repeat: v.optional(v.number(), 0),
  steps: v.array(
    v.looseObject({
      id: v.optional(v.string()),
      stepNumber: v.optional(v.number()),
      delayMinutes: v.number(),
      targets: v.array(Target),
    }),
  ),
});

const Rotation = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string(), ''),
  start: v.string(),
  timeZone: v.string(),
  type: v.picklist(['weekly', 'daily', 'hourly']),
  shiftLength: v.optional(v.number(), 1),
  userIDs: v.array(v.string()),
});

const Rule = v.looseObject({
  start: v.string(),
  end: v.string(),
  weekdayFilter: v.pipe(v.array(v.boolean()), v.length(7)),
});

const Schedule = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string(), ''),
  timeZone: v.string(),
  targets: v.optional(v.array(v.looseObject({ target: Target, rules: v.array(Rule) })), []),
});

const Override = v.looseObject({
  id: v.string(),
  start: v.string(),
  end: v.string(),
  addUserID: v.optional(v.string(), ''),
  removeUserID: v.optional(v.string(), ''),
  target: Target,
});

const Service = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.string(), ''),
  escalationPolicyID: v.string(),
});

export const GoAlertFileSchema = v.looseObject({
  users: list(User),
  escalationPolicies: list(Policy),
  rotations: list(Rotation),
  schedules: list(Schedule),
  userOverrides: list(Override),
  services: list(Service),
});
export type GoAlertFile = v.InferOutput<typeof GoAlertFileSchema>;

/** A schedule rule (weekdays from Sunday, a start and an end clock time) as restrictions; none: always. */
function restrictionsOf(rules: readonly v.InferOutput<typeof Rule>[]): RotationRestriction[] | null {
  const out: RotationRestriction[] = [];
  for (const rule of rules) {
    const from = minutesOfClock(rule.start);
    const to = minutesOfClock(rule.end);
    if (from === null || to === null) return null;
    const days = rule.weekdayFilter.flatMap((on, index) => (on ? [index === 0 ? 7 : index] : []));
    if (days.length === 7 && from === to) return [];
    if (days.length > 0) out.push({ days: days.sort((a, b) => a - b), from: clockText(from), to: clockText(to) });
  }
  return out;
}

/** docs/product.md#importers: a GoAlert export as the neutral plan. */
export function planGoAlert(file: GoAlertFile): ImportPlan {
  const builder = new PlanBuilder('goalert');
  const rotations = new Map(file.rotations.map((rotation) => [rotation.id, rotation]));

  for (const user of file.users) {
    const live = user.contactMethods.filter((method) => !method.disabled);
    const phones = live
      .filter((method) => method.type === 'SMS' || method.type === 'VOICE')
      .map((method) => ({ raw: method.value, label: method.name ?? method.value }));
    const email = user.email || live.find((method) => method.type === 'EMAIL')?.value || null;
    builder.addResource({ key: user.id, name: user.name, email, phones });
  }

  const rotationOf = (
    rotation: v.InferOutput<typeof Rotation>,
    zone: string,
    restrictions: RotationRestriction[],
  ): PlannedRotation | null => {
    const local = localStart(rotation.start, zone);
    if (!local) {
      builder.skip(`Rotation ${rotation.name}`, 'Its start or the time zone cannot be read');
      return null;
    }
    return {
      rotation_name: rotation.name,
      participants: rotation.userIDs,
      shift_length: rotation.shiftLength,
      shift_unit: rotation.type === 'hourly' ? 'H' : rotation.type === 'daily' ? 'D' : 'W',
      ...local,
      restrictions,
    };
  };

  for (const schedule of file.schedules) {
    const planned: PlannedRotation[] = [];
    for (const { target, rules } of schedule.targets) {
      const what = `Schedule ${schedule.name}: ${target.name ?? target.id}`;
      const restrictions = restrictionsOf(rules);
      if (restrictions === null) {
        builder.skip(what, 'Its rules cannot be read');
        continue;
      }
      if (target.type === 'rotation') {
        const rotation = rotations.get(target.id);
        const made = rotation ? rotationOf(rotation, schedule.timeZone, restrictions) : null;
        if (made) planned.push(made);
        else if (!rotation) builder.skip(what, 'The rotation is not in the file');
      } else if (target.type === 'user') {
        // a user on the schedule directly: a rotation of one, on call whenever the rules say
        planned.push({
          rotation_name: target.name ?? target.id,
          participants: [target.id],
          shift_length: 1,
          shift_unit: 'W',
          handoff_time: '00:00',
          start: '2020-01-06',
          restrictions,
        });
      } else builder.skip(what, `A schedule takes rotations and users, not a ${target.type}`);
    }
    builder.addSchedule({
      key: schedule.id,
      schedule_name: schedule.name,
      schedule_desc: schedule.description,
      time_zone: schedule.timeZone,
      rotations: planned,
      overrides: file.userOverrides
        .filter((override) => override.target.type === 'schedule' && override.target.id === schedule.id)
        .flatMap((override) => {
          if (!override.addUserID) {
            builder.skip(
              `Schedule ${schedule.name}: override ${override.id}`,
              'An override puts a person on call; removing one has no equivalent',
            );
            return [];
          }
          return [{ key: override.id, resource: override.addUserID, start: override.start, end: override.end }];
        }),
    });
  }

  // a step may call a rotation directly: it becomes a schedule of that one rotation
  const rotationSchedule = (id: string): StepTarget | null => {
    const key = `rotation:${id}`;
    if (builder.hasSchedule(key)) return { schedule: key };
    const rotation = rotations.get(id);
    if (!rotation) return null;
    const made = rotationOf(rotation, rotation.timeZone, []);
    if (!made) return null;
    builder.addSchedule({
      key,
      schedule_name: rotation.name,
      schedule_desc: rotation.description,
      time_zone: rotation.timeZone,
      rotations: [made],
      overrides: [],
    });
    return builder.hasSchedule(key) ? { schedule: key } : null;
  };

  for (const policy of file.escalationPolicies) {
    // each text whole (not built on a shared prefix): the catalogs translate it as one message
    if (policy.repeat > 0)
      builder.skip(
        `Escalation policy ${policy.name}: repeats ${policy.repeat} times`,
        'Relevo walks an escalation once',
      );
    const steps: PlannedStep[] = [];
    for (const [index, step] of [...policy.steps].sort((a, b) => (a.stepNumber ?? 0) - (b.stepNumber ?? 0)).entries()) {
      const stepName = `Escalation policy ${policy.name}, step ${index + 1}`;
      const targets = step.targets.flatMap((target): StepTarget[] => {
        if (target.type === 'user') return [{ resource: target.id }];
        if (target.type === 'schedule') return [{ schedule: target.id }];
        if (target.type === 'rotation') {
          const made = rotationSchedule(target.id);
          if (made) return [made];
        }
        builder.skip(
          `Escalation policy ${policy.name}, step ${index + 1}: ${target.name ?? target.id}`,
          `A step calls a user or a schedule, not a ${target.type}`,
        );
        return [];
      });
      if (targets.length > 1)
        builder.skip(stepName, `It notifies ${targets.length} targets at once: they become steps one after another`);
      targets.forEach((target, n) => {
        steps.push({
          key: `${policy.id}:${step.id ?? index}:${n}`,
          target,
          channel_id: builder.channelFor(target),
          ...builder.followUp(
            n === targets.length - 1 ? step.delayMinutes : 15,
            `Escalation policy ${policy.name}, step ${index + 1}: wait`,
          ),
        });
      });
    }
    builder.addEscalation({
      key: policy.id,
      escalation_name: policy.name,
      escalation_desc: policy.description,
      steps,
    });
  }

  for (const service of file.services)
    builder.addApplication({
      key: service.id,
      application_name: service.name,
      modules: [
        {
          key: service.id,
          module_name: service.name,
          module_desc: service.description,
          escalation: service.escalationPolicyID,
        },
      ],
    });
  return builder.plan;
}
