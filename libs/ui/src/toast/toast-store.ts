export type ToastVariant = 'warning' | 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
  title?: string;
  /** ms before it closes by itself */
  duration: number;
  open: boolean;
}

export interface ToastOptions {
  variant?: ToastVariant;
  title?: string;
  duration?: number;
}

/** docs/product.md#messages and #constants-and-limits: the general handler shows a warning toast for 5000 ms. */
export const DEFAULT_TOAST_VARIANT: ToastVariant = 'warning';
export const DEFAULT_TOAST_MS = 5000;
/** older toasts give way so a burst of failures cannot fill the screen */
export const MAX_TOASTS = 4;
const EXIT_MS = 200;

type Listener = () => void;

/**
 * The toast queue, outside React so that any code (an api error handler, a machine action) can
 * show a toast; the Toaster component renders it.
 */
export function createToastStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let items: readonly ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  function show(message: string, options: ToastOptions = {}): number {
    const id = nextId++;
    const item: ToastItem = {
      id,
      message,
      variant: options.variant ?? DEFAULT_TOAST_VARIANT,
      duration: options.duration ?? DEFAULT_TOAST_MS,
      open: true,
      ...(options.title ? { title: options.title } : {}),
    };
    const open = items.filter((toast) => toast.open);
    const overflow =
      open.length >= MAX_TOASTS ? open.slice(0, open.length - MAX_TOASTS + 1).map((toast) => toast.id) : [];
    items = [...items.filter((toast) => !overflow.includes(toast.id)), item];
    emit();
    return id;
  }

  /** closes a toast; it leaves the list once its exit animation had time to run */
  function dismiss(id: number): void {
    if (!items.some((toast) => toast.id === id && toast.open)) return;
    items = items.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
    emit();
    schedule(() => remove(id), EXIT_MS);
  }

  function remove(id: number): void {
    const next = items.filter((toast) => toast.id !== id);
    if (next.length === items.length) return;
    items = next;
    emit();
  }

  function clear(): void {
    items = [];
    emit();
  }

  return {
    show,
    dismiss,
    remove,
    clear,
    getSnapshot: (): readonly ToastItem[] => items,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app-wide store behind `toast`. */
export const toastStore = createToastStore();

const withVariant =
  (variant: ToastVariant) =>
  (message: string, options: Omit<ToastOptions, 'variant'> = {}) =>
    toastStore.show(message, { ...options, variant });

/** Imperative API: `toast.warning(text)`, `toast.success(text)`, usable from non-React code. */
export const toast = {
  show: (message: string, options?: ToastOptions) => toastStore.show(message, options),
  warning: withVariant('warning'),
  success: withVariant('success'),
  error: withVariant('error'),
  info: withVariant('info'),
  dismiss: (id: number) => toastStore.dismiss(id),
};
