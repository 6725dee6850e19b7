import fc from 'fast-check';

/**
 * Hostile request input for the fuzz test: values a client should never send, mixed with values
 * shaped by an endpoint's valibot schema so that some requests get past validation and reach the
 * handler and the database.
 */

/** Texts an attacker or a broken client sends. */
const NASTY_TEXTS = [
  '',
  ' ',
  "' or 1=1 --",
  "'; drop table users; --",
  '" or ""="',
  '1; select pg_sleep(1)',
  "') union select password_hash from users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00',
  '%',
  '%zz',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'שלום',
  '👩‍👩‍👧‍👦🔥🚨',
  '\uFEFF',
  '\r\nSet-Cookie: x=1',
  'NaN',
  'Infinity',
  '-Infinity',
  'undefined',
  'null',
  'true',
  '-1',
  '0',
  '1e309',
  '0x10',
  '2147483648',
  '9007199254740993',
  '1.5',
  ' 7 ',
  '__proto__',
  'constructor',
  'prototype',
  'Y',
  'N',
  'asc',
];

/** Over 100 kB (the 256 kB body limit lets the ASCII one through; the 4-byte one is refused whole). */
const HUGE_TEXTS = ['x'.repeat(120_000), '🚨'.repeat(30_000), "' or 1=1 -- ".repeat(9000), '\u00e9'.repeat(70_000)];

/** Texts of up to a few hundred characters: short enough for a URL, some short enough to pass a form's length limit. */
export const shortText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shortText },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXTS) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    2_147_483_648,
    -2_147_483_649,
    2 ** 53,
    1e308,
    -1e308,
    0.5,
    -0.0,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys that reach prototypes when code copies objects carelessly. */
export const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * Numbers JSON can carry and JavaScript cannot (out of range, too precise): written as these
 * texts, `jsonText` puts them in the JSON as bare numbers.
 */
const RAW_NUMBERS = ['1e999', '-1e999', '123456789012345678901234567890', '1e-400', '-0', '2.5e9'].map(
  (n) => `#RAW#${n}#`,
);

/** JSON of the value, with the raw numbers put in as numbers. */
export const jsonText = (value: unknown): string =>
  (JSON.stringify(value) ?? 'null').replace(/"#RAW#([-+.e0-9]+)#"/g, '$1');

/** Any JSON value, hostile leaves in arrays and objects a few levels deep. */
function valueOf(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(text, hostileNumber, fc.boolean(), fc.constant(null), fc.constantFrom(...RAW_NUMBERS));
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      {
        weight: 1,
        arbitrary: fc.dictionary(
          fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 8 })),
          tie('value'),
          { maxKeys: 4 },
        ),
      },
    ),
  })).value;
}
export const hostileValue = valueOf(hostileText);
/** The same without the texts of 100 kB (for a query string: a URL that long is refused before anything reads it) */
export const shortValue = valueOf(shortText);

/** Arrays or objects nested far deeper than any form: a recursive walk must not overflow. */
export const deeplyNested = (depth: number, kind: 'array' | 'object'): string =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** A text for a URL: percent-encoded, with lone surrogates sent as the bytes they would have been (invalid UTF-8). */
export function urlText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`
        : encodeURIComponent(char);
  }
  return out;
}

/** What the fuzzing needs of a valibot schema: its kind and what it holds. */
interface SchemaShape {
  type: string;
  entries?: Record<string, SchemaShape>;
  wrapped?: SchemaShape;
  options?: (SchemaShape | string | number)[];
  item?: SchemaShape;
  value?: SchemaShape;
  literal?: unknown;
  pipe?: (SchemaShape & { requirement?: unknown })[];
}

/** The field names of an object schema (through optional wrappers, pipes and unions). */
export function fieldsOf(schema: unknown): Record<string, SchemaShape> {
  const shape = schema as SchemaShape | undefined;
  if (!shape) return {};
  if (shape.entries) return shape.entries;
  if (shape.wrapped) return fieldsOf(shape.wrapped);
  if (shape.options && typeof shape.options[0] === 'object')
    return Object.assign({}, ...shape.options.map(fieldsOf)) as Record<string, SchemaShape>;
  const inPipe = shape.pipe?.find((item) => item !== shape && item.entries);
  return inPipe ? fieldsOf(inPipe) : {};
}

const requirement = (shape: SchemaShape, type: string) =>
  shape.pipe?.find((action) => action.type === type)?.requirement;

/** What a form would type into a field, by its name (the name says what the field holds). */
const TYPED_BY_NAME: [RegExp, string[]][] = [
  [/email/, ['someone@example.test', 'SOMEONE@Example.Test', "o'brien@example.test", 'a@b.co']],
  [/password/, ['Strong.Pass1', 'Other.Pass9']],
  [/phone/, ['+17875550142', '+34600000000', '+17875550199']],
  [/country/, ['PR', 'US', 'ES']],
  [/language/, ['EN', 'ES']],
  [/mult$/, ['M', 'H', 'D']],
  [/active|validate|ind_/, ['Y', 'N']],
  [/code/, ['123456', '000000']],
  [/time_zone/, ['America/Puerto_Rico', 'UTC', 'Mars/Olympus']],
  [/date|_at$|At$/, ['2026-11-01', '2026-11-24', '2026-11-24T10:00:00Z', '1970-01-01', '9999-12-31']],
  [/order_by_column/, ['id', 'name', 'customer_name', 'event_createdt', 'name; drop table users']],
  [/fingerprint/, ['a1b2c3d4', 'fuzz-fingerprint']],
  [/status/, ['firing', 'resolved', 'delivered', 'failed']],
  [/digits/, ['1', '2', '#']],
];

/** Texts a person could type within a form's limits: they reach the database, so SQL, script and Unicode go there too. */
const TYPED_TEXTS = [
  'Fuzzed name',
  'Ünïcödé ✓',
  'Ñandú 🚨',
  "O'Brien'; drop table users; --",
  '<script>alert(1)</script>',
  'مرحبا بالعالم',
  '\u202Eevil\u202C',
  '${7*7}',
];

/** What the fuzzing knows that a form would send: values of named fields (a module's key), ids of both tenants' records. */
export interface Knowledge {
  /** for fields named `*_id` */
  ids: number[];
  /** values of fields by name */
  fields?: Record<string, unknown[]>;
}

/** Bounds a pipe puts on a number, passed down into a union's options. */
interface Bounds {
  min?: number;
  max?: number;
}

const boundsOf = (shape: SchemaShape, outer: Bounds): Bounds => {
  const min = requirement(shape, 'min_value');
  const max = requirement(shape, 'max_value');
  return { min: typeof min === 'number' ? min : outer.min, max: typeof max === 'number' ? max : outer.max };
};

/**
 * A value a form would send for the field, valid as far as the schema tells: what its name
 * suggests, texts within their lengths, numbers within their bounds, a picklist's options, ids of
 * both tenants' records for fields named `*_id`, nested objects and arrays of the same.
 */
function plausible(
  schema: SchemaShape,
  known: Knowledge,
  name = '',
  depth = 0,
  outer: Bounds = {},
): fc.Arbitrary<unknown> {
  if (depth > 4) return shortValue;
  const hinted = known.fields?.[name] ?? [];
  const hints = (arbitrary: fc.Arbitrary<unknown>) =>
    hinted.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary })
      : arbitrary;
  const bounds = boundsOf(schema, outer);
  switch (schema.type) {
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return plausible(schema.wrapped!, known, name, depth, bounds);
    case 'string': {
      const minLength = requirement(schema, 'min_length');
      const maxLength = requirement(schema, 'max_length');
      const typed = TYPED_BY_NAME.filter(([pattern]) => pattern.test(name)).flatMap(([, values]) => values);
      const ids = name.endsWith('_id') ? known.ids.map(String) : [];
      const fit = (text: string) => {
        const long = typeof minLength === 'number' && text.length < minLength ? text.padEnd(minLength, '.') : text;
        return typeof maxLength === 'number' ? long.slice(0, maxLength) : long;
      };
      return hints(fc.constantFrom(...(typed.length ? typed : ids.length ? ids : TYPED_TEXTS)).map(fit));
    }
    case 'number': {
      // a record's id, or one of a short list's (a role, a channel, a participation type)
      if (name.endsWith('_id'))
        return hints(fc.oneof(fc.constantFrom(...known.ids, 1), fc.integer({ min: 1, max: 5 })));
      const min = bounds.min ?? 0;
      return hints(fc.integer({ min, max: Math.min(bounds.max ?? 60, min + 60) }));
    }
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constant(schema.literal);
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...(schema.options as (string | number)[]));
    case 'union':
    case 'variant': {
      const options = schema.options as SchemaShape[];
      // an integer field takes a number or its text: the number
      const number = options.find((option) => option.type === 'number');
      return number
        ? plausible(number, known, name, depth, bounds)
        : hints(fc.oneof(...options.map((option) => plausible(option, known, name, depth + 1, bounds))));
    }
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return objectOf(schema.entries!, known, { depth: depth + 1 });
    case 'array':
      return fc.array(plausible(schema.item!, known, name, depth + 1), { minLength: 1, maxLength: 3 });
    case 'record':
      return fc.dictionary(
        fc.constantFrom('alertname', 'severity', 'summary', 'instance'),
        plausible(schema.value!, known, name, depth + 1),
        { maxKeys: 3 },
      );
    default: {
      const inPipe = schema.pipe?.find((item) => item !== schema && item.entries);
      return inPipe ? plausible(inPipe, known, name, depth, bounds) : hints(shortValue);
    }
  }
}

/** Values just past what the field takes: one character too long or short, one past its bounds. */
function edge(schema: SchemaShape, outer: Bounds = {}): fc.Arbitrary<unknown> {
  const bounds = boundsOf(schema, outer);
  if (schema.wrapped) return edge(schema.wrapped, bounds);
  if (schema.type === 'union' || schema.type === 'variant') {
    const number = (schema.options as SchemaShape[]).find((option) => option.type === 'number');
    if (number) return edge(number, bounds);
  }
  const minLength = requirement(schema, 'min_length');
  const maxLength = requirement(schema, 'max_length');
  const edges: unknown[] = [
    ...(typeof maxLength === 'number' ? ['a'.repeat(maxLength + 1), '🚨'.repeat(maxLength)] : []),
    ...(typeof minLength === 'number' && minLength > 0 ? ['a'.repeat(minLength - 1)] : []),
    ...(bounds.min !== undefined ? [bounds.min - 1, String(bounds.min - 1)] : []),
    ...(bounds.max !== undefined ? [bounds.max + 1, String(bounds.max + 1), bounds.max + 0.5] : []),
  ];
  return edges.length ? fc.constantFrom(...edges) : shortValue;
}

/**
 * An object of the schema's fields: every field plausible (so that some requests get through to
 * the handler), or all but one, or any mix of plausible values, values just past the limits,
 * hostile values and left-out fields; sometimes with an unknown or polluting key. `short` keeps
 * the texts short enough for a query string.
 */
export function objectOf(
  entries: Record<string, SchemaShape>,
  known: Knowledge,
  options: { depth?: number; short?: boolean } = {},
): fc.Arbitrary<Record<string, unknown>> {
  const hostile = options.short ? shortValue : hostileValue;
  const keys = Object.keys(entries);
  const plausibleOf = (key: string) => plausible(entries[key]!, known, key, options.depth ?? 0);
  const valid = fc.record(Object.fromEntries(keys.map((key) => [key, plausibleOf(key)])));
  const mixed = fc.record(
    Object.fromEntries(
      keys.map((key) => [
        key,
        fc.oneof(
          { weight: 6, arbitrary: plausibleOf(key) },
          { weight: 2, arbitrary: edge(entries[key]!) },
          { weight: 2, arbitrary: hostile },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
      ]),
    ),
  );
  const oneWrong = keys.length
    ? fc
        .tuple(
          valid,
          fc.constantFrom(...keys),
          fc.oneof(hostile, ...keys.map((key) => edge(entries[key]!))),
          fc.boolean(),
        )
        .map(([record, key, value, drop]) => ({ ...record, [key]: drop ? undefined : value }))
    : fc.constant({});
  const fields = fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 2, arbitrary: oneWrong },
    { weight: 3, arbitrary: mixed },
  );
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.oneof(
          fc.constantFrom(...POLLUTING_KEYS),
          shortText.filter((key) => key.length < 64),
        ),
        hostile,
      ),
    },
  );
  return fc.tuple(fields, extra).map(([record, more]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
    // an own property even for __proto__, as JSON.parse makes it on the server
    if (more)
      Object.defineProperty(out, more[0], { value: more[1], enumerable: true, configurable: true, writable: true });
    return out;
  });
}
