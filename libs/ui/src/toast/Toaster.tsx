import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { toastStore, type ToastStore } from './toast-store';

// the toast machinery loads with the first toast, keeping it out of the first page load
const ToastList = lazy(() => import('./ToastList').then(({ ToastList }) => ({ default: ToastList })));

export interface ToasterProps {
  store?: ToastStore;
}

/** Renders the toast queue; mount once near the root. */
export function Toaster({ store = toastStore }: ToasterProps) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // once shown, the list stays mounted so later toasts animate in the same viewport
  const [needed, setNeeded] = useState(false);
  if (!needed && items.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastList store={store} items={items} />
    </Suspense>
  );
}
