import type { ReactNode } from 'react';
import { Alert } from '../alert/Alert';
import { Button } from '../button/Button';
import { Modal } from './Modal';
import { uiText } from '../text/ui-text';

export interface FormModalProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** default true; a modal that is done may close itself before its owner unmounts it */
  open?: boolean;
  /** the form is being sent: Cancel is disabled, Save shows its spinner, Escape does nothing */
  busy: boolean;
  /** the form was saved: Save keeps its spinner while the modal goes away */
  done?: boolean;
  /** without it there is no Cancel and the modal cannot be dismissed (a forced form) */
  onCancel?: () => void;
  onSubmit: () => void;
  submitLabel?: string;
  /** the submit button cannot be pressed (e.g. docs/product.md#validation-rules: Send disabled until the form is valid) */
  submitDisabled?: boolean;
  /** a failure that belongs to no field, in a red alert above the fields */
  error?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

/** A modal form with the Cancel and Save footer every edit window of the product uses. */
export function FormModal({
  title,
  description,
  children,
  open = true,
  busy,
  done = false,
  onCancel,
  onSubmit,
  submitLabel,
  submitDisabled = false,
  error,
  size,
}: FormModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) onCancel?.();
      }}
      dismissable={onCancel !== undefined}
      title={title}
      description={description}
      size={size}
      onSubmit={() => {
        if (!submitDisabled) onSubmit();
      }}
      footer={
        <>
          {onCancel ? (
            <Button onClick={onCancel} disabled={busy}>
              {uiText('Cancel')}
            </Button>
          ) : null}
          <Button type="submit" variant="primary" loading={busy || done} disabled={submitDisabled && !busy && !done}>
            {submitLabel ?? uiText('Save')}
          </Button>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      {children}
    </Modal>
  );
}
