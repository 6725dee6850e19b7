/**
 * What the guards need to know of the session machine (libs/domain sessionMachine):
 * - checking: the first load of the session user, before anything is known;
 * - signingIn: loading again after the code step;
 * - signedIn / signingOut / signedOut.
 */
export type SessionStatus = 'checking' | 'signingIn' | 'signedIn' | 'signingOut' | 'signedOut';

export function sessionStatus(state: string, hasSettled: boolean): SessionStatus {
  switch (state) {
    case 'authenticated':
    case 'reloading':
      return 'signedIn';
    case 'loggingOut':
      return 'signingOut';
    case 'anonymous':
      return 'signedOut';
    default:
      return hasSettled ? 'signingIn' : 'checking';
  }
}
