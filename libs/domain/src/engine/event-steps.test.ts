import { describe, expect, it } from 'vitest';
import { engineStepsOf, type StepRowForEngine } from './event-steps';

const row = (over: Partial<StepRowForEngine>): StepRowForEngine => ({
  escalation_resource_id: 1,
  escalation_priority_orden: 1,
  escalation_active: 'Y',
  participation_type_id: 1,
  channel_id: 1,
  ind_call_again: 'N',
  max_attemp_number: 0,
  next_followup_time: 15,
  next_followup_time_mult: 'M',
  resource_id: 10,
  resource_fullname: 'Carlos',
  resource_active: 'Y',
  resource_email: 'carlos@example.test',
  resource_phone1_e164: '+17875550142',
  resource_phone2_e164: null,
  language_id: 'ES',
  ...over,
});

describe('the steps an event copies (docs/product.md#escalation-engine)', () => {
  it('keeps the active, reachable steps in priority order with their address, recalls and wait', () => {
    const steps = engineStepsOf([
      row({
        escalation_resource_id: 3,
        escalation_priority_orden: 3,
        participation_type_id: 2,
        channel_id: 3,
        ind_call_again: 'Y',
        max_attemp_number: 4,
        next_followup_time: 0,
      }),
      row({
        escalation_resource_id: 1,
        escalation_priority_orden: 1,
        ind_call_again: 'Y',
        max_attemp_number: 3,
        next_followup_time: 2,
        next_followup_time_mult: 'H',
      }),
      row({
        escalation_resource_id: 2,
        escalation_priority_orden: 2,
        channel_id: 2,
        resource_phone1_e164: null,
        resource_phone2_e164: '+17875550199',
        language_id: 'EN',
      }),
    ]);
    expect(steps).toEqual([
      {
        escalation_resource_id: 1,
        participation: 'agent',
        channel: 'voice',
        resource_id: 10,
        resource_name: 'Carlos',
        address: '+17875550142',
        language: 'ES',
        recalls: 3,
        follow_up_minutes: 120,
      },
      {
        escalation_resource_id: 2,
        participation: 'agent',
        channel: 'sms',
        resource_id: 10,
        resource_name: 'Carlos',
        address: '+17875550199',
        language: 'EN',
        recalls: 0,
        follow_up_minutes: 15,
      },
      // a supervisor is told once: no recalls, no wait, whatever the row holds
      {
        escalation_resource_id: 3,
        participation: 'supervisor',
        channel: 'email',
        resource_id: 10,
        resource_name: 'Carlos',
        address: 'carlos@example.test',
        language: 'ES',
        recalls: 0,
        follow_up_minutes: 0,
      },
    ]);
  });

  it('leaves out inactive steps, inactive resources and resources the channel cannot reach', () => {
    expect(
      engineStepsOf([
        row({ escalation_resource_id: 1, escalation_active: 'N' }),
        row({ escalation_resource_id: 2, resource_active: 'N' }),
        row({ escalation_resource_id: 3, channel_id: 3, resource_email: null }),
        row({ escalation_resource_id: 4, channel_id: 2, resource_phone1_e164: null }),
        row({ escalation_resource_id: 5, channel_id: 9 }),
      ]),
    ).toEqual([]);
  });
});
