import type { ReactNode } from 'react';
import { IconButton } from '../button/Button';
import { DropdownMenu } from '../dropdown-menu/DropdownMenu';
import { Icon } from '../icon/Icon';
import { defaultRenderLink, type RenderLink } from '../sidebar/Sidebar';
import { uiText } from '../text/ui-text';
import './Header.css';

/** The language menu: the languages by their own names, the current one marked. */
export interface HeaderLanguages {
  current: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

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
  /** the language menu, when given (docs/product.md#languages) */
  languages?: HeaderLanguages;
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
  languages,
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
        label={sidebarExpanded ? uiText('Collapse menu') : uiText('Expand menu')}
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
              title: uiText('User guide'),
              'aria-label': uiText('User guide'),
              children: <Icon name="book" />,
            })
          : null}
        {languages ? (
          <DropdownMenu
            trigger={<IconButton label={uiText('Language')} icon={<Icon name="globe" />} />}
            heading={uiText('Language')}
            items={languages.options.map((option) => ({
              key: option.value,
              label: (
                <span lang={option.value} aria-current={option.value === languages.current ? 'true' : undefined}>
                  {option.label}
                </span>
              ),
              icon: option.value === languages.current ? <Icon name="check" size={16} /> : <span aria-hidden="true" />,
              onSelect: () => languages.onChange(option.value),
            }))}
          />
        ) : null}
        <IconButton label={uiText('Reload')} icon={<Icon name="reload" />} onClick={onReload} />
        {userName ? (
          userHref ? (
            renderLink({
              href: userHref,
              className: 'rl-header__user rl-header__user--link',
              title: uiText('Profile'),
              children: user,
            })
          ) : (
            <div className="rl-header__user">{user}</div>
          )
        ) : null}
        <DropdownMenu
          trigger={<IconButton label={uiText('Settings')} icon={<Icon name="settings" />} />}
          heading={userName}
          items={[
            { key: 'password', label: uiText('Password'), icon: <Icon name="key" size={16} />, onSelect: onPassword },
            { key: 'logout', label: uiText('Logout'), icon: <Icon name="logout" size={16} />, onSelect: onLogout },
          ]}
        />
      </div>
    </header>
  );
}
