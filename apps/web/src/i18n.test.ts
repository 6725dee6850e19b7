/**
 * The catalogs (docs/architecture.md, "Languages"): no text of a screen without its Spanish, no
 * Spanish without its text, arguments alike in both, and the Spanish user guide shaped like the
 * English one. The checker itself is tried on sources made to fail each rule.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { guideSections } from '@relevo/domain';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalogs, checkSpanish, scanSource } from '../i18n-check';
import { mergeCatalogs, readCatalogs, REPO } from '../i18n-catalogs';
import { compileEnglish } from './shell/english-messages';

describe('the Spanish catalogs', { timeout: 60_000 }, () => {
  it('translate every text of every screen, and hold nothing unused', () => {
    const problems = checkCatalogs().map(({ kind, file, text }) => `${kind} ${file}: ${text}`);
    expect(problems).toEqual([]);
  });

  it('give one English text one Spanish across the folders', () => {
    expect(() => mergeCatalogs(readCatalogs())).not.toThrow();
    expect(() =>
      mergeCatalogs([
        { file: 'a/es.json', messages: { Save: 'Guardar' } },
        { file: 'b/es.json', messages: { Save: 'Salvar' } },
      ]),
    ).toThrow('"Save" is translated differently in a/es.json and b/es.json');
  });
});

describe('the catalog checker', () => {
  it('finds a text written into a screen without t, in JSX, a label and a column header', () => {
    const scan = scanSource(
      'apps/web/src/features/x/X.tsx',
      `const columns = [{ header: 'Created' }];
       export const X = () => <Card title="Users"><p>No users yet.</p><b>{t('Fine')}</b><i>42</i></Card>;`,
      true,
    );
    expect(scan.untranslated.sort()).toEqual(['Created', 'No users yet.', 'Users']);
    expect(scan.ids).toEqual(['Fine']);
  });

  it('reads template literals as their catalog entries', () => {
    const scan = scanSource(
      'libs/domain/src/x.ts',
      'export const m = (name: string) => `Heartbeat ${name} missed`;',
      false,
    );
    expect([...scan.literals]).toContain('Heartbeat {} missed');
  });

  it('refuses an empty Spanish text and arguments that differ', () => {
    const problems = checkSpanish({
      file: 'x/es.json',
      messages: {
        Save: '',
        'Deleted {name}': 'Se eliminó {nombre}',
        '{count, plural, one {# event} other {# events}}': '{count, plural, one {# evento} other {# eventos}}',
      },
    });
    expect(problems.map((problem) => problem.kind)).toEqual(['missing', 'wrong']);
  });
});

describe('the Spanish user guide', () => {
  const english = readFileSync(`${REPO}docs/user-guide.md`, 'utf8');
  const spanish = readFileSync(`${REPO}docs/user-guide.es.md`, 'utf8');

  it('has the English headings, in order and at the same levels (its anchors are theirs)', () => {
    const levels = (markdown: string) => guideSections(markdown).map((section) => section.level);
    expect(levels(spanish)).toEqual(levels(english));
  });

  it('links to sections that exist', () => {
    const anchors = new Set(guideSections(english).map((section) => section.anchor));
    const targets = [...spanish.matchAll(/\]\(#([^)]+)\)/g)].map((found) => found[1]);
    expect(targets.length).toBeGreaterThan(10);
    expect(targets.filter((target) => !anchors.has(target as string))).toEqual([]);
  });
});

describe('the English compiler', () => {
  it("compiles every English text of the catalogs as Lingui's compiler does", () => {
    const english = [...mergeCatalogs(readCatalogs()).keys()];
    expect(english.length).toBeGreaterThan(1000);
    const differ = english.filter(
      (text) => JSON.stringify(compileEnglish(text)) !== JSON.stringify(compileMessage(text)),
    );
    expect(differ).toEqual([]);
  });

  it('reads plurals with =n and offset, selects, formats, # and quoted braces as Lingui does', () => {
    for (const text of [
      "don't, it''s, '{'literal'}' and a # outside",
      '{n, plural, =0 {none} one {# item} other {# items}}',
      '{n, plural, offset:1 one {x} other {y #}}',
      "{count, plural, one {It's #} other {'#' #}}",
      '{s, select, a {A {x}} other {B}} on {d, date, short} for {n, number}',
    ]) {
      expect(compileEnglish(text)).toEqual(compileMessage(text));
    }
  });
});
