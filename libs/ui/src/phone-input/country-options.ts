/**
 * The order of the country list: the preferred countries first, a divider, then the other allowed
 * countries alphabetically by name (docs/product.md#validation-rules: phone inputs are restricted to an allowed country list
 * with preferred countries; docs/product.md#constants-and-limits gives both lists).
 */
export function countryOptionsOrder<C extends string>(
  countries: readonly C[],
  preferred: readonly C[] = [],
): (C | '|' | '...')[] {
  const first = preferred.filter((country) => countries.includes(country));
  if (!first.length || first.length === countries.length) return first.length ? [...first] : ['...'];
  return [...first, '|', '...'];
}

/** The country that starts selected: the first preferred one that is allowed, else the first allowed one. */
export function startingCountry<C extends string>(
  countries: readonly C[],
  preferred: readonly C[] = [],
): C | undefined {
  return preferred.find((country) => countries.includes(country)) ?? countries[0];
}
