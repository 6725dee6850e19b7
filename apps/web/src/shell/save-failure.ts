import { fieldMessagesOf } from '@relevo/api';
import { reportError } from './report-error';

/**
 * A failed save of a modal form: a 422 whose messages all belong to fields the form shows is shown
 * on those fields only (the record form machine keeps them there); anything else goes through
 * the general handler (docs/product.md#messages), e.g. a 409 refusal. The call still fails, so the form's machine
 * stays open in `failed`.
 */
export async function savedOrReported<T>(call: Promise<T>, shownFields: readonly string[]): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const fields = Object.keys(fieldMessagesOf(error));
    if (fields.length === 0 || fields.some((field) => !shownFields.includes(field))) reportError(error);
    throw error;
  }
}
