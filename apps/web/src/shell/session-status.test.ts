import { describe, expect, it } from 'vitest';
import { sessionStatus } from './session-status';

describe('sessionStatus', () => {
  it('is checking only while the very first session load runs', () => {
    expect(sessionStatus('loading', false)).toBe('checking');
    expect(sessionStatus('loading', true)).toBe('signingIn');
  });

  it('keeps a user signed in while the session user reloads', () => {
    expect(sessionStatus('authenticated', true)).toBe('signedIn');
    expect(sessionStatus('reloading', true)).toBe('signedIn');
  });

  it('tells signing out from signed out', () => {
    expect(sessionStatus('loggingOut', true)).toBe('signingOut');
    expect(sessionStatus('anonymous', true)).toBe('signedOut');
  });
});
