import { describe, expect, it } from 'vitest';
import { CHANNEL } from '../rules/escalation-step';
import { escalationProblems, reachableOn, type StepForValidity } from '../rules/escalation';
import { pushNotification, PUSH_TEXT_LIMITS, type PushNotification } from './contact-message';
import { newEngineState, type ContactAction } from './escalation-engine';
import { engineStepsOf, pushAddress, type StepRowForEngine } from './event-steps';
import { T0, agent } from './steps.fixture';
import { bundleMessage } from './throttle';
import { contactOf } from './wake-up';

/** docs/product.md#push-notifications: push as a channel of escalation steps. */

const row = (over: Partial<StepRowForEngine>): StepRowForEngine => ({
  escalation_resource_id: 1,
  escalation_priority_orden: 1,
  escalation_active: 'Y',
  participation_type_id: 1,
  channel_id: CHANNEL.push,
  ind_call_again: 'N',
  max_attemp_number: 0,
  next_followup_time: 15,
  next_followup_time_mult: 'M',
  resource_id: 10,
  resource_fullname: 'Carlos',
  resource_active: 'Y',
  resource_email: null,
  resource_phone1_e164: null,
  resource_phone2_e164: null,
  language_id: 'EN',
  ...over,
});

describe('the push steps an event copies', () => {
  it('reaches a person with a device at their push address, whatever their phone and e-mail', () => {
    const [step] = engineStepsOf([row({ resource_push_devices: 2 })]);
    expect(step).toMatchObject({ channel: 'push', address: pushAddress(10), resource_id: 10, follow_up_minutes: 15 });
    expect(pushAddress(10)).toBe('push:10');
  });

  it('skips a push step whose person has no device, as a step without a phone for SMS', () => {
    const steps = engineStepsOf([
      row({ escalation_resource_id: 1, resource_push_devices: 0 }),
      row({ escalation_resource_id: 2, escalation_priority_orden: 2, resource_push_devices: undefined }),
      row({
        escalation_resource_id: 3,
        escalation_priority_orden: 3,
        channel_id: CHANNEL.sms,
        resource_phone1_e164: '+17875550142',
      }),
    ]);
    expect(steps.map((s) => [s.escalation_resource_id, s.channel])).toEqual([[3, 'sms']]);
  });
});

describe('the validity of an escalation with push steps', () => {
  const step = (resource: Partial<StepForValidity['resource']> = {}): StepForValidity => ({
    escalation_resource_id: 1,
    escalation_priority_orden: 1,
    escalation_active: 'Y',
    escalation_last_in_line: 'Y',
    channel_id: CHANNEL.push,
    resource: {
      resource_fullname: 'Carlos',
      resource_active: 'Y',
      resource_email: null,
      resource_phone1: null,
      resource_phone2: null,
      ...resource,
    },
  });

  it('needs no phone or e-mail: devices come and go and do not make an escalation invalid', () => {
    expect(reachableOn(step().resource, CHANNEL.push)).toBe(true);
    expect(escalationProblems([step()])).toEqual([]);
  });

  it('still needs an active person', () => {
    expect(escalationProblems([step({ resource_active: 'N' })])).toEqual(['Step 1: Carlos is inactive.']);
  });
});

const facts = {
  language: 'EN',
  caseId: 'K7QW2M9P',
  incident: 'Disk full',
  attempt: 1,
  toAccepter: false,
  notice: false,
  description: 'The disk of db-1 is full',
  link: 'https://relevo.example/respond/7.0.sig',
};

describe('a push notification', () => {
  it('carries the case, the text in the person language, the responder page and both actions', () => {
    expect(pushNotification(facts)).toEqual({
      title: 'Case K7QW2M9P: Disk full',
      body: 'New incident. The disk of db-1 is full',
      case_id: 'K7QW2M9P',
      lang: 'en',
      url: 'https://relevo.example/respond/7.0.sig',
      actions: [
        { action: 'accept', title: 'Accept' },
        { action: 'resolve', title: 'Resolve' },
      ],
    });
    const spanish = pushNotification({ ...facts, language: 'ES', attempt: 2 });
    expect(spanish.title).toBe('Caso K7QW2M9P: Disk full');
    expect(spanish.body).toBe('Recordatorio, sigue abierto. The disk of db-1 is full');
    expect(spanish.actions.map((a) => a.title)).toEqual(['Aceptar', 'Resolver']);
  });

  it('offers only Resolve to the person who accepted', () => {
    expect(pushNotification({ ...facts, toAccepter: true }).actions).toEqual([{ action: 'resolve', title: 'Resolve' }]);
  });

  it('keeps a long incident and description within the limits, whole characters and an ellipsis', () => {
    const long = pushNotification({ ...facts, incident: '💥'.repeat(500), description: 'x'.repeat(5000) });
    expect([...long.title]).toHaveLength(PUSH_TEXT_LIMITS.title);
    expect([...long.body]).toHaveLength(PUSH_TEXT_LIMITS.body);
    expect(long.title.endsWith('💥…')).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify(long)).length).toBeLessThan(3000);
  });

  it('is the message of a push contact, as JSON', () => {
    const step = agent(1, { channel: 'push', address: pushAddress(101), language: 'EN' });
    const state = newEngineState({ created_at: T0, sla_minutes: null, steps: [step] });
    const action: ContactAction = {
      kind: 'contact',
      step: 0,
      attempt: 1,
      followup_status: 'open',
      next: null,
      to_accepter: false,
    };
    const contact = contactOf(
      { event_id: 7, case_id: 'K7QW2M9P', short_event_subject: 'Disk full', short_event_body: 'db-1' },
      state,
      action,
      facts.link,
    );
    expect(contact.subject).toBeNull();
    expect(contact.spoken).toBeNull();
    expect(contact.label).toBe('K7QW2M9P Disk full');
    expect(JSON.parse(contact.body)).toMatchObject({
      case_id: 'K7QW2M9P',
      url: facts.link,
      body: 'New incident. db-1',
    });
  });

  it('names the incidents bundled with it in its text and keeps its own case and actions', () => {
    const lead = JSON.stringify(pushNotification(facts));
    const others = [1, 2, 3, 4, 5, 6].map((n) => ({ label: `CASE${n} Incident ${n}`, subject: null, body: '{}' }));
    const bundled = JSON.parse(
      bundleMessage('push', 'EN', { subject: null, body: lead }, others).body,
    ) as PushNotification;
    expect(bundled.case_id).toBe('K7QW2M9P');
    expect(bundled.actions).toHaveLength(2);
    expect(bundled.body).toBe(
      'New incident. The disk of db-1 is full | 6 more incidents: CASE1 Incident 1; CASE2 Incident 2; CASE3 Incident 3; CASE4 Incident 4; CASE5 Incident 5; and 1 more',
    );
    expect(bundleMessage('push', 'EN', { subject: null, body: lead }, []).body).toBe(lead);
  });
});
