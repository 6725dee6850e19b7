/** A Spanish catalog (`es.json`): the file it was read from, and its English → Spanish entries. */
export interface Catalog {
  /** the file, from the repository's root */
  file: string;
  messages: Record<string, string>;
}

/**
 * Every catalog in one map (docs/architecture.md, "Languages"), as the web's build and the server
 * read them: the same English translated two ways is a mistake to fix, and stops both.
 */
export function mergeCatalogs(catalogs: readonly Catalog[]): Map<string, string> {
  const merged = new Map<string, string>();
  const from = new Map<string, string>();
  for (const { file, messages } of catalogs) {
    for (const [english, spanish] of Object.entries(messages)) {
      const earlier = merged.get(english);
      if (earlier !== undefined && earlier !== spanish) {
        throw new Error(`"${english}" is translated differently in ${from.get(english)} and ${file}`);
      }
      merged.set(english, spanish);
      from.set(english, file);
    }
  }
  return merged;
}

/**
 * The argument names of a compiled ICU message (Lingui's compiled form: `[name, type?, cases?]` for
 * each argument), the plurals' and selects' branches included: an English text and its Spanish
 * must name the same ones.
 */
export function compiledArgumentNames(compiled: unknown): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , cases] = token as [unknown, unknown, unknown];
      if (typeof name === 'string') names.add(name);
      if (cases && typeof cases === 'object') for (const branch of Object.values(cases)) walk(branch);
    }
  };
  walk(compiled);
  return [...names].sort();
}
