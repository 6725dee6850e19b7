import { sessionMachine, type SessionUser } from '@relevo/domain';
import { Toaster } from '@relevo/ui';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, type InitialEntry, type RouteObject } from 'react-router';
import { fromPromise } from 'xstate';
import { AppRoutes } from '../shell/app-routes';
import { ServicesProvider, type Services } from '../shell/services';
import { SessionProvider } from '../shell/session';

/** The session machine with fixture actors: signed in as `user`, or signed out for null. */
export function sessionFor(user: SessionUser | null) {
  return sessionMachine.provide({
    actors: {
      loadUser: fromPromise(async () => user),
      logout: fromPromise(async (): Promise<unknown> => ({ Message: 'You have been signed out' })),
    },
  });
}

export interface StoryAppProps {
  routes: RouteObject[];
  at: InitialEntry;
  user?: SessionUser | null;
  /** fixture services; the layout's client settings default to a version and no widget */
  services?: Partial<Services>;
}

const noWidget: Services['loadClientSettings'] = async () => ({
  version: '1.4.4',
  widget_script_url: null,
  sso: false,
});

/** Renders routes in memory, with a fixture session and fixture services instead of the server. */
export function StoryApp({ routes, at, user = null, services = {} }: StoryAppProps) {
  return (
    <SessionProvider machine={sessionFor(user)}>
      <ServicesProvider value={{ loadClientSettings: noWidget, ...services }}>
        <MemoryRouter initialEntries={[at]}>
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </ServicesProvider>
      <Toaster />
    </SessionProvider>
  );
}

/** Where a page navigates in a story: a plain note instead of the next screen. */
export const landed = (path: string): RouteObject => ({ path, element: <StoryNote>Navigated to {path}</StoryNote> });

function StoryNote({ children }: { children: ReactNode }) {
  return <p style={{ padding: 24 }}>{children}</p>;
}

/**
 * The meta of a screen's story file but its title (which stays literal in the file, where
 * Storybook's indexer reads it): the screen drawn on the whole window.
 */
export function screenMeta<Props>(component: ComponentType<Props>) {
  return { component, parameters: { layout: 'fullscreen' } };
}
