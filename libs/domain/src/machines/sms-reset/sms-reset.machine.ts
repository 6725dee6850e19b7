import * as v from 'valibot';
import { assign, setup } from 'xstate';
import { SmsResetVerifySchema } from '../../entities/auth';
import { SmsResetStartSchema } from '../../entities/sms-reset';
import { formErrors } from '../../rules/validation';
import { errorText, notProvided } from '../shared';

export interface SmsResetContext {
  phone: string;
  /** the token answered by step 1, the bearer of step 2 (docs/product.md#http-calls) */
  token: string | null;
  smscod: string;
  password: string;
  password_verified: string;
  /** the first message of a failed call, shown in a red alert above the form (docs/product.md#messages) */
  error: string | null;
  submitted: boolean;
}

type Field = 'phone' | 'smscod' | 'password' | 'password_verified';
export type SmsResetEvent = { type: 'CHANGE'; field: Field; value: string } | { type: 'SUBMIT' } | { type: 'BACK' };

export const smsPhoneErrors = (context: Pick<SmsResetContext, 'phone'>) =>
  formErrors(SmsResetStartSchema, { phone: context.phone });
export const smsVerifyErrors = (context: Pick<SmsResetContext, 'smscod' | 'password' | 'password_verified'>) =>
  formErrors(SmsResetVerifySchema, {
    smscod: context.smscod,
    password: context.password,
    password_verified: context.password_verified,
  });

export interface SmsVerifyInput {
  token: string;
  smscod: number;
  password: string;
  password_verified: string;
}

/**
 * docs/product.md#password-reset by SMS, 3 steps: phone → (verify phone) → code and new password → (verify) → done.
 * Step 1 to 2 on success of the phone call, 2 to 3 on success of verify (docs/product.md#states-and-transitions).
 */
export const smsResetMachine = setup({
  types: { context: {} as SmsResetContext, events: {} as SmsResetEvent },
  actors: {
    requestCode: notProvided<{ token: string }, { phone: string }>('requestCode'),
    verifyCode: notProvided<unknown, SmsVerifyInput>('verifyCode'),
  },
  guards: {
    phoneValid: ({ context }) => Object.keys(smsPhoneErrors(context)).length === 0,
    verifyValid: ({ context }) => Object.keys(smsVerifyErrors(context)).length === 0,
  },
  actions: {
    assignField: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { ...context, [event.field]: event.value } : context,
    ),
  },
}).createMachine({
  id: 'smsReset',
  initial: 'phone',
  context: { phone: '', token: null, smscod: '', password: '', password_verified: '', error: null, submitted: false },
  states: {
    phone: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: [{ guard: 'phoneValid', target: 'requestingCode' }, { actions: assign({ submitted: true }) }],
      },
    },
    requestingCode: {
      entry: assign({ error: null }),
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ phone: v.parse(SmsResetStartSchema, { phone: context.phone }).phone }),
        onDone: {
          target: 'code',
          actions: assign({
            token: ({ event }) => event.output.token,
            submitted: false,
          }),
        },
        onError: { target: 'phone', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    code: {
      on: {
        CHANGE: { actions: 'assignField' },
        SUBMIT: [{ guard: 'verifyValid', target: 'verifying' }, { actions: assign({ submitted: true }) }],
        BACK: {
          target: 'phone',
          actions: assign({ smscod: '', password: '', password_verified: '', error: null, token: null }),
        },
      },
    },
    verifying: {
      entry: assign({ error: null }),
      invoke: {
        src: 'verifyCode',
        input: ({ context }) => ({
          token: context.token ?? '',
          smscod: Number(context.smscod.trim()),
          password: context.password,
          password_verified: context.password_verified,
        }),
        onDone: { target: 'done', actions: assign({ password: '', password_verified: '', smscod: '' }) },
        onError: { target: 'code', actions: assign({ error: ({ event }) => errorText(event.error), smscod: '' }) },
      },
    },
    done: { type: 'final' },
  },
});
