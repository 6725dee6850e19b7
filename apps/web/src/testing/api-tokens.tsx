import { ApiError } from '@relevo/api';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES, Role, type ApiToken, type RoleId } from '@relevo/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { ApiTokenCalls } from '../features/api-tokens/api-token-calls';
import { routes } from '../routes';
import { never, storyListLoad, storyUser } from './fixtures';
import { StoryApp } from './story-app';

/** The stories read every time in UTC, so their texts do not depend on the machine's zone. */
export const API_TOKEN_STORY_ZONE = 'UTC';

/** The token a story's Create answers (made up: the fixtures never reach a server). */
export const STORY_NEW_TOKEN = 'rlv_Zm9yLXN0b3JpZXMtb25seS1ub3QtYS1yZWFsLXRva2VuXw';

/** A token as the server lists it: active, reading, never used, unless `facts` say otherwise. */
export function storyApiToken(id: number, name: string, facts: Partial<ApiToken> = {}): ApiToken {
  return {
    id,
    name,
    scopes: ['read'],
    hint: `a${String(id).padStart(3, '0')}`,
    created_by: 'root@democompany.demo',
    created_at: '2026-03-01T09:00:00.000Z',
    expires_at: '2026-06-01T09:00:00.000Z',
    last_used_at: null,
    last_used_address: null,
    revoked_at: null,
    status: 'active',
    ...facts,
  };
}

/** Three tokens: one in daily use with every scope, one expired, one revoked. */
export const STORY_API_TOKENS: ApiToken[] = [
  storyApiToken(3, 'Terraform', {
    scopes: ['read', 'catalogue', 'events'],
    last_used_at: '2026-03-10T11:58:00.000Z',
    last_used_address: '203.0.113.7',
  }),
  storyApiToken(2, 'Old exporter', { status: 'expired', expires_at: '2026-03-05T09:00:00.000Z' }),
  storyApiToken(1, 'Leaked laptop', { status: 'revoked', revoked_at: '2026-03-02T10:00:00.000Z' }),
];

export type StoryApiTokenList = 'filled' | 'empty' | 'loading' | 'failedOnce' | 'full';

export interface StoryApiTokenOptions {
  list?: StoryApiTokenList;
  save?: 'ok' | 'saving' | 'refused';
  role?: RoleId;
}

/** Fixture calls of the API Tokens screen: an in-memory list that makes and revokes. */
export function storyApiTokenCalls({ list = 'filled', save = 'ok' }: StoryApiTokenOptions = {}): ApiTokenCalls {
  let tokens =
    list === 'empty'
      ? []
      : list === 'full'
        ? Array.from({ length: API_TOKEN_LIMITS.perCustomer }, (_, index) =>
            storyApiToken(index + 1, `Script ${index + 1}`),
          )
        : [...STORY_API_TOKENS];
  let next = 100;
  return {
    list: storyListLoad(list, () => tokens),
    create: async (body) => {
      if (save === 'saving') return never();
      if (save === 'refused') throw new ApiError(409, { detail: API_TOKEN_MESSAGES.tooMany });
      const made = storyApiToken(next++, body.name, {
        scopes: body.scopes,
        expires_at: body.expires_at,
        hint: STORY_NEW_TOKEN.slice(-4),
      });
      tokens = [made, ...tokens];
      return { ...made, token: STORY_NEW_TOKEN };
    },
    revoke: async (id) => {
      tokens = tokens.map((token) =>
        token.id === id ? { ...token, status: 'revoked', revoked_at: '2026-03-10T12:00:00.000Z' } : token,
      );
      return tokens.find((token) => token.id === id)!;
    },
    viewerZone: () => API_TOKEN_STORY_ZONE,
  };
}

/** The real route table at /api_tokens, signed in as a Customer Root (or the role given), with fixture calls made once. */
export function ApiTokenScreens(options: StoryApiTokenOptions) {
  const [calls] = useState(() => storyApiTokenCalls(options));
  return (
    <StoryApp
      routes={routes}
      at="/api_tokens"
      user={storyUser(options.role ?? Role.CustomerRoot)}
      services={{ apiTokenCalls: calls }}
    />
  );
}

/** The meta of an API Tokens story file but its title. */
export const apiTokenScreensMeta = {
  component: ApiTokenScreens,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ApiTokenScreens>;

export type ApiTokenScreensStory = StoryObj<typeof ApiTokenScreens>;
