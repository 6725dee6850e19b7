import { setupI18n } from '@lingui/core';
import {
  chooseDisplayLanguage,
  DEFAULT_DISPLAY_LANGUAGE,
  formatDateTime,
  formatListDate,
  formatNumber,
  messageMatcher,
  type DisplayLanguage,
} from '@relevo/domain';
import { setUiText } from '@relevo/ui';
import { compileEnglish } from './english-messages';

/**
 * The dashboard's language (docs/product.md#languages), on Lingui: every text of a screen is
 * `t('English text')`, an ICU message whose id is the product's English; the Spanish catalogs
 * (`es.json` beside each folder's screens) translate it. A text with no translation shows its
 * English, and a test fails on any (apps/web/src/i18n.test.ts).
 *
 * The whole app is drawn again when the language changes (the router is keyed by it), so `t` is a
 * plain function of the active language, usable in render code and in tables built at render time.
 */
export const i18n = setupI18n({ locale: DEFAULT_DISPLAY_LANGUAGE, messages: { en: {} } });

// the English texts (and a Spanish one missing) are compiled when first shown, once each
const compiled = new Map<string, ReturnType<typeof compileEnglish>>();
i18n.setMessagesCompiler((text) => {
  let message = compiled.get(text);
  if (!message) {
    message = compileEnglish(text);
    compiled.set(text, message);
  }
  return message;
});

let spanishIds: string[] = [];
let matchMessage: ((message: string) => { id: string; values: Record<string, string> } | null) | null = null;

/** The active language. */
export const currentLanguage = (): DisplayLanguage => i18n.locale as DisplayLanguage;

/**
 * The texts `t` was asked for in Spanish and had no translation of (it showed their English): the
 * Spanish story tests (apps/storybook/test/stories-es.test.tsx) fail a story that leaves any here.
 */
export const untranslatedTexts = new Set<string>();

/** Forgets the texts recorded in `untranslatedTexts`. */
export const resetUntranslatedTexts = (): void => untranslatedTexts.clear();

/**
 * A text in the active language: `t('Save')`, `t('{count, plural, one {# event} other {# events}}',
 * { count })`. A message that is not a literal (a rule's message, a server's refusal) is found whole
 * or, when it was composed with values, by its catalog entry (`messageMatcher`).
 */
export function t(id: string, values?: Record<string, unknown>): string {
  const text = translated(id, values);
  if (text !== null) return text;
  untranslatedTexts.add(id);
  // its English, values put in
  return i18n._(id, values);
}

/** `t` without its record: null when the active language has no translation of the text. */
function translated(id: string, values?: Record<string, unknown>): string | null {
  if (i18n.locale === 'en' || !id) return i18n._(id, values);
  if (Object.prototype.hasOwnProperty.call(i18n.messages, id)) return i18n._(id, values);
  matchMessage ??= messageMatcher(spanishIds);
  const found = matchMessage?.(id);
  if (!found) return null;
  // the values of a composed message are often typed by people (a name): shown as they are when no entry has them
  const parts = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [name, translated(value) ?? value]),
  );
  return i18n._(found.id, { ...parts, ...values });
}

/** Marks an English text for the catalogs where it is defined (a table of labels): `t(label)` translates it when shown. */
export const msg = (id: string): string => id;

/** Loads the language's catalog (Spanish is its own chunk) and makes it the active one. */
export async function activateLanguage(language: DisplayLanguage): Promise<void> {
  if (language === 'es' && spanishIds.length === 0) {
    const { messages } = await import('virtual:relevo-messages/es');
    i18n.load('es', messages);
    spanishIds = Object.keys(messages);
    matchMessage = null;
  }
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language of someone not signed in, or who chose none: their browser's, if Relevo speaks it. */
export const browserLanguage = (): DisplayLanguage =>
  chooseDisplayLanguage(null, typeof navigator === 'undefined' ? [] : navigator.languages);

setUiText((text, values) => t(text, values));

/** A number in the active language (1,234 / 1.234). */
export const numberText = (value: number, options?: Intl.NumberFormatOptions): string =>
  formatNumber(value, currentLanguage(), options);

/** An instant in the active language, e.g. `{ dateStyle: 'medium', timeStyle: 'short' }`. */
export const dateTimeText = (
  value: string | number | Date | null | undefined,
  options: Intl.DateTimeFormatOptions,
): string => formatDateTime(value, currentLanguage(), options);

/** A calendar day in lists: YYYY/MM/DD in English, DD/MM/YYYY in Spanish. */
export const listDateText = (value: string | Date | null | undefined): string =>
  formatListDate(value, currentLanguage());

/**
 * An instant on a clock in Spanish: "08/03/2026, 09:00" (with seconds, or the zone's offset, when
 * asked), the form the Spanish screens give the times English writes as "2026-03-08 09:00".
 */
export const zonedInstantText = (
  value: string | number | Date,
  zone: string,
  { seconds = false, offset = false }: { seconds?: boolean; offset?: boolean } = {},
): string =>
  dateTimeText(value, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h23',
    timeZone: zone,
    ...(offset ? { timeZoneName: 'shortOffset' } : {}),
  });
