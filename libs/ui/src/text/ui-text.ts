/**
 * The components' own words (a pager's "Next page", a dialog's "Close") in the app's language. The
 * app sets the translator once (`setUiText`); the components call `uiText('Next page')`. Without
 * one, the English text shows. The translations are libs/ui/src/es.json.
 */
type Translator = (text: string, values?: Record<string, unknown>) => string;

/**
 * The English text with its values, for a library used without a translator (its stories): simple
 * `{name}` arguments and `{name, plural, one {…} other {…}}` (with `#` for the number).
 */
export function englishText(text: string, values: Record<string, unknown> = {}): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    out += text.slice(at, open);
    const close = matchingBrace(text, open);
    const inside = text.slice(open + 1, close);
    const [name = '', kind, ...rest] = inside.split(',');
    const key = name.trim();
    if (kind?.trim() === 'plural' && key in values) {
      const count = Number(values[key]);
      const branches = branchesOf(rest.join(','));
      const chosen = branches[`=${count}`] ?? branches[count === 1 ? 'one' : 'other'] ?? branches.other ?? '';
      out += englishText(chosen, values).replace(/#/g, String(values[key]));
    } else {
      out += key in values && kind === undefined ? String(values[key]) : text.slice(open, close + 1);
    }
    at = close + 1;
  }
  return out + text.slice(at);
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}' && --depth === 0) return index;
  }
  return text.length - 1;
}

/** `one {# item} other {# items}` → { one: '# item', other: '# items' } */
function branchesOf(source: string): Record<string, string> {
  const branches: Record<string, string> = {};
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{', at);
    if (open < 0) break;
    const close = matchingBrace(source, open);
    branches[source.slice(at, open).trim()] = source.slice(open + 1, close);
    at = close + 1;
  }
  return branches;
}

let translate: Translator = englishText;

/** A component's text, an ICU message (`{name}` arguments, plurals) whose id is its English. */
export const uiText = (text: string, values?: Record<string, unknown>): string => translate(text, values);

export function setUiText(translator: Translator): void {
  translate = translator;
}

/**
 * The language the page is shown in (the app marks `<html lang>` with it): for the numbers and
 * country names the library writes itself. English when nothing says otherwise.
 */
export const uiLanguage = (): string =>
  (typeof document === 'undefined' ? '' : document.documentElement.lang.slice(0, 2).toLowerCase()) || 'en';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count in the page's language: 1,234 in English (as the product defines it), 1234 / 12.345 in Spanish. */
export function uiNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = uiLanguage() === 'en' ? 'en-US' : uiLanguage();
  // a formatter is costly to make and the lists and charts write many numbers: one of each kind, kept
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
