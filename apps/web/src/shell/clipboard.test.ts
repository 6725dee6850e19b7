import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@relevo/ui';
import { copyToClipboard } from './clipboard';

describe('copy to the clipboard (docs/product.md#messages)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the text and shows the success toast', async () => {
    const written: string[] = [];
    expect(
      await copyToClipboard('ABC123', 'Case ID copied to clipboard', {
        writeText: async (text) => void written.push(text),
      }),
    ).toBe(true);
    expect(written).toEqual(['ABC123']);
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({
      variant: 'success',
      message: 'Case ID copied to clipboard',
    });
  });

  it('only logs a refused clipboard: no toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = toastStore.getSnapshot().length;
    expect(await copyToClipboard('x', 'copied', { writeText: () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await copyToClipboard('x', 'copied', undefined)).toBe(false);
    expect(toastStore.getSnapshot().length).toBe(before);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
