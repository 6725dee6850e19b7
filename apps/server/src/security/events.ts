import type { Logger } from 'pino';

/**
 * The security events written to the log as structured lines (ASVS V16): who, from where, what,
 * never a secret. A line carries `security: <event>` so a log pipeline can pick them out.
 */
export type SecurityEventName =
  | 'sign_in_failed'
  | 'sign_in_refused'
  | 'code_wrong'
  | 'code_voided'
  | 'daily_code_cap'
  | 'unauthenticated'
  | 'forbidden'
  | 'rate_limited'
  | 'password_changed'
  | 'password_reset'
  | 'phone_changed'
  | 'role_changed'
  | 'status_changed';

export interface SecurityEventFields {
  /** the account acted on or tried */
  userId?: number | null;
  /** the signed-in user who acted, when another than userId */
  actorId?: number | null;
  /** the client address as the server sees it (after TRUST_PROXY) */
  ip?: string | null;
  /** method and path, query left out (it may hold a search text) */
  route?: string;
  /** the request's id (X-Request-Id of its answer) */
  reqId?: string;
  /** what else helps an investigation, never a password, code, token, phone number or e-mail body */
  detail?: Record<string, string | number | boolean | null>;
}

const LEVELS: Record<SecurityEventName, 'info' | 'warn'> = {
  sign_in_failed: 'warn',
  sign_in_refused: 'warn',
  code_wrong: 'warn',
  code_voided: 'warn',
  daily_code_cap: 'warn',
  unauthenticated: 'info',
  forbidden: 'warn',
  rate_limited: 'warn',
  password_changed: 'info',
  password_reset: 'info',
  phone_changed: 'info',
  role_changed: 'info',
  status_changed: 'info',
};

/** Writes one security event line. */
export function securityEvent(
  log: Pick<Logger, 'info' | 'warn'>,
  event: SecurityEventName,
  fields: SecurityEventFields = {},
): void {
  const { detail, ...rest } = fields;
  log[LEVELS[event]](
    { security: event, ...rest, ...(detail ? { detail } : {}) },
    `security event: ${event.replace(/_/g, ' ')}`,
  );
}
