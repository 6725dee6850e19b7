import * as v from 'valibot';
import { idField } from '@relevo/domain';

/** `/:id` path parameters: a positive integer (a bad one is a 422 on `path.id`). */
export const IdParams = v.object({ id: idField() });

/** Answers that only carry a text. */
export interface Detail {
  detail: string;
}
