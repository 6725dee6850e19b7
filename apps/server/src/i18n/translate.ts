import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import {
  formatDateTime,
  formatInZone,
  mergeCatalogs,
  messageMatcher,
  type Catalog,
  type DisplayLanguage,
  type MessageMatch,
} from '@relevo/domain';
// the catalogs are part of the bundle (build.mjs): the server reads no catalog file at run time
import domainCatalog from '../../../../libs/domain/src/i18n/es.json';
import serverCatalog from './es.json';
import mailCatalog from './mail-es.json';

/**
 * The server's words in the reader's language (docs/product.md#languages): the e-mails it sends a
 * person, written in that person's language. A text is its English, an ICU message as the web's
 * catalogs hold it (`Hello {name},`); the Spanish comes from the same `es.json` catalogs the web
 * serves for the domain's messages (libs/domain/src/i18n/es.json), the server's own refusals
 * (es.json beside this file) and the e-mails' own texts (mail-es.json, which only the server reads).
 *
 * English answers exactly the English, its values put in. A text with no Spanish stays English, and
 * a text that is no catalog's and has no values (a reason the server wrote) is shown as it is; a
 * message composed with values ("This customer still has 2 users; remove them first") is found by
 * its catalog entry (`messageMatcher`) and its parts translated, as the dashboard does.
 */
export type Values = Record<string, unknown>;

export interface Translate {
  (english: string, values?: Values): string;
  /** For an HTML part: the message's own words escaped, its values put in as they are given (already HTML). */
  html(english: string, values?: Values): string;
  readonly language: DisplayLanguage;
}

/** The catalogs the server reads, by file (for the message of a clash). */
const CATALOGS: readonly Catalog[] = [
  { file: 'libs/domain/src/i18n/es.json', messages: domainCatalog },
  { file: 'apps/server/src/i18n/es.json', messages: serverCatalog },
  { file: 'apps/server/src/i18n/mail-es.json', messages: mailCatalog },
];

/** Every catalog in one map, as the web merges its own. */
export const mergedCatalogs = (catalogs: readonly Catalog[] = CATALOGS): Map<string, string> => mergeCatalogs(catalogs);

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A value stands in the text as a mark of the private use area until the message is made, then is put back. */
const MARK = /\uE000(\d+)\uE001/g;
const mark = (index: number) => `\uE000${index}\uE001`;

/**
 * The names a message uses in a plural, a select or a format: those values must reach Lingui as
 * they are. Every other value is a plain argument, put in after the message is made, so nothing of
 * it is read as message syntax or an escape sequence.
 */
function formattedNames(compiled: CompiledMessage | string, into = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return into;
  for (const token of compiled) {
    if (!Array.isArray(token)) continue;
    const [name, type, format] = token;
    if (!type) continue;
    into.add(name);
    if (format && typeof format === 'object')
      for (const branch of Object.values(format)) if (Array.isArray(branch)) formattedNames(branch, into);
  }
  return into;
}

interface Language {
  i18n: I18n;
  /** the compiled message of an id in this language (its translation, or the English itself) */
  compiled(id: string): CompiledMessage;
  match: ((message: string) => MessageMatch | null) | null;
}

function languageOf(locale: DisplayLanguage, messages: Map<string, string>): Language {
  const compiledMessages: Record<string, CompiledMessage> = {};
  for (const [english, translated] of messages) compiledMessages[english] = compileMessage(translated);
  // the English of a text with no translation is compiled when it is used (and kept)
  const i18n = setupI18n({ locale, messages: { [locale]: compiledMessages } }).setMessagesCompiler(compileMessage);
  const english = new Map<string, CompiledMessage>();
  return {
    i18n,
    compiled(id) {
      const own = compiledMessages[id];
      if (own) return own;
      let made = english.get(id);
      if (!made) {
        made = compileMessage(id);
        if (english.size < 5000) english.set(id, made);
      }
      return made;
    },
    match: messages.size > 0 ? messageMatcher(messages.keys()) : null,
  };
}

const languages = new Map<DisplayLanguage, Language>();
function loaded(language: DisplayLanguage): Language {
  let found = languages.get(language);
  if (!found) {
    found = languageOf(language, language === 'es' ? mergedCatalogs() : new Map());
    languages.set(language, found);
  }
  return found;
}

/** The message of `id` with its values, the message's own text escaped for HTML when asked. */
function render(language: Language, id: string, values: Values, html: boolean): string {
  const formatted = formattedNames(language.compiled(id));
  const kept: string[] = [];
  const given: Values = {};
  for (const [name, value] of Object.entries(values)) {
    if (formatted.has(name) || value === undefined || value === null) given[name] = value;
    else {
      given[name] = mark(kept.length);
      kept.push(String(value));
    }
  }
  const made = language.i18n._(id, given);
  const text = html ? escapeHtml(made) : made;
  return kept.length === 0 ? text : text.replace(MARK, (_all, index: string) => kept[Number(index)] ?? '');
}

function translate(language: Language, english: string, values: Values, html: boolean): string {
  const { i18n } = language;
  if (Object.prototype.hasOwnProperty.call(i18n.messages, english)) return render(language, english, values, html);
  const found = language.match?.(english);
  if (!found) {
    // a text no catalog holds and no values complete (a reason the server wrote, an error) is shown
    // as it is: it is no message, and none of it is read as message syntax
    if (Object.keys(values).length === 0) return html ? escapeHtml(english) : english;
    return render(language, english, values, html);
  }
  // a composed message: its parts are messages of their own, translated in turn
  const parts = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [
      name,
      html ? escapeHtml(translate(language, value, {}, false)) : translate(language, value, {}, false),
    ]),
  );
  return render(language, found.id, { ...parts, ...values }, html);
}

/** The texts of one language: `t('Hello {name},', { name })`, `t.html(…)` for an HTML part. */
export function translator(language: DisplayLanguage): Translate {
  const t = ((english: string, values: Values = {}) =>
    translate(loaded(language), english, values, false)) as Translate;
  return Object.assign(t, {
    html: (english: string, values: Values = {}) => translate(loaded(language), english, values, true),
    language,
  });
}

/**
 * An instant in a schedule's time zone, for an e-mail: English keeps the product's own form
 * (`2026-01-12 09:00 (-04:00)`), Spanish its locale's (`12 ene 2026, 9:00`); the zone's name goes
 * beside it in the text.
 */
export function instantText(language: DisplayLanguage, at: number, timeZone: string): string {
  return language === 'en'
    ? formatInZone(timeZone, at)
    : formatDateTime(at, language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}
