import * as RadixToast from '@radix-ui/react-toast';
import { IconButton } from '../button/Button';
import { Icon, type IconName } from '../icon/Icon';
import type { ToastItem, ToastStore, ToastVariant } from './toast-store';
import { uiText } from '../text/ui-text';
import './Toast.css';

const ICONS: Record<ToastVariant, IconName> = { warning: 'warning', success: 'check', error: 'error', info: 'info' };

export interface ToastListProps {
  store: ToastStore;
  items: readonly ToastItem[];
}

export function ToastList({ store, items }: ToastListProps) {
  return (
    <RadixToast.Provider swipeDirection="right" label={uiText('Notification')}>
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          // failures interrupt the screen reader; confirmations wait their turn
          type={item.variant === 'warning' || item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) store.dismiss(item.id);
          }}
          className={`rl-toast rl-toast--${item.variant}`}
          data-variant={item.variant}
        >
          <Icon name={ICONS[item.variant]} className="rl-toast__icon" />
          <div className="rl-toast__body">
            {item.title ? <RadixToast.Title className="rl-toast__title">{item.title}</RadixToast.Title> : null}
            <RadixToast.Description className="rl-toast__message">{item.message}</RadixToast.Description>
          </div>
          <RadixToast.Close asChild>
            <IconButton
              label={uiText('Dismiss notification')}
              icon={<Icon name="close" size={16} />}
              size="sm"
              className="rl-toast__close"
            />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="rl-toast-viewport" />
    </RadixToast.Provider>
  );
}
