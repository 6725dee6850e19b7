import { describe, expect, it } from 'vitest';
import { newEngineState, runEngine, type EngineState } from '../engine/escalation-engine';
import { T0, agent } from '../engine/steps.fixture';
import { SLACK_ACTIONS, chatNoticesOf, mattermostMessage, slackMessage, teamsMessage, type ChatEvent } from './notices';

const fresh = (): EngineState => newEngineState({ created_at: T0, sla_minutes: 10, steps: [agent(1), agent(2)] });

const EVENT: ChatEvent = {
  case_id: 'K7QW2M9P',
  incident: 'Disk <almost> full on db-1',
  description: 'free: 2% & falling',
  status: 'open',
  accepted_by: null,
  module_name: 'Storage',
  application_name: 'Billing',
  url: 'https://relevo.example.test/events/K7QW2M9P/event_logs',
};

describe('what team chats are told (docs/product.md#team-chat)', () => {
  it('tells a new event once, at its first wake-up', () => {
    const first = runEngine(fresh(), { kind: 'due' }, T0, 1);
    expect(chatNoticesOf(fresh(), first.state, { kind: 'due' })).toEqual([{ kind: 'new', actor: null }]);
    const later = runEngine(first.state, { kind: 'due' }, T0 + 16 * 60_000, 1);
    expect(chatNoticesOf(first.state, later.state, { kind: 'due' })).toEqual([]);
  });

  it('tells an acceptance and a resolution with who acted', () => {
    const walked = runEngine(fresh(), { kind: 'due' }, T0, 1).state;
    const accept = { kind: 'accept', by: { person: { name: 'Ana Ruiz', via: 'slack' } } } as const;
    const accepted = runEngine(walked, accept, T0 + 60_000, 1).state;
    expect(chatNoticesOf(walked, accepted, accept)).toEqual([{ kind: 'accepted', actor: 'Ana Ruiz' }]);
    const resolve = { kind: 'resolve', by: { step: 0 } } as const;
    const resolved = runEngine(accepted, resolve, T0 + 120_000, 1).state;
    expect(chatNoticesOf(accepted, resolved, resolve)).toEqual([{ kind: 'resolved', actor: 'Agent 1' }]);
    // a second resolve changes nothing, and tells nothing
    expect(chatNoticesOf(resolved, runEngine(resolved, resolve, T0 + 180_000, 1).state, resolve)).toEqual([]);
  });

  it('tells a cancel, and a resolution before the first contact as new and resolved', () => {
    const cancel = { kind: 'cancel' } as const;
    const walked = runEngine(fresh(), { kind: 'due' }, T0, 1).state;
    expect(chatNoticesOf(walked, runEngine(walked, cancel, T0, 1).state, cancel)).toEqual([
      { kind: 'canceled', actor: null },
    ]);
    const resolve = { kind: 'resolve', by: 'integration' } as const;
    expect(chatNoticesOf(fresh(), runEngine(fresh(), resolve, T0, 1).state, resolve)).toEqual([
      { kind: 'new', actor: null },
      { kind: 'resolved', actor: 'integration' },
    ]);
  });

  it('posts to Slack the incident escaped, with Accept and Resolve carrying the case ID while open', () => {
    const message = slackMessage(EVENT);
    expect(message.text).toBe('[K7QW2M9P] Disk <almost> full on db-1 (Open)');
    expect(JSON.stringify(message.blocks)).toContain('Disk &lt;almost&gt; full on db-1');
    const actions = message.blocks.find((block) => block.type === 'actions') as { elements: Record<string, unknown>[] };
    expect(actions.elements.map((e) => [e.action_id, e.value ?? e.url])).toEqual([
      [SLACK_ACTIONS.accept, 'K7QW2M9P'],
      [SLACK_ACTIONS.resolve, 'K7QW2M9P'],
      ['relevo_open', EVENT.url],
    ]);
    const accepted = slackMessage({ ...EVENT, status: 'progress', accepted_by: 'Ana Ruiz' });
    expect(accepted.text).toBe('[K7QW2M9P] Disk <almost> full on db-1 (In progress: accepted by Ana Ruiz)');
    const buttons = (accepted.blocks.at(-1) as { elements: { action_id: string }[] }).elements;
    expect(buttons.map((e) => e.action_id)).toEqual([SLACK_ACTIONS.resolve, 'relevo_open']);
  });

  it('gives Mattermost buttons only while they can act, and Teams a link to the event', () => {
    const integration = (action: string) => ({ url: 'https://relevo/x', context: { action } });
    const open = mattermostMessage(EVENT, { kind: 'new', actor: null }, integration) as {
      attachments: { actions: { id: string; integration: { context: { action: string } } }[] }[];
    };
    expect(open.attachments[0]!.actions.map((a) => [a.id, a.integration.context.action])).toEqual([
      ['accept', 'accept'],
      ['resolve', 'resolve'],
    ]);
    const closed = mattermostMessage(
      { ...EVENT, status: 'completed' },
      { kind: 'resolved', actor: 'Ana' },
      integration,
    );
    expect(closed).toMatchObject({ text: 'K7QW2M9P resolved by Ana', attachments: [{ actions: [] }] });
    expect(JSON.stringify(teamsMessage(EVENT, { kind: 'new', actor: null }))).toContain(
      '"type":"Action.OpenUrl","title":"Accept or resolve in Relevo","url":"https://relevo.example.test/events/K7QW2M9P/event_logs"',
    );
  });
});
