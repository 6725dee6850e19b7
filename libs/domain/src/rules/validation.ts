import * as v from 'valibot';

/** One failed rule, addressed like the wire's `loc` (without the body/query prefix). */
export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

export type Validated<T> = { success: true; output: T } | { success: false; issues: FieldIssue[] };

const pathOf = (issue: v.BaseIssue<unknown>) =>
  (issue.path ?? []).map((item) => (typeof item.key === 'number' ? item.key : String(item.key)));

function toIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  // an empty required field says only that it is required, not every rule its emptiness breaks
  const emptyFields = new Set(
    issues.filter((issue) => issue.type === 'non_empty').map((issue) => JSON.stringify(pathOf(issue))),
  );
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const path = pathOf(issue);
    if (issue.type !== 'non_empty' && emptyFields.has(JSON.stringify(path))) continue;
    // one rule can fail twice (a fraction below the minimum): say it once
    const key = JSON.stringify([path, issue.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: issue.message });
  }
  return out;
}

/** Runs a schema and returns every failed rule with its path (all rules, not only the first). */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): Validated<v.InferOutput<S>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: false });
  if (result.success) return { success: true, output: result.output };
  return { success: false, issues: toIssues(result.issues) };
}

/** The messages of each field, keyed by the first path segment (for forms showing a tooltip per field). */
export function fieldMessages(issues: FieldIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : '';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Form helper: validate and return the messages per field (empty object when valid). */
export function formErrors<S extends v.GenericSchema>(schema: S, input: unknown): Record<string, string[]> {
  const result = validate(schema, input);
  return result.success ? {} : fieldMessages(result.issues);
}

/** The output of a validation the form's rules already accepted (the record-form machine saves only those). */
export function checkedOutput<T>(result: Validated<T>): T {
  if (!result.success) throw new Error(result.issues[0]?.message ?? 'The form is not valid');
  return result.output;
}
