import { describe, expect, it } from 'vitest';
import { CHANNEL, StepSchema } from '../rules/escalation-step';
import { escalationProblems, reachableOn, type StepForValidity } from '../rules/escalation';
import { CHANNEL_LABELS } from '../rules/event-screens';
import {
  mattermostMessage,
  noticeLine,
  slackStepMessage,
  teamsMessage,
  type ChatEvent,
  type ChatNotice,
} from '../team-chat/notices';
import { chatStepText } from './contact-message';
import { newEngineState, runEngine, type ContactAction } from './escalation-engine';
import { chatAddress, engineStepsOf, type StepRowForEngine } from './event-steps';
import { MIN, T0, agent } from './steps.fixture';
import { contactOf } from './wake-up';

/** docs/product.md#team-chat ("A chat as a step"): a team chat as the channel of an escalation step. */

const row = (over: Partial<StepRowForEngine>): StepRowForEngine => ({
  escalation_resource_id: 1,
  escalation_priority_orden: 1,
  escalation_active: 'Y',
  participation_type_id: 1,
  channel_id: CHANNEL.chat,
  ind_call_again: 'N',
  max_attemp_number: 0,
  next_followup_time: 15,
  next_followup_time_mult: 'M',
  resource_id: 10,
  resource_fullname: 'Carlos Méndez',
  resource_active: 'Y',
  resource_email: null,
  resource_phone1_e164: null,
  resource_phone2_e164: null,
  language_id: 'ES',
  ...over,
});

describe('the chat steps an event copies', () => {
  it('is channel 5, labelled Team chat', () => {
    expect(CHANNEL.chat).toBe(5);
    expect(CHANNEL_LABELS.chat).toBe('Team chat');
  });

  it('keeps a chat step when a chat posts for the module, naming its person, whatever their phone and e-mail', () => {
    const [step] = engineStepsOf([row({ module_chats: 2 })]);
    expect(step).toMatchObject({
      channel: 'chat',
      address: chatAddress(10),
      resource_id: 10,
      resource_name: 'Carlos Méndez',
      follow_up_minutes: 15,
    });
  });

  it('skips a chat step of a module no chat posts for, as a push step without a device', () => {
    const steps = engineStepsOf([
      row({ escalation_resource_id: 1, module_chats: 0 }),
      row({ escalation_resource_id: 2, escalation_priority_orden: 2, module_chats: undefined }),
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

describe('a chat step in the step form and the escalation rules', () => {
  it('is saved like any step: it names a resource, and waits its follow-up time', () => {
    const parsed = StepSchema['~standard'].validate({
      escalation_id: 1,
      participation_type_id: 1,
      channel_id: CHANNEL.chat,
      resource_id: 7,
      ind_call_again: 'N',
      next_followup_time: 20,
      next_followup_time_mult: 'M',
    });
    expect(parsed).toMatchObject({ value: { channel_id: 5, resource_id: 7, next_followup_time: 20 } });
    const missing = StepSchema['~standard'].validate({
      escalation_id: 1,
      participation_type_id: 1,
      channel_id: CHANNEL.chat,
      next_followup_time: 20,
      next_followup_time_mult: 'M',
    });
    expect(missing).toMatchObject({ issues: [{ message: 'Resource ID is required' }] });
  });

  const step = (resource: Partial<StepForValidity['resource']> = {}): StepForValidity => ({
    escalation_resource_id: 1,
    escalation_priority_orden: 1,
    escalation_active: 'Y',
    escalation_last_in_line: 'Y',
    channel_id: CHANNEL.chat,
    resource: {
      resource_fullname: 'Carlos Méndez',
      resource_active: 'Y',
      resource_email: null,
      resource_phone1: null,
      resource_phone2: null,
      ...resource,
    },
  });

  it('needs no phone or e-mail: the post names the person, and the module’s chats decide at each incident', () => {
    expect(reachableOn(step().resource, CHANNEL.chat)).toBe(true);
    expect(escalationProblems([step()])).toEqual([]);
  });

  it('still needs an active person', () => {
    expect(escalationProblems([step({ resource_active: 'N' })])).toEqual(['Step 1: Carlos Méndez is inactive.']);
  });
});

describe('what a chat step says', () => {
  const facts = { caseId: 'K7QW2M9P', person: 'Carlos Méndez', attempt: 1, toAccepter: false, notice: false };

  it('pages the channel for the step’s person: new, still open, again, a notice, a follow-up', () => {
    expect(chatStepText({ ...facts, firstOfWalk: true })).toBe(
      'New incident K7QW2M9P: paging the channel for Carlos Méndez',
    );
    expect(chatStepText({ ...facts, firstOfWalk: false })).toBe(
      'K7QW2M9P is still open: paging the channel for Carlos Méndez',
    );
    expect(chatStepText({ ...facts, attempt: 2, firstOfWalk: false })).toBe(
      'K7QW2M9P is still open: paging the channel for Carlos Méndez again',
    );
    expect(chatStepText({ ...facts, notice: true, firstOfWalk: false })).toBe(
      'For your information, Carlos Méndez: nobody has accepted K7QW2M9P yet',
    );
    expect(chatStepText({ ...facts, toAccepter: true, firstOfWalk: false })).toBe(
      'K7QW2M9P is not resolved yet: a follow-up for Carlos Méndez, who accepted it',
    );
  });

  it('is the text of a chat contact, with no subject, call or link', () => {
    const chat = agent(2, { channel: 'chat', address: chatAddress(102), resource_name: 'Carlos Méndez' });
    const state = newEngineState({ created_at: T0, sla_minutes: null, steps: [agent(1), chat] });
    // the first step's wait passes: the chat step is contacted as an escalation
    const first = runEngine(state, { kind: 'due' }, T0, 1);
    const second = runEngine(first.state, { kind: 'due' }, T0 + 15 * MIN, 1);
    const action = second.actions.find((a): a is ContactAction => a.kind === 'contact')!;
    expect(action).toMatchObject({ step: 1, attempt: 1, followup_status: 'escalation' });
    const contact = contactOf(
      { event_id: 7, case_id: 'K7QW2M9P', short_event_subject: 'Disk full', short_event_body: 'db-1' },
      second.state,
      action,
      'https://relevo.example/respond/7.1.sig',
    );
    expect(contact).toMatchObject({
      idempotencyKey: 'event:7:step:2:attempt:1',
      subject: null,
      spoken: null,
      body: 'K7QW2M9P is still open: paging the channel for Carlos Méndez',
    });
    // the walk waits the step's follow-up time, as for any contact
    expect(second.due_at).toBe(T0 + 30 * MIN);
  });
});

describe('the post of a chat step', () => {
  const event: ChatEvent = {
    case_id: 'K7QW2M9P',
    incident: 'Disk full',
    description: 'db-1',
    status: 'open',
    accepted_by: null,
    module_name: 'Storage',
    application_name: 'Billing',
    url: 'https://relevo.example.test/events/K7QW2M9P/event_logs',
  };
  const line = 'K7QW2M9P is still open: paging the channel for Carlos Méndez';
  const notice: ChatNotice = { kind: 'step', actor: 'Carlos Méndez', text: line };

  it('says its line first in Slack, with the chat’s usual Accept and Resolve carrying the case ID', () => {
    const message = slackStepMessage(event, line);
    expect(message.text).toContain(line);
    expect(message.text).toContain('K7QW2M9P');
    expect(JSON.stringify(message.blocks[0])).toContain(line);
    const actions = message.blocks.find((b) => b.type === 'actions') as { elements: Record<string, unknown>[] };
    expect(actions.elements.filter((b) => b.value).map((b) => [b.action_id, b.value])).toEqual([
      ['relevo_accept', 'K7QW2M9P'],
      ['relevo_resolve', 'K7QW2M9P'],
    ]);
  });

  it('is the text of a Mattermost post and the title of a Teams card', () => {
    expect(noticeLine(notice, 'K7QW2M9P')).toBe(line);
    // a step notice without its line (never written so) still names the person
    expect(noticeLine({ kind: 'step', actor: 'Carlos Méndez' }, 'K7QW2M9P')).toBe(line);
    const post = mattermostMessage(event, notice, () => ({ url: 'https://relevo.example.test/mm', context: {} }));
    expect(post.text).toBe(line);
    expect(JSON.stringify(teamsMessage(event, notice))).toContain(line);
  });
});
