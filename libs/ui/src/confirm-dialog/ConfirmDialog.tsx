import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from '../button/Button';
import { Icon } from '../icon/Icon';
import { useReturnFocus } from '../modal/Modal';
import { uiText } from '../text/ui-text';
import './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the question, e.g. 'Are you sure you want to remove this user?' (docs/product.md#messages) */
  message: ReactNode;
  title?: ReactNode;
  continueLabel?: string;
  cancelLabel?: string;
  onContinue: () => void;
  /** shows Continue busy while the action runs */
  busy?: boolean;
}

/** docs/product.md#validation-rules and #messages: a warning-type confirmation with Continue and Cancel. */
export function ConfirmDialog({
  open,
  onOpenChange,
  message,
  title,
  continueLabel,
  cancelLabel,
  onContinue,
  busy = false,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="rl-modal__overlay" />
        <AlertDialog.Content className="rl-confirm" {...returnFocus}>
          <div className="rl-confirm__icon" aria-hidden="true">
            <Icon name="warning" size={28} />
          </div>
          <AlertDialog.Title className="rl-confirm__title">{title ?? uiText('Are you sure?')}</AlertDialog.Title>
          <AlertDialog.Description className="rl-confirm__message">{message}</AlertDialog.Description>
          <div className="rl-confirm__actions">
            <AlertDialog.Cancel asChild>
              <Button disabled={busy}>{cancelLabel ?? uiText('Cancel')}</Button>
            </AlertDialog.Cancel>
            <Button
              variant="primary"
              loading={busy}
              onClick={() => {
                onContinue();
              }}
            >
              {continueLabel ?? uiText('Continue')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
