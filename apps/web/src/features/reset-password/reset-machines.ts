import { emailResetConfirm, emailResetStart, smsResetStart, smsResetVerify } from '@relevo/api';
import { emailResetMachine, smsResetMachine } from '@relevo/domain';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';

/**
 * The reset machines bound to the server. Their failures show in the screen's red alert above the
 * form (docs/product.md#messages: the first message of the response), not in the general toast.
 */
export const liveSmsResetMachine = smsResetMachine.provide({
  actors: {
    requestCode: fromPromise(({ input }) => api.call(smsResetStart, { body: input })),
    // docs/product.md#http-calls: the token answered by step 1 is the bearer of the verify call
    verifyCode: fromPromise(({ input: { token, ...body } }) => api.call(smsResetVerify, { token, body })),
  },
});

export const liveEmailResetMachine = emailResetMachine.provide({
  actors: {
    requestLink: fromPromise(({ input }) => api.call(emailResetStart, { body: input })),
    confirmReset: fromPromise(({ input: { token, ...body } }) =>
      api.call(emailResetConfirm, { params: { token }, body }),
    ),
  },
});
