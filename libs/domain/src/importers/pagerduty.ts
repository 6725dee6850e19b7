import * as v from 'valibot';
import {
  DEFAULT_WAIT_MINUTES,
  PlanBuilder,
  dailyWindow,
  localStart,
  minutesOfClock,
  shiftOf,
  weeklyWindow,
  type ImportPlan,
  type PlannedRotation,
  type PlannedStep,
  type StepTarget,
} from './plan';

/**
 * docs/product.md#importers, PagerDuty: the answers of REST API v2's lists, keyed by list:
 * GET /users?include[]=contact_methods, GET /escalation_policies, GET /schedules/{id} (each with
 * the answer of GET /schedules/{id}/overrides as `overrides`) and GET /services.
 */

const reference = v.looseObject({ id: v.string(), type: v.optional(v.string()), summary: v.optional(v.string()) });

const ContactMethod = v.looseObject({
  id: v.optional(v.string()),
  type: v.string(),
  label: v.optional(v.nullable(v.string())),
  address: v.string(),
  country_code: v.optional(v.nullable(v.number())),
});

const User = v.looseObject({
  id: v.string(),
  name: v.string(),
  email: v.optional(v.nullable(v.string())),
  contact_methods: v.optional(v.array(v.looseObject({ type: v.string() })), []),
});

const Restriction = v.looseObject({
  type: v.picklist(['daily_restriction', 'weekly_restriction']),
  start_time_of_day: v.string(),
  duration_seconds: v.number(),
  start_day_of_week: v.optional(v.nullable(v.number())),
});

const Layer = v.looseObject({
  id: v.optional(v.string()),
  name: v.optional(v.nullable(v.string())),
  start: v.optional(v.nullable(v.string())),
  end: v.optional(v.nullable(v.string())),
  rotation_virtual_start: v.string(),
  rotation_turn_length_seconds: v.number(),
  users: v.array(v.looseObject({ user: reference })),
  restrictions: v.optional(v.nullable(v.array(Restriction)), []),
});

const Override = v.looseObject({
  id: v.string(),
  start: v.string(),
  end: v.string(),
  user: reference,
});

const Schedule = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.nullable(v.string())),
  time_zone: v.string(),
  schedule_layers: v.optional(v.array(Layer), []),
  overrides: v.optional(v.array(Override), []),
});

const Policy = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.nullable(v.string())),
  num_loops: v.optional(v.nullable(v.number())),
  escalation_rules: v.array(
    v.looseObject({
      id: v.optional(v.string()),
      escalation_delay_in_minutes: v.number(),
      targets: v.array(reference),
    }),
  ),
});

const Service = v.looseObject({
  id: v.string(),
  name: v.string(),
  description: v.optional(v.nullable(v.string())),
  escalation_policy: v.optional(v.nullable(reference)),
});

export const PagerDutyFileSchema = v.looseObject({
  users: v.optional(v.array(User), []),
  escalation_policies: v.optional(v.array(Policy), []),
  schedules: v.optional(v.array(Schedule), []),
  services: v.optional(v.array(Service), []),
});
export type PagerDutyFile = v.InferOutput<typeof PagerDutyFileSchema>;

const PHONE_TYPES = ['phone_contact_method', 'sms_contact_method'];

function rotationOf(
  builder: PlanBuilder,
  schedule: v.InferOutput<typeof Schedule>,
  layer: v.InferOutput<typeof Layer>,
  index: number,
  now: number,
): PlannedRotation | null {
  const name = layer.name || `Layer ${index + 1}`;
  const what = `Schedule ${schedule.name}, ${name}`;
  if (layer.end && Date.parse(layer.end) <= now) {
    builder.skip(what, 'The layer has ended');
    return null;
  }
  const shift = shiftOf(layer.rotation_turn_length_seconds);
  if (!shift) {
    builder.skip(what, `A shift of ${layer.rotation_turn_length_seconds} seconds is not whole hours`);
    return null;
  }
  const local = localStart(layer.rotation_virtual_start, schedule.time_zone);
  if (!local) {
    builder.skip(what, 'Its start or the time zone cannot be read');
    return null;
  }
  const restrictions = (layer.restrictions ?? []).flatMap((restriction) => {
    const from = minutesOfClock(restriction.start_time_of_day);
    const minutes = Math.round(restriction.duration_seconds / 60);
    if (from === null || minutes <= 0) {
      builder.skip(`Schedule ${schedule.name}, ${name}: restriction`, 'Its start or length cannot be read');
      return [];
    }
    if (restriction.type === 'daily_restriction') return dailyWindow(from, minutes);
    const day = restriction.start_day_of_week ?? 1;
    return weeklyWindow((day - 1) * 1440 + from, minutes);
  });
  return {
    rotation_name: name,
    participants: layer.users.map((entry) => entry.user.id),
    ...shift,
    ...local,
    restrictions,
  };
}

/** docs/product.md#importers: a PagerDuty export as the neutral plan (`now`: layers ended before it are left out). */
export function planPagerDuty(file: PagerDutyFile, now: number): ImportPlan {
  const builder = new PlanBuilder('pagerduty');

  for (const user of file.users) {
    const phones = user.contact_methods.flatMap((raw) => {
      const parsed = v.safeParse(ContactMethod, raw);
      if (!parsed.success || !PHONE_TYPES.includes(parsed.output.type)) return [];
      const method = parsed.output;
      const digits = method.address.replace(/\D/g, '');
      return [
        {
          raw: method.country_code ? `+${method.country_code}${digits}` : method.address,
          label: method.label ?? method.address,
        },
      ];
    });
    const email =
      user.email ??
      user.contact_methods.flatMap((raw) => {
        const parsed = v.safeParse(ContactMethod, raw);
        return parsed.success && parsed.output.type === 'email_contact_method' ? [parsed.output.address] : [];
      })[0] ??
      null;
    builder.addResource({ key: user.id, name: user.name, email, phones });
  }

  for (const schedule of file.schedules) {
    // the REST API lists a schedule's layers top layer first; Relevo's later rotations are above
    const layers = [...schedule.schedule_layers].reverse();
    builder.addSchedule({
      key: schedule.id,
      schedule_name: schedule.name,
      schedule_desc: schedule.description ?? '',
      time_zone: schedule.time_zone,
      rotations: layers.flatMap((layer, index) => {
        const rotation = rotationOf(builder, schedule, layer, index, now);
        return rotation ? [rotation] : [];
      }),
      overrides: schedule.overrides.map((override) => ({
        key: `${schedule.id}:${override.id}`,
        resource: override.user.id,
        start: override.start,
        end: override.end,
      })),
    });
  }

  for (const policy of file.escalation_policies) {
    if ((policy.num_loops ?? 0) > 0)
      builder.skip(
        `Escalation policy ${policy.name}: repeats ${policy.num_loops} times`,
        'Relevo walks an escalation once',
      );
    const steps: PlannedStep[] = [];
    policy.escalation_rules.forEach((rule, index) => {
      const ruleName = `Escalation policy ${policy.name}, rule ${index + 1}`;
      const targets = rule.targets.flatMap((target): StepTarget[] => {
        if (target.type === 'user_reference' || target.type === 'user') return [{ resource: target.id }];
        if (target.type === 'schedule_reference' || target.type === 'schedule') return [{ schedule: target.id }];
        builder.skip(
          `Escalation policy ${policy.name}, rule ${index + 1}: ${target.summary ?? target.id}`,
          `A step calls a user or a schedule, not a ${target.type ?? 'target'}`,
        );
        return [];
      });
      if (targets.length > 1)
        builder.skip(ruleName, `It notifies ${targets.length} targets at once: they become steps one after another`);
      targets.forEach((target, n) => {
        const wait = n === targets.length - 1 ? rule.escalation_delay_in_minutes : DEFAULT_WAIT_MINUTES;
        steps.push({
          key: `${policy.id}:${rule.id ?? index}:${'resource' in target ? target.resource : target.schedule}`,
          target,
          channel_id: builder.channelFor(target),
          ...builder.followUp(wait, `Escalation policy ${policy.name}, rule ${index + 1}: wait`),
        });
      });
    });
    builder.addEscalation({
      key: policy.id,
      escalation_name: policy.name,
      escalation_desc: policy.description ?? '',
      steps,
    });
  }

  for (const service of file.services) {
    if (!service.escalation_policy) {
      builder.skip(`Service ${service.name}`, 'It has no escalation policy');
      continue;
    }
    builder.addApplication({
      key: service.id,
      application_name: service.name,
      modules: [
        {
          key: service.id,
          module_name: service.name,
          module_desc: service.description ?? '',
          escalation: service.escalation_policy.id,
        },
      ],
    });
  }
  return builder.plan;
}
