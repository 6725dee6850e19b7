/**
 * Texts PostgreSQL cannot take: it stores no NUL character in text, and its JSON refuses a lone
 * UTF-16 surrogate (an audit detail is JSON). Such a value would fail in the database with a 500:
 * it is refused first, with a 422 naming where it is.
 */
export const TEXT_MESSAGES = {
  nul: 'Must not contain the NUL character',
  loneSurrogate: 'Must be valid Unicode text (a lone surrogate is not)',
} as const;

const LONE_SURROGATE = /\p{Cs}/u;

const flaw = (text: string): string | null =>
  text.includes('\u0000') ? TEXT_MESSAGES.nul : LONE_SURROGATE.test(text) ? TEXT_MESSAGES.loneSurrogate : null;

/**
 * The first text (a value or an object's key) that cannot be stored, with where it is, in the
 * order of the fields. A walk with its own stack, not recursion: a body of arrays nested 100 000
 * deep (200 kB) must not overflow the call stack.
 */
export function unstorableText(value: unknown): { path: (string | number)[]; message: string } | null {
  interface Visit {
    value: unknown;
    key: string | number | null;
    parent: Visit | null;
  }
  const pathOf = (visit: Visit) => {
    const keys: (string | number)[] = [];
    for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse();
  };
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      const message = flaw(current);
      if (message) return { path: pathOf(visit), message };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const isArray = Array.isArray(current);
    const entries = Object.entries(current);
    if (!isArray) {
      for (const [key] of entries) {
        const message = flaw(key);
        if (message) return { path: [...pathOf(visit), key], message };
      }
    }
    // the last pushed is looked at first: pushed in reverse, the first field is the one answered
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      pending.push({ value: inner, key: isArray ? Number(key) : key, parent: visit });
    }
  }
  return null;
}
