import { ApiError, logout, sessionUser } from '@relevo/api';
import { sessionMachine, type SessionUser } from '@relevo/domain';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { api, onUnauthorized } from './api';
import { reportError } from './report-error';
import { sessionStatus, type SessionStatus } from './session-status';

/** GET /api/users/me: the signed-in user, null when nobody is (401). */
async function readSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.call(sessionUser);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    reportError(error);
    throw error;
  }
}

/** The session read started before the first render (`startSessionRead`), for the machine's first load. */
let earlyRead: Promise<SessionUser | null> | null = null;

/**
 * Starts reading the session as the app's code starts, before React draws anything: the first
 * screen waits for the answer, and the request is then on its way while the first render runs
 * (docs/architecture.md, "First load"). The session machine's first load takes this answer.
 */
export function startSessionRead(): void {
  earlyRead = readSessionUser();
  // its failure is the machine's to handle when it takes it; none goes unhandled meanwhile
  earlyRead.catch(() => undefined);
}

/** The session machine bound to the server: GET /api/users/me answers 401 when nobody is signed in. */
export const liveSessionMachine = sessionMachine.provide({
  actors: {
    loadUser: fromPromise((): Promise<SessionUser | null> => {
      const read = earlyRead ?? readSessionUser();
      earlyRead = null;
      return read;
    }),
    // the machine ends signed out whatever the answer; a failure is still reported (docs/product.md#messages)
    logout: fromPromise(async (): Promise<unknown> => {
      try {
        return await api.call(logout);
      } catch (error) {
        reportError(error);
        throw error;
      }
    }),
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

interface SessionContextValue {
  actor: SessionActor;
  hasSettled: boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export interface SessionProviderProps {
  /** a pre-provided session machine (stories use fixture actors) */
  machine?: typeof sessionMachine;
  children: ReactNode;
}

export function SessionProvider({ machine = liveSessionMachine, children }: SessionProviderProps) {
  const actor = useActorRef(machine);
  const [hasSettled, setHasSettled] = useState(() => !actor.getSnapshot().matches('loading'));

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (!snapshot.matches('loading')) setHasSettled(true);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  // docs/product.md#states-and-transitions Session and #messages: a 401 from any session call clears the session and reloads the page
  // (the server has already removed the cookie); the session-user call itself just means signed out
  useEffect(
    () =>
      onUnauthorized((endpoint) => {
        if (endpoint === sessionUser || endpoint === logout) return;
        actor.send({ type: 'UNAUTHORIZED' });
        window.location.reload();
      }),
    [actor],
  );

  return <SessionContext.Provider value={{ actor, hasSettled }}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSessionActor needs a SessionProvider');
  return value.actor;
}

export interface SessionView {
  status: SessionStatus;
  user: SessionUser | null;
  actor: SessionActor;
}

export function useSession(): SessionView {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  const state = useSelector(value.actor, (snapshot) => String(snapshot.value));
  const user = useSelector(value.actor, (snapshot) => snapshot.context.user);
  return { status: sessionStatus(state, value.hasSettled), user, actor: value.actor };
}

/** For screens inside the layout, where a signed-in user is guaranteed by the guard. */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser used outside the signed-in layout');
  return user;
}
