import { SmsResetStartSchema } from '@relevo/domain';
import { endpoint, reply } from '../endpoint';

/** SMS reset step 1, apart from the sign-in endpoints so the sign-in page does not load the phone rules. */
export const smsResetStart = endpoint({
  name: 'smsResetStart',
  method: 'POST',
  path: '/api/users/reset_password/sms/',
  body: SmsResetStartSchema,
  response: reply<{ token: string; Message: string }>(),
  auth: 'public',
});
