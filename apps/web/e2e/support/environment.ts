/** What the global setup tells the tests (through the environment the workers inherit). */
export const E2E_ENV = {
  baseUrl: 'RELEVO_E2E_BASE_URL',
  inboxUrl: 'RELEVO_E2E_INBOX_URL',
  /** the SMTP server of the inbox, for a second server a spec starts (widget.spec.ts) */
  smtpUrl: 'RELEVO_E2E_SMTP_URL',
  /** the server's receiver of e-mail into incidents (inbound-email.spec.ts) */
  inboundSmtpPort: 'RELEVO_E2E_INBOUND_SMTP_PORT',
} as const;

export function readEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the browser tests through playwright.config.ts (its global setup sets it)`,
    );
  return value;
}
