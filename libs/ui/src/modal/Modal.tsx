import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { IconButton } from '../button/Button';
import { Icon } from '../icon/Icon';
import { uiText } from '../text/ui-text';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** the actions, in reading order: the primary action goes last so it sits on the right */
  footer?: ReactNode;
  /**
   * false: Escape and a click outside do nothing and there is no close button (a forced step,
   * e.g. the password change of docs/product.md#layout while force_change_password is set)
   */
  dismissable?: boolean;
  /** lg: wide content such as code */
  size?: 'sm' | 'md' | 'lg';
  /** wraps body and footer in a form so Enter submits it */
  onSubmit?: () => void;
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  dismissable = true,
  size = 'md',
  onSubmit,
}: ModalProps) {
  const block = (event: Event) => {
    if (!dismissable) event.preventDefault();
  };
  const returnFocus = useReturnFocus(open);
  const content = (
    <>
      <div className="rl-modal__body">{children}</div>
      {footer ? <div className="rl-modal__footer">{footer}</div> : null}
    </>
  );
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (dismissable || next ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className="rl-modal__overlay" />
        <Dialog.Content
          className={`rl-modal rl-modal--${size}`}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="rl-modal__header">
            <Dialog.Title className="rl-modal__title">{title}</Dialog.Title>
            {dismissable ? (
              <Dialog.Close asChild>
                <IconButton label={uiText('Close')} icon={<Icon name="close" />} size="sm" />
              </Dialog.Close>
            ) : null}
          </header>
          {description ? (
            <Dialog.Description className="rl-modal__description">{description}</Dialog.Description>
          ) : null}
          {onSubmit ? (
            <form
              noValidate
              className="rl-modal__form"
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit();
              }}
            >
              {content}
            </form>
          ) : (
            content
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Radix returns focus to a Dialog.Trigger only; these modals are opened by any button (Create, a
 * row's Edit), so focus goes back to whatever held it when the modal opened, if it is still there.
 * The opener is read while rendering the opening: by the first effect a field with autoFocus has
 * already taken the focus.
 */
export function useReturnFocus(open: boolean) {
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? activeElement() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(activeElement());
  }
  return {
    onCloseAutoFocus: (event: Event) => {
      if (opener?.isConnected) {
        event.preventDefault();
        opener.focus();
      }
    },
  };
}

function activeElement(): HTMLElement | null {
  return typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
    ? document.activeElement
    : null;
}
