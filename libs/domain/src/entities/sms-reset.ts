import type * as v from 'valibot';
import { form } from '../rules/fields';
import { phoneField } from '../rules/phone';

/**
 * SMS reset step 1 (docs/product.md#entities). A module of its own: the phone rule brings the phone number metadata,
 * which only the SMS screens and the server need, not the sign-in page.
 */
export const SmsResetStartSchema = form({ phone: phoneField() });
export type SmsResetStart = v.InferOutput<typeof SmsResetStartSchema>;
