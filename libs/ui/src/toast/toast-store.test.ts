import { describe, expect, it } from 'vitest';
import { DEFAULT_TOAST_MS, MAX_TOASTS, createToastStore } from './toast-store';

function manualStore() {
  const pending: (() => void)[] = [];
  const store = createToastStore((fn) => pending.push(fn));
  return { store, flush: () => pending.splice(0).forEach((fn) => fn()) };
}

describe('toast store', () => {
  it('shows a 5-second warning by default (docs/product.md#messages)', () => {
    const { store } = manualStore();
    store.show('We have a problem');
    expect(store.getSnapshot()).toEqual([
      { id: 1, message: 'We have a problem', variant: 'warning', duration: DEFAULT_TOAST_MS, open: true },
    ]);
    expect(DEFAULT_TOAST_MS).toBe(5000);
  });

  it('keeps the variant, title and duration it is given', () => {
    const { store } = manualStore();
    store.show('User password has been updated', { variant: 'success', title: 'Done', duration: 10_000 });
    expect(store.getSnapshot()[0]).toMatchObject({ variant: 'success', title: 'Done', duration: 10_000 });
  });

  it('closes a toast, then removes it after its exit animation', () => {
    const { store, flush } = manualStore();
    const id = store.show('a');
    store.dismiss(id);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    flush();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('notifies subscribers on every change until they unsubscribe', () => {
    const { store } = manualStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    const id = store.show('a');
    store.dismiss(id);
    unsubscribe();
    store.show('b');
    expect(calls).toBe(2);
  });

  it('drops the oldest open toast beyond the limit', () => {
    const { store } = manualStore();
    for (let i = 0; i <= MAX_TOASTS; i++) store.show(`t${i}`);
    const messages = store.getSnapshot().map((toast) => toast.message);
    expect(messages).toHaveLength(MAX_TOASTS);
    expect(messages[0]).toBe('t1');
  });

  it('ignores a dismiss of an unknown or closed toast', () => {
    const { store } = manualStore();
    const open = store.show('a');
    const closed = store.show('b');
    store.dismiss(closed);
    const before = store.getSnapshot();
    let calls = 0;
    store.subscribe(() => calls++);
    store.dismiss(open + closed + 42);
    store.dismiss(closed);
    expect(store.getSnapshot()).toBe(before);
    expect(store.getSnapshot().map((toast) => [toast.message, toast.open])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(calls).toBe(0);
  });
});
