/**
 * The English of a screen is the message's id (docs/architecture.md, "Languages"), so English
 * needs no catalog: a message with arguments is compiled here, the first time it is shown, into
 * the form Lingui's build-time compiler writes (`@lingui/message-utils`), which Lingui then fills
 * in. Shipping the English messages compiled would put every screen's texts in the first script
 * of every route; this is the part of ICU MessageFormat the product's texts use: `{name}`,
 * `{name, number|date|time[, style]}`, `{name, plural|selectordinal|select, … }` with `=n` and
 * `offset:`, `#` in plurals, and the apostrophe's quoting. i18n.test.ts compares it with Lingui's
 * compiler on every English text of the catalogs.
 */
export type CompiledMessage = (string | CompiledArgument)[];
type CompiledArgument = [string] | [string, string] | [string, string, string | Record<string, unknown>];

const SPECIAL = new Set(['{', '}']);

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  peek = () => this.text[this.at];
  skipSpace() {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }
  word(): string {
    this.skipSpace();
    const start = this.at;
    while (this.at < this.text.length && !/[\s,{}]/.test(this.text[this.at] as string)) this.at += 1;
    return this.text.slice(start, this.at);
  }
  expect(char: string) {
    this.skipSpace();
    if (this.text[this.at] !== char) throw new Error(`Expected "${char}" at ${this.at} in: ${this.text}`);
    this.at += 1;
  }
}

function message(reader: Reader, inPlural: boolean): CompiledMessage {
  const out: CompiledMessage = [];
  let literal = '';
  const flush = () => {
    if (literal) out.push(literal);
    literal = '';
  };
  const { text } = reader;
  while (reader.at < text.length) {
    const char = text[reader.at] as string;
    if (char === '}') break;
    if (char === "'") {
      const next = text[reader.at + 1];
      if (next === "'") {
        literal += "'";
        reader.at += 2;
      } else if (next !== undefined && (SPECIAL.has(next) || (inPlural && next === '#'))) {
        // quoted: up to the next lone apostrophe ('' inside stays one apostrophe)
        reader.at += 1;
        while (reader.at < text.length) {
          const quoted = text[reader.at] as string;
          if (quoted === "'" && text[reader.at + 1] === "'") {
            literal += "'";
            reader.at += 2;
          } else if (quoted === "'") {
            reader.at += 1;
            break;
          } else {
            literal += quoted;
            reader.at += 1;
          }
        }
      } else {
        literal += "'";
        reader.at += 1;
      }
    } else if (char === '{') {
      flush();
      out.push(argument(reader));
    } else if (char === '#' && inPlural) {
      flush();
      out.push('#');
      reader.at += 1;
    } else {
      literal += char;
      reader.at += 1;
    }
  }
  flush();
  return out;
}

function argument(reader: Reader): CompiledArgument {
  reader.expect('{');
  const name = reader.word();
  reader.skipSpace();
  if (reader.peek() === '}') {
    reader.at += 1;
    return [name];
  }
  reader.expect(',');
  const type = reader.word();
  reader.skipSpace();
  if (reader.peek() === '}') {
    reader.at += 1;
    return [name, type];
  }
  reader.expect(',');
  if (type === 'plural' || type === 'selectordinal' || type === 'select') {
    const cases: Record<string, unknown> = {};
    for (;;) {
      reader.skipSpace();
      if (reader.peek() === '}') break;
      const key = reader.word();
      if (key.startsWith('offset:')) {
        cases['offset'] = Number(key.slice('offset:'.length));
        continue;
      }
      reader.expect('{');
      cases[key.startsWith('=') ? key.slice(1) : key] = message(reader, type !== 'select');
      reader.expect('}');
    }
    reader.at += 1;
    return [name, type, cases];
  }
  const style = reader.word();
  reader.expect('}');
  return [name, type, style];
}

/** Lingui's compiled form of an English ICU message. */
export function compileEnglish(text: string): CompiledMessage {
  const reader = new Reader(text);
  const compiled = message(reader, false);
  if (reader.at < text.length) throw new Error(`Unexpected "}" at ${reader.at} in: ${text}`);
  return compiled;
}
