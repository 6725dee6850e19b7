import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import './Tooltip.css';

export interface TooltipProps {
  content: ReactNode;
  /** the trigger: one focusable element (it receives the hover and focus handlers) */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  delayDuration?: number;
  tone?: 'default' | 'danger';
}

/** Hover or focus shows it; Escape hides it. Each tooltip carries its own provider, so it works anywhere. */
export function Tooltip({
  content,
  children,
  side = 'top',
  open,
  onOpenChange,
  delayDuration = 200,
  tone = 'default',
}: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            className={`rl-tooltip rl-tooltip--${tone}`}
            side={side}
            sideOffset={6}
            collisionPadding={8}
          >
            {content}
            <RadixTooltip.Arrow className="rl-tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
