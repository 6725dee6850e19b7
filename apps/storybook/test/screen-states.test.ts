/**
 * The manifest of screen states (test/screen-states.ts) against the stories as Storybook indexes
 * them: the story files of .storybook/main.ts, read with Storybook's own CSF parser, so an id here
 * is the id Storybook gives the story (title and export name, as in the sidebar's URL).
 */
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCsf } from 'storybook/internal/csf-tools';
import { describe, expect, it } from 'vitest';
import main from '../.storybook/main.ts';
import { NOT_SPEC_SCREENS, SCREEN_STATES } from './screen-states.ts';

const configDir = fileURLToPath(new URL('../.storybook/', import.meta.url));

/** Each story file of the Storybook, with the ids of its stories. */
function storyFiles(): { file: string; ids: string[] }[] {
  if (!Array.isArray(main.stories)) throw new Error('.storybook/main.ts lists its stories as an array');
  const patterns = main.stories.map((entry) =>
    typeof entry === 'string' ? entry : `${entry.directory}/${entry.files ?? '**/*.stories.*'}`,
  );
  return patterns
    .flatMap((pattern: string) => globSync(pattern, { cwd: configDir }))
    .sort()
    .map((file) => {
      const csf = loadCsf(readFileSync(new URL(file, `file://${configDir}`), 'utf8'), {
        fileName: file,
        makeTitle: (title) => title ?? file,
      }).parse();
      return { file, ids: csf.stories.map((story) => story.id) };
    });
}

const files = storyFiles();
const storyIds = new Set(files.flatMap((file) => file.ids));
const listedIds = new Set(SCREEN_STATES.flatMap((entry) => Object.values(entry.states).flat()));
const componentOf = (id: string) => id.split('--')[0]!;

describe('the screen states manifest', () => {
  it('finds the stories (the parser read the story files)', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(storyIds.size).toBeGreaterThan(400);
  });

  it('points every state of every screen at stories that exist', () => {
    const missing = SCREEN_STATES.flatMap((entry) =>
      Object.entries(entry.states).flatMap(([state, ids]) =>
        ids.filter((id) => !storyIds.has(id)).map((id) => `${entry.screen} (${state}): ${id}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('names each screen once, with a spec section and at least one story per state', () => {
    const screens = SCREEN_STATES.map((entry) => entry.screen);
    expect(screens.filter((screen, index) => screens.indexOf(screen) !== index)).toEqual([]);
    for (const entry of SCREEN_STATES) {
      expect(entry.spec, entry.screen).not.toBe('');
      expect(Object.keys(entry.states).length, entry.screen).toBeGreaterThan(0);
      for (const [state, ids] of Object.entries(entry.states))
        expect(ids.length, `${entry.screen}: ${state}`).toBeGreaterThan(0);
      // a state is either shown or explained as absent, not both
      for (const state of Object.keys(entry.without ?? {}))
        expect(entry.states, `${entry.screen}: ${state}`).not.toHaveProperty(state);
    }
  });

  it('leaves no screen story file of the web app out', () => {
    const listedComponents = new Set([...listedIds].map(componentOf));
    const unlisted = files
      .filter(({ file }) => file.includes('/apps/web/src/'))
      .map(({ file, ids }) => ({ file, component: componentOf(ids[0] ?? file) }))
      .filter(({ component }) => !listedComponents.has(component) && !(component in NOT_SPEC_SCREENS))
      .map(({ file }) => file);
    expect(unlisted).toEqual([]);
    for (const component of Object.keys(NOT_SPEC_SCREENS))
      expect(
        [...storyIds].some((id) => componentOf(id) === component),
        component,
      ).toBe(true);
  });
});
