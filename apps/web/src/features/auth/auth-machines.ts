import { clientSettings, login, resendCode, verifyCode } from '@relevo/api';
import { loginMachine, twoFactorMachine } from '@relevo/domain';
import { fromPromise } from 'xstate';
import { api } from '../../shell/api';

declare module '../../shell/services' {
  interface Services {
    loginMachine: typeof loginMachine;
    twoFactorMachine: typeof twoFactorMachine;
    /** docs/product.md#single-sign-on: the browser leaves for the provider (stories record it instead) */
    startSingleSignOn: (path: string) => void;
  }
}

/** Whether the sign-in screen offers single sign-on (the public client settings say so). */
export const liveLoadClientSettings = () => api.call(clientSettings);
export const liveStartSingleSignOn = (path: string) => window.location.assign(path);

/**
 * The sign-in machines bound to the server. Their failures show in the screen's red alert
 * (docs/product.md#messages: login, code check and resend), not in the general toast.
 */
export const liveLoginMachine = loginMachine.provide({
  actors: { login: fromPromise(({ input }) => api.call(login, { body: input })) },
});

// the pre-auth cookie set by the login answer carries the code step (docs/product.md#sign-in-sessions-and-secrets)
export const liveTwoFactorMachine = twoFactorMachine.provide({
  actors: {
    verify: fromPromise(({ input }) => api.call(verifyCode, { body: { code: input.code } })),
    resend: fromPromise(() => api.call(resendCode)),
  },
});
