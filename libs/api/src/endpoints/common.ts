import * as v from 'valibot';
import { CASE_ID_PATTERN, idField } from '@relevo/domain';

/** `/:id` path parameters: a positive integer (a bad one is a 422 on `path.id`). */
export const IdParams = v.object({ id: idField() });

/** `/:case_id`: a case ID as the engine makes them. */
export const CaseIdParams = /* @__PURE__ */ (() =>
  v.object({ case_id: v.pipe(v.string('Must be a case ID'), v.regex(CASE_ID_PATTERN, 'Must be a case ID')) }))();

/** Answers that only carry a text. */
export interface Detail {
  detail: string;
}
