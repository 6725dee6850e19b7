/**
 * Time comes from here, never from `new Date()` in a rule, so tests can move it (expiry of codes,
 * links and sessions; later, the escalation engine's timers).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | number = Date.now()) {
    this.#ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(at: Date | number): void {
    this.#ms = typeof at === 'number' ? at : at.getTime();
  }
}

export const addSeconds = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);
