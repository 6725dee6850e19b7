import { clientSettings } from '@relevo/api';
import {
  APP_VERSION,
  GUIDE_PATH,
  MESSAGES,
  ROLE_LABELS,
  canOpenRoute,
  fullName,
  homePathFor,
  sidebarFor,
} from '@relevo/domain';
import { AppShell, Brand, Breadcrumb, Footer, Icon, LoadBoundary, toast } from '@relevo/ui';
import { Suspense, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { api } from './api';
import { ChangePasswordOpener } from './change-password-context';
import type { ForbiddenState } from './guards';
import { t } from './i18n';
import { activeSidebarPath, breadcrumbFor, layoutRouteOf } from './navigation';
import { useLanguageMenu } from './language';
import { reportError } from './report-error';
import { routerLink } from './router-link';
import { useService } from './services';
import { useSession, useSignedInUser } from './session';
import { SIDEBAR_ICONS } from './sidebar-icons';
import { loadWidgetScript } from './chat-widget';

const liveLoadClientSettings = () => api.call(clientSettings);

/** What the layout gives its own-password window: open by request or forced, and what to do after. */
export interface ChangePasswordWindowProps {
  open: boolean;
  /** force_change_password: opens by itself and cannot be dismissed */
  forced: boolean;
  onClose: () => void;
  /** the change succeeded: the layout shows the toast and reloads the session user */
  onChanged: () => void;
}

export interface AppLayoutProps {
  /**
   * The own-password window, given by the route table (the shell names no feature); it may be
   * lazy, the layout renders it inside a Suspense boundary.
   */
  changePassword: ComponentType<ChangePasswordWindowProps>;
}

/**
 * docs/product.md#layout layout: sidebar by role (2.6), header, breadcrumb, footer; the role check of 2.2; the
 * forced password change; the third-party widget after login (docs/product.md#what-relevo-does).
 */
export function AppLayout({ changePassword: ChangePasswordModal }: AppLayoutProps) {
  const user = useSignedInUser();
  const { actor } = useSession();
  const { pathname } = useLocation();
  const role = user.role.rol_id;
  const loadClientSettings = useService('loadClientSettings', liveLoadClientSettings);
  const languages = useLanguageMenu();

  const [passwordOpen, setPasswordOpen] = useState(false);
  const [passwordChanged, setPasswordChanged] = useState(false);
  // docs/product.md#layout: the modal opens by itself while force_change_password is set
  const forced = user.force_change_password && !passwordChanged;
  const openPassword = useCallback(() => setPasswordOpen(true), []);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const passwordDone = useCallback(() => {
    toast.success(t(MESSAGES.passwordUpdated));
    setPasswordChanged(true);
    setPasswordOpen(false);
    actor.send({ type: 'RELOAD' });
  }, [actor]);

  useEffect(() => {
    let active = true;
    loadClientSettings().then((settings) => {
      if (active && settings.widget_script_url) loadWidgetScript(settings.widget_script_url);
    }, reportError);
    return () => {
      active = false;
    };
  }, [loadClientSettings]);

  // the path's words in the reader's language (breadcrumb-words.ts marks them for the catalogs)
  const crumbs = useMemo(() => breadcrumbFor(pathname, (word) => t(word)), [pathname]);
  useEffect(() => {
    const here = crumbs[crumbs.length - 1]?.label;
    document.title = here ? `${here} · Relevo` : 'Relevo';
  }, [crumbs]);

  const entries = useMemo(() => {
    const menu = sidebarFor(role);
    const active = activeSidebarPath(
      pathname,
      menu.map((entry) => entry.path),
    );
    return menu.map((entry) => ({
      key: entry.path,
      label: t(entry.label),
      href: entry.path,
      icon: <Icon name={SIDEBAR_ICONS[entry.path] ?? 'chevron-right'} />,
      active: entry.path === active,
    }));
  }, [role, pathname]);

  const matched = layoutRouteOf(pathname);
  if (matched && !canOpenRoute(role, matched.route)) {
    return <Navigate to="/403" replace state={{ signOut: true } satisfies ForbiddenState} />;
  }

  return (
    <ChangePasswordOpener.Provider value={openPassword}>
      <AppShell
        brand={<Brand href={homePathFor(role)} renderLink={routerLink} />}
        entries={entries}
        renderLink={routerLink}
        header={{
          onReload: () => window.location.reload(),
          onPassword: openPassword,
          onLogout: () => actor.send({ type: 'LOGOUT' }),
          userName: fullName(user),
          // a role's name stays as the product names it, in either language (docs/spanish.md)
          userDetail: ROLE_LABELS[role],
          userHref: '/profile',
          helpHref: GUIDE_PATH,
          languages,
        }}
        top={<Breadcrumb lead={t(MESSAGES.breadcrumbLead)} items={crumbs} renderLink={routerLink} />}
        footer={
          <Footer
            name={user.name}
            lastName={user.last_name}
            customerName={user.customer?.customer_name}
            aside={`Relevo ${APP_VERSION}`}
          />
        }
      >
        {/* a screen whose code cannot be loaded says so inside the layout: the menu still works */}
        <LoadBoundary resetKey={pathname}>
          <Outlet />
        </LoadBoundary>
      </AppShell>
      {forced || passwordOpen ? (
        <Suspense fallback={null}>
          <ChangePasswordModal open forced={forced} onClose={closePassword} onChanged={passwordDone} />
        </Suspense>
      ) : null}
    </ChangePasswordOpener.Provider>
  );
}
