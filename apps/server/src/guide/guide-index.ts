import MiniSearch, { type SearchResult } from 'minisearch';
import { inGuideWords } from './guide-vocabulary';
import {
  CHAT_MESSAGES,
  guideHref,
  guideSections,
  plainText,
  sectionPath,
  type ChatAnswer,
  type ChatSource,
  type GuideSection,
} from '@relevo/domain';

/**
 * The user guide's full-text index (docs/product.md#assistant): one document per section, the title weighing
 * most. Words are folded to a light stem (plurals and -ing/-ed endings), so "resetting",
 * "resets" and "reset" meet; the words people say for the guide's own ("forgot", "export to
 * Excel", "SLA breached") are rewritten to them first (guide-vocabulary.ts); and common words are
 * left out, so only what a question is about decides whether the guide covers it.
 *
 * The title counts twice a word of the text, not four times: a heading of one or two words
 * ("After a reset", "By SMS") otherwise outranked, on that word alone, the sections holding the
 * rest of the question (test/fixtures/guide-questions.ts measures it; docs/perf.md has the figures).
 */
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

const STOP_WORDS = new Set(
  (
    'a about after again all also am an and any are as at be been before being but by can cannot could did do does doing done for from get gets getting got had has have having he her ' +
    'here hers him his how i if in into is it its itself just let me mine more most my myself no nor not now of off on once only or other our ours out over own same she should so some ' +
    'such than that the their them then there these they this those through to too under until up upon us very was we were what when where which while who whom why will with would you ' +
    'your yours yourself please tell explain show want need know way ways thing things happen happens does mean means something anything use using used work works working relevo ' +
    'see sees say says said make makes made now never good still even really actually between during within'
  ).split(' '),
);

/** A light English stem: enough to meet a word's plural and its -ing and -ed forms. */
export function stem(word: string): string {
  let w = word
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(ches|shes|sses|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // "resetting" → "resett" → "reset"
  if (/([bdgklmnprt])\1$/.test(w) && w.length > 4) w = w.slice(0, -1);
  // "incomplete" and "incompleted", "change" and "changed": the same stem without a final e
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export function termOf(term: string): string | null {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower) || lower.length < 2) return null;
  return stem(lower);
}

interface IndexedSection {
  id: number;
  title: string;
  path: string;
  text: string;
}

export interface FoundSection {
  section: GuideSection;
  score: number;
  /** the question's terms this section holds */
  matched: string[];
}

/** The share of a question's terms a section must hold to count as an answer. */
const COVERAGE = 0.6;
/** a second section is cited when it scores at least this share of the best one */
const SECOND_SECTION = 0.6;
const QUOTE_LENGTH = 600;

export class GuideIndex {
  readonly sections: GuideSection[];
  readonly #search: MiniSearch<IndexedSection>;

  constructor(markdown: string) {
    this.sections = guideSections(markdown);
    this.#search = new MiniSearch<IndexedSection>({
      fields: ['title', 'path', 'text'],
      processTerm: termOf,
      searchOptions: {
        boost: { title: 2, path: 1.5, text: 1 },
        prefix: (term) => term.length >= 5,
        fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
        combineWith: 'OR',
      },
    });
    this.#search.addAll(
      this.sections.map((section, id) => ({
        id,
        title: inGuideWords(section.title),
        path: inGuideWords(section.parents.join(' ')),
        text: inGuideWords(plainText(section.body)),
      })),
    );
  }

  /** The question's terms as the index sees them. */
  terms(question: string): string[] {
    return [
      ...new Set(
        tokenize(inGuideWords(question))
          .map(termOf)
          .filter((term): term is string => !!term),
      ),
    ];
  }

  /** The sections that answer the question, best first (at most two); none when the guide does not cover it. */
  find(question: string): FoundSection[] {
    const terms = this.terms(question);
    if (!terms.length) return [];
    const needed = Math.max(1, Math.ceil(terms.length * COVERAGE));
    const results = this.#search
      .search(terms.join(' '))
      .map((result: SearchResult) => ({
        section: this.sections[result.id as number]!,
        score: result.score,
        matched: [...new Set(result.queryTerms)],
      }))
      .filter((found) => found.matched.length >= needed);
    const best = results[0];
    if (!best) return [];
    return results.slice(0, 2).filter((found, index) => index === 0 || found.score >= best.score * SECOND_SECTION);
  }

  /** The guide's own answer: the sections found, each quoted where it speaks of the question, and linked. */
  answer(question: string): ChatAnswer {
    const found = this.find(question);
    if (!found.length) return { response: CHAT_MESSAGES.unableToAssist, sources: [] };
    const terms = this.terms(question);
    const parts = found.map(
      ({ section }) => `${sectionPath(section)} (${guideHref(section.anchor)}):\n“${quote(section, terms)}”`,
    );
    return { response: `From the user guide:\n\n${parts.join('\n\n')}`, sources: sourcesOf(found) };
  }
}

export const sourcesOf = (found: FoundSection[]): ChatSource[] =>
  found.map(({ section }) => ({ title: sectionPath(section), href: guideHref(section.anchor) }));

/**
 * The part of a section that speaks of the question: the run of its paragraphs and list items,
 * in the guide's order and up to a few sentences, that holds the most of the question's terms.
 */
export function quote(section: GuideSection, terms: string[]): string {
  const blocks = section.body
    .split(/\n\s*\n|\n(?=\s*(?:[-*]|\d+\.)\s)/)
    .map((block) => plainText(block.replace(/\s*\n\s*/g, ' ')))
    .filter((block) => block.length > 0);
  if (!blocks.length) return section.title;
  const hits = blocks.map((text) => {
    const words = tokenize(inGuideWords(text))
      .map(termOf)
      .filter((word): word is string => !!word);
    return terms.filter(
      (term) => words.includes(term) || (term.length >= 5 && words.some((word) => word.startsWith(term))),
    ).length;
  });
  // the run of blocks, up to the quote's length, that holds the most of the question (the first of equals)
  const runFrom = (start: number) => {
    const chosen: number[] = [];
    let length = 0;
    for (let i = start; i < blocks.length; i++) {
      if (chosen.length && length + blocks[i]!.length > QUOTE_LENGTH) break;
      chosen.push(i);
      length += blocks[i]!.length;
    }
    return { chosen, hits: chosen.reduce((sum, i) => sum + hits[i]!, 0) };
  };
  let best = runFrom(0);
  for (let start = 1; start < blocks.length; start++) {
    const run = runFrom(start);
    if (run.hits > best.hits) best = run;
  }
  const chosen = best.chosen.map((i) => blocks[i]!);
  const text = chosen.join('\n');
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH).replace(/\s+\S*$/, '')} …` : text;
}
