/** spec 8: texts the product shows verbatim (their capitalisation is the spec's). */
export const MESSAGES = {
  codeResent: 'Your verification code has been resent',
  passwordUpdated: 'User password has been updated',
  userUpdated: 'User has been successfully Updated',
  userCreated: 'User has been successfully Created',
  userDeleted: 'User has been successfully Deleted',
  customerEdited: 'The customer was Edited successfully',
  // spec 8 "'The customer was Edited successfully' or 'Saved successfully'": the create toast in full
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
  goToLogin: 'Go to Login',
} as const;

/** Footer version of the login page (spec 2.3, 9). */
export const APP_VERSION = '1.4.4';

/** spec 9 */
export const ERROR_TOAST_MS = 5000;
export const SESSION_TTL_SECONDS = 24 * 60 * 60;
