/**
 * What the catalogs (i18n-catalogs.ts) must hold, checked by apps/web/src/i18n.test.ts and
 * runnable alone to list what is left in a folder:
 *
 *   npx tsx apps/web/i18n-check.ts [folder]
 *
 * - missing: a `t('…')`, `msg('…')` or `uiText('…')` whose English has no Spanish; a text written
 *   straight into a screen (JSX text, a label or title attribute, a column's header) instead of
 *   through `t`; a rule's message (`*_MESSAGES`) with no Spanish;
 * - unused: a catalog entry whose English appears nowhere in its folder's code;
 * - wrong: an empty Spanish text, one that does not compile, or one whose arguments differ from the
 *   English's.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { compiledArgumentNames } from '../../libs/domain/src/i18n/catalogs';
import { mergeCatalogs, readCatalogs, REPO, type Catalog } from './i18n-catalogs';

export interface Problem {
  kind: 'missing' | 'unused' | 'wrong' | 'untranslated';
  file: string;
  text: string;
}

/** Folders whose screens show text; each text must go through `t` (or libs/ui's `uiText`). */
const SCREEN_ROOTS = ['apps/web/src', 'libs/ui/src'];
/** Functions whose first argument is a catalog id. */
const TRANSLATORS = new Set(['t', 'msg', 'uiText']);
/** JSX attributes and object properties that hold words a person reads. */
const TEXT_NAME =
  /^(label|title|aria-label|aria-description|placeholder|description|alt|heading|header|legend|caption|hint|help|emptyText|failedText|gapText|[a-z]+(Label|Text|Title|Heading|Description|Message))$/;
/**
 * Words that read the same in both languages and are not translated (product and vendor names);
 * the Spanish story tests accept them too (apps/storybook/vitest.config.ts).
 */
export const SAME_IN_BOTH = new Set([
  'Relevo',
  'English',
  'Español',
  'Slack',
  'Mattermost',
  'Microsoft Teams',
  'Twilio',
  'Telnyx',
  'Vonage',
  'SLA',
  'PagerDuty',
  'Opsgenie',
  'GoAlert',
  'Grafana OnCall',
  'OK',
  'ID',
  'URL',
  'API',
  'CSV',
  'SMS',
  'MTTR',
  'Account SID',
  'Amazon SNS',
  'Staff Root',
  'Staff Edit',
  'Staff View',
  'Customer Root',
]);

const isSource = (name: string) =>
  /\.(ts|tsx)$/.test(name) && !/\.(test|stories|d)\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return ['node_modules', 'testing', 'dist'].includes(name) ? [] : sourceFiles(path);
    return isSource(name) ? [path] : [];
  });
}

/** `{name}` and `${…}` both read `{}`: a catalog's argument and the code's value meet. */
const normalise = (text: string) =>
  text
    .replace(/\{\w+\}/g, '{}')
    .replace(/\s+/g, ' ')
    .trim();
const hasWords = (text: string) => /[A-Za-zÁÉÍÓÚÑáéíóúñ]{2,}/.test(text);

interface Scan {
  /** every literal text of the file, normalised */
  literals: Set<string>;
  /** the literal first arguments of t/msg/uiText */
  ids: string[];
  /** texts written into the screen without t */
  untranslated: string[];
}

function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
}

export function scanSource(file: string, source: string, screen: boolean): Scan {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const scan: Scan = { literals: new Set(), ids: [], untranslated: [] };
  const flag = (text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (hasWords(clean) && !SAME_IN_BOTH.has(clean)) scan.untranslated.push(clean);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) scan.literals.add(normalise(node.text));
    else if (ts.isTemplateExpression(node)) scan.literals.add(normalise(templateText(node)));
    else if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) {
        scan.literals.add(normalise(text));
        if (screen) flag(text);
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && TRANSLATORS.has(node.expression.text)) {
      const [first] = node.arguments;
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) scan.ids.push(first.text);
    }
    if (screen && ts.isJsxAttribute(node) && node.initializer && TEXT_NAME.test(node.name.getText())) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) flag(value.text);
      else if (ts.isJsxExpression(value) && value.expression && ts.isStringLiteral(value.expression))
        flag(value.expression.text);
    }
    if (
      screen &&
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      TEXT_NAME.test(node.name.text) &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer))
    ) {
      flag(node.initializer.text);
    }
    // a parameter's default text (`emptyText = 'Nothing to show yet.'`)
    if (
      screen &&
      ts.isBindingElement(node) &&
      ts.isIdentifier(node.name) &&
      TEXT_NAME.test(node.name.text) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    ) {
      flag(node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return scan;
}

/** The argument names of an ICU message, its plurals' and selects' included. */
export const argumentsOf = (message: string): string[] => compiledArgumentNames(compileMessage(message));

export function checkSpanish(catalog: Catalog): Problem[] {
  const problems: Problem[] = [];
  for (const [english, spanish] of Object.entries(catalog.messages)) {
    if (!spanish.trim()) {
      problems.push({ kind: 'missing', file: catalog.file, text: english });
      continue;
    }
    try {
      const [want, got] = [argumentsOf(english), argumentsOf(spanish)];
      if (want.join() !== got.join()) {
        problems.push({
          kind: 'wrong',
          file: catalog.file,
          text: `${english} → ${spanish} (arguments ${got.join()} for ${want.join()})`,
        });
      }
    } catch (error) {
      problems.push({
        kind: 'wrong',
        file: catalog.file,
        text: `${english} → ${spanish}: ${(error as Error).message}`,
      });
    }
  }
  return problems;
}

/**
 * The code a catalog translates: its own folder's, or the folder above when the catalog sits in an
 * `i18n` folder (libs/domain/src/i18n/es.json speaks for all of libs/domain/src).
 */
const codeOf = (catalog: string) =>
  basename(dirname(catalog)) === 'i18n' ? dirname(dirname(catalog)) : dirname(catalog);

/** Every problem of the catalogs below `only` (a folder from the repository's root), or of all. */
export function checkCatalogs(only?: string): Problem[] {
  const catalogs = readCatalogs();
  const merged = mergeCatalogs(catalogs);
  const problems: Problem[] = [];
  const within = (file: string) => !only || file.startsWith(only);

  const scans = new Map<string, Scan>();
  const scanOf = (path: string) => {
    let scan = scans.get(path);
    if (!scan) {
      const file = relative(REPO, path);
      scan = scanSource(
        file,
        readFileSync(path, 'utf8'),
        SCREEN_ROOTS.some((root) => file.startsWith(root)),
      );
      scans.set(path, scan);
    }
    return scan;
  };

  for (const catalog of catalogs) {
    if (!within(catalog.file)) continue;
    problems.push(...checkSpanish(catalog));
    const literals = new Set<string>();
    for (const path of sourceFiles(join(REPO, codeOf(catalog.file))))
      for (const text of scanOf(path).literals) literals.add(text);
    for (const english of Object.keys(catalog.messages)) {
      if (!literals.has(normalise(english))) problems.push({ kind: 'unused', file: catalog.file, text: english });
    }
  }

  for (const root of SCREEN_ROOTS) {
    for (const path of sourceFiles(join(REPO, root))) {
      const file = relative(REPO, path);
      if (!within(file)) continue;
      const scan = scanOf(path);
      for (const id of scan.ids) if (!merged.has(id)) problems.push({ kind: 'missing', file, text: id });
      for (const text of scan.untranslated) problems.push({ kind: 'untranslated', file, text });
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const problems = checkCatalogs(process.argv[2]);
  for (const { kind, file, text } of problems) console.log(`${kind.padEnd(12)} ${file}: ${text}`);
  console.log(`${problems.length} problem(s)`);
  process.exitCode = problems.length ? 1 : 0;
}
