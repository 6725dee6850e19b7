import { ROUTE_ROLES, type LayoutRoute, type UserScreen } from '@relevo/domain';
import { lazyWithPreload } from '@relevo/ui';
import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyRoute } from './shell/app-routes';
import { HomeRedirect, PublicOnly, RequireSession, SignOutOnEntry } from './shell/guards';

type ScreenRoute = Pick<RouteObject, 'element' | 'handle'>;

const LoginPage = lazyWithPreload(() => import('./features/auth/LoginPage').then(({ LoginPage }) => LoginPage));
const AuthenticatorPage = lazyWithPreload(() =>
  import('./features/auth/AuthenticatorPage').then(({ AuthenticatorPage }) => AuthenticatorPage),
);
const ResetPasswordPage = lazyWithPreload(() =>
  import('./features/reset-password/ResetPasswordPage').then(({ ResetPasswordPage }) => ResetPasswordPage),
);
const ForbiddenPage = lazyWithPreload(() =>
  import('./features/errors/ForbiddenPage').then(({ ForbiddenPage }) => ForbiddenPage),
);
const NotFoundPage = lazyWithPreload(() =>
  import('./features/errors/NotFoundPage').then(({ NotFoundPage }) => NotFoundPage),
);
const RespondPage = lazyWithPreload(() =>
  import('./features/respond/RespondPage').then(({ RespondPage }) => RespondPage),
);
const AppLayout = lazyWithPreload(() => import('./shell/AppLayout').then(({ AppLayout }) => AppLayout));
// the password form and its dialog load when they open (most visits never open them), not with
// every screen's first JavaScript
const ChangePasswordModal = lazy(() =>
  import('./features/password/ChangePasswordModal').then(({ ChangePasswordModal }) => ({
    default: ChangePasswordModal,
  })),
);
const UsersPage = lazyWithPreload(() => import('./features/users/UsersPage').then(({ UsersPage }) => UsersPage));

/** docs/product.md#user-lists: one users screen, three endpoint groups; keyed so moving between them starts afresh. */
const usersScreen = (screen: UserScreen): ScreenRoute =>
  lazyRoute(UsersPage, <UsersPage key={screen} screen={screen} />);

/**
 * The screens of the layout routes (docs/product.md#routes). Keyed by the domain's ROUTE_ROLES, so every route
 * with a role set has a screen and the layout checks the role of each (docs/product.md#route-guard, #roles-and-permissions).
 */
export const LAYOUT_SCREENS: Record<LayoutRoute, ScreenRoute> = {
  dashboard: lazyRoute(
    lazyWithPreload(() => import('./features/dashboard/DashboardPage').then(({ DashboardPage }) => DashboardPage)),
  ),
  users: usersScreen('ownUsers'),
  profile: lazyRoute(
    lazyWithPreload(() => import('./features/profile/ProfilePage').then(({ ProfilePage }) => ProfilePage)),
  ),
  'admin/users': usersScreen('staffUsers'),
  'customer/users': usersScreen('customerUsers'),
  customer: lazyRoute(
    lazyWithPreload(() => import('./features/customers/CustomersPage').then(({ CustomersPage }) => CustomersPage)),
  ),
  'customer/:customer_id/delivery': lazyRoute(
    lazyWithPreload(() => import('./features/delivery/DeliveryPage').then(({ DeliveryPage }) => DeliveryPage)),
  ),
  applications: lazyRoute(
    lazyWithPreload(() =>
      import('./features/applications/ApplicationsPage').then(({ ApplicationsPage }) => ApplicationsPage),
    ),
  ),
  'application/:application_id/modules': lazyRoute(
    lazyWithPreload(() => import('./features/modules/ModulesPage').then(({ ModulesPage }) => ModulesPage)),
  ),
  // docs/product.md#routes lists `module` with no screen of its own: modules are reached through their application
  module: { element: <Navigate to="/applications" replace /> },
  events: lazyRoute(lazyWithPreload(() => import('./features/events/EventsPage').then(({ EventsPage }) => EventsPage))),
  'events/:case_id/event_logs': lazyRoute(
    lazyWithPreload(() => import('./features/events/EventLogsPage').then(({ EventLogsPage }) => EventLogsPage)),
  ),
  escalations: lazyRoute(
    lazyWithPreload(() =>
      import('./features/escalations/EscalationsPage').then(({ EscalationsPage }) => EscalationsPage),
    ),
  ),
  'escalation/:escalation_id/resources': lazyRoute(
    lazyWithPreload(() =>
      import('./features/escalations/EscalationStepsPage').then(({ EscalationStepsPage }) => EscalationStepsPage),
    ),
  ),
  // docs/product.md#schedules: the list, and a schedule's timeline, rotations and overrides
  schedules: lazyRoute(
    lazyWithPreload(() => import('./features/schedules/SchedulesPage').then(({ SchedulesPage }) => SchedulesPage)),
  ),
  'schedules/:schedule_id': lazyRoute(
    lazyWithPreload(() => import('./features/schedules/SchedulePage').then(({ SchedulePage }) => SchedulePage)),
  ),
  // docs/product.md#maintenance-windows: the windows of the customer's modules and applications
  maintenance: lazyRoute(
    lazyWithPreload(() =>
      import('./features/maintenance/MaintenanceWindowsPage').then(
        ({ MaintenanceWindowsPage }) => MaintenanceWindowsPage,
      ),
    ),
  ),
  sla: lazyRoute(lazyWithPreload(() => import('./features/slas/SlasPage').then(({ SlasPage }) => SlasPage))),
  resources: lazyRoute(
    lazyWithPreload(() => import('./features/resources/ResourcesPage').then(({ ResourcesPage }) => ResourcesPage)),
  ),
  team_chat: lazyRoute(
    lazyWithPreload(() => import('./features/team-chat/TeamChatPage').then(({ TeamChatPage }) => TeamChatPage)),
  ),
  // docs/product.md#outgoing-webhooks: the organisation's webhooks and their delivery logs
  webhooks: lazyRoute(
    lazyWithPreload(() => import('./features/webhooks/WebhooksPage').then(({ WebhooksPage }) => WebhooksPage)),
  ),
  // docs/product.md#importers: another on-call tool's export brought in
  imports: lazyRoute(
    lazyWithPreload(() => import('./features/imports/ImportsPage').then(({ ImportsPage }) => ImportsPage)),
  ),
  // docs/product.md#api-tokens: a side's API tokens, made, shown once and revoked
  api_tokens: lazyRoute(
    lazyWithPreload(() => import('./features/api-tokens/ApiTokensPage').then(({ ApiTokensPage }) => ApiTokensPage)),
  ),
  // docs/product.md#audit-trail: who changed what, before and after
  audit: lazyRoute(lazyWithPreload(() => import('./features/audit/AuditPage').then(({ AuditPage }) => AuditPage))),
  user_guide: lazyRoute(
    lazyWithPreload(() => import('./features/user-guide/UserGuidePage').then(({ UserGuidePage }) => UserGuidePage)),
  ),
  guide: lazyRoute(lazyWithPreload(() => import('./features/user-guide/GuidePage').then(({ GuidePage }) => GuidePage))),
  // docs/product.md#openapi-document: the endpoints of the API, from its OpenAPI document
  api_reference: lazyRoute(
    lazyWithPreload(() =>
      import('./features/api-reference/ApiReferencePage').then(({ ApiReferencePage }) => ApiReferencePage),
    ),
  ),
};

/**
 * docs/product.md#routes with history paths; every screen is its own chunk, so /login loads only what it shows.
 * Rendered by `AppRoutes` (shell/app-routes.tsx) in React Router's declarative mode: the app uses
 * no loaders, actions or fetchers, and the data router's code was a sixth of the entry chunk.
 */
export const routes: RouteObject[] = [
  {
    // docs/product.md#routes public routes; login and authenticator are the two-factor pages
    element: <PublicOnly />,
    children: [
      { path: 'login', ...lazyRoute(LoginPage) },
      { path: 'authenticator', ...lazyRoute(AuthenticatorPage) },
      { path: 'reset_password', ...lazyRoute(ResetPasswordPage) },
      { path: 'reset_password/sms', ...lazyRoute(ResetPasswordPage) },
      { path: 'reset_password/email/:token?', ...lazyRoute(ResetPasswordPage) },
    ],
  },
  // plain pages, open with or without a session
  {
    path: '403',
    element: <SignOutOnEntry />,
    children: [{ index: true, ...lazyRoute(ForbiddenPage) }],
  },
  // the responder page (docs/product.md#escalation-engine): opened from a call, SMS or e-mail, with or without a session
  { path: 'respond/:token', ...lazyRoute(RespondPage) },
  { path: 'error', ...lazyRoute(NotFoundPage) },
  {
    element: <RequireSession />,
    children: [
      {
        ...lazyRoute(AppLayout, <AppLayout changePassword={ChangePasswordModal} />),
        children: [
          { index: true, element: <HomeRedirect /> },
          ...(Object.keys(ROUTE_ROLES) as LayoutRoute[]).map((path) => ({ path, ...LAYOUT_SCREENS[path] })),
          // docs/product.md#routes: unknown paths go home (the role's home, so staff are not sent to a 403)
          { path: '*', element: <HomeRedirect /> },
        ],
      },
    ],
  },
];
