import { t } from '../../shell/i18n';
import type { BoundField } from '../../shell/shown-errors';

/** Where a translated sentence holds a value drawn as an element (a strong address, a link). */
export const PLACE = '\uE000';

/** The sentence's text before and after the element's place. */
export function around(text: string): [string, string] {
  const at = text.indexOf(PLACE);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + PLACE.length)];
}

/** A bound field whose messages (the domain's rules) show in the reader's language. */
export const translated = (field: BoundField): BoundField => ({
  ...field,
  errors: field.errors?.map((error) => t(error)),
});
