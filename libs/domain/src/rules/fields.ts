import * as v from 'valibot';

/**
 * Field builders shared by every form and endpoint, so a field means the same on the screen and on
 * the server. Every text has an upper bound: nothing unbounded reaches the database.
 */
export const MAX_TEXT = 100;
export const MAX_LONG_TEXT = 1000;
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 128;

export const mustBeText = 'Must be a text';
export const mustBeInteger = 'Must be a whole number';
export const mustBeTrueOrFalse = 'Must be true or false';

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** A required text, trimmed; `required` is the spec message when empty. */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(required: string, max = MAX_TEXT) {
  return v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong(max)));
}

/** An optional text, trimmed; empty becomes ''. */
/* @__NO_SIDE_EFFECTS__ */
export function optionalText(max = MAX_TEXT) {
  return v.optional(v.pipe(v.string(mustBeText), v.trim(), v.maxLength(max, tooLong(max))), '');
}

/** docs/product.md#validation-rules: 'Must be a valid email address'. Stored and compared lower-cased. */
/* @__NO_SIDE_EFFECTS__ */
export function emailField(required = 'Email is required') {
  return v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(MAX_EMAIL, tooLong(MAX_EMAIL)),
    v.email('Must be a valid email address'),
    v.toLowerCase(),
  );
}

/** A password as typed at sign-in (no strength rules: those apply when a password is set). */
/* @__NO_SIDE_EFFECTS__ */
export function passwordInput(required = 'Password is required') {
  return v.pipe(v.string(required), v.nonEmpty(required), v.maxLength(MAX_PASSWORD, tooLong(MAX_PASSWORD)));
}

/** docs/product.md#validation-rules generic number message. */
export const atLeast = (min: number) => `The value must be greater than or equal to ${min}`;
export const atMost = (max: number) => `The value must be less than or equal to ${max}`;

/**
 * An integer that may arrive as a JSON number or as a query-string text ("12").
 * Rejects fractions and non-numeric text with a clear message.
 */
/* @__NO_SIDE_EFFECTS__ */
export function integerField(opts: { min?: number; max?: number; message?: string } = {}) {
  const message = opts.message ?? mustBeInteger;
  const checks: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
  if (opts.min !== undefined) checks.push(v.minValue(opts.min, atLeast(opts.min)));
  if (opts.max !== undefined) checks.push(v.maxValue(opts.max, atMost(opts.max)));
  return v.pipe(
    v.union(
      [v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^-?\d{1,15}$/, message), v.transform(Number))],
      message,
    ),
    v.integer(message),
    ...checks,
  );
}

/** An id in a path or body: a positive integer. */
export const idField = /* @__NO_SIDE_EFFECTS__ */ (message = 'Must be a valid id') =>
  integerField({ min: 1, max: 2_147_483_647, message });

/** Y/N flags of the catalogue (docs/product.md#states-and-transitions). */
export const ynFlag = /* @__NO_SIDE_EFFECTS__ */ (message = 'Must be Y or N') => v.picklist(['Y', 'N'], message);

export const UNKNOWN_FIELD = 'Unknown field';

/**
 * A request body or form: unknown keys are refused ('Unknown field'); a missing key gets the
 * message its own schema gives to an empty value (the spec's required message).
 */
/* @__NO_SIDE_EFFECTS__ */
export function form<TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.strictObject(entries, (issue) => {
    if (issue.expected === 'never') return UNKNOWN_FIELD;
    const key = issue.path?.[issue.path.length - 1]?.key;
    const schema = typeof key === 'string' ? entries[key] : undefined;
    if (schema) {
      const result = v.safeParse(schema, undefined);
      if (!result.success && result.issues[0]) return result.issues[0].message;
    }
    return 'This field is required';
  });
}

/** A day of a filter: YYYY-MM-DD, a real day of the calendar (2026-02-30 is not). */
export const isFilterDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text) && isCalendarDay(text);

/** A real day of the calendar (2026-02-30 is not). */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
