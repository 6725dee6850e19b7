import { CHANNEL } from './escalation-step';

/**
 * Whether an escalation can run (docs/product.md#escalations escalation_validate, 3): the engine walks its active
 * steps in priority order and contacts each step's resource on the step's channel, so it must have
 * at least one active step, every active step's resource must be active and reachable on that
 * channel (a phone for a voice call or an SMS, an address for an e-mail), and the step marked
 * last in line must be the last active one. A step that calls a schedule (docs/product.md#schedules)
 * contacts whoever is on call when it runs: it counts while its schedule is active.
 */
export const ESCALATION_INVALID_WARNING = 'The resource configuration is incomplete or incorrect.';

export interface StepForValidity {
  escalation_resource_id: number;
  escalation_priority_orden: number;
  escalation_active: 'Y' | 'N';
  escalation_last_in_line: 'Y' | 'N';
  channel_id: number;
  /** the resource the step calls, or null when it calls a schedule */
  resource: ResourceForValidity | null;
  /** the schedule whose person on call the step calls (docs/product.md#schedules), or null */
  schedule?: ScheduleForValidity | null;
}

export interface ResourceForValidity {
  resource_fullname: string;
  resource_active: 'Y' | 'N';
  resource_email: string | null;
  resource_phone1: string | null;
  resource_phone2: string | null;
}

export interface ScheduleForValidity {
  schedule_name: string;
  schedule_active: 'Y' | 'N';
}

/** Steps in the order the engine walks them (priority, then id for equal priorities). */
export function inPriorityOrder<
  T extends Pick<StepForValidity, 'escalation_priority_orden' | 'escalation_resource_id'>,
>(steps: readonly T[]): T[] {
  return [...steps].sort(
    (a, b) =>
      a.escalation_priority_orden - b.escalation_priority_orden || a.escalation_resource_id - b.escalation_resource_id,
  );
}

/** The step the server marks last in line: the last active one, or none. */
export function lastInLineStep<
  T extends Pick<StepForValidity, 'escalation_priority_orden' | 'escalation_resource_id' | 'escalation_active'>,
>(steps: readonly T[]): T | null {
  const active = inPriorityOrder(steps).filter((step) => step.escalation_active === 'Y');
  return active.at(-1) ?? null;
}

/**
 * Whether a resource can be reached on a channel. Push needs nothing of the resource's record
 * (docs/product.md#push-notifications): its devices are the person's to add and drop, and a push
 * service may drop one at any time, so they do not make an escalation invalid; an incident skips a
 * push step whose person has no device then (`engineStepsOf`).
 */
export function reachableOn(resource: StepForValidity['resource'], channelId: number): boolean {
  if (!resource) return false;
  // docs/product.md#team-chat: a chat step posts in the channel of the incident's module, naming
  // the person; modules (not escalations) have chats, so an incident skips it when none posts
  if (channelId === CHANNEL.push || channelId === CHANNEL.chat) return true;
  if (channelId === CHANNEL.email) return !!resource.resource_email?.trim();
  if (channelId === CHANNEL.voice || channelId === CHANNEL.sms)
    return !!(resource.resource_phone1?.trim() || resource.resource_phone2?.trim());
  return false;
}

const CHANNEL_NAMES: Record<number, string> = {
  [CHANNEL.voice]: 'a voice call',
  [CHANNEL.sms]: 'an SMS',
  [CHANNEL.email]: 'an e-mail',
};

/** Why an escalation cannot run, one line per problem (empty when it can). */
export function escalationProblems(steps: readonly StepForValidity[]): string[] {
  const ordered = inPriorityOrder(steps);
  const active = ordered.filter((step) => step.escalation_active === 'Y');
  if (active.length === 0) return ['It has no active step.'];
  const problems: string[] = [];
  for (const step of active) {
    const at = `Step ${step.escalation_priority_orden}`;
    if (step.schedule) {
      // whoever is on call is reached on the step's channel as the engine finds them then
      if (step.schedule.schedule_active !== 'Y')
        problems.push(`${at}: schedule ${step.schedule.schedule_name} is inactive.`);
      continue;
    }
    if (!step.resource) {
      problems.push(`${at}: it calls nobody.`);
      continue;
    }
    const name = step.resource.resource_fullname;
    if (step.resource.resource_active !== 'Y') problems.push(`${at}: ${name} is inactive.`);
    else if (!reachableOn(step.resource, step.channel_id)) {
      problems.push(
        `${at}: ${name} has no ${step.channel_id === CHANNEL.email ? 'e-mail address' : 'phone'} for ${CHANNEL_NAMES[step.channel_id] ?? 'this channel'}.`,
      );
    }
  }
  const marked = ordered.filter((step) => step.escalation_last_in_line === 'Y');
  const last = active.at(-1)!;
  if (marked.length !== 1 || marked[0]!.escalation_resource_id !== last.escalation_resource_id) {
    problems.push('The last active step is not marked last in line.');
  }
  return problems;
}

/** docs/product.md#entities escalation_validate. */
export const isEscalationValid = (steps: readonly StepForValidity[]): boolean => escalationProblems(steps).length === 0;
