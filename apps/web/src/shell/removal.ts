import { useCallback, useState } from 'react';
import { reportError } from './report-error';

/** The props of the ConfirmDialog that asks before a removal. */
export interface RemovalConfirm {
  open: boolean;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onContinue: () => void;
}

/**
 * A row removed after a confirmation (spec 8: Continue/Cancel). `ask(row)` opens the confirmation;
 * Continue runs `remove(row)` (the call, its success toast and the reload), and a refusal (e.g. a
 * 409 naming what still uses the row) goes through the general handler as a warning toast. The
 * confirmation closes either way; Cancel closes it unless the removal is running.
 */
export function useRemoval<T>(remove: (row: T) => Promise<void>): { ask: (row: T) => void; confirm: RemovalConfirm } {
  const [target, setTarget] = useState<{ row: T } | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback((row: T) => setTarget({ row }), []);
  const run = async (row: T) => {
    setBusy(true);
    try {
      await remove(row);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  };
  return {
    ask,
    confirm: {
      open: target !== null,
      busy,
      onOpenChange: (open) => {
        if (!open && !busy) setTarget(null);
      },
      onContinue: () => {
        if (target) void run(target.row);
      },
    },
  };
}
