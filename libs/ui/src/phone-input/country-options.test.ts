import { describe, expect, it } from 'vitest';
import { countryOptionsOrder, startingCountry } from './country-options';

const ALLOWED = ['PR', 'US', 'DO', 'CO', 'ES', 'VI'] as const;

describe('countryOptionsOrder', () => {
  it('puts the preferred countries first, then a divider and the rest', () => {
    expect(countryOptionsOrder(ALLOWED, ['PR', 'US', 'VI'])).toEqual(['PR', 'US', 'VI', '|', '...']);
  });

  it('drops preferred countries that are not allowed', () => {
    expect(countryOptionsOrder(ALLOWED, ['GB', 'US'] as never[])).toEqual(['US', '|', '...']);
  });

  it('has no divider when nothing is preferred or everything is', () => {
    expect(countryOptionsOrder(ALLOWED)).toEqual(['...']);
    expect(countryOptionsOrder(['PR', 'US'], ['PR', 'US'])).toEqual(['PR', 'US']);
  });
});

describe('startingCountry', () => {
  it('is the first allowed preferred country, else the first allowed one', () => {
    expect(startingCountry(ALLOWED, ['VI', 'PR'])).toBe('VI');
    expect(startingCountry(ALLOWED, ['GB'] as never[])).toBe('PR');
    expect(startingCountry([])).toBeUndefined();
  });
});
