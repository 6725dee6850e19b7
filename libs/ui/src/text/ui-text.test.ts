import { describe, expect, it } from 'vitest';
import { englishText } from './ui-text';

describe('the components’ English without a translator', () => {
  it('puts the values in their places', () => {
    expect(englishText('Show {from} to {to} of {total} records', { from: 1, to: 10, total: 25 })).toBe(
      'Show 1 to 10 of 25 records',
    );
    expect(englishText('Next page')).toBe('Next page');
  });

  it('chooses the plural branch and writes the number for #', () => {
    const text = '{label}: {count, plural, one {# problem} other {# problems}}, show details';
    expect(englishText(text, { label: 'Email', count: 1 })).toBe('Email: 1 problem, show details');
    expect(englishText(text, { label: 'Email', count: 3 })).toBe('Email: 3 problems, show details');
  });

  it('leaves an argument without a value as it is', () => {
    expect(englishText('Page {number}', {})).toBe('Page {number}');
  });
});
