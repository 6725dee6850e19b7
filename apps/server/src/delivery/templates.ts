import { CODE_TTL_SECONDS, RESET_LINK_TTL_SECONDS } from '@relevo/domain';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A mail as the outbox takes it: one e-mail to `recipient`, sent once per idempotency key. */
export function mailMessage(recipient: string, mail: MailContent, idempotencyKey: string, customerId?: number | null) {
  return {
    customerId,
    channel: 'email' as const,
    recipient,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
    idempotencyKey,
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const minutes = (seconds: number) => Math.round(seconds / 60);

function layout(title: string, paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:14px;color:#1d2433">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p style="color:#5b6475;font-size:12px">Relevo incident escalation</p>
</body></html>`;
}

/** The subject of the sign-in code mail: never the code itself (subjects show on lock screens and in lists). */
export const LOGIN_CODE_SUBJECT = 'Your Relevo verification code';

/** The sign-in code (docs/product.md#sign-in-sessions-and-secrets). */
export function loginCodeMail(name: string, code: number): MailContent {
  const ttl = minutes(CODE_TTL_SECONDS);
  return {
    subject: LOGIN_CODE_SUBJECT,
    text: `Hello ${name},\n\nYour verification code is ${code}.\nIt is valid for ${ttl} minutes and can be used once.\n\nIf you did not try to sign in, change your password.`,
    html: layout('Your verification code', [
      `Hello ${escapeHtml(name)},`,
      `Your verification code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong>.`,
      `It is valid for ${ttl} minutes and can be used once.`,
      'If you did not try to sign in, change your password.',
    ]),
  };
}

export function loginCodeSms(code: number): string {
  return `Relevo: your verification code is ${code}. Valid ${minutes(CODE_TTL_SECONDS)} minutes.`;
}

/** The e-mail reset link (issue: subject, plain-text and HTML parts, the link, the expiry). */
export function resetLinkMail(name: string, link: string): MailContent {
  const ttl = minutes(RESET_LINK_TTL_SECONDS);
  return {
    subject: 'Reset your Relevo password',
    text: `Hello ${name},\n\nTo choose a new password, open this link:\n${link}\n\nThe link is valid for ${ttl} minutes and works once.\nIf you did not ask for this, ignore this message: your password stays as it is.`,
    html: layout('Reset your password', [
      `Hello ${escapeHtml(name)},`,
      `To choose a new password, open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      `The link is valid for ${ttl} minutes and works once.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ]),
  };
}

export function resetCodeSms(code: number): string {
  return `Relevo: your password reset code is ${code}. Valid ${minutes(CODE_TTL_SECONDS)} minutes. If you did not ask for it, ignore this message.`;
}

/**
 * After a reset, the user is told on the other channel (ASVS V6.4: a reset by a mailbox or phone
 * alone must not go unnoticed by the account's owner).
 */
export function passwordResetNoticeMail(name: string, via: 'email' | 'sms'): MailContent {
  const how = via === 'sms' ? 'with a code sent to your phone' : 'through a link sent to your e-mail';
  const advice = 'If this was not you, reset your password again at once and tell your administrator.';
  return {
    subject: 'Your Relevo password was reset',
    text: `Hello ${name},\n\nYour Relevo password was reset ${how}.\n${advice}`,
    html: layout('Your password was reset', [
      `Hello ${escapeHtml(name)},`,
      `Your Relevo password was reset ${how}.`,
      advice,
    ]),
  };
}

export function passwordResetNoticeSms(via: 'email' | 'sms'): string {
  const how = via === 'email' ? 'through a link sent to your e-mail' : 'with a code sent to this phone';
  return `Relevo: your password was reset ${how}. If this was not you, reset it again at once and tell your administrator.`;
}

/**
 * Account security: one's own phone was changed through a user form. The old phone gets this SMS
 * (no number in it: it may no longer be the owner's).
 */
export function phoneChangedSms(): string {
  return 'Your Relevo phone number was changed. If you did not change it, sign in and change your password, and tell your administrator.';
}

/** The e-mail notice of the same change, to the account's e-mail address. */
export function phoneChangedMail(name: string, change: { removed: boolean; at: Date }): MailContent {
  const what = change.removed
    ? 'The phone number of your Relevo account was removed'
    : 'The phone number of your Relevo account was changed';
  const when = `${change.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const codes = change.removed
    ? 'Sign-in and password reset codes are no longer sent by SMS.'
    : 'Sign-in and password reset codes by SMS now go to the new number.';
  const advice = 'If you did not do this, sign in, change your password and tell your administrator.';
  return {
    subject: change.removed ? 'Your Relevo phone number was removed' : 'Your Relevo phone number was changed',
    text: `Hello ${name},\n\n${what} on ${when}. ${codes}\n\n${advice}`,
    html: layout(change.removed ? 'Your phone number was removed' : 'Your phone number was changed', [
      `Hello ${escapeHtml(name)},`,
      `${what} on ${escapeHtml(when)}. ${codes}`,
      advice,
    ]),
  };
}
