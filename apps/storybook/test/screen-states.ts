/**
 * Every screen and modal of the spec (dashboard-spec.md, and service.md for the responder page),
 * named as the spec names it, with the states it really has and the stories that show each one.
 * test/screen-states.test.ts fails when a listed story does not exist, and when a screen story
 * file has no story listed here, so a new screen or a renamed story cannot slip out of it.
 *
 * State names: `filled`, `empty`, `loading`, `load failed`, `saving`, `server error` (a 500 or no
 * answer), `refused` (the server's 4xx on an action), `validation: <the message>`, `role: <role>`
 * (docs/product.md#roles-and-permissions: what that role sees), and the screen's own states (`forced`, `code sent`, ...).
 * `without` names a state a screen does not have, and why, so its absence is a decision.
 */
export interface ScreenStates {
  /** the screen or modal, as the spec names it */
  screen: string;
  /** where the spec describes it */
  spec: string;
  /** each state → the ids of the stories that show it */
  states: Record<string, readonly string[]>;
  without?: Record<string, string>;
}

const LOGIN = 'screens-sign-in-login--';
const CODE = 'screens-sign-in-code-step--';
const LAYOUT = 'screens-layout--';
const ERRORS = 'screens-error-pages--';
const PASSWORD = 'screens-change-password--';
const DASHBOARD = 'screens-dashboard--';
const PROFILE = 'screens-profile--';
const CHOOSER = 'screens-reset-password-chooser--';
const SMS = 'screens-reset-password-by-sms--';
const EMAIL = 'screens-reset-password-by-e-mail--';
const USERS = 'screens-users--';
const USER_MODAL = 'screens-users-user-modal--';
const ADMIN_PASSWORD = 'screens-users-admin-password-change--';
const CUSTOMERS = 'screens-customers--';
const APPLICATIONS = 'screens-applications--';
const MODULES = 'screens-modules--';
const HEARTBEATS = 'screens-modules-heartbeats--';
const INBOUND_EMAIL = 'screens-modules-e-mail-address--';
const EVENTS = 'screens-events--';
const RESOURCES = 'screens-resources--';
const DELIVERY = 'screens-delivery--';
const TEAM_CHAT = 'screens-team-chat--';
const ESCALATIONS = 'screens-escalations--';
const STEP_MODAL = 'screens-escalations-step-modal--';
const PRIORITY = 'screens-escalations-priority-modal--';
const SLA = 'screens-sla--';
const ON_CALL_NOW = 'dashboard-on-call-now--';
const SCHEDULES = 'screens-schedules--';
const SCHEDULE = 'screens-schedules-schedule-page--';
const ROTATION_MODAL = 'screens-schedules-rotation-modal--';
const OVERRIDE_MODAL = 'screens-schedules-override-modal--';
const TEMPORARY_MODAL = 'screens-schedules-temporary-schedule-modal--';
const MAINTENANCE = 'screens-maintenance--';
const WEBHOOKS = 'screens-webhooks--';
const API_TOKENS = 'screens-api-tokens--';
const WEBHOOK_FORM = 'screens-webhooks-add-webhook--';
const WEBHOOK_LOG = 'screens-webhooks-deliveries--';
const IMPORTS = 'screens-import--';
const API_REFERENCE = 'screens-api-reference--';
const AUDIT = 'screens-audit--';
const CHAT = 'screens-user-guide-chat--';
const GUIDE = 'screens-user-guide--';
const RESPOND = 'screens-responder-page--';

const WRONG_TYPES_UNREACHABLE =
  'the form offers only valid choices (a select or a switch), so the wire-type message cannot be reached from the screen; the domain and API tests check it';
const CUSTOMER_SCREEN =
  'a customer screen (docs/product.md#roles-and-permissions): staff are sent to 403, shown once for all such screens by screens-dashboard--staff-refused';

/** The dashboard widgets (docs/product.md#dashboard): each loads, fills, empties, collapses and goes fullscreen on its own. */
const WIDGETS: [string, string][] = [
  ['Events Today', 'dashboard-events-today--'],
  ['Events Per Module', 'dashboard-events-per-module--'],
  ['Events Line Chart', 'dashboard-events-line-chart--'],
  ['Top 10 Responders of the Month', 'dashboard-top-10-responders-of-the-month--'],
  ['Module Events This Month in minutes', 'dashboard-module-events-this-month--'],
  ['Module Performance Month-to-Date', 'dashboard-module-performance-mtd--'],
  ['SLA Performance Month-to-Date', 'dashboard-sla-performance-mtd--'],
  ['generic statistic widget (Daily, Weekly, Yearly)', 'dashboard-events-received--'],
];

/** Every widget at once on a phone, one state a story. */
const PHONE_WIDGETS = 'dashboard-widgets-on-a-phone--';

const ids = (prefix: string, ...names: string[]) => names.map((name) => prefix + name);

export const SCREEN_STATES: readonly ScreenStates[] = [
  {
    screen: 'Login',
    spec: '2.3',
    states: {
      filled: ids(LOGIN, 'idle'),
      'validation: Email is required': ids(LOGIN, 'required-fields'),
      'validation: Password is required': ids(LOGIN, 'required-fields'),
      'validation: Must be a valid email address': ids(LOGIN, 'invalid-fields'),
      saving: ids(LOGIN, 'submitting'),
      refused: ids(LOGIN, 'failed', 'rate-limited'),
      'server error': ids(LOGIN, 'server-error', 'no-response'),
      // docs/product.md#single-sign-on
      'single sign-on': ids(LOGIN, 'single-sign-on'),
      'single sign-on refused': ids(LOGIN, 'single-sign-on-refused'),
    },
  },
  {
    screen: 'Verification (two-step, Authenticator)',
    spec: '2.4',
    states: {
      filled: ids(CODE, 'idle', 'idle-by-email-and-sms'),
      'validation: The verification code is required': ids(CODE, 'code-required'),
      'validation: The verification code must be a 6-digit number': ids(CODE, 'malformed-code'),
      saving: ids(CODE, 'verifying'),
      refused: ids(CODE, 'failed', 'code-voided'),
      'server error': ids(CODE, 'server-error'),
      resending: ids(CODE, 'resending'),
      'code resent': ids(CODE, 'resent'),
      'resend refused': ids(CODE, 'resend-refused'),
    },
  },
  {
    screen: 'Layout (sidebar, header, footer, breadcrumb)',
    spec: '2.5, 2.6',
    states: {
      'role: StaffRoot': ids(LAYOUT, 'staff-root'),
      'role: StaffEdit': ids(LAYOUT, 'staff-edit'),
      'role: StaffView': ids(LAYOUT, 'staff-view'),
      'role: CustomerRoot': ids(LAYOUT, 'customer-root'),
      'role: Customer': ids(LAYOUT, 'customer'),
      'forced password change': ids(LAYOUT, 'forced-password-change'),
      breadcrumb: ids(LAYOUT, 'nested-breadcrumb'),
      'settings menu': ids(LAYOUT, 'settings-menu'),
      'narrow (sidebar as overlay)': ids(LAYOUT, 'narrow'),
    },
  },
  {
    screen: '404 page',
    spec: '2.5',
    states: {
      'signed out': ids(ERRORS, 'not-found-signed-out'),
      'signed in': ids(ERRORS, 'not-found-signed-in'),
      'search found': ids(ERRORS, 'not-found-searched'),
      'search found nothing': ids(ERRORS, 'not-found-no-match'),
    },
  },
  {
    screen: '403 page',
    spec: '2.5, 2.2',
    states: {
      filled: ids(ERRORS, 'forbidden'),
      'a role outside the route’s set': [
        ...ids(DASHBOARD, 'staff-refused'),
        ...ids(USERS, 'users-as-customer-refused', 'admin-users-as-staff-edit-refused'),
      ],
    },
  },
  {
    screen: 'Change Password modal',
    spec: '2.5, 5',
    states: {
      empty: ids(PASSWORD, 'empty'),
      forced: ids(PASSWORD, 'forced'),
      'validation: Current Password is required': ids(PASSWORD, 'all-required'),
      'validation: New Password is required': ids(PASSWORD, 'all-required'),
      'validation: Confirming your password is required': ids(PASSWORD, 'all-required'),
      'validation: Password must be at least 8 characters long': ids(PASSWORD, 'too-short'),
      'validation: Password must contain at least one uppercase letter': ids(PASSWORD, 'no-uppercase'),
      'validation: Password must contain at least one lowercase letter': ids(PASSWORD, 'no-lowercase'),
      'validation: Password must contain at least one number': ids(PASSWORD, 'no-number'),
      'validation: Password must contain at least one special character': ids(PASSWORD, 'no-special-character'),
      'validation: Passwords do not match': ids(PASSWORD, 'mismatch'),
      saving: ids(PASSWORD, 'submitting'),
      refused: ids(PASSWORD, 'server-error', 'forced-server-error'),
    },
  },
  {
    screen: 'Dashboard',
    spec: '2.7',
    states: {
      filled: ids(DASHBOARD, 'filled', 'modules-by-week', 'performance-shares'),
      empty: ids(DASHBOARD, 'empty', 'empty-mobile'),
      loading: ids(DASHBOARD, 'loading'),
      'load failed': ids(DASHBOARD, 'failed'),
      'role: CustomerRoot': ids(DASHBOARD, 'filled'),
      'role: Customer': ids(DASHBOARD, 'as-customer'),
      'role: staff (403)': ids(DASHBOARD, 'staff-refused'),
      'breakpoints (md, xs)': ids(DASHBOARD, 'tablet', 'mobile'),
    },
    without: { validation: 'no form (the period selects offer only their choices)' },
  },
  ...WIDGETS.map(([name, prefix]): ScreenStates => ({
    screen: `Dashboard widget: ${name}`,
    spec: '2.7',
    states: {
      filled: [...ids(prefix, 'filled'), ...ids(PHONE_WIDGETS, 'filled')],
      empty: [...ids(prefix, 'empty'), ...ids(PHONE_WIDGETS, 'empty')],
      loading: [...ids(prefix, 'loading'), ...ids(PHONE_WIDGETS, 'loading')],
      collapse: [...ids(prefix, 'collapsed'), ...ids(PHONE_WIDGETS, 'collapsed')],
      fullscreen: [...ids(prefix, 'fullscreen'), ...ids(PHONE_WIDGETS, 'fullscreen')],
    },
    without: {
      'load failed': 'each widget says "This could not be loaded." on the dashboard: screens-dashboard--failed',
    },
  })),
  {
    screen: 'Dashboard widget: On call now',
    spec: 'docs/product.md#dashboard',
    states: {
      filled: ids(ON_CALL_NOW, 'filled'),
      'nobody on call': ids(ON_CALL_NOW, 'nobody-on-call'),
      empty: ids(ON_CALL_NOW, 'empty'),
      loading: ids(ON_CALL_NOW, 'loading'),
      'load failed': ids(ON_CALL_NOW, 'failed', 'reload-after-failure'),
      collapse: ids(ON_CALL_NOW, 'collapsed'),
      fullscreen: ids(ON_CALL_NOW, 'fullscreen'),
    },
  },
  {
    screen: 'Profile',
    spec: '2.8',
    states: {
      'role: StaffRoot': ids(PROFILE, 'staff'),
      'role: StaffEdit': ids(PROFILE, 'staff-edit'),
      'role: StaffView': ids(PROFILE, 'staff-view'),
      'role: CustomerRoot': ids(PROFILE, 'customer-root'),
      'role: Customer': ids(PROFILE, 'customer'),
      loading: ids(PROFILE, 'counts-loading'),
      'load failed': ids(PROFILE, 'counts-failed'),
      'password modal open': ids(PROFILE, 'modify-password-open'),
      // docs/product.md#push-notifications: "Notify me on this device" (the same control as the responder page)
      'push: not subscribed': ids(PROFILE, 'push-not-subscribed'),
      'push: subscribed': ids(PROFILE, 'push-subscribed'),
      'push: working': ids(PROFILE, 'push-working'),
      'push: denied': ids(PROFILE, 'push-denied', 'push-blocked-on-asking'),
      'push: unsupported': ids(PROFILE, 'push-unsupported'),
      'push: failed': ids(PROFILE, 'push-failed'),
    },
  },
  {
    screen: 'Password reset chooser',
    spec: '2.9',
    states: { filled: ids(CHOOSER, 'idle'), 'choosing SMS': ids(CHOOSER, 'choosing-sms') },
  },
  {
    screen: 'Password reset by SMS',
    spec: '2.9, 5',
    states: {
      'step 1 phone': ids(SMS, 'phone-idle'),
      'validation: Phone is required': ids(SMS, 'phone-required'),
      'validation: Must be a valid phone number': ids(SMS, 'phone-invalid'),
      'step 1 saving': ids(SMS, 'phone-submitting'),
      'step 1 refused': ids(SMS, 'phone-failed'),
      'step 2 code and password': ids(SMS, 'code-idle'),
      'validation: Verification code is required': ids(SMS, 'code-required'),
      'validation: Password is required': ids(SMS, 'code-required'),
      'validation: Password verified is required': ids(SMS, 'code-required'),
      'validation: password rules': ids(SMS, 'code-invalid'),
      'step 2 saving': ids(SMS, 'code-verifying'),
      'step 2 refused': ids(SMS, 'code-failed', 'code-voided'),
      'back to step 1': ids(SMS, 'back-to-phone'),
      'step 3 done': ids(SMS, 'done'),
    },
  },
  {
    screen: 'Password reset by e-mail',
    spec: '2.9, 5',
    states: {
      'step 1 e-mail': ids(EMAIL, 'email-idle'),
      'validation: Email is required': ids(EMAIL, 'email-required'),
      'validation: Must be a valid email address': ids(EMAIL, 'email-invalid'),
      'step 1 saving': ids(EMAIL, 'email-submitting'),
      'step 1 refused': ids(EMAIL, 'email-failed'),
      'step 2 check your inbox': ids(EMAIL, 'check-inbox'),
      'step 3 new password': ids(EMAIL, 'new-password-idle', 'from-the-link'),
      'validation: password rules (Send disabled)': ids(EMAIL, 'send-disabled'),
      'validation: Passwords do not match': ids(EMAIL, 'passwords-do-not-match'),
      'step 3 valid': ids(EMAIL, 'ready-to-send'),
      'step 3 saving': ids(EMAIL, 'confirming'),
      'step 3 refused': ids(EMAIL, 'confirm-failed'),
      'step 4 done': ids(EMAIL, 'done'),
    },
  },
  {
    screen: 'Users (customer-side)',
    spec: '2.10, 6',
    states: {
      filled: ids(USERS, 'users-filled', 'users-own-row'),
      empty: ids(USERS, 'users-empty'),
      loading: ids(USERS, 'users-loading'),
      'load failed': ids(USERS, 'users-error'),
      'role: CustomerRoot': ids(USERS, 'users-filled'),
      'role: Customer (403)': ids(USERS, 'users-as-customer-refused'),
    },
  },
  {
    screen: 'Admin Users',
    spec: '2.10, 6',
    states: {
      filled: ids(USERS, 'admin-users-filled', 'admin-users-own-row'),
      empty: ids(USERS, 'admin-users-empty'),
      loading: ids(USERS, 'admin-users-loading'),
      'load failed': ids(USERS, 'admin-users-error'),
      'role: StaffRoot': ids(USERS, 'admin-users-filled'),
      'role: StaffEdit (403)': ids(USERS, 'admin-users-as-staff-edit-refused'),
    },
  },
  {
    screen: 'Customer Users',
    spec: '2.10, 6',
    states: {
      filled: ids(USERS, 'customer-users-filled'),
      empty: ids(USERS, 'customer-users-empty'),
      loading: ids(USERS, 'customer-users-loading'),
      'load failed': ids(USERS, 'customer-users-error'),
      'role: StaffRoot': ids(USERS, 'customer-users-filled'),
      'role: StaffEdit': ids(USERS, 'customer-users-as-staff-edit'),
      'role: StaffView': ids(USERS, 'customer-users-as-staff-view'),
      'delete confirmation': ids(USERS, 'delete-confirmation'),
      'create open': ids(USERS, 'create-open'),
    },
  },
  {
    screen: 'User modal',
    spec: '2.10, 5',
    states: {
      'create (staff, customer user, own user)': ids(
        USER_MODAL,
        'staff-create',
        'customer-user-create',
        'own-user-create',
      ),
      'edit (e-mail locked, status shown)': ids(USER_MODAL, 'staff-edit', 'customer-user-edit', 'own-user-edit'),
      'edit one’s own row': ids(USER_MODAL, 'own-row-edit', 'staff-own-row-edit', 'own-phone-change'),
      'role dropdown (staff: Select Role, Staff Root, Staff Edit, Staff View)': ids(USER_MODAL, 'staff-role-dropdown'),
      'role dropdown (customer user: staff roles disabled)': ids(
        USER_MODAL,
        'customer-user-role-dropdown',
        'own-user-role-dropdown',
      ),
      'validation: Name is required': ids(USER_MODAL, 'staff-invalid', 'customer-user-invalid', 'own-user-invalid'),
      'validation: Last name is required': ids(
        USER_MODAL,
        'staff-invalid',
        'customer-user-invalid',
        'own-user-invalid',
      ),
      'validation: Email is required': ids(USER_MODAL, 'staff-invalid', 'customer-user-invalid', 'own-user-invalid'),
      'validation: Password is required': ids(USER_MODAL, 'staff-invalid', 'customer-user-invalid', 'own-user-invalid'),
      'validation: Confirming your password is required': ids(
        USER_MODAL,
        'staff-invalid',
        'customer-user-invalid',
        'own-user-invalid',
      ),
      'validation: Role is required': ids(USER_MODAL, 'staff-invalid', 'customer-user-invalid', 'own-user-invalid'),
      'validation: Customer is required': ids(USER_MODAL, 'customer-user-invalid'),
      'validation: Must be a valid email address': ids(USER_MODAL, 'malformed-values'),
      'validation: Password must be at least 8 characters long': ids(USER_MODAL, 'malformed-values'),
      'validation: Passwords do not match': ids(USER_MODAL, 'malformed-values'),
      'validation: Current Password is required (own phone change)': ids(
        USER_MODAL,
        'own-phone-change-without-password',
      ),
      saving: ids(USER_MODAL, 'saving'),
      refused: ids(USER_MODAL, 'duplicate-email', 'own-phone-change-wrong-password'),
      'server error': ids(USER_MODAL, 'server-error'),
    },
  },
  {
    screen: 'Admin password change (confirmation and modal)',
    spec: '2.10, 5',
    states: {
      'confirmation (type warning)': ids(ADMIN_PASSWORD, 'confirm-step'),
      filled: ids(ADMIN_PASSWORD, 'form'),
      'validation: New Password is required': ids(ADMIN_PASSWORD, 'all-required'),
      'validation: Confirming your password is required': ids(ADMIN_PASSWORD, 'all-required'),
      'validation: password rules': ids(ADMIN_PASSWORD, 'rule-failing'),
      'validation: Passwords do not match': ids(ADMIN_PASSWORD, 'mismatch'),
      saving: ids(ADMIN_PASSWORD, 'submitting'),
      'server error': ids(ADMIN_PASSWORD, 'server-error'),
    },
  },
  {
    screen: 'Customers (list and modal)',
    spec: '2.10, 6',
    states: {
      filled: ids(CUSTOMERS, 'filled', 'second-page-by-name', 'provider-row'),
      empty: ids(CUSTOMERS, 'empty'),
      loading: ids(CUSTOMERS, 'loading'),
      'load failed': ids(CUSTOMERS, 'load-failed'),
      'role: StaffRoot': ids(CUSTOMERS, 'filled'),
      'role: StaffEdit': ids(CUSTOMERS, 'staff-edit'),
      'role: StaffView': ids(CUSTOMERS, 'staff-view'),
      'create modal': ids(CUSTOMERS, 'create-modal'),
      'edit modal': ids(CUSTOMERS, 'edit-modal', 'provider-edit-modal'),
      'validation: Customer name is required': ids(CUSTOMERS, 'invalid-form'),
      'validation: The value must be greater than or equal to 0': ids(CUSTOMERS, 'invalid-form'),
      saving: ids(CUSTOMERS, 'saving'),
      refused: ids(CUSTOMERS, 'name-taken', 'delete-refused'),
      'server error': ids(CUSTOMERS, 'save-failed'),
      'delete confirmation': ids(CUSTOMERS, 'delete-confirm'),
      // docs/product.md#single-sign-on: a customer's own provider
      'single sign-on modal': ids(CUSTOMERS, 'single-sign-on', 'single-sign-on-staff-view'),
      'single sign-on validation: Client ID is required': ids(CUSTOMERS, 'single-sign-on-invalid'),
      'single sign-on saved': ids(CUSTOMERS, 'single-sign-on-saved'),
    },
  },
  {
    screen: 'Applications (list and modal)',
    spec: '2.11, 6',
    states: {
      filled: ids(APPLICATIONS, 'filled', 'modules-on-hover'),
      empty: ids(APPLICATIONS, 'empty'),
      loading: ids(APPLICATIONS, 'loading'),
      'load failed': ids(APPLICATIONS, 'load-failed'),
      'role: CustomerRoot': ids(APPLICATIONS, 'filled'),
      'role: Customer': ids(APPLICATIONS, 'read-only'),
      'create modal': ids(APPLICATIONS, 'create-modal'),
      'edit modal': ids(APPLICATIONS, 'edit-modal'),
      'validation: Name is required': ids(APPLICATIONS, 'name-required'),
      saving: ids(APPLICATIONS, 'saving'),
      refused: ids(APPLICATIONS, 'name-taken', 'delete-refused'),
      'server error': ids(APPLICATIONS, 'save-failed'),
      'delete confirmation': ids(APPLICATIONS, 'delete-confirm'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Modules (list and modal)',
    spec: '2.12, 6',
    states: {
      filled: ids(MODULES, 'filled'),
      empty: ids(MODULES, 'empty'),
      loading: ids(MODULES, 'loading'),
      'load failed': ids(MODULES, 'load-failed'),
      'role: CustomerRoot': ids(MODULES, 'filled'),
      'role: Customer': ids(MODULES, 'read-only'),
      'create modal': ids(MODULES, 'create-modal'),
      'create modal loading its choices': ids(MODULES, 'create-modal-loading-choices'),
      'edit modal': ids(MODULES, 'edit-modal'),
      'validation: Name is required': ids(MODULES, 'required-messages'),
      'validation: Escalation is required': ids(MODULES, 'required-messages'),
      'validation: SLA is required': ids(MODULES, 'required-messages'),
      'validation: Must be at most 100 characters': ids(MODULES, 'too-long'),
      'validation: Choose an active escalation whose configuration is complete': ids(
        MODULES,
        'edit-unusable-escalation',
      ),
      saving: ids(MODULES, 'saving'),
      'server error': ids(MODULES, 'save-failed'),
      'delete confirmation (in Spanish)': ids(MODULES, 'delete-confirm'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Incident Simulation modal',
    spec: '2.12, 5',
    states: {
      'empty (Send disabled)': ids(MODULES, 'simulation-invalid'),
      'validation: The Incident field is required': ids(MODULES, 'simulation-invalid'),
      'validation: The Incident field must be at least 10 characters long': ids(MODULES, 'simulation-invalid'),
      'validation: The Description field must be at least 10 characters long': ids(MODULES, 'simulation-invalid'),
      'validation: The Incident field cannot exceed 100 characters': ids(MODULES, 'simulation-too-long'),
      'validation: The Description field cannot exceed 1000 characters': ids(MODULES, 'simulation-too-long'),
      filled: ids(MODULES, 'simulation-valid'),
      saving: ids(MODULES, 'simulation-sending'),
      sent: ids(MODULES, 'simulation-sent'),
      refused: ids(MODULES, 'simulation-refused'),
    },
    without: {
      'validation: The Description field is required':
        'the same rule and message pattern as the incident’s, checked by the domain tests',
    },
  },
  {
    screen: 'Credentials modal',
    spec: '2.12',
    states: {
      'not created': ids(MODULES, 'credentials-not-created'),
      confirmation: ids(MODULES, 'credentials-confirm'),
      saving: ids(MODULES, 'credentials-generating'),
      'created (masked)': ids(MODULES, 'credentials-created'),
      'created (shown)': ids(MODULES, 'credentials-shown'),
      'server error': ids(MODULES, 'credentials-failed'),
    },
  },
  {
    screen: 'Heartbeats of a module (Modules row action, list and form)',
    spec: 'docs/product.md#heartbeat-monitors',
    states: {
      'filled (up, missed, waiting)': ids(HEARTBEATS, 'filled'),
      empty: ids(HEARTBEATS, 'empty'),
      loading: ids(HEARTBEATS, 'loading'),
      'load failed (Reload)': ids(HEARTBEATS, 'load-failed'),
      'role: CustomerRoot': ids(HEARTBEATS, 'filled'),
      'role: Customer': ids(HEARTBEATS, 'customer-read-only'),
      'add form': ids(HEARTBEATS, 'add-form'),
      'edit form': ids(HEARTBEATS, 'edit'),
      'validation: Name is required': ids(HEARTBEATS, 'add-validation'),
      'validation: The interval must be at least 60 seconds': ids(HEARTBEATS, 'add-validation'),
      'validation: The grace must be at most 86400 seconds (1 day)': ids(HEARTBEATS, 'add-validation'),
      'validation: Interval is required': ids(HEARTBEATS, 'add-validation'),
      'field errors from the server (422)': ids(HEARTBEATS, 'add-name-taken'),
      saving: ids(HEARTBEATS, 'add-saving'),
      saved: ids(HEARTBEATS, 'added', 'edit'),
      'deleted after confirmation': ids(HEARTBEATS, 'delete-confirm'),
      'new address confirmed': ids(HEARTBEATS, 'new-address-confirmed'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'E-mail address of a module (Modules row action)',
    spec: 'docs/product.md#e-mail-into-incidents',
    states: {
      'filled (the address, copied)': ids(INBOUND_EMAIL, 'address'),
      'no credentials yet': ids(INBOUND_EMAIL, 'needs-credentials'),
      'e-mail in off on this server': ids(INBOUND_EMAIL, 'off'),
      'inactive module': ids(INBOUND_EMAIL, 'inactive-module'),
      'role: CustomerRoot': ids(INBOUND_EMAIL, 'address'),
      'role: Customer': ids(INBOUND_EMAIL, 'customer-reads'),
    },
    without: {
      'role: staff': CUSTOMER_SCREEN,
      loading: 'the address comes with the module row: nothing loads when the window opens',
      'load failed': 'nothing loads when the window opens',
    },
  },
  {
    screen: 'Examples modal',
    spec: '2.12',
    states: {
      filled: ids(MODULES, 'examples', 'examples-python-tab'),
      loading: ids(MODULES, 'examples-loading'),
      'load failed': ids(MODULES, 'examples-failed'),
    },
  },
  {
    screen: 'Events',
    spec: '2.13, 6',
    states: {
      filled: ids(EVENTS, 'filled', 'filter-by-application-then-module', 'sla-cycle', 'copy-case-id'),
      empty: ids(EVENTS, 'empty'),
      loading: ids(EVENTS, 'loading'),
      'load failed': ids(EVENTS, 'load-failed'),
      'role: Customer': ids(EVENTS, 'filled'),
      'role: CustomerRoot': ids(EVENTS, 'filled-as-customer-root'),
      'new events announced': ids(EVENTS, 'new-event-announced'),
      'live stream down (polling)': ids(EVENTS, 'stream-down'),
      'row actions: Accept and Resolve': ids(EVENTS, 'row-actions-respond'),
      'arrived in maintenance: the mark, filtered by it': ids(EVENTS, 'maintenance-mark-and-filter'),
    },
    without: {
      'role: staff': CUSTOMER_SCREEN,
      validation: 'the filters offer only valid choices (dates after today cannot be picked)',
    },
  },
  {
    screen: 'Event details modal',
    spec: '2.13',
    states: {
      filled: ids(EVENTS, 'details'),
      'log loading (500 ms after opening)': ids(EVENTS, 'details-log-loading'),
      'log empty': ids(EVENTS, 'details-log-empty'),
      'log load failed': ids(EVENTS, 'details-log-failed'),
      'actions of an open event': ids(EVENTS, 'details-respond'),
      'accepted, then resolved': ids(EVENTS, 'details-accept-and-resolve'),
      'actions of an accepted event (Accept and Escalate now refused)': ids(EVENTS, 'details-respond-in-progress'),
      'closed: no action': ids(EVENTS, 'details-respond-closed'),
      'refused: already accepted by someone else': ids(EVENTS, 'details-accepted-meanwhile'),
      'reassign window': ids(EVENTS, 'details-reassign'),
      'validation: Note is required': ids(EVENTS, 'details-note-rules'),
      'timeline: the incident only': ids(EVENTS, 'details-respond-closed'),
      'timeline: long (latest 500)': ids(EVENTS, 'details-long-timeline'),
      'role: without the actions': ids(EVENTS, 'details'),
    },
  },
  {
    screen: 'Audio player modal',
    spec: '2.13, 4, 8',
    states: {
      playable: ids(EVENTS, 'audio-playable'),
      'No Audio Available': ids(EVENTS, 'audio-not-generated'),
      'Event Audio Expired': ids(EVENTS, 'audio-expired'),
    },
    without: {
      loading: 'the modal has no loading state of its own: the browser’s player loads the audio (preload="metadata")',
    },
  },
  {
    screen: 'Event logs',
    spec: '2.14',
    states: {
      filled: ids(EVENTS, 'event-logs', 'open-event-log'),
      empty: ids(EVENTS, 'event-logs-empty'),
      loading: ids(EVENTS, 'event-logs-loading'),
      'load failed': ids(EVENTS, 'event-logs-load-failed'),
      'unknown case ID': ids(EVENTS, 'event-logs-unknown-case'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  { screen: 'Event log details modal', spec: '2.14', states: { filled: ids(EVENTS, 'event-log-details') } },
  {
    screen: 'Resources (list and modal)',
    spec: '2.15, 6',
    states: {
      filled: ids(RESOURCES, 'filled'),
      empty: ids(RESOURCES, 'empty'),
      loading: ids(RESOURCES, 'loading'),
      'load failed': ids(RESOURCES, 'load-failed'),
      'quota reached': ids(RESOURCES, 'quota-reached'),
      'role: CustomerRoot': ids(RESOURCES, 'filled'),
      'role: Customer': ids(RESOURCES, 'read-only-customer'),
      'create modal': ids(RESOURCES, 'create-modal'),
      'edit modal': ids(RESOURCES, 'edit-modal'),
      'validation: Name is required': ids(RESOURCES, 'invalid-form'),
      'validation: Must be a valid email address': ids(RESOURCES, 'invalid-form'),
      'validation: Language is required': ids(RESOURCES, 'invalid-form'),
      'validation: Must be a valid phone number of the chosen country': ids(RESOURCES, 'invalid-form'),
      saving: ids(RESOURCES, 'saving'),
      refused: ids(RESOURCES, 'phone-refused-by-server', 'delete-refused'),
      'server error': ids(RESOURCES, 'save-failed'),
      'delete confirmation': ids(RESOURCES, 'delete-confirm'),
      'next shift': ids(RESOURCES, 'next-shifts', 'next-shifts-failed'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Send a test (Resources row action)',
    spec: 'docs/product.md#send-a-test',
    states: {
      'before send': ids(RESOURCES, 'test-before-send'),
      'sent, reports pending': ids(RESOURCES, 'test-pending'),
      delivered: ids(RESOURCES, 'test-delivered'),
      'failed with detail': ids(RESOURCES, 'test-failed'),
      'refused: too soon': ids(RESOURCES, 'test-too-soon'),
      'refused: no phone': ids(RESOURCES, 'test-no-phone'),
      'role: Customer': ids(RESOURCES, 'read-only-customer'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Calendar feed (Resources row action)',
    spec: 'docs/product.md#calendar-feeds',
    states: {
      filled: ids(RESOURCES, 'calendar-feed'),
      'new address confirmed': ids(RESOURCES, 'calendar-feed-new-address'),
      saving: ids(RESOURCES, 'calendar-feed-rotating'),
      'server error': ids(RESOURCES, 'calendar-feed-new-address-failed'),
      'load failed': ids(RESOURCES, 'calendar-feed-failed'),
      'role: CustomerRoot': ids(RESOURCES, 'calendar-feed'),
      'role: Customer': ids(RESOURCES, 'calendar-feed-customer'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: "Delivery (a customer's providers and order)",
    spec: 'docs/product.md#delivery-providers',
    states: {
      filled: ids(DELIVERY, 'filled'),
      'secrets saved': ids(DELIVERY, 'secrets-saved'),
      empty: ids(DELIVERY, 'empty'),
      loading: ids(DELIVERY, 'loading'),
      'load failed': ids(DELIVERY, 'load-failed'),
      'validation: <Field> is required': ids(DELIVERY, 'invalid-settings'),
      'validation: E.164 phone': ids(DELIVERY, 'invalid-settings'),
      'validation: country code and chain': ids(DELIVERY, 'invalid-country-chain'),
      'field errors from the server': ids(DELIVERY, 'field-errors'),
      saved: ids(DELIVERY, 'saved', 'order-changed'),
      'check ok': ids(DELIVERY, 'check-ok'),
      'check failed': ids(DELIVERY, 'check-failed'),
      refused: ids(DELIVERY, 'remove-refused'),
      'role: StaffRoot': ids(DELIVERY, 'filled'),
      'role: StaffView': ids(DELIVERY, 'staff-view'),
    },
    without: { 'role: customer': 'a staff screen: customer roles are sent to 403 by the route guard' },
  },
  {
    screen: 'Team Chat (Slack, Mattermost, Microsoft Teams)',
    spec: 'docs/product.md#team-chat',
    states: {
      filled: ids(TEAM_CHAT, 'filled'),
      'secrets saved': ids(TEAM_CHAT, 'secrets-saved'),
      empty: ids(TEAM_CHAT, 'empty'),
      loading: ids(TEAM_CHAT, 'loading'),
      'load failed': ids(TEAM_CHAT, 'load-failed'),
      'validation: <Field> is required': ids(TEAM_CHAT, 'invalid-settings'),
      'validation: bot token and channel ID': ids(TEAM_CHAT, 'invalid-settings'),
      'field errors from the server': ids(TEAM_CHAT, 'field-errors'),
      saved: ids(TEAM_CHAT, 'saved'),
      'role: CustomerRoot': ids(TEAM_CHAT, 'filled'),
    },
    without: {
      'role: Customer': 'the Customer Root’s screen: a Customer is sent to 403 by the route guard',
      'role: staff': 'a customer’s screen: staff are sent to 403 by the route guard',
    },
  },
  {
    screen: 'Escalations (list and modal)',
    spec: '2.16, 6',
    states: {
      filled: ids(ESCALATIONS, 'filled', 'resources-on-hover', 'invalid-warning'),
      empty: ids(ESCALATIONS, 'empty'),
      loading: ids(ESCALATIONS, 'loading'),
      'load failed': ids(ESCALATIONS, 'load-failed'),
      'role: CustomerRoot': ids(ESCALATIONS, 'filled'),
      'role: Customer': ids(ESCALATIONS, 'customer-read-only'),
      'create modal': ids(ESCALATIONS, 'create-modal'),
      'edit modal': ids(ESCALATIONS, 'edit-modal'),
      'validation: Name is required': ids(ESCALATIONS, 'create-name-required'),
      saving: ids(ESCALATIONS, 'saving'),
      refused: ids(ESCALATIONS, 'delete-in-use'),
      'server error': ids(ESCALATIONS, 'save-failed'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Escalation resources',
    spec: '2.17, 6',
    states: {
      filled: ids(ESCALATIONS, 'steps-valid'),
      'incomplete configuration warning': ids(ESCALATIONS, 'steps-invalid'),
      empty: ids(ESCALATIONS, 'steps-empty'),
      loading: ids(ESCALATIONS, 'steps-loading'),
      'load failed': ids(ESCALATIONS, 'steps-load-failed'),
      'role: CustomerRoot': ids(ESCALATIONS, 'steps-valid'),
      'role: Customer': ids(ESCALATIONS, 'steps-customer-read-only'),
      'priority modal open': ids(ESCALATIONS, 'steps-priority-modal'),
      refused: ids(ESCALATIONS, 'steps-delete-in-use'),
      'schedule step ("On call: <schedule>")': ids(ESCALATIONS, 'steps-with-schedule'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Escalation resource modal',
    spec: '2.17, 5',
    states: {
      empty: ids(STEP_MODAL, 'create-empty'),
      'agent (follow-up 15 minutes)': ids(STEP_MODAL, 'agent-default'),
      'supervisor (no follow-up)': ids(STEP_MODAL, 'supervisor', 'edit-supervisor'),
      'call again on': ids(STEP_MODAL, 'call-again-on', 'edit-agent-with-call-again'),
      'call again off': ids(STEP_MODAL, 'call-again-off'),
      'validation: Participation type ID is required': ids(STEP_MODAL, 'required-ids'),
      'validation: Channel ID is required': ids(STEP_MODAL, 'required-ids'),
      'validation: Resource ID is required': ids(STEP_MODAL, 'required-ids'),
      'validation: Max Attempt Recall is required when Call Again is checked': ids(STEP_MODAL, 'max-attempts-required'),
      'validation: Max Attempt Recall must be at least 1': ids(STEP_MODAL, 'max-attempts-below-one'),
      'validation: Max Attempt Recall cannot exceed 5': ids(STEP_MODAL, 'max-attempts-above-five'),
      'validation: Next Follow Up Time is required': ids(STEP_MODAL, 'follow-up-required'),
      'validation: Next Follow Up Time must be at least 15': ids(STEP_MODAL, 'follow-up-below-15-minutes'),
      'validation: Next Follow Up Time cannot exceed 1440': ids(STEP_MODAL, 'follow-up-above-1440-minutes'),
      'validation: Next Follow Up Time must be at least 1': ids(STEP_MODAL, 'follow-up-below-one-hour'),
      'validation: Next Follow Up Time cannot exceed 24': ids(STEP_MODAL, 'follow-up-above-24-hours'),
      saving: ids(STEP_MODAL, 'saving'),
      refused: ids(STEP_MODAL, 'refused-by-save'),
      'server error': ids(STEP_MODAL, 'save-failed'),
      'calls a schedule (new)': ids(STEP_MODAL, 'create-calls-schedule', 'calls-back-to-resource'),
      'calls a schedule (edit)': ids(STEP_MODAL, 'edit-calls-schedule'),
      'validation: Schedule ID is required': ids(STEP_MODAL, 'schedule-required'),
      'refused: schedule (422 on its field)': ids(STEP_MODAL, 'schedule-refused-by-server'),
    },
    without: {
      'validation: Escalation ID is required': 'the escalation comes from the route, never typed',
      'validation: Escalation active state is required': WRONG_TYPES_UNREACHABLE,
      'validation: Call again indicator is required': WRONG_TYPES_UNREACHABLE,
      'validation: Follow-up time unit is required': WRONG_TYPES_UNREACHABLE,
    },
  },
  {
    screen: 'Priority modal',
    spec: '2.17',
    states: {
      filled: ids(PRIORITY, 'three-steps', 'keyboard-reorder'),
      'up to 999 items': ids(PRIORITY, 'nine-hundred-ninety-nine-steps'),
      empty: ids(PRIORITY, 'empty'),
      loading: ids(PRIORITY, 'loading'),
      'load failed': ids(PRIORITY, 'load-failed'),
      saving: ids(PRIORITY, 'saving'),
      'server error': ids(PRIORITY, 'save-failed'),
    },
  },
  {
    screen: 'SLA (list and modal)',
    spec: '2.18, 6',
    states: {
      filled: ids(SLA, 'filled'),
      empty: ids(SLA, 'empty'),
      loading: ids(SLA, 'loading'),
      'load failed': ids(SLA, 'load-failed'),
      'role: CustomerRoot': ids(SLA, 'filled'),
      'role: Customer': ids(SLA, 'read-only-customer'),
      'create modal': ids(SLA, 'create-modal', 'response-time-mask'),
      'edit modal': ids(SLA, 'edit-modal'),
      'validation: Name is required': ids(SLA, 'required-fields'),
      'validation: Response time is required': ids(SLA, 'required-fields'),
      'validation: Response time must be a whole number from 1 to 99': ids(SLA, 'response-time-out-of-range'),
      saving: ids(SLA, 'saving'),
      refused: ids(SLA, 'delete-refused'),
      'server error': ids(SLA, 'save-failed'),
      'delete confirmation (in Spanish)': ids(SLA, 'delete-confirm'),
    },
    without: {
      'role: staff': CUSTOMER_SCREEN,
      'validation: Response time unit must be Minutes or Hours': WRONG_TYPES_UNREACHABLE,
    },
  },
  {
    screen: 'Schedules (list and modal)',
    spec: 'docs/product.md#schedules, #gap-warnings',
    states: {
      filled: ids(SCHEDULES, 'filled', 'searched'),
      'gap warning (nobody on call within 14 days)': ids(SCHEDULES, 'filled'),
      empty: ids(SCHEDULES, 'empty'),
      loading: ids(SCHEDULES, 'loading'),
      'load failed': ids(SCHEDULES, 'load-failed'),
      'role: CustomerRoot': ids(SCHEDULES, 'filled'),
      'role: Customer': ids(SCHEDULES, 'customer-read-only'),
      'create modal': ids(SCHEDULES, 'create-modal'),
      'edit modal': ids(SCHEDULES, 'edit-modal'),
      'validation: Name is required': ids(SCHEDULES, 'create-name-required'),
      saved: ids(SCHEDULES, 'created'),
      saving: ids(SCHEDULES, 'saving'),
      refused: ids(SCHEDULES, 'delete-in-use'),
      'server error': ids(SCHEDULES, 'save-failed'),
    },
    without: {
      'role: staff': CUSTOMER_SCREEN,
      'validation: Must be a time zone such as America/New_York': 'the zone is chosen from the platform’s own list',
    },
  },
  {
    screen: 'Maintenance (list and window)',
    spec: 'docs/product.md#maintenance-windows',
    states: {
      filled: ids(MAINTENANCE, 'filled'),
      empty: ids(MAINTENANCE, 'empty'),
      loading: ids(MAINTENANCE, 'loading'),
      'load failed': ids(MAINTENANCE, 'load-failed'),
      'role: CustomerRoot': ids(MAINTENANCE, 'filled', 'created'),
      'role: Customer': ids(MAINTENANCE, 'customer-read-only'),
      'create modal': ids(MAINTENANCE, 'create-modal'),
      'edit modal': ids(MAINTENANCE, 'edit-modal'),
      'validation: Name is required, Choose a module or an application, End must be after start': ids(
        MAINTENANCE,
        'validation',
      ),
      'field errors from the server (422)': ids(MAINTENANCE, 'refused-by-server'),
      saved: ids(MAINTENANCE, 'created'),
      saving: ids(MAINTENANCE, 'saving'),
      'deleted after confirmation': ids(MAINTENANCE, 'deleted'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Schedule page (timeline, rotations, temporary schedules, overrides, calendar feed)',
    spec: 'docs/product.md#schedules, #calendar-feeds',
    states: {
      'week view': ids(SCHEDULE, 'week', 'next-week'),
      'month view': ids(SCHEDULE, 'month'),
      'times in my zone': ids(SCHEDULE, 'my-zone'),
      'with overrides': ids(SCHEDULE, 'with-overrides', 'week'),
      'with a gap': ids(SCHEDULE, 'with-gap'),
      'nobody on call': ids(SCHEDULE, 'nobody-on-call'),
      'load failed': ids(SCHEDULE, 'load-failed'),
      'shifts load failed': ids(SCHEDULE, 'shifts-failed'),
      'role: CustomerRoot': ids(SCHEDULE, 'week', 'calendar-feed'),
      'role: Customer': ids(SCHEDULE, 'customer-role', 'customer-reads-temporary-schedules'),
      'calendar feed: new address': ids(SCHEDULE, 'calendar-feed'),
      'temporary schedules (one over, one to come; their shifts in the timeline)': ids(SCHEDULE, 'temporary-schedules'),
      'temporary schedules: none': ids(SCHEDULE, 'no-temporary-schedules'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'Rotation modal',
    spec: 'docs/product.md#schedules',
    states: {
      new: ids(ROTATION_MODAL, 'new'),
      edit: ids(ROTATION_MODAL, 'edit'),
      'participants added and reordered by keyboard, saved': ids(ROTATION_MODAL, 'add-weekly-rotation-of-three'),
      'validation: A rotation needs at least one participant': ids(ROTATION_MODAL, 'participants-required'),
      'validation: Choose at least one day': ids(ROTATION_MODAL, 'restriction-errors'),
      'validation: A shift is at most 52 weeks': ids(ROTATION_MODAL, 'restriction-errors'),
      'field errors from the server (422)': ids(ROTATION_MODAL, 'server-field-errors'),
      saving: ids(ROTATION_MODAL, 'saving'),
      'removed after confirmation': ids(ROTATION_MODAL, 'removed'),
    },
  },
  {
    screen: 'Override and take-this-shift modal',
    spec: 'docs/product.md#schedules',
    states: {
      'add override': ids(OVERRIDE_MODAL, 'add-override'),
      saved: ids(OVERRIDE_MODAL, 'override-saved', 'take-this-shift'),
      'take this shift': ids(OVERRIDE_MODAL, 'take-this-shift', 'take-this-shift-as-customer'),
      'validation: End must be after start': ids(OVERRIDE_MODAL, 'end-before-start'),
      'field errors from the server (422)': ids(OVERRIDE_MODAL, 'server-field-errors'),
    },
  },
  {
    screen: 'Temporary schedule modal',
    spec: 'docs/product.md#schedules',
    states: {
      new: ids(TEMPORARY_MODAL, 'new'),
      edit: ids(TEMPORARY_MODAL, 'edit'),
      'shifts added and removed, saved (in the list and the timeline)': ids(TEMPORARY_MODAL, 'add-with-shifts'),
      'validation: Choose who is on call': ids(TEMPORARY_MODAL, 'validation-errors'),
      'validation: A shift must lie within its temporary schedule': ids(TEMPORARY_MODAL, 'validation-errors'),
      'validation: End must be after start': ids(TEMPORARY_MODAL, 'validation-errors'),
      'validation: Temporary schedules must not overlap': ids(TEMPORARY_MODAL, 'overlap'),
      'field errors from the server (422)': ids(TEMPORARY_MODAL, 'server-field-errors'),
      saving: ids(TEMPORARY_MODAL, 'saving'),
      'removed after confirmation': ids(TEMPORARY_MODAL, 'removed'),
    },
    without: {
      'validation: A temporary schedule holds at most 100 shifts':
        '"Add shift" is disabled at 100 shifts, so the message cannot be reached from the screen; the domain tests check it',
    },
  },
  {
    screen: 'User Guide (chat)',
    spec: '2.19, 5, 8',
    states: {
      empty: ids(CHAT, 'empty'),
      "validation: Your message box Can't be empty": ids(CHAT, 'empty'),
      typing: ids(CHAT, 'typing'),
      saving: ids(CHAT, 'waiting'),
      filled: ids(CHAT, 'answered'),
      'no answer text (Sorry, I am unable to assist you with this request.)': ids(CHAT, 'no-answer-text'),
      refused: ids(CHAT, 'failed'),
      'server error': ids(CHAT, 'server-error'),
    },
    without: { 'role: staff': CUSTOMER_SCREEN },
  },
  {
    screen: 'User Guide (the guide the chat answers from)',
    spec: '2.19',
    states: { filled: ids(GUIDE, 'contents'), 'at a section': ids(GUIDE, 'at-a-section') },
  },
  {
    screen: 'Responder page',
    spec: 'docs/product.md#escalation-engine',
    states: {
      loading: ids(RESPOND, 'loading'),
      filled: ids(RESPOND, 'open'),
      'accepted (in progress)': ids(RESPOND, 'in-progress'),
      saving: ids(RESPOND, 'accepting'),
      'accepted then resolved': ids(RESPOND, 'accept-then-resolve'),
      'server error': ids(RESPOND, 'accept-failed'),
      'invalid link': ids(RESPOND, 'invalid-link'),
      'closed incident': ids(RESPOND, 'closed'),
      // docs/product.md#push-notifications: "Notify me on this device" (the same control as the profile)
      'push: not subscribed': ids(RESPOND, 'push-not-subscribed'),
      'push: subscribed': ids(RESPOND, 'push-subscribed'),
      'push: working': ids(RESPOND, 'push-working'),
      'push: denied': ids(RESPOND, 'push-denied', 'push-blocked-on-asking'),
      'push: unsupported': ids(RESPOND, 'push-unsupported'),
      'push: failed': ids(RESPOND, 'push-failed'),
      'push: closed incident, no control': ids(RESPOND, 'push-hidden-when-closed'),
    },
  },
  {
    screen: 'Webhooks (list)',
    spec: 'docs/product.md#outgoing-webhooks',
    states: {
      'filled (active, failing, disabled with why and when)': ids(WEBHOOKS, 'filled'),
      empty: ids(WEBHOOKS, 'empty'),
      loading: ids(WEBHOOKS, 'loading'),
      'load failed (Try again)': ids(WEBHOOKS, 'load-failed'),
      'limit reached (Add webhook disabled, with why)': ids(WEBHOOKS, 'limit-reached'),
      'enabled again': ids(WEBHOOKS, 'enabled'),
      'deleted after confirmation': ids(WEBHOOKS, 'deleted'),
      'role: CustomerRoot': ids(WEBHOOKS, 'filled'),
    },
    without: {
      'role: Customer': 'the Customer Root’s screen: a Customer is sent to 403 by the route guard',
      'role: staff': 'a customer’s screen: staff are sent to 403 by the route guard',
    },
  },
  {
    screen: 'Add Webhook',
    spec: 'docs/product.md#outgoing-webhooks',
    states: {
      empty: ids(WEBHOOK_FORM, 'empty-form'),
      'generated secret (copied)': ids(WEBHOOK_FORM, 'generated-secret'),
      'validation: URL is required, a full address, the secret’s length, Choose at least one change': ids(
        WEBHOOK_FORM,
        'validation',
      ),
      'field errors from the server (422)': ids(WEBHOOK_FORM, 'refused-by-server'),
      saving: ids(WEBHOOK_FORM, 'saving'),
      saved: ids(WEBHOOK_FORM, 'added'),
    },
    without: { 'role: Customer': 'opened from the Customer Root’s screen only' },
  },
  {
    screen: 'Import',
    spec: 'docs/product.md#importers',
    states: {
      empty: ids(IMPORTS, 'empty'),
      'dry run (what would be made, what cannot be mapped)': ids(IMPORTS, 'dry-run'),
      'imported (after the dry run)': ids(IMPORTS, 'imported'),
      'already imported (nothing to create)': ids(IMPORTS, 'already-imported'),
      'checking (loading)': ids(IMPORTS, 'checking'),
      'refused: a malformed file (422)': ids(IMPORTS, 'malformed'),
      'validation: The file is larger than 5 MB': ids(IMPORTS, 'too-large'),
      'role: CustomerRoot': ids(IMPORTS, 'empty'),
    },
    without: {
      'role: Customer': 'the Customer Root’s screen: a Customer is sent to 403 by the route guard',
      'role: staff': 'a customer’s screen: staff are sent to 403 by the route guard',
    },
  },
  {
    screen: 'Deliveries of a webhook',
    spec: 'docs/product.md#outgoing-webhooks',
    states: {
      'filled (each delivery state)': ids(WEBHOOK_LOG, 'filled'),
      refreshed: ids(WEBHOOK_LOG, 'refreshed'),
      empty: ids(WEBHOOK_LOG, 'empty'),
      loading: ids(WEBHOOK_LOG, 'loading'),
      'load failed': ids(WEBHOOK_LOG, 'load-failed'),
    },
  },
  {
    screen: 'Audit',
    spec: 'docs/product.md#audit-trail',
    states: {
      'filled (newest first; address and token)': ids(AUDIT, 'filled'),
      filtered: ids(AUDIT, 'filtered'),
      empty: ids(AUDIT, 'empty'),
      loading: ids(AUDIT, 'loading'),
      'load failed (Reload)': ids(AUDIT, 'load-failed'),
      'change window (before and after)': ids(AUDIT, 'change'),
      'change window (no record kept)': ids(AUDIT, 'change-without-record'),
      'role: CustomerRoot': ids(AUDIT, 'filled'),
      'role: StaffRoot (every customer, customer filter)': ids(AUDIT, 'staff-root'),
    },
    without: {
      'role: Customer': 'a Customer Root’s and Staff Root’s screen: a Customer is sent to 403 by the route guard',
      'role: StaffEdit, StaffView': 'a Staff Root’s screen on the staff side: they are sent to 403 by the route guard',
    },
  },
  {
    screen: 'API reference',
    spec: 'docs/product.md#openapi-document',
    states: {
      'filled (grouped by area)': ids(API_REFERENCE, 'filled'),
      'an endpoint opened': ids(API_REFERENCE, 'endpoint-opened'),
      filtered: ids(API_REFERENCE, 'filtered', 'filter-from-address'),
      'no match (Clear the filter)': ids(API_REFERENCE, 'no-match'),
      loading: ids(API_REFERENCE, 'loading'),
      'load failed (Try again)': ids(API_REFERENCE, 'load-failed'),
      'role: Customer': ids(API_REFERENCE, 'filled'),
      'role: staff': ids(API_REFERENCE, 'for-staff'),
    },
  },
  {
    screen: 'API Tokens',
    spec: 'docs/product.md#api-tokens',
    states: {
      'filled (active, expired, revoked)': ids(API_TOKENS, 'filled'),
      empty: ids(API_TOKENS, 'empty'),
      loading: ids(API_TOKENS, 'loading'),
      'load failed (Try again)': ids(API_TOKENS, 'load-failed'),
      'limit reached (Create token disabled, with why)': ids(API_TOKENS, 'limit-reached'),
      'Create Token: empty form': ids(API_TOKENS, 'create-form'),
      'validation: Name is required, Choose at least one scope': ids(API_TOKENS, 'validation'),
      'Create Token: saving': ids(API_TOKENS, 'saving'),
      'Create Token: refused': ids(API_TOKENS, 'refused-by-server'),
      'created (shown once, copied)': ids(API_TOKENS, 'created-shown-once'),
      'revoked after confirmation': ids(API_TOKENS, 'revoked'),
      'role: CustomerRoot': ids(API_TOKENS, 'filled'),
      'role: StaffRoot': ids(API_TOKENS, 'for-staff-root'),
    },
    without: {
      'role: Customer': 'a Customer Root’s screen: a Customer is sent to 403 by the route guard',
      'role: StaffEdit, StaffView': 'a Staff Root’s screen: the other staff roles are sent to 403 by the route guard',
    },
  },
];

/** Story files of screens that are not in the spec, each with why (the test allows only these to be left out). */
export const NOT_SPEC_SCREENS: Record<string, string> = {
  'screens-coming-soon': 'a placeholder page that no route of docs/product.md#routes shows',
};
