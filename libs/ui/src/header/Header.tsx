import type { ReactNode } from 'react';
import { IconButton } from '../button/Button';
import { DropdownMenu } from '../dropdown-menu/DropdownMenu';
import { Icon } from '../icon/Icon';
import { defaultRenderLink, type RenderLink } from '../sidebar/Sidebar';
import './Header.css';

export interface HeaderProps {
  /** id of the sidebar the toggle controls */
  sidebarId: string;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  onReload: () => void;
  /** settings menu: Password (docs/product.md#layout) */
  onPassword: () => void;
  /** settings menu: Logout (docs/product.md#layout) */
  onLogout: () => void;
  /** shown beside the settings button and as the menu heading */
  userName?: string;
  userDetail?: string;
  /** the user's own page (the profile); the name links to it */
  userHref?: string;
  /** the user guide's page; the header links to it when given */
  helpHref?: string;
  renderLink?: RenderLink;
  children?: ReactNode;
}

/** docs/product.md#layout: toggles the sidebar; reload button; settings dropdown with Password and Logout. */
export function Header({
  sidebarId,
  sidebarExpanded,
  onToggleSidebar,
  onReload,
  onPassword,
  onLogout,
  userName,
  userDetail,
  userHref,
  helpHref,
  renderLink = defaultRenderLink,
  children,
}: HeaderProps) {
  const user = (
    <>
      <span className="rl-header__user-name">{userName}</span>
      {userDetail ? <span className="rl-header__user-detail">{userDetail}</span> : null}
    </>
  );
  return (
    <header className="rl-header">
      <IconButton
        label={sidebarExpanded ? 'Collapse menu' : 'Expand menu'}
        icon={<Icon name="menu" />}
        aria-controls={sidebarId}
        aria-expanded={sidebarExpanded}
        onClick={onToggleSidebar}
      />
      <div className="rl-header__middle">{children}</div>
      <div className="rl-header__actions">
        {helpHref
          ? renderLink({
              href: helpHref,
              className: 'rl-icon-button rl-icon-button--ghost rl-icon-button--md',
              title: 'User guide',
              'aria-label': 'User guide',
              children: <Icon name="book" />,
            })
          : null}
        <IconButton label="Reload" icon={<Icon name="reload" />} onClick={onReload} />
        {userName ? (
          userHref ? (
            renderLink({
              href: userHref,
              className: 'rl-header__user rl-header__user--link',
              title: 'Profile',
              children: user,
            })
          ) : (
            <div className="rl-header__user">{user}</div>
          )
        ) : null}
        <DropdownMenu
          trigger={<IconButton label="Settings" icon={<Icon name="settings" />} />}
          heading={userName}
          items={[
            { key: 'password', label: 'Password', icon: <Icon name="key" size={16} />, onSelect: onPassword },
            { key: 'logout', label: 'Logout', icon: <Icon name="logout" size={16} />, onSelect: onLogout },
          ]}
        />
      </div>
    </header>
  );
}
