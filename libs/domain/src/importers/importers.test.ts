import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CHANNEL } from '../rules/escalation-step';
import { importMachine } from '../machines/import/import.machine';
import {
  IMPORT_MESSAGES,
  dailyWindow,
  planImport,
  weeklyWindow,
  type ImportPlan,
  type ImportReport,
  type ImportRequest,
  type ImportSource,
} from './index';

/** docs/product.md#importers: each tool's export as the neutral plan, checked with the screens' rules. */
const NOW = Date.parse('2026-11-29T12:00:00Z');
const plan = (source: ImportSource, file: unknown): ImportPlan => {
  const answer = planImport(source, JSON.stringify(file), NOW);
  if ('error' in answer) throw new Error(answer.error);
  return answer.plan;
};
const whys = (result: ImportPlan) => result.unmapped.map((item) => item.why);

describe('PagerDuty', () => {
  const users = [
    {
      id: 'PU1',
      name: 'Ana Rivera',
      email: 'ana@example.com',
      contact_methods: [
        { type: 'phone_contact_method', address: '787-555-0142', country_code: 1, label: 'Mobile' },
        { type: 'sms_contact_method', address: '7875550142', country_code: 1, label: 'Mobile' },
        { type: 'phone_contact_method', address: '2079460958', country_code: 44, label: 'London' },
      ],
    },
    { id: 'PU2', name: '', email: 'nobody@example.com' },
  ];

  it('makes phones E.164 of a supported country, once each, and says why the others are left out', () => {
    const result = plan('pagerduty', { users });
    expect(result.resources).toEqual([
      {
        key: 'PU1',
        resource_fullname: 'Ana Rivera',
        resource_email: 'ana@example.com',
        language_id: 'ES',
        phone1: { national: '7875550142', country: 'PR', e164: '+17875550142' },
        phone2: null,
      },
    ]);
    expect(result.unmapped).toEqual([
      { what: 'User Ana Rivera: phone London', why: 'This country is not supported' },
      { what: 'User PU2', why: 'Name is required' },
    ]);
  });

  it('turns layers into rotations (top layer last), restrictions into windows, rules into steps', () => {
    const result = plan('pagerduty', {
      users,
      schedules: [
        {
          id: 'PS1',
          name: 'Primary',
          time_zone: 'America/New_York',
          schedule_layers: [
            {
              name: 'Top',
              rotation_virtual_start: '2026-03-02T14:00:00Z',
              rotation_turn_length_seconds: 43_200,
              users: [{ user: { id: 'PU1', type: 'user_reference' } }],
              restrictions: [{ type: 'daily_restriction', start_time_of_day: '09:00:00', duration_seconds: 28_800 }],
            },
            {
              name: 'Ended',
              end: '2026-01-01T00:00:00Z',
              rotation_virtual_start: '2025-01-01T00:00:00Z',
              rotation_turn_length_seconds: 86_400,
              users: [{ user: { id: 'PU1' } }],
            },
            {
              name: 'Odd',
              rotation_virtual_start: '2025-01-01T00:00:00Z',
              rotation_turn_length_seconds: 1_000,
              users: [{ user: { id: 'PU1' } }],
            },
          ],
        },
      ],
      escalation_policies: [
        {
          id: 'PE1',
          name: 'Policy',
          num_loops: 0,
          escalation_rules: [
            {
              escalation_delay_in_minutes: 5,
              targets: [
                { id: 'PS1', type: 'schedule_reference' },
                { id: 'PU1', type: 'user_reference' },
              ],
            },
          ],
        },
      ],
      services: [
        { id: 'PV1', name: 'Checkout', escalation_policy: { id: 'PE1', type: 'escalation_policy_reference' } },
      ],
    });
    expect(result.schedules[0]!.rotations).toEqual([
      {
        rotation_name: 'Top',
        participants: ['PU1'],
        shift_length: 12,
        shift_unit: 'H',
        start: '2026-03-02',
        handoff_time: '09:00',
        restrictions: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '09:00', to: '17:00' }],
      },
    ]);
    expect(whys(result)).toEqual(
      expect.arrayContaining([
        'The layer has ended',
        'A shift of 1000 seconds is not whole hours',
        'It notifies 2 targets at once: they become steps one after another',
        'A step waits 15 to 1440 minutes before the next: 5 minutes became 15',
      ]),
    );
    const steps = result.escalations[0]!.steps;
    expect(steps.map((step) => [step.target, step.channel_id, step.next_followup_time])).toEqual([
      [{ schedule: 'PS1' }, CHANNEL.sms, 15],
      [{ resource: 'PU1' }, CHANNEL.sms, 15],
    ]);
    expect(result.applications).toEqual([
      {
        key: 'PV1',
        application_name: 'Checkout',
        modules: [{ key: 'PV1', module_name: 'Checkout', module_desc: '', escalation: 'PE1' }],
      },
    ]);
  });
});

describe('Opsgenie', () => {
  it('reads "country-number" phones, counts rule delays from the alert, and leaves teams out of steps', () => {
    const result = plan('opsgenie', {
      users: [
        {
          id: 'u1',
          username: 'ana@example.com',
          fullName: 'Ana',
          contacts: [
            { method: 'voice', to: '1-7875550142', status: { enabled: true } },
            { method: 'sms', to: '34-612345678', status: { enabled: false } },
          ],
        },
      ],
      escalations: [
        {
          id: 'e1',
          name: 'Esc',
          rules: [
            { delay: { timeAmount: 0 }, recipient: { type: 'user', username: 'ana@example.com' } },
            { delay: { timeAmount: 1, timeUnit: 'hours' }, recipient: { type: 'team', name: 'Ops' } },
            { delay: { timeAmount: 45 }, recipient: { type: 'user', id: 'u1' } },
          ],
        },
      ],
    });
    expect(result.resources[0]!.phone1?.e164).toBe('+17875550142');
    expect(result.resources[0]!.phone2).toBeNull();
    expect(result.escalations[0]!.steps.map((step) => step.next_followup_time)).toEqual([45, 15]);
    expect(whys(result)).toContain('A step calls a user or a schedule, not a team');
  });
});

describe('GoAlert', () => {
  it('reads connections, schedule rules as restrictions, and a rotation called by a step as a schedule of its own', () => {
    const result = plan('goalert', {
      users: { nodes: [{ id: 'u1', name: 'Ana', email: 'ana@example.com', contactMethods: [] }] },
      rotations: {
        nodes: [
          {
            id: 'r1',
            name: 'Weekly',
            start: '2026-01-05T13:00:00Z',
            timeZone: 'America/New_York',
            type: 'weekly',
            shiftLength: 2,
            userIDs: ['u1'],
          },
        ],
      },
      schedules: [
        {
          id: 's1',
          name: 'Days',
          timeZone: 'America/New_York',
          targets: [
            {
              target: { id: 'r1', type: 'rotation' },
              rules: [{ start: '09:00', end: '17:00', weekdayFilter: [true, false, false, false, false, false, true] }],
            },
          ],
        },
      ],
      escalationPolicies: [
        { id: 'p1', name: 'P', steps: [{ delayMinutes: 10, targets: [{ id: 'r1', type: 'rotation' }] }] },
      ],
    });
    expect(result.schedules[0]!.rotations[0]).toMatchObject({
      shift_length: 2,
      shift_unit: 'W',
      handoff_time: '08:00',
      restrictions: [{ days: [6, 7], from: '09:00', to: '17:00' }],
    });
    expect(result.schedules[1]).toMatchObject({ key: 'rotation:r1', schedule_name: 'Weekly' });
    expect(result.escalations[0]!.steps[0]!.target).toEqual({ schedule: 'rotation:r1' });
    expect(result.escalations[0]!.steps[0]!.channel_id).toBe(CHANNEL.email);
  });
});

describe('Grafana OnCall', () => {
  it('makes waits the follow-up of the steps before them and overrides of override shifts', () => {
    const result = plan('grafana-oncall', {
      users: [{ id: 'U1', email: 'ana@example.com', username: 'ana' }],
      schedules: [{ id: 'S1', name: 'Web', type: 'calendar', time_zone: 'Europe/Madrid', shifts: ['O1', 'O2'] }],
      on_call_shifts: [
        {
          id: 'O1',
          name: 'Days',
          type: 'rolling_users',
          start: '2026-01-05T09:00:00',
          duration: 28_800,
          frequency: 'daily',
          interval: 1,
          rolling_users: [['U1']],
        },
        { id: 'O2', name: 'Cover', type: 'override', start: '2027-01-05T09:00:00', duration: 3_600, users: ['U1'] },
      ],
      escalation_chains: [{ id: 'C1', name: 'Chain' }],
      escalation_policies: [
        { id: 'E1', escalation_chain_id: 'C1', position: 0, type: 'notify_persons', persons_to_notify: ['U1'] },
        { id: 'E2', escalation_chain_id: 'C1', position: 1, type: 'wait', duration: 3_600 },
        { id: 'E3', escalation_chain_id: 'C1', position: 2, type: 'resolve' },
      ],
    });
    expect(result.resources[0]!.resource_fullname).toBe('ana');
    expect(result.schedules[0]!.rotations[0]!.restrictions).toEqual([
      { days: [1, 2, 3, 4, 5, 6, 7], from: '09:00', to: '17:00' },
    ]);
    // 09:00 in Madrid in winter is 08:00 UTC
    expect(result.schedules[0]!.overrides).toEqual([
      { key: 'O2:U1', resource: 'U1', start: '2027-01-05T08:00:00.000Z', end: '2027-01-05T09:00:00.000Z' },
    ]);
    expect(result.escalations[0]!.steps.map((step) => step.next_followup_time)).toEqual([60]);
    expect(whys(result)).toContain('A step of type resolve has no equivalent');
  });
});

describe('a malformed file', () => {
  it('is refused with where and what, whatever the tool', () => {
    expect(planImport('pagerduty', '{', NOW)).toEqual({ error: expect.stringMatching(/^The file is not JSON: /) });
    expect(planImport('opsgenie', '[]', NOW)).toEqual({
      error: 'The file is not an Opsgenie export: it must be one JSON object keyed by list',
    });
    expect(planImport('pagerduty', JSON.stringify({ users: [{ id: 1, name: 'A' }] }), NOW)).toEqual({
      error: expect.stringMatching(/^The file is not a PagerDuty export: users\[0\]\.id: /),
    });
    expect(planImport('grafana-oncall', JSON.stringify({ alert_groups: [] }), NOW)).toEqual({
      error: expect.stringContaining('it holds none of the lists users, escalation_chains'),
    });
  });
});

describe('windows', () => {
  it('splits a weekly window into days and keeps a daily one whole', () => {
    expect(weeklyWindow(6 * 1440 + 20 * 60, 36 * 60)).toEqual([
      { days: [7], from: '20:00', to: '20:00' },
      { days: [1], from: '20:00', to: '08:00' },
    ]);
    expect(dailyWindow(0, 1440)).toEqual([]);
  });
});

describe('the Import screen machine', () => {
  const report = (dryRun: boolean): ImportReport =>
    ({ source: 'pagerduty', dry_run: dryRun, counts: {}, unmapped: [] }) as unknown as ImportReport;
  it('imports only after a dry run of the chosen file, and starts again on another file', async () => {
    const asked: ImportRequest[] = [];
    const actor = createActor(
      importMachine.provide({
        actors: {
          run: fromPromise<ImportReport, ImportRequest>(
            async ({ input }) => (asked.push(input), report(input.dry_run)),
          ),
        },
      }),
    ).start();
    actor.send({ type: 'DRY_RUN' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'CHOOSE', source: 'pagerduty' });
    actor.send({ type: 'PICK', name: 'pd.json', text: '{}' });
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'DRY_RUN' });
    await waitFor(actor, (snapshot) => snapshot.matches('reviewed'));
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (snapshot) => snapshot.matches('imported'));
    expect(asked.map((request) => request.dry_run)).toEqual([true, false]);
    actor.send({ type: 'PICK_FAILED', error: IMPORT_MESSAGES.tooLarge });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, report: null, error: IMPORT_MESSAGES.tooLarge });
  });

  it('shows the server refusal and lets the Customer Root try again', async () => {
    const actor = createActor(
      importMachine.provide({
        actors: {
          run: fromPromise<ImportReport, ImportRequest>(async () => Promise.reject(new Error('The file is not JSON'))),
        },
      }),
    ).start();
    actor.send({ type: 'CHOOSE', source: 'goalert' });
    actor.send({ type: 'PICK', name: 'g.json', text: '{' });
    actor.send({ type: 'DRY_RUN' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The file is not JSON');
  });
});
