import { ROUTE_ROLES, type LayoutRoute, type UserScreen } from '@relevo/domain';
import { Navigate, type RouteObject } from 'react-router';
import { HomeRedirect, PublicOnly, RequireSession, SignOutOnEntry } from './shell/guards';

type Lazy = NonNullable<RouteObject['lazy']>;

/** spec 2.10: one users screen, three endpoint groups; keyed so moving between them starts afresh. */
const usersScreen =
  (screen: UserScreen): Lazy =>
  () =>
    import('./features/users/UsersPage').then(({ UsersPage }) => ({ element: <UsersPage key={screen} screen={screen} /> }));

/**
 * The screens of the layout routes (spec 2.1). Keyed by the domain's ROUTE_ROLES, so every route
 * with a role set has a screen and the layout checks the role of each (spec 2.2, 6).
 */
export const LAYOUT_SCREENS: Record<LayoutRoute, Lazy> = {
  dashboard: () => import('./features/dashboard/DashboardPage').then(({ DashboardPage }) => ({ Component: DashboardPage })),
  users: usersScreen('ownUsers'),
  profile: () => import('./features/profile/ProfilePage').then(({ ProfilePage }) => ({ Component: ProfilePage })),
  'admin/users': usersScreen('staffUsers'),
  'customer/users': usersScreen('customerUsers'),
  customer: () => import('./features/customers/CustomersPage').then(({ CustomersPage }) => ({ Component: CustomersPage })),
  applications: () => import('./features/applications/ApplicationsPage').then(({ ApplicationsPage }) => ({ Component: ApplicationsPage })),
  'application/:application_id/modules': () => import('./features/modules/ModulesPage').then(({ ModulesPage }) => ({ Component: ModulesPage })),
  // spec 2.1 lists `module` with no screen of its own: modules are reached through their application
  module: () => Promise.resolve({ element: <Navigate to="/applications" replace /> }),
  events: () => import('./features/events/EventsPage').then(({ EventsPage }) => ({ Component: EventsPage })),
  'events/:case_id/event_logs': () => import('./features/events/EventLogsPage').then(({ EventLogsPage }) => ({ Component: EventLogsPage })),
  escalations: () => import('./features/escalations/EscalationsPage').then(({ EscalationsPage }) => ({ Component: EscalationsPage })),
  'escalation/:escalation_id/resources': () => import('./features/escalations/EscalationStepsPage').then(({ EscalationStepsPage }) => ({ Component: EscalationStepsPage })),
  sla: () => import('./features/slas/SlasPage').then(({ SlasPage }) => ({ Component: SlasPage })),
  resources: () => import('./features/resources/ResourcesPage').then(({ ResourcesPage }) => ({ Component: ResourcesPage })),
  user_guide: () => import('./features/user-guide/UserGuidePage').then(({ UserGuidePage }) => ({ Component: UserGuidePage })),
  guide: () => import('./features/user-guide/GuidePage').then(({ GuidePage }) => ({ Component: GuidePage })),
};

const resetPassword: Lazy = () => import('./features/reset-password/ResetPasswordPage').then(({ ResetPasswordPage }) => ({ Component: ResetPasswordPage }));

/** spec 2.1 with history paths; every screen is its own chunk, so /login loads only what it shows. */
export const routes: RouteObject[] = [
  {
    // spec 2.1 public routes; login and authenticator are the two-factor pages
    element: <PublicOnly />,
    children: [
      { path: 'login', lazy: () => import('./features/auth/LoginPage').then(({ LoginPage }) => ({ Component: LoginPage })) },
      { path: 'authenticator', lazy: () => import('./features/auth/AuthenticatorPage').then(({ AuthenticatorPage }) => ({ Component: AuthenticatorPage })) },
      { path: 'reset_password', lazy: resetPassword },
      { path: 'reset_password/sms', lazy: resetPassword },
      { path: 'reset_password/email/:token?', lazy: resetPassword },
    ],
  },
  // plain pages, open with or without a session
  {
    path: '403',
    element: <SignOutOnEntry />,
    children: [{ index: true, lazy: () => import('./features/errors/ForbiddenPage').then(({ ForbiddenPage }) => ({ Component: ForbiddenPage })) }],
  },
  // the responder page (service.md 6): opened from a call, SMS or e-mail, with or without a session
  { path: 'respond/:token', lazy: () => import('./features/respond/RespondPage').then(({ RespondPage }) => ({ Component: RespondPage })) },
  { path: 'error', lazy: () => import('./features/errors/NotFoundPage').then(({ NotFoundPage }) => ({ Component: NotFoundPage })) },
  {
    element: <RequireSession />,
    children: [
      {
        lazy: () => import('./shell/AppLayout').then(({ AppLayout }) => ({ Component: AppLayout })),
        children: [
          { index: true, element: <HomeRedirect /> },
          ...(Object.keys(ROUTE_ROLES) as LayoutRoute[]).map((path) => ({ path, lazy: LAYOUT_SCREENS[path] })),
          // spec 2.1: unknown paths go home (the role's home, so staff are not sent to a 403)
          { path: '*', element: <HomeRedirect /> },
        ],
      },
    ],
  },
];
