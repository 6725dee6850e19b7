/**
 * The escalation engine's step logic (docs/product.md#escalation-engine), as a pure function: an event's state,
 * what happened (a timer came due, someone accepted, resolved or canceled) and the time give the
 * new state, the actions to apply (contacts to make, log rows to write) and when the engine must
 * look at the event again. The worker applies an outcome in one transaction; nothing here reads a
 * clock or a database, so every path is tested in plain Node.
 */

export type EngineStatus = 'open' | 'progress' | 'completed' | 'canceled';
export type EngineChannel = 'voice' | 'sms' | 'email';
/** docs/product.md#states-and-transitions event log follow-up statuses. */

/** A step as the event copied it at creation (docs/product.md#escalation-engine: later edits do not change it). */
export interface EngineStep {
  /** the escalation resource (step) it was copied from */
  escalation_resource_id: number;
  participation: 'agent' | 'supervisor';
  channel: EngineChannel;
  resource_id: number;
  resource_name: string;
  /** where the step's channel reaches the resource: an E.164 phone or an e-mail address */
  address: string;
  language: string;
  /** recalls after the first contact (docs/product.md#validation-rules: 0, or 1 to 5 with call again) */
  recalls: number;
  /** minutes the engine waits at this step (0 for a supervisor notice) */
  follow_up_minutes: number;
}

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
  accepted_at: number | null;
  /** the step whose resource accepted, or the integration (Events API) */
  accepted_by: EngineActor | null;
  /** the last follow-up to the accepter, and how many there were */
  followed_up_at: number | null;
  follow_ups: number;
  closed_at: number | null;
}

/** Who acted: the resource of a step (its link, a reply, a key press) or the integration (an API call). */
export type EngineActor = { step: number } | 'integration';

/**
 * What happened to an event: its timer came due; someone accepted, resolved or canceled it; or a
 * gateway reported that a contact (the step's attempt) could not be delivered.
 */
export type EngineInput =
  | { kind: 'due' }
  | { kind: 'accept'; by: EngineActor }
  | { kind: 'resolve'; by: EngineActor }
  | { kind: 'cancel' }
  | { kind: 'undelivered'; step: number; attempt: number };

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

/** A log row without a contact: nobody was reached, or the event closed. */
export interface LogAction {
  kind: 'log';
  followup_status: 'not reached' | 'completed';
}

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
}): EngineState {
  return {
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

/** The minutes from creation to acceptance that count against the SLA (waits scaled like every other). */
export const responseMinutes = (
  state: Pick<EngineState, 'created_at' | 'accepted_at'>,
  scale: number,
): number | null => (state.accepted_at === null ? null : ((state.accepted_at - state.created_at) * scale) / MINUTE);

function slaDeadline(state: EngineState, scale: number): number | null {
  return state.sla_minutes === null ? null : state.created_at + (state.sla_minutes * MINUTE) / scale;
}

/** docs/product.md#routes: NO as soon as the response time passed without acceptance, whatever else happens. */
function withCompliance(state: EngineState, now: number, scale: number): EngineState {
  if (state.sla_compliance !== null || state.accepted_at !== null) return state;
  const deadline = slaDeadline(state, scale);
  return deadline !== null && now >= deadline ? { ...state, sla_compliance: 'NO' } : state;
}

/** The next contact of the walk after `at` (a recall of the step, or the next step's first), if any. */
function nextContact(state: EngineState, scale: number): { step: number; attempt: number; at: number } | null {
  if (!state.at) return state.steps.length ? { step: 0, attempt: 1, at: state.created_at } : null;
  const { step, attempt, step_started_at } = state.at;
  const schedule = stepSchedule(state.steps[step]!, scale);
  if (attempt < schedule.contacts.length)
    return { step, attempt: attempt + 1, at: step_started_at + schedule.contacts[attempt]! };
  if (step + 1 < state.steps.length) return { step: step + 1, attempt: 1, at: step_started_at + schedule.ends };
  return null;
}

/** When the walk ends after its last contact (the last step's follow-up time has passed). */
function walkEnds(state: EngineState, scale: number): number | null {
  if (!state.at || nextContact(state, scale) !== null) return null;
  return state.at.step_started_at + stepSchedule(state.steps[state.at.step]!, scale).ends;
}

/** The accepter's follow-up interval (ms), or null when there is none (a supervisor, the integration). */
function followUpEvery(state: EngineState, scale: number): number | null {
  if (state.accepted_by === null || state.accepted_by === 'integration') return null;
  const step = state.steps[state.accepted_by.step];
  if (!step || step.participation === 'supervisor' || step.follow_up_minutes <= 0) return null;
  return (step.follow_up_minutes * MINUTE) / scale;
}

function dueAt(state: EngineState, scale: number): number | null {
  if (state.status === 'completed' || state.status === 'canceled') return null;
  const times: number[] = [];
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
function walk(from: EngineState, now: number, scale: number, actions: EngineAction[]): EngineState {
  let state = from;
  for (let next = nextContact(state, scale); next && next.at <= now; next = nextContact(state, scale)) {
    const started = next.attempt === 1 ? next.at : state.at!.step_started_at;
    state = { ...state, at: { step: next.step, attempt: next.attempt, step_started_at: started } };
    const status = next.attempt > 1 ? 'follow-up' : next.step === 0 ? 'open' : 'escalation';
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
export function runEngine(previous: EngineState, input: EngineInput, now: number, scale = 1): EngineOutcome {
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
        const by = state.accepted_by as { step: number };
        state = { ...state, followed_up_at: now, follow_ups: state.follow_ups + 1 };
        actions.push(contact(state, by.step, state.follow_ups, 'follow-up', true, scale));
        return outcome();
      }
      state = walk(state, now, scale, actions);
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
      state = walk(state, now, scale, actions);
      return outcome();
    }
    case 'accept': {
      if (state.status !== 'open') return outcome(true);
      const inTime = state.sla_compliance === null;
      state = {
        ...state,
        status: 'progress',
        accepted_at: now,
        accepted_by: input.by,
        followed_up_at: null,
        sla_compliance: state.sla_minutes === null ? state.sla_compliance : inTime ? 'YES' : 'NO',
      };
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
