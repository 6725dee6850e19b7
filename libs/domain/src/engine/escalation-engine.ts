/**
 * The escalation engine's step logic (docs/product.md#escalation-engine), as a pure function: an event's state,
 * what happened (a timer came due, someone accepted, resolved or canceled) and the time give the
 * new state, the actions to apply (contacts to make, log rows to write) and when the engine must
 * look at the event again. The worker applies an outcome in one transaction; nothing here reads a
 * clock or a database, so every path is tested in plain Node.
 */

export type EngineStatus = 'open' | 'progress' | 'completed' | 'canceled';
export type EngineChannel = 'voice' | 'sms' | 'email' | 'push' | 'chat';
/** docs/product.md#states-and-transitions event log follow-up statuses. */

/** A step as the event copied it at creation (docs/product.md#escalation-engine: later edits do not change it). */
export interface EngineStep {
  /** the escalation resource (step) it was copied from */
  escalation_resource_id: number;
  participation: 'agent' | 'supervisor';
  channel: EngineChannel;
  resource_id: number;
  resource_name: string;
  /**
   * where the step's channel reaches the resource: an E.164 phone or an e-mail address; for push,
   * `push:{resource_id}` (the sender finds the person's devices when it sends: `pushAddress`); for a
   * team chat, `chat:{resource_id}` (the post goes to the module's chats: `chatAddress`)
   */
  address: string;
  language: string;
  /** recalls after the first contact (docs/product.md#validation-rules: 0, or 1 to 5 with call again) */
  recalls: number;
  /** minutes the engine waits at this step (0 for a supervisor notice) */
  follow_up_minutes: number;
  /**
   * docs/product.md#schedules: the schedule whose person on call the step calls, found at each of
   * its contacts (`OnCallLookup`). Its resource fields are then the person reached last; before
   * its first contact they are the schedule's name, resource 0 and no address.
   */
  schedule?: { schedule_id: number; schedule_name: string };
}

/** Whom a schedule step reaches at a contact: the person on call then, at the step channel's address. */
export interface OnCallPerson {
  resource_id: number;
  resource_name: string;
  address: string;
  language: string;
}

/**
 * Who is on call for a schedule step now, reachable on its channel, or null (nobody on call, or
 * nobody the channel reaches). The server answers it from the schedules, read once per wake-up.
 */
export type OnCallLookup = (step: EngineStep) => OnCallPerson | null;

export interface EngineState {
  status: EngineStatus;
  /** ms since the epoch */
  created_at: number;
  /** the SLA's response time in minutes, copied at creation; null without an SLA */
  sla_minutes: number | null;
  sla_compliance: 'YES' | 'NO' | null;
  steps: EngineStep[];
  /** the step being walked and its contacts so far; null before the first contact */
  at: { step: number; attempt: number; step_started_at: number } | null;
  /** every step was walked and nobody accepted (the log said `not reached`) */
  exhausted: boolean;
  /**
   * the order the steps are walked in, by index, when a reassignment changed it (the reassigned
   * person's step is added at the end of `steps`, so every earlier index, link and key stays
   * whose it was, and walked right after the step it interrupted); absent: in index order
   */
  order?: number[];
  accepted_at: number | null;
  /** the step whose resource accepted, or the integration (Events API) */
  accepted_by: EngineActor | null;
  /** the last follow-up to the accepter, and how many there were */
  followed_up_at: number | null;
  follow_ups: number;
  closed_at: number | null;
  /**
   * docs/product.md#maintenance-windows: the event arrived during a maintenance window. Nothing
   * walks and no SLA runs until `until` (the window's end, ms); then the walk starts there
   * (`escalate`) or never (`quiet`: the event stays open, nobody contacted). `ended`: the window
   * ended or let it go.
   */
  maintenance?: { until: number; release: 'escalate' | 'quiet'; ended: boolean };
  /** when the walk and the SLA's clock started, when later than the creation (a maintenance window's end) */
  walk_from?: number;
}

/** docs/product.md#responding: the places a signed-in person or a matched chat user acts from. */
export const RESPONSE_VIAS = ['dashboard', 'slack', 'mattermost', 'teams', 'push'] as const;
export type ResponseVia = (typeof RESPONSE_VIAS)[number];

/**
 * A person acting from the dashboard, a chat or a push notification: a user of the customer, or a
 * resource a chat user was matched to. `resource_id` ties them to a step of the walk when they are
 * one of its people (the follow-ups then go to them as to any accepter).
 */
export interface Responder {
  name: string;
  via: ResponseVia;
  user_id?: number | null;
  resource_id?: number | null;
}

/** How a step's person answered: the responder link, an SMS reply, a key pressed in a call. */
export type StepVia = 'link' | 'reply' | 'key';

/**
 * Who acted: the resource of a step (its link, a reply, a key press), a person (the dashboard, a
 * chat, a push notification) or the integration (an API call).
 */
export type EngineActor = { step: number; via?: StepVia } | { person: Responder } | 'integration';

/**
 * What happened to an event: its timer came due; someone accepted, resolved or canceled it; or a
 * gateway reported that a contact (the step's attempt) could not be delivered.
 */
export type EngineInput =
  | { kind: 'due' }
  | { kind: 'accept'; by: EngineActor }
  | { kind: 'resolve'; by: EngineActor }
  | { kind: 'cancel'; by?: EngineActor }
  | { kind: 'undelivered'; step: number; attempt: number }
  /** docs/product.md#responding: the next step at once */
  | { kind: 'escalate'; by: EngineActor }
  /** docs/product.md#responding: this step's person is contacted now; the walk goes on after them */
  | { kind: 'reassign'; step: EngineStep; by: EngineActor };

/** A contact to make and its event-log row (docs/product.md#event log entry). */
export interface ContactAction {
  kind: 'contact';
  step: number;
  /** 1 for the first contact of the step, 2.. for its recalls; for a follow-up to the accepter, its number */
  attempt: number;
  followup_status: 'open' | 'escalation' | 'follow-up';
  /** whom the engine contacts after this one, and when (null: nobody planned) */
  next: { step: number; at: number } | null;
  /** a follow-up to the accepter of an event in progress */
  to_accepter: boolean;
}

/**
 * A log row without a contact: nobody was reached, the event closed, or (docs/product.md#schedules)
 * a schedule step found nobody on call at its contact (`step`, `attempt`), which ends the step.
 */
export type LogAction =
  | { kind: 'log'; followup_status: 'not reached' | 'completed' }
  | { kind: 'log'; followup_status: 'nobody on call'; step: number; attempt: number };

export type EngineAction = ContactAction | LogAction;

export interface EngineOutcome {
  state: EngineState;
  actions: EngineAction[];
  /** when the engine must look at the event again (ms), or null: never, unless something happens */
  due_at: number | null;
  /** the input changed nothing (an accept of a closed event, a due with nothing due) */
  ignored: boolean;
}

const MINUTE = 60_000;

/** A new event's state: nothing contacted yet; the first `due` starts the walk. */
export function newEngineState(input: {
  created_at: number;
  sla_minutes: number | null;
  steps: EngineStep[];
  /** docs/product.md#maintenance-windows: held until the window's end, then released as it says */
  maintenance?: { until: number; release: 'escalate' | 'quiet' } | null;
}): EngineState {
  return {
    ...(input.maintenance ? { maintenance: { ...input.maintenance, ended: false } } : {}),
    status: 'open',
    created_at: input.created_at,
    sla_minutes: input.sla_minutes,
    sla_compliance: null,
    steps: input.steps,
    at: null,
    exhausted: false,
    accepted_at: null,
    accepted_by: null,
    followed_up_at: null,
    follow_ups: 0,
    closed_at: null,
  };
}

/**
 * When the contacts of a step happen, relative to its start: the first at once, then the recalls
 * spread evenly over the follow-up time, which ends the step (docs/product.md#escalation-engine, step 3).
 * A supervisor step is one notice and ends at once.
 */
export function stepSchedule(step: EngineStep, scale: number): { contacts: number[]; ends: number } {
  const wait = (step.participation === 'supervisor' ? 0 : step.follow_up_minutes * MINUTE) / scale;
  const count = step.participation === 'supervisor' ? 1 : 1 + step.recalls;
  return { contacts: Array.from({ length: count }, (_, i) => Math.round((i * wait) / count)), ends: Math.round(wait) };
}

/**
 * The minutes from the start of the walk to acceptance that count against the SLA (waits scaled
 * like every other): from creation, or from the end of the maintenance window it arrived in.
 */
export const responseMinutes = (
  state: Pick<EngineState, 'created_at' | 'accepted_at' | 'walk_from'>,
  scale: number,
): number | null => (state.accepted_at === null ? null : ((state.accepted_at - walkStart(state)) * scale) / MINUTE);

/** When the walk and the SLA's clock start: at creation, or when a maintenance window released the event. */
const walkStart = (state: Pick<EngineState, 'created_at' | 'walk_from'>) => state.walk_from ?? state.created_at;

/**
 * docs/product.md#maintenance-windows: an event a maintenance window holds (until its end), or one
 * it left quiet (until someone escalates or reassigns it): nothing walks, no SLA runs.
 */
function isHeld(state: Pick<EngineState, 'maintenance' | 'walk_from'>): boolean {
  const held = state.maintenance;
  if (!held || state.walk_from !== undefined) return false;
  return !held.ended || held.release === 'quiet';
}

function slaDeadline(state: EngineState, scale: number): number | null {
  if (state.sla_minutes === null || isHeld(state)) return null;
  return walkStart(state) + (state.sla_minutes * MINUTE) / scale;
}

/** The walk starts now (`at`): a held event let go by its window's end, an escalation or a reassignment. */
const released = (state: EngineState, at: number): EngineState =>
  isHeld(state) ? { ...state, maintenance: { ...state.maintenance!, ended: true }, walk_from: at } : state;

/** docs/product.md#routes: NO as soon as the response time passed without acceptance, whatever else happens. */
function withCompliance(state: EngineState, now: number, scale: number): EngineState {
  if (state.sla_compliance !== null || state.accepted_at !== null) return state;
  const deadline = slaDeadline(state, scale);
  return deadline !== null && now >= deadline ? { ...state, sla_compliance: 'NO' } : state;
}

/** The steps' indexes in the order they are walked. */
export const walkOrder = (state: Pick<EngineState, 'steps' | 'order'>): number[] =>
  state.order ?? state.steps.map((_, index) => index);

/** The next contact of the walk after `at` (a recall of the step, or the next step's first), if any. */
function nextContact(state: EngineState, scale: number): { step: number; attempt: number; at: number } | null {
  const order = walkOrder(state);
  if (!state.at && isHeld(state)) return null;
  if (!state.at) return order.length ? { step: order[0]!, attempt: 1, at: walkStart(state) } : null;
  const { step, attempt, step_started_at } = state.at;
  const schedule = stepSchedule(state.steps[step]!, scale);
  if (attempt < schedule.contacts.length)
    return { step, attempt: attempt + 1, at: step_started_at + schedule.contacts[attempt]! };
  const following = order[order.indexOf(step) + 1];
  if (following !== undefined) return { step: following, attempt: 1, at: step_started_at + schedule.ends };
  return null;
}

/** The step of the person who accepted, if they are one of the walk's people. */
export function accepterStep(state: Pick<EngineState, 'accepted_by' | 'steps' | 'order' | 'at'>): number | null {
  const by = state.accepted_by;
  if (by === null || by === 'integration') return null;
  if ('step' in by) return by.step;
  const resource = by.person.resource_id;
  if (resource === null || resource === undefined) return null;
  // the latest of their steps walked so far, else their first
  const order = walkOrder(state);
  const reached = state.at ? order.slice(0, order.indexOf(state.at.step) + 1) : [];
  const theirs = (steps: number[]) => steps.filter((index) => state.steps[index]?.resource_id === resource);
  return theirs(reached).at(-1) ?? theirs(order)[0] ?? null;
}

/** The name of who accepted: a step's person, a responder, or 'integration'. */
export function actorName(state: Pick<EngineState, 'steps'>, by: EngineActor | null): string | null {
  if (by === null) return null;
  if (by === 'integration') return 'integration';
  if ('person' in by) return by.person.name;
  return state.steps[by.step]?.resource_name ?? null;
}

/** When the walk ends after its last contact (the last step's follow-up time has passed). */
function walkEnds(state: EngineState, scale: number): number | null {
  if (!state.at || nextContact(state, scale) !== null) return null;
  return state.at.step_started_at + stepSchedule(state.steps[state.at.step]!, scale).ends;
}

/** The accepter's follow-up interval (ms), or null when there is none (a supervisor, the integration). */
function followUpEvery(state: EngineState, scale: number): number | null {
  const index = accepterStep(state);
  if (index === null) return null;
  const step = state.steps[index];
  if (!step || step.participation === 'supervisor' || step.follow_up_minutes <= 0) return null;
  return (step.follow_up_minutes * MINUTE) / scale;
}

function dueAt(state: EngineState, scale: number): number | null {
  if (state.status === 'completed' || state.status === 'canceled') return null;
  const times: number[] = [];
  const held = state.maintenance;
  if (state.status === 'open' && held && !held.ended && isHeld(state)) return held.until;
  if (state.status === 'open') {
    const next = nextContact(state, scale);
    if (next) times.push(next.at);
    else if (!state.exhausted) {
      const end = walkEnds(state, scale);
      if (end !== null) times.push(end);
    }
    const deadline = slaDeadline(state, scale);
    if (state.sla_compliance === null && deadline !== null) times.push(deadline);
  } else {
    const every = followUpEvery(state, scale);
    if (every !== null) times.push((state.followed_up_at ?? state.accepted_at!) + every);
  }
  return times.length ? Math.min(...times) : null;
}

function contact(
  state: EngineState,
  step: number,
  attempt: number,
  status: ContactAction['followup_status'],
  toAccepter: boolean,
  scale: number,
): ContactAction {
  const after = toAccepter ? null : nextContact(state, scale);
  return {
    kind: 'contact',
    step,
    attempt,
    followup_status: status,
    next: after ? { step: after.step, at: after.at } : null,
    to_accepter: toAccepter,
  };
}

/**
 * Every contact of an open event that came due by `now`, in order, into `actions`; and `not
 * reached` once the last step's wait has passed. (A supervisor's notice ends its step at once: the
 * next step's contact is due at the same time.)
 */
function walk(
  from: EngineState,
  now: number,
  scale: number,
  actions: EngineAction[],
  onCall: OnCallLookup,
): EngineState {
  let state = from;
  for (let next = nextContact(state, scale); next && next.at <= now; next = nextContact(state, scale)) {
    const started = next.attempt === 1 ? next.at : state.at!.step_started_at;
    const status = next.attempt > 1 ? 'follow-up' : state.at === null ? 'open' : 'escalation';
    const step = state.steps[next.step]!;
    if (step.schedule) {
      // docs/product.md#schedules: whoever is on call at this contact; nobody ends the step now (its
      // recalls dropped), logged, and the walk goes on as after a contact that could not go
      const person = onCall(step);
      if (!person) {
        const schedule = stepSchedule(step, scale);
        state = {
          ...state,
          at: { step: next.step, attempt: schedule.contacts.length, step_started_at: next.at - schedule.ends },
        };
        actions.push({ kind: 'log', followup_status: 'nobody on call', step: next.step, attempt: next.attempt });
        continue;
      }
      const reached = { ...step, ...person };
      state = { ...state, steps: state.steps.map((each, index) => (index === next.step ? reached : each)) };
    }
    state = { ...state, at: { step: next.step, attempt: next.attempt, step_started_at: started } };
    actions.push(contact(state, next.step, next.attempt, status, false, scale));
  }
  const end = walkEnds(state, scale);
  if (!state.exhausted && end !== null && end <= now) {
    state = { ...state, exhausted: true };
    actions.push({ kind: 'log', followup_status: 'not reached' });
  }
  return state;
}

/**
 * Applies what happened at `now` to an event. `scale` is ESCALATION_TIME_SCALE: every wait is
 * divided by it. A `due` makes every contact that has come due since the last one (a worker that
 * was down catches up: each contact still happens once, in order).
 */
export function runEngine(
  previous: EngineState,
  input: EngineInput,
  now: number,
  scale = 1,
  onCall: OnCallLookup = () => null,
): EngineOutcome {
  let state = withCompliance(previous, now, scale);
  const actions: EngineAction[] = [];
  const closed = state.status === 'completed' || state.status === 'canceled';
  const outcome = (ignored = false): EngineOutcome => ({
    state,
    actions,
    due_at: dueAt(state, scale),
    ignored: ignored && state === previous,
  });

  switch (input.kind) {
    case 'due': {
      if (closed) return outcome(true);
      if (state.status === 'progress') {
        const every = followUpEvery(state, scale);
        const at = (state.followed_up_at ?? state.accepted_at!) + (every ?? Infinity);
        if (every === null || now < at) return outcome(true);
        const step = accepterStep(state)!;
        state = { ...state, followed_up_at: now, follow_ups: state.follow_ups + 1 };
        actions.push(contact(state, step, state.follow_ups, 'follow-up', true, scale));
        return outcome();
      }
      const held = state.maintenance;
      if (held && !held.ended && isHeld(state)) {
        // docs/product.md#maintenance-windows: nothing before the window's end; then the walk
        // starts at that end (escalate: the SLA's clock with it) or the event stays quiet
        if (now < held.until) return outcome(true);
        state =
          held.release === 'escalate'
            ? released(state, held.until)
            : { ...state, maintenance: { ...held, ended: true } };
        state = withCompliance(state, now, scale);
      }
      state = walk(state, now, scale, actions, onCall);
      return outcome(actions.length === 0);
    }
    case 'undelivered': {
      // only the contact the walk waits on moves it: an older one's failure changes nothing
      const at = state.at;
      if (state.status !== 'open' || state.exhausted || !at || at.step !== input.step || at.attempt !== input.attempt)
        return outcome(true);
      // the person cannot be reached this way: the step's recalls are dropped and its wait ends
      // now, so the next step (or `not reached`) comes at once
      const schedule = stepSchedule(state.steps[at.step]!, scale);
      state = {
        ...state,
        at: { step: at.step, attempt: schedule.contacts.length, step_started_at: now - schedule.ends },
      };
      state = walk(state, now, scale, actions, onCall);
      return outcome();
    }
    case 'accept': {
      if (state.status !== 'open') return outcome(true);
      // an event reassigned after it was accepted keeps its first response: the SLA measured it
      const first = state.accepted_at === null;
      const inTime = state.sla_compliance === null;
      state = {
        ...state,
        status: 'progress',
        accepted_at: first ? now : state.accepted_at,
        accepted_by: input.by,
        followed_up_at: null,
        sla_compliance: !first || state.sla_minutes === null ? state.sla_compliance : inTime ? 'YES' : 'NO',
      };
      return outcome();
    }
    case 'escalate': {
      // the step being walked ends now: its recalls are dropped and the next step comes at once
      // (after the last one, nobody was reached)
      if (state.status !== 'open' || state.exhausted) return outcome(true);
      // a held or quiet event's walk starts now with its first step
      state = released(state, now);
      if (state.at) {
        const schedule = stepSchedule(state.steps[state.at.step]!, scale);
        state = {
          ...state,
          at: { step: state.at.step, attempt: schedule.contacts.length, step_started_at: now - schedule.ends },
        };
      }
      state = walk(state, now, scale, actions, onCall);
      return outcome();
    }
    case 'reassign': {
      if (closed) return outcome(true);
      state = released(state, now);
      // the new person's step is added last (every earlier index keeps its person, its links and
      // its keys) and walked now, right after the step it interrupts; an accepted event is open
      // again, its first response still counted
      const index = state.steps.length;
      const order = walkOrder(state);
      const position = state.at ? order.indexOf(state.at.step) + 1 : 0;
      state = {
        ...state,
        status: 'open',
        steps: [...state.steps, input.step],
        order: [...order.slice(0, position), index, ...order.slice(position)],
        exhausted: false,
        accepted_by: null,
        followed_up_at: null,
        at: { step: index, attempt: 1, step_started_at: now },
      };
      const status = position === 0 ? 'open' : 'escalation';
      actions.push(contact(state, index, 1, status, false, scale));
      return outcome();
    }
    case 'resolve': {
      if (closed) return outcome(true);
      // a person who resolves an event nobody accepted has responded to it (an accept with the
      // resolve); the integration resolving it (the monitor saw it clear) is no response: the
      // compliance stays as the time says (NO once the SLA passed, else undecided)
      const responded = state.accepted_at === null && input.by !== 'integration';
      if (responded)
        state = {
          ...state,
          accepted_at: now,
          accepted_by: input.by,
          sla_compliance: state.sla_minutes === null ? null : (state.sla_compliance ?? 'YES'),
        };
      state = { ...state, status: 'completed', closed_at: now };
      actions.push({ kind: 'log', followup_status: 'completed' });
      return outcome();
    }
    case 'cancel': {
      if (closed) return outcome(true);
      state = { ...state, status: 'canceled', closed_at: now };
      return outcome();
    }
  }
}
