import { homePathFor } from '@relevo/domain';
import { PageSpinner } from '@relevo/ui';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from './session';
import { t } from './i18n';

/**
 * docs/product.md#route-guard public pages (login, code step, password reset): open without a session; a signed-in
 * user is sent home instead (docs/product.md#verification-code: staff to Customers, customers to the Dashboard).
 */
export function PublicOnly() {
  const { status, user } = useSession();
  if (status === 'checking') return <PageSpinner label={t('Checking your session')} />;
  if (status === 'signedIn' && user) return <Navigate to={homePathFor(user.role.rol_id)} replace />;
  return <Outlet />;
}

/** docs/product.md#route-guard: every layout page needs a session; without one it goes to Login. */
export function RequireSession() {
  const { status } = useSession();
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  if (status !== 'signedIn')
    return <PageSpinner label={status === 'signingOut' ? t('Signing out') : t('Checking your session')} />;
  return <Outlet />;
}

/** The layout index and unknown layout paths go home (docs/product.md#routes; a staff home the role can open). */
export function HomeRedirect() {
  const { user } = useSession();
  return <Navigate to={user ? homePathFor(user.role.rol_id) : '/login'} replace />;
}

/** Navigation state by which the layout asks the 403 page to end the session. */
export interface ForbiddenState {
  signOut: true;
}

export const isForbiddenState = (state: unknown): state is ForbiddenState =>
  typeof state === 'object' && state !== null && (state as ForbiddenState).signOut === true;

/**
 * docs/product.md#route-guard: a role outside the route's set goes to 403 and the cookie is removed. The layout
 * navigates here first and the session ends once the 403 page shows, so the layout's own
 * "no session → Login" rule cannot race the move to 403.
 */
export function SignOutOnEntry() {
  const { state, pathname } = useLocation();
  const navigate = useNavigate();
  const { status, actor } = useSession();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !isForbiddenState(state) || status !== 'signedIn') return;
    done.current = true;
    actor.send({ type: 'LOGOUT' });
    // a reload of this history entry must not sign out a later session
    navigate(pathname, { replace: true, state: null });
  }, [state, status, actor, navigate, pathname]);
  return <Outlet />;
}
