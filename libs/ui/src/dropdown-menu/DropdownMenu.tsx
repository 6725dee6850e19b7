import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';
import './DropdownMenu.css';

export interface DropdownMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
}

export interface DropdownMenuProps {
  /** one focusable element, usually an IconButton or a Button */
  trigger: ReactElement;
  items: readonly DropdownMenuItem[];
  /** a heading inside the menu (e.g. the signed-in user's name) */
  heading?: ReactNode;
  align?: 'start' | 'center' | 'end';
}

export function DropdownMenu({ trigger, items, heading, align = 'end' }: DropdownMenuProps) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="rl-menu" align={align} sideOffset={6} collisionPadding={8}>
          {heading ? (
            <>
              <Menu.Label className="rl-menu__heading">{heading}</Menu.Label>
              <Menu.Separator className="rl-menu__separator" />
            </>
          ) : null}
          {items.map((item) => (
            <Menu.Item
              key={item.key}
              className={`rl-menu__item rl-menu__item--${item.tone ?? 'default'}`}
              disabled={item.disabled}
              onSelect={() => item.onSelect()}
            >
              {item.icon ? <span className="rl-menu__icon">{item.icon}</span> : null}
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
