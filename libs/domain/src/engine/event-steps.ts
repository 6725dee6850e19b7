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
}

const CHANNELS: Record<number, EngineChannel> = {
  [CHANNEL.voice]: 'voice',
  [CHANNEL.sms]: 'sms',
  [CHANNEL.email]: 'email',
};

/**
 * The steps an event copies when it is created (docs/product.md#escalation-engine): the active steps whose resource is
 * active and reachable on the step's channel, in priority order, each with the address it reaches
 * (the main phone, else the secondary; or the e-mail), its recalls (call again's attempts) and the
 * minutes it waits (none for a supervisor notice).
 */
export function engineStepsOf(rows: readonly StepRowForEngine[]): EngineStep[] {
  return inPriorityOrder(rows).flatMap((row) => {
    const channel = CHANNELS[row.channel_id];
    if (row.escalation_active !== 'Y' || row.resource_active !== 'Y' || !channel) return [];
    const address = channel === 'email' ? row.resource_email : (row.resource_phone1_e164 ?? row.resource_phone2_e164);
    if (!address) return [];
    const supervisor = isSupervisor(row.participation_type_id);
    return [
      {
        escalation_resource_id: row.escalation_resource_id,
        participation: supervisor ? ('supervisor' as const) : ('agent' as const),
        channel,
        resource_id: row.resource_id,
        resource_name: row.resource_fullname,
        address,
        language: row.language_id,
        recalls: !supervisor && row.ind_call_again === 'Y' ? row.max_attemp_number : 0,
        follow_up_minutes: supervisor ? 0 : followUpMinutes(row),
      },
    ];
  });
}
