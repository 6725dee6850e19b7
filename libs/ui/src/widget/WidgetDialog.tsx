import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface WidgetDialogProps {
  title: string;
  /** leaves full screen: Escape, a click on the overlay */
  onClose: () => void;
  /** the widget's header, given its title as the dialog's title, and its body */
  children: (title: ReactNode) => ReactNode;
}

/** A widget over the whole screen (docs/product.md#dashboard): a modal dialog, focus kept inside, Escape leaves it. */
export function WidgetDialog({ title, onClose, children }: WidgetDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="rl-widget__overlay" />
        <Dialog.Content className="rl-panel rl-widget rl-widget--dialog" aria-describedby={undefined}>
          {children(<Dialog.Title className="rl-widget__title">{title}</Dialog.Title>)}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
