import { CHANNEL, followUpMinutes, isSupervisor } from '../rules/escalation-step';
import { inPriorityOrder } from '../rules/escalation';
import type { EngineChannel, EngineStep } from './escalation-engine';

/** A step and its resource as the database holds them, when an event copies its escalation. */
export interface StepRowForEngine {
  escalation_resource_id: number;
  escalation_priority_orden: number;
  escalation_active: 'Y' | 'N';
  participation_type_id: number;
  channel_id: number;
  ind_call_again: 'Y' | 'N';
  max_attemp_number: number;
  next_followup_time: number;
  next_followup_time_mult: 'M' | 'H' | 'D';
  resource_id: number;
  resource_fullname: string;
  resource_active: 'Y' | 'N';
  resource_email: string | null;
  resource_phone1_e164: string | null;
  resource_phone2_e164: string | null;
  language_id: string;
  /**
   * docs/product.md#schedules: the schedule a step calls (its resource fields are then unused): the
   * person on call is found at each contact
   */
  schedule?: { schedule_id: number; schedule_name: string; schedule_active: 'Y' | 'N' } | null;
  /**
   * the resource's push devices (its own subscriptions and those of its customer's users with its
   * e-mail); absent: none
   */
  resource_push_devices?: number;
  /**
   * docs/product.md#team-chat ("A chat as a step"): the customer's chats that are on and post for
   * the event's module; absent: none
   */
  module_chats?: number;
}

const CHANNELS: Record<number, EngineChannel> = {
  [CHANNEL.voice]: 'voice',
  [CHANNEL.sms]: 'sms',
  [CHANNEL.email]: 'email',
  [CHANNEL.push]: 'push',
  [CHANNEL.chat]: 'chat',
};

/** Where a push step reaches its resource: the recipient of its messages, one slot per person (throttling). */
export const pushAddress = (resourceId: number) => `push:${resourceId}`;

/** Where a team chat step reaches its resource: the person the post in the module's chats names. */
export const chatAddress = (resourceId: number) => `chat:${resourceId}`;

/** A resource as the engine reaches it: who, whether active, its addresses and language. */
export type EnginePerson = Pick<
  StepRowForEngine,
  | 'resource_id'
  | 'resource_fullname'
  | 'resource_active'
  | 'resource_email'
  | 'resource_phone1_e164'
  | 'resource_phone2_e164'
  | 'language_id'
>;

/** What of a resource says where each channel reaches them. */
export type ResourceAddresses = Pick<
  StepRowForEngine,
  | 'resource_id'
  | 'resource_email'
  | 'resource_phone1_e164'
  | 'resource_phone2_e164'
  | 'resource_push_devices'
  | 'module_chats'
>;

/** The address a step's channel reaches the resource at, or null when it cannot reach them. */
export function addressOf(row: ResourceAddresses, channel: EngineChannel): string | null {
  if (channel === 'email') return row.resource_email;
  // docs/product.md#push-notifications: a person without a device cannot be reached by push
  if (channel === 'push') return (row.resource_push_devices ?? 0) > 0 ? pushAddress(row.resource_id) : null;
  // docs/product.md#team-chat: a chat step posts in the module's channel, so it needs a chat that posts for it
  if (channel === 'chat') return (row.module_chats ?? 0) > 0 ? chatAddress(row.resource_id) : null;
  return row.resource_phone1_e164 ?? row.resource_phone2_e164;
}

/**
 * The steps an event copies when it is created (docs/product.md#escalation-engine): the active steps whose resource is
 * active and reachable on the step's channel, in priority order, each with the address it reaches
 * (the main phone, else the secondary; the e-mail; or, for push, the person when they have a
 * device; for a team chat, the person when a chat of the customer posts for the module), its
 * recalls (call again's attempts) and the minutes it waits (none for a supervisor notice).
 */
export function engineStepsOf(rows: readonly StepRowForEngine[]): EngineStep[] {
  return inPriorityOrder(rows).flatMap((row) => {
    const channel = CHANNELS[row.channel_id];
    if (row.escalation_active !== 'Y' || !channel) return [];
    const supervisor = isSupervisor(row.participation_type_id);
    const walked = {
      escalation_resource_id: row.escalation_resource_id,
      participation: supervisor ? ('supervisor' as const) : ('agent' as const),
      channel,
      recalls: !supervisor && row.ind_call_again === 'Y' ? row.max_attemp_number : 0,
      follow_up_minutes: supervisor ? 0 : followUpMinutes(row),
    };
    const { schedule } = row;
    if (schedule) {
      // docs/product.md#schedules: whoever is on call when the step runs (`OnCallLookup`)
      if (schedule.schedule_active !== 'Y') return [];
      return [
        {
          ...walked,
          resource_id: 0,
          resource_name: schedule.schedule_name,
          address: '',
          language: row.language_id,
          schedule: { schedule_id: schedule.schedule_id, schedule_name: schedule.schedule_name },
        },
      ];
    }
    if (row.resource_active !== 'Y') return [];
    const address = addressOf(row, channel);
    if (!address) return [];
    return [
      {
        ...walked,
        resource_id: row.resource_id,
        resource_name: row.resource_fullname,
        address,
        language: row.language_id,
      },
    ];
  });
}
