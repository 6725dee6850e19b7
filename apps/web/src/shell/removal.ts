import { toast } from '@relevo/ui';
import { useState } from 'react';
import { reportError } from './report-error';

/**
 * A row deleted after the docs/product.md#messages confirmation: `ask(row)` opens the ConfirmDialog (spread
 * `dialog` into it), Continue calls `remove`, shows `deletedText` and reloads the list. A refusal
 * (a 409 naming what still uses the record) goes through the general handler as the warning toast.
 */
export function useRemoval<Row>(remove: (row: Row) => Promise<unknown>, deletedText: string, reload: () => void) {
  const [removing, setRemoving] = useState<Row | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const confirm = async (row: Row) => {
    setIsDeleting(true);
    try {
      await remove(row);
      toast.success(deletedText);
      reload();
    } catch (error) {
      reportError(error);
    } finally {
      setIsDeleting(false);
      setRemoving(null);
    }
  };

  return {
    ask: setRemoving,
    dialog: {
      open: removing !== null,
      busy: isDeleting,
      onOpenChange: (open: boolean) => {
        if (!open && !isDeleting) setRemoving(null);
      },
      onContinue: () => {
        if (removing !== null) void confirm(removing);
      },
    },
  };
}
