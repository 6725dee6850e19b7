import { ApiError, generalErrorText } from '@relevo/api';
import { ERROR_TOAST_MS } from '@relevo/domain';
import { toast } from '@relevo/ui';
import { t } from './i18n';

/**
 * docs/product.md#messages general handler: a failed call shows a 5-second warning toast, in the reader's
 * language (the server's message, or the general one). A 401 is left out: the
 * session handler reloads the page for it.
 */
export function reportError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  toast.warning(t(generalErrorText(error)), { duration: ERROR_TOAST_MS });
}

/** Runs a call through the general handler and still fails, so the caller's state machine sees it. */
export async function reported<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    reportError(error);
    throw error;
  }
}

/** A call nobody awaited still reaches the general handler. */
export function installErrorReporter(target: Window = window): void {
  target.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof ApiError) {
      event.preventDefault();
      reportError(event.reason);
    }
  });
}
