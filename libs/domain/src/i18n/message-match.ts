/**
 * The product's messages are English sentences (the rules' `*_MESSAGES` and the refusals the server
 * answers with); the catalogs translate each by its English text (docs/product.md#languages). Some
 * are composed with values ("This customer still has 2 users; remove them first"): their catalog
 * entry names each value (`This customer still has {parts}; remove them first`), and this finds the
 * entry and the values of a composed message, so the Spanish text can be written around them.
 */
export interface MessageMatch {
  id: string;
  values: Record<string, string>;
}

/** `{name}`: a simple argument; entries with plurals or selects are only looked up whole. */
const ARGUMENT = /\{(\w+)\}/g;
const COMPLEX = /\{\w+,/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An argument named for a number (`{count}`, `{minutes}`) stands only for digits. */
const NUMERIC =
  /^(n|count|number|total|[a-z]*(Count|Number|Total)|minutes|hours|days|seconds|weeks|months|years|size|limit|max|min|attempts|steps|shown|page|pages)$/;
/** Words that must surround the arguments of an entry for it to match loosely (not "{first} or {second}"). */
const MIN_FIXED_LETTERS = 6;

export function messageMatcher(ids: Iterable<string>): (message: string) => MessageMatch | null {
  const exact = new Set<string>();
  const patterns: { id: string; names: string[]; pattern: RegExp; fixed: number }[] = [];
  for (const id of ids) {
    exact.add(id);
    // `search`, not `test`: a global expression's `test` moves its lastIndex, and `matchAll` below starts there
    if (COMPLEX.test(id) || id.search(ARGUMENT) < 0) continue;
    const names: string[] = [];
    let source = '';
    let last = 0;
    for (const found of id.matchAll(ARGUMENT)) {
      const name = found[1] as string;
      source += `${escape(id.slice(last, found.index))}${NUMERIC.test(name) ? '(\\d[\\d.,]*)' : '(.+?)'}`;
      names.push(name);
      last = found.index + found[0].length;
    }
    source += escape(id.slice(last));
    const letters = id.replace(ARGUMENT, '').replace(/[^\p{L}]/gu, '').length;
    if (letters < MIN_FIXED_LETTERS && !names.every((name) => NUMERIC.test(name))) continue;
    patterns.push({ id, names, pattern: new RegExp(`^${source}$`, 's'), fixed: id.replace(ARGUMENT, '').length });
  }
  // the most specific entry first: the one with the most fixed text
  patterns.sort((a, b) => b.fixed - a.fixed);
  return (message) => {
    if (exact.has(message)) return { id: message, values: {} };
    for (const { id, names, pattern } of patterns) {
      const found = pattern.exec(message);
      if (!found) continue;
      return { id, values: Object.fromEntries(names.map((name, i) => [name, found[i + 1] as string])) };
    }
    return null;
  };
}
