import * as v from 'valibot';

/**
 * docs/product.md#languages: the languages Relevo speaks. English is the product's own text;
 * Spanish is its translation (docs/spanish.md).
 */
export const DISPLAY_LANGUAGES = ['en', 'es'] as const;
export type DisplayLanguage = (typeof DISPLAY_LANGUAGES)[number];
export const DEFAULT_DISPLAY_LANGUAGE: DisplayLanguage = 'en';

/** Each language by its own name, as the language menu lists it (never translated). */
export const DISPLAY_LANGUAGE_NAMES: Readonly<Record<DisplayLanguage, string>> = { en: 'English', es: 'Español' };

export const DISPLAY_LANGUAGE_MESSAGES = {
  language: 'Language must be en or es',
} as const;

export const isDisplayLanguage = (value: unknown): value is DisplayLanguage =>
  typeof value === 'string' && (DISPLAY_LANGUAGES as readonly string[]).includes(value);

export const DisplayLanguageSchema = v.picklist(DISPLAY_LANGUAGES, DISPLAY_LANGUAGE_MESSAGES.language);

/** `PUT /api/users/me`: the signed-in user's own settings (docs/product.md#languages). */
export const OwnSettingsSchema = v.strictObject(
  { language: v.nullable(DisplayLanguageSchema) },
  'Only language can be changed here',
);
export type OwnSettings = v.InferOutput<typeof OwnSettingsSchema>;

/**
 * The language to show: the user's own choice when they made one, else the first of the browser's
 * languages that Relevo speaks (`es-PR` reads as Spanish), else English.
 */
export function chooseDisplayLanguage(
  chosen: string | null | undefined,
  browser: readonly string[] = [],
): DisplayLanguage {
  if (isDisplayLanguage(chosen)) return chosen;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isDisplayLanguage(base)) return base;
  }
  return DEFAULT_DISPLAY_LANGUAGE;
}
