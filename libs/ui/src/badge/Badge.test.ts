import { describe, expect, it } from 'vitest';
import { statusTone } from './Badge';

describe('statusTone', () => {
  it('gives each status of the conventions its colour, whatever the case', () => {
    expect(statusTone('ACTIVE')).toBe('success');
    expect(statusTone('completed')).toBe('success');
    expect(statusTone('YES')).toBe('success');
    expect(statusTone('INACTIVE')).toBe('neutral');
    expect(statusTone('canceled')).toBe('neutral');
    expect(statusTone('open')).toBe('danger');
    expect(statusTone('NO')).toBe('danger');
    expect(statusTone('progress')).toBe('warning');
  });

  it('falls back to neutral for an unknown status', () => {
    expect(statusTone('something else')).toBe('neutral');
  });
});
