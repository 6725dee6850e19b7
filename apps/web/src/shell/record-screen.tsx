import { Button, Icon, IconButton, LazyConfirmDialog, toast, type ConfirmDialogProps } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { useRemoval } from './removal';
import { t } from './i18n';
import './record-screen.css';

/** The texts of a list screen's changes (docs/product.md#messages toasts and the delete confirmation), in the reader's language. */
export interface RecordScreenTexts {
  created: string;
  updated: string;
  deleted: string;
  confirmDelete: string;
  /** the confirmation's title and buttons, when not the English defaults (docs/product.md#messages: the SLA's are in Spanish) */
  confirmLabels?: Pick<ConfirmDialogProps, 'title' | 'continueLabel' | 'cancelLabel'>;
  /** how long the created and updated toasts stay, when not the toaster's default */
  savedToastMs?: number;
}

export interface RecordScreenOptions<Row> {
  texts: RecordScreenTexts;
  /** the delete call of a row */
  remove: (row: Row) => Promise<unknown>;
  /** after each save or delete (reload the list and whatever depends on it) */
  changed: () => void;
}

/**
 * The create/edit modal and the confirmed delete of a list screen: which row the modal edits (null
 * creates one), the success toasts, and a delete asked for with the docs/product.md#messages confirmation
 * (`useRemoval`: a refusal naming what uses the record shows as the warning toast).
 * `confirmation` is the dialog to render.
 */
export function useRecordScreen<Row>({ texts, remove, changed }: RecordScreenOptions<Row>) {
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const saved = useCallback(() => {
    toast.success(editing?.row ? texts.updated : texts.created, { duration: texts.savedToastMs });
    setEditing(null);
    changed();
  }, [editing, texts, changed]);
  const removal = useRemoval(remove, texts.deleted, changed);

  return {
    /** the modal is open: `row` is edited, or null for a new record */
    editing,
    create: useCallback(() => setEditing({ row: null }), []),
    edit: useCallback((row: Row) => setEditing({ row }), []),
    askRemove: removal.ask,
    close,
    saved,
    confirmation: <LazyConfirmDialog message={texts.confirmDelete} {...texts.confirmLabels} {...removal.dialog} />,
  };
}

/** A row's Edit and Delete buttons, named after the row ("Edit Acme"); either may be left out. */
export function RecordRowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: (() => void) | null;
  onDelete?: (() => void) | null;
}) {
  return (
    <span className="record-row-actions">
      {onEdit ? (
        <IconButton
          size="sm"
          label={t('Edit {name}', { name })}
          icon={<Icon name="edit" size={16} />}
          onClick={onEdit}
        />
      ) : null}
      {onDelete ? (
        <IconButton
          size="sm"
          label={t('Delete {name}', { name })}
          icon={<Icon name="trash" size={16} />}
          onClick={onDelete}
        />
      ) : null}
    </span>
  );
}

/** A list screen's Create button, beside the search box (docs/product.md#tables). */
export function CreateButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="primary" icon={<Icon name="plus" size={16} />} disabled={disabled} onClick={onClick}>
      {t('Create')}
    </Button>
  );
}
