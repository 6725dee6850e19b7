import { Role, type RoleId } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { routes } from '../routes';
import { APPLICATION_CALLS } from './applications';
import { storyUser } from './fixtures';
import { StoryApp } from './story-app';

export interface ApplicationScreensProps {
  /** where the story opens: /applications or an application's modules */
  at: string;
  role?: RoleId;
  calls?: keyof typeof APPLICATION_CALLS;
}

/** The real route table at `at`, signed in as a customer user, with the fixture calls of the Applications and Modules screens. */
export function ApplicationScreens({ at, role = Role.CustomerRoot, calls = 'filled' }: ApplicationScreensProps) {
  return (
    <StoryApp
      routes={routes}
      at={at}
      user={storyUser(role)}
      services={{ applicationCalls: APPLICATION_CALLS[calls]() }}
    />
  );
}

/** The meta of a story file of these screens but its title (which stays literal there, where Storybook's indexer reads it). */
export function applicationScreensMeta(at: string) {
  return { component: ApplicationScreens, args: { at }, parameters: { layout: 'fullscreen' } } satisfies Meta<
    typeof ApplicationScreens
  >;
}

export type ApplicationScreensStory = StoryObj<typeof ApplicationScreens>;
