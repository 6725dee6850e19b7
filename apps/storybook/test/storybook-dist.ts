import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built static Storybook (`nx run storybook:build-storybook` writes it). */
export const STORYBOOK_DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../dist');

/** What the global setup tells the tests (through the environment the workers inherit). */
export const STORY_TEST_ENV = { baseUrl: 'RELEVO_STORYBOOK_URL' } as const;

/** One story of the built Storybook's index.json (version 5; only what the tests use). */
export interface StoryEntry {
  type: 'story';
  id: string;
  title: string;
  name: string;
  importPath: string;
  tags?: string[];
}

interface IndexEntry {
  type: string;
  id: string;
  title: string;
  name: string;
  importPath: string;
  tags?: string[];
}

/**
 * The stories of the built Storybook, in index order; docs entries are left out. Throws a message
 * that says what to run when the build is missing or holds no story.
 */
export function readStories(dist = STORYBOOK_DIST): StoryEntry[] {
  const indexFile = join(dist, 'index.json');
  if (!existsSync(indexFile)) {
    throw new Error(`${indexFile} is missing: build Storybook first (npx nx run storybook:build-storybook), or run npx nx run storybook:test-stories`);
  }
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as { v?: number; entries?: Record<string, IndexEntry> };
  if (index.v !== 5 || !index.entries) throw new Error(`${indexFile}: expected a version 5 story index, got version ${String(index.v)}`);
  const stories = Object.values(index.entries).filter((entry): entry is StoryEntry => entry.type === 'story');
  if (stories.length === 0) throw new Error(`${indexFile} lists no story`);
  return stories;
}

/** The file of the build that a request path names, or null when there is none (or the path leaves the build). */
export function fileFor(pathname: string, root = STORYBOOK_DIST): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = normalize(join(root, decoded.endsWith('/') ? `${decoded}index.html` : decoded));
  if (file !== root && !file.startsWith(root + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}
