import { assign, setup } from 'xstate';
import type { SessionUser } from '../../entities/user';
import { notProvided } from '../shared';

export interface SessionContext {
  user: SessionUser | null;
}

export type SessionEvent =
  | { type: 'SIGNED_IN' }
  | { type: 'RELOAD' }
  | { type: 'LOGOUT' }
  /** a 401 from any call: the session is gone on the server (docs/product.md#states-and-transitions Session) */
  | { type: 'UNAUTHORIZED' };

/**
 * docs/product.md#states-and-transitions Session and #route-guard: the session user is loaded by the cookie; null means not signed in.
 * Logout revokes on the server, clears the user and ends not authenticated.
 */
const session = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    loadUser: notProvided<SessionUser | null, void>('loadUser'),
    logout: notProvided<unknown, void>('logout'),
  },
});

/** Loads the session user: a user is signed in, none (null) is not; `onError` says where a failed load goes. */
const loadingUser = (onError: 'authenticated' | 'anonymous') =>
  session.createStateConfig({
    invoke: {
      src: 'loadUser',
      onDone: [
        {
          guard: ({ event }) => event.output != null,
          target: 'authenticated',
          actions: assign({ user: ({ event }) => event.output }),
        },
        { target: 'anonymous', actions: assign({ user: null }) },
      ],
      onError: onError === 'anonymous' ? { target: 'anonymous', actions: assign({ user: null }) } : 'authenticated',
    },
  });

export const sessionMachine = session.createMachine({
  id: 'session',
  initial: 'loading',
  context: { user: null },
  states: {
    loading: loadingUser('anonymous'),
    authenticated: {
      on: {
        RELOAD: 'reloading',
        LOGOUT: 'loggingOut',
        UNAUTHORIZED: { target: 'anonymous', actions: assign({ user: null }) },
      },
    },
    /** like loading, but the screen keeps showing the current user meanwhile */
    reloading: loadingUser('authenticated'),
    loggingOut: {
      invoke: {
        src: 'logout',
        onDone: { target: 'anonymous', actions: assign({ user: null }) },
        onError: { target: 'anonymous', actions: assign({ user: null }) },
      },
    },
    anonymous: {
      on: { SIGNED_IN: 'loading', RELOAD: 'loading' },
    },
  },
});
