/** docs/product.md#messages: texts the product shows verbatim (their capitalisation is the spec's). */
export const MESSAGES = {
  codeResent: 'Your verification code has been resent',
  passwordUpdated: 'User password has been updated',
  userUpdated: 'User has been successfully Updated',
  userCreated: 'User has been successfully Created',
  userDeleted: 'User has been successfully Deleted',
  customerEdited: 'The customer was Edited successfully',
  // docs/product.md#messages "'The customer was Edited successfully' or 'Saved successfully'": the create toast in full
  customerSaved: 'The customer was Saved successfully',
  customerDeleted: 'customer was successfully deleted successfully',
  noResponse: 'We have a problem',
  serverError: 'We have some problems please contact support',
  confirmDeleteUser: 'Are you sure you want to remove this user?',
  confirmDeleteCustomer: 'Are you sure you want to remove this customer?',
  confirmPasswordChange: "Are you sure you want to change this user's password?",
  forbiddenTitle: 'Acceso denegado',
  forbiddenText: 'Lo sentimos, no tienes permiso para acceder a esta página.',
  forbiddenBack: 'Volver',
  notFoundTitle: 'This page does not exist',
  emptyUsers: 'No users found. Please add some users.',
  emptyCustomers: 'No customers found. Please add some customers.',
  breadcrumbLead: 'YOU ARE HERE',
  recoveryLink: 'Recovery password',
  resetSmsDone: 'Password successfully reset',
  resetEmailCheckInbox: 'Verify your email address',
  resetEmailConfirm: 'Login and confirm your new password',
  resetEmailDone: 'Password was successfully updated',
  /** the SMS reset's last step and the e-mail reset's last step */
  goToLogin: 'Go to Login',
  /** the e-mail reset's second step (check the inbox) writes it with a lowercase l */
  resetEmailGoToLogin: 'Go to login',
  // the catalogue (docs/product.md#messages success toasts, confirmations, warnings; docs/product.md#resources, #slas empty texts)
  applicationUpdated: 'Application was successfully updated',
  applicationCreated: 'Application was successfully created',
  applicationDeleted: 'Application was successfully deleted',
  resourceUpdated: 'Resource was successfully updated',
  resourceCreated: 'Resource was successfully created',
  resourceDeleted: 'Resource was successfully deleted',
  escalationUpdated: 'Escalation was successfully updated',
  escalationCreated: 'Escalation was successfully created',
  escalationDeleted: 'Escalation was successfully deleted',
  // docs/product.md#schedules
  scheduleDeleted: 'Schedule was successfully deleted',
  overrideDeleted: 'Override was successfully deleted',
  // docs/product.md#messages names only the delete toast of a step; its saves read like the others'
  stepCreated: 'EscalationResource was successfully created',
  stepUpdated: 'EscalationResource was successfully updated',
  stepDeleted: 'EscalationResource was successfully deleted',
  priorityChanged: 'Priority Order of Escalation resource was changed successfully',
  slaEdited: 'The Service Level Agreement was Edited successfully',
  slaSaved: 'The Service Level Agreement was Saved successfully',
  slaDeleted: 'Service Level Agreement has been successfully deleted',
  moduleEdited: 'Module successfully Edited',
  moduleSaved: 'Module successfully Saved',
  moduleDeleted: 'Module has been successfully deleted',
  applicationNameCopied: 'Application Name copied to clipboard',
  caseIdCopied: 'Case ID copied to clipboard',
  confirmDeleteResource: 'Are you sure you want to remove this resource?',
  // docs/product.md#messages: the application's confirmation is also the escalations' and the steps'
  confirmDeleteApplication: 'Are you sure you want to remove this application?',
  confirmDeleteEscalation: 'Are you sure you want to remove this escalation?',
  confirmDeleteStep: 'Are you sure you want to remove this escalation resource?',
  confirmDeleteSla: 'Are you sure you want to remove this Service Level Agreement?',
  confirmDeleteModule: 'Are you sure you want to remove this Module?',
  escalationInvalid: 'The resource configuration is incomplete or incorrect.',
  emptySlas: "No sla's found. Please add some slas.",
  emptySteps: 'No escalations found. Please add some escalations.',
  emptyEscalations: 'No escalations found. Please add some escalations.',
  emptyResources: 'No resources found. Please add some resources.',
  emptyApplications: 'No applications found. Please add some applications.',
  emptyModules: 'No modules found. Please add some modules.',
} as const;

/** docs/product.md#resources: a phone cell copied. */
export const copiedToClipboard = (label: string) => `${label} is now in clipboard`;
/** docs/product.md#messages: anything else copied. */
export const copiedLabel = (label: string) => `${label} was copy to clipboard`;
/** docs/product.md#resources and #messages: the resource quota warning. */
export const resourceQuotaWarning = (limit: number) =>
  `You have reached the maximum limit of subscribed resources (${limit}). Please manage your subscriptions to add more.`;
/** docs/product.md#modules and #escalation-steps page titles. */
export const modulesTitle = (applicationName: string) => `Modules of ${applicationName}`;
export const stepsTitle = (escalationName: string) => `Escalation Resources of ${escalationName}`;
/** docs/product.md#messages: the SLA and module delete confirmations are labelled in Spanish (spread into ConfirmDialog). */
export const SPANISH_CONFIRM_LABELS = {
  title: '¿Está seguro?',
  continueLabel: 'Continuar',
  cancelLabel: 'Cancelar',
} as const;

/** Footer version of the login page (docs/product.md#sign-in, #constants-and-limits). */
export const APP_VERSION = '1.4.4';

/** docs/product.md#constants-and-limits */
export const ERROR_TOAST_MS = 5000;
/** docs/product.md#constants-and-limits: success toasts in the escalation area stay 10 seconds. */
export const ESCALATION_TOAST_MS = 10_000;
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
