/** The roles the app acts as; they own nothing, so row-level security applies to them. */
export const APP_ROLE = 'relevo_app';
/** Staff and system units of work: a policy lets this role see every customer. */
export const STAFF_ROLE = 'relevo_staff';
/** Sign-in, sessions, codes, reset requests and rate limits: the only role that reads them. */
export const AUTH_ROLE = 'relevo_auth';
