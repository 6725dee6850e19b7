/// <reference types="vite/client" />
/**
 * Every story in Spanish (the `stories-es` project of vitest.config.ts): each story of
 * .storybook/main.ts is rendered with the toolbar's language set to Español, without its play
 * function (those look for the English texts), and fails when
 * - a text was shown without a Spanish translation (`t` records each in `untranslatedTexts`);
 * - axe finds a violation, with the story's own a11y parameters, as in the English run;
 * - it logs a console error or makes a request to the network or the live API (test/story-setup.ts).
 * Texts typed by people (names, notes) are data, not `t`'s texts: they are shown as they are.
 */
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { composeStories, setProjectAnnotations, type composeStory, type Meta } from '@storybook/react-vite';
import { storyNameFromExport } from 'storybook/internal/csf';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { beforeAll, expect, inject, it } from 'vitest';
import { page } from 'vitest/browser';
import { activateLanguage, resetUntranslatedTexts, untranslatedTexts } from '../../web/src/shell/i18n';
import preview from '../.storybook/preview';
import { untilQuiet } from './until-quiet.ts';

/** the story files, as .storybook/main.ts lists them */
const storyFiles = import.meta.glob<Record<string, unknown>>(
  ['../../../libs/ui/src/**/*.stories.tsx', '../../../apps/web/src/**/*.stories.tsx'],
  { eager: true },
);

const annotations = setProjectAnnotations([
  a11yAddonAnnotations,
  preview,
  // the last afterEach is the first to run: the page settles (data loaded, effects run) before axe looks
  { afterEach: () => untilQuiet(3, 2_000) },
]);

declare module 'vitest' {
  interface ProvidedContext {
    /** texts that read the same in both languages (apps/web/i18n-check.ts's list), given by vitest.config.ts */
    sameInBothLanguages: string[];
  }
}

const sameInBoth = new Set(inject('sameInBothLanguages'));

beforeAll(async () => {
  await annotations.beforeAll?.();
  // the Spanish catalog is loaded once, here, rather than inside the first story's time
  await activateLanguage('es');
});

/** A story's annotations without a play function: the plays query the English texts. */
function withoutPlay(annotations: unknown): unknown {
  if (typeof annotations === 'function') {
    const story = annotations as (...args: unknown[]) => unknown;
    return Object.assign((...args: unknown[]) => story(...args), story, { play: undefined });
  }
  if (annotations && typeof annotations === 'object' && !Array.isArray(annotations)) {
    return { ...annotations, play: undefined };
  }
  return annotations;
}

interface A11yReport {
  type: string;
  status: string;
  result?: {
    error?: unknown;
    violations?: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
  };
}

/** What failed axe's check, one line per rule (a story whose a11y.test is 'todo' only warns, as in English). */
function a11yFailures(reports: readonly A11yReport[]): string[] {
  return reports
    .filter((report) => report.type === 'a11y' && report.status === 'failed')
    .flatMap(({ result }) =>
      result?.error !== undefined
        ? [`axe could not run: ${String(result.error)}`]
        : (result?.violations ?? []).map(
            ({ id, impact, help, nodes }) =>
              `${id} (${impact ?? 'no impact'}): ${help}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`,
          ),
    );
}

/** The story's viewport, as the English story tests size it (its `viewport` global, else 1200×900). */
async function setViewport(parameters: Record<string, unknown>, globals: Record<string, unknown>): Promise<void> {
  const config = (parameters.viewport ?? {}) as {
    options?: Record<string, { styles?: { width?: string; height?: string } }>;
  };
  const chosen = (globals.viewport as { value?: string } | undefined)?.value;
  const styles = chosen ? { ...MINIMAL_VIEWPORTS, ...config.options }[chosen]?.styles : undefined;
  const pixels = (value: string | undefined, otherwise: number) =>
    value && /^\d+(px)?$/.test(value) ? Number.parseInt(value, 10) : otherwise;
  await page.viewport(pixels(styles?.width, 1200), pixels(styles?.height, 900));
}

const canvasElement = document.createElement('div');
document.body.append(canvasElement);

for (const file of Object.keys(storyFiles).sort()) {
  const exports = storyFiles[file] as Record<string, unknown> & { default: Meta };
  const title = exports.default.title ?? file;
  const unplayed = Object.fromEntries(
    Object.entries(exports).map(([name, value]) => [name, name === '__namedExportsOrder' ? value : withoutPlay(value)]),
  ) as typeof exports;
  const stories = Object.entries(composeStories(unplayed)) as [string, ReturnType<typeof composeStory>][];
  for (const [exportName, story] of stories) {
    if (!story.tags.includes('test')) continue;
    const annotated = exports[exportName] as { name?: string; storyName?: string };
    const name = annotated.name ?? annotated.storyName ?? storyNameFromExport(exportName);
    it(`${title} › ${name}`, async () => {
      await setViewport(story.parameters, story.globals);
      resetUntranslatedTexts();
      await story.run({ canvasElement, globals: { ...story.globals, language: 'es' } });
      expect(document.documentElement.lang, 'the language the story was drawn in').toBe('es');
      const untranslated = [...untranslatedTexts].filter((text) => !sameInBoth.has(text));
      expect(untranslated, 'texts shown without a Spanish translation').toEqual([]);
      const reports = story.reporting.reports as A11yReport[];
      const a11y = story.parameters.a11y as { disable?: boolean; test?: string } | undefined;
      if (a11y?.disable !== true && a11y?.test !== 'off') {
        expect(
          reports.some((report) => report.type === 'a11y'),
          'axe checked the story',
        ).toBe(true);
      }
      expect(a11yFailures(reports), 'axe violations').toEqual([]);
    });
  }
}
