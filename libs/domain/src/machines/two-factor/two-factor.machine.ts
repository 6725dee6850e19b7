import { assign, setup } from 'xstate';
import { parseCode, type MessageAnswer } from '../../entities/auth';
import { MESSAGES } from '../../rules/messages';
import { errorText, notProvided } from '../shared';

export interface TwoFactorContext {
  code: string;
  error: string | null;
  /** 'Your verification code has been resent' after a resend */
  notice: string | null;
}

export type TwoFactorEvent = { type: 'CHANGE'; value: string } | { type: 'VERIFY' } | { type: 'RESEND' };

/**
 * docs/product.md#verification-code: idle → verifying → verified, or failed with the first message; Resend
 * Code goes through resending and back with a notice.
 */
export const twoFactorMachine = setup({
  types: { context: {} as TwoFactorContext, events: {} as TwoFactorEvent },
  actors: {
    verify: notProvided<unknown, { code: number }>('verify'),
    resend: notProvided<MessageAnswer, void>('resend'),
  },
  guards: { codeIsWellFormed: ({ context }) => 'code' in parseCode(context.code) },
  actions: {
    assignCode: assign(({ context, event }) => (event.type === 'CHANGE' ? { ...context, code: event.value } : context)),
    explainCode: assign(({ context }) => {
      const parsed = parseCode(context.code);
      return { error: 'error' in parsed ? parsed.error : null, notice: null };
    }),
  },
}).createMachine({
  id: 'twoFactor',
  initial: 'idle',
  context: { code: '', error: null, notice: null },
  on: { CHANGE: { actions: 'assignCode' } },
  states: {
    idle: {
      on: {
        VERIFY: [
          { guard: 'codeIsWellFormed', target: 'verifying' },
          { target: 'failed', actions: 'explainCode' },
        ],
        RESEND: 'resending',
      },
    },
    verifying: {
      invoke: {
        src: 'verify',
        input: ({ context }) => ({ code: (parseCode(context.code) as { code: number }).code }),
        onDone: { target: 'verified', actions: assign({ error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorText(event.error), notice: null, code: '' }),
        },
      },
    },
    resending: {
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'resend',
        onDone: {
          target: 'idle',
          actions: assign({ notice: ({ event }) => event.output?.Message || MESSAGES.codeResent, code: '' }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: {
        VERIFY: [{ guard: 'codeIsWellFormed', target: 'verifying' }, { actions: 'explainCode' }],
        RESEND: 'resending',
      },
    },
    verified: { type: 'final' },
  },
});
