import type { RateRule } from '../auth/queries';

/**
 * A fixed-window counter per key, in this process's memory: the ingest API's per-module limit
 * (docs/product.md#incidents-in) and the spoken audio's per-address limit. It costs no database round trip on the
 * hot path (a flood is refused without touching the database); with several API processes each
 * counts its own share of the traffic (docs/operations.md).
 */
export class WindowLimiter<Key = number> {
  readonly #windows = new Map<Key, { started: number; count: number }>();

  constructor(private readonly rule: RateRule) {}

  /** Counts one call at `now` (ms); answers the seconds to wait when the limit is reached. */
  hit(key: Key, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const windowMs = this.rule.windowSeconds * 1000;
    let window = this.#windows.get(key);
    if (!window || now - window.started >= windowMs) {
      if (this.#windows.size > 10_000) this.#prune(now, windowMs);
      window = { started: now, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= this.rule.limit)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.started + windowMs - now) / 1000)) };
    window.count += 1;
    return { allowed: true };
  }

  #prune(now: number, windowMs: number): void {
    for (const [key, window] of this.#windows) if (now - window.started >= windowMs) this.#windows.delete(key);
  }
}
