import { CODE_TTL_SECONDS, RESET_LINK_TTL_SECONDS, formatDateTime, type DisplayLanguage } from '@relevo/domain';
import { escapeHtml, translator, type Translate } from '../i18n/translate';

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

const minutes = (seconds: number) => Math.round(seconds / 60);

/**
 * The HTML part of a mail: the title, the paragraphs (already HTML) and the product's line, in the
 * reader's language (docs/product.md#languages). An English page is as it always was; another
 * language names itself on the page.
 */
function layout(t: Translate, title: string, paragraphs: string[]): string {
  const lang = t.language === 'en' ? '' : ` lang="${t.language}"`;
  return `<!doctype html><html${lang}><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:14px;color:#1d2433">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p style="color:#5b6475;font-size:12px">${t.html('Relevo incident escalation')}</p>
</body></html>`;
}

/** The greeting of every mail to a person. */
const hello = (t: Translate, name: string) => t('Hello {name},', { name });
const helloHtml = (t: Translate, name: string) => t.html('Hello {name},', { name: escapeHtml(name) });

/** The subject of the sign-in code mail: never the code itself (subjects show on lock screens and in lists). */
export const LOGIN_CODE_SUBJECT = 'Your Relevo verification code';

/**
 * The sign-in code (docs/product.md#sign-in-sessions-and-secrets), in the reader's language
 * (docs/product.md#languages), as is every mail of this file.
 */
export function loginCodeMail(name: string, code: number, language: DisplayLanguage = 'en'): MailContent {
  const t = translator(language);
  const ttl = minutes(CODE_TTL_SECONDS);
  const valid = 'It is valid for {minutes} minutes and can be used once.';
  const advice = 'If you did not try to sign in, change your password.';
  return {
    subject: t(LOGIN_CODE_SUBJECT),
    text: `${hello(t, name)}\n\n${t('Your verification code is {code}.', { code })}\n${t(valid, { minutes: ttl })}\n\n${t(advice)}`,
    html: layout(t, t('Your verification code'), [
      helloHtml(t, name),
      t.html('Your verification code is {code}.', {
        code: `<strong style="font-size:20px;letter-spacing:2px">${code}</strong>`,
      }),
      t.html(valid, { minutes: ttl }),
      t.html(advice),
    ]),
  };
}

export function loginCodeSms(code: number): string {
  return `Relevo: your verification code is ${code}. Valid ${minutes(CODE_TTL_SECONDS)} minutes.`;
}

/** The e-mail reset link (issue: subject, plain-text and HTML parts, the link, the expiry). */
export function resetLinkMail(name: string, link: string, language: DisplayLanguage = 'en'): MailContent {
  const t = translator(language);
  const ttl = minutes(RESET_LINK_TTL_SECONDS);
  const open = 'To choose a new password, open this link:';
  const valid = 'The link is valid for {minutes} minutes and works once.';
  const advice = 'If you did not ask for this, ignore this message: your password stays as it is.';
  return {
    subject: t('Reset your Relevo password'),
    text: `${hello(t, name)}\n\n${t(open)}\n${link}\n\n${t(valid, { minutes: ttl })}\n${t(advice)}`,
    html: layout(t, t('Reset your password'), [
      helloHtml(t, name),
      `${t.html(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      t.html(valid, { minutes: ttl }),
      t.html(advice),
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
export function passwordResetNoticeMail(
  name: string,
  via: 'email' | 'sms',
  language: DisplayLanguage = 'en',
): MailContent {
  const t = translator(language);
  const what =
    via === 'sms'
      ? 'Your Relevo password was reset with a code sent to your phone.'
      : 'Your Relevo password was reset through a link sent to your e-mail.';
  const advice = 'If this was not you, reset your password again at once and tell your administrator.';
  return {
    subject: t('Your Relevo password was reset'),
    text: `${hello(t, name)}\n\n${t(what)}\n${t(advice)}`,
    html: layout(t, t('Your password was reset'), [helloHtml(t, name), t.html(what), t.html(advice)]),
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
export function phoneChangedMail(
  name: string,
  change: { removed: boolean; at: Date },
  language: DisplayLanguage = 'en',
): MailContent {
  const t = translator(language);
  const what = change.removed
    ? 'The phone number of your Relevo account was removed on {when}.'
    : 'The phone number of your Relevo account was changed on {when}.';
  // English keeps its own form of the instant; another language writes it its own way
  const at =
    language === 'en'
      ? change.at.toISOString().slice(0, 16).replace('T', ' ')
      : formatDateTime(change.at, language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  const when = `${at} UTC`;
  const codes = change.removed
    ? 'Sign-in and password reset codes are no longer sent by SMS.'
    : 'Sign-in and password reset codes by SMS now go to the new number.';
  const advice = 'If you did not do this, sign in, change your password and tell your administrator.';
  return {
    subject: t(change.removed ? 'Your Relevo phone number was removed' : 'Your Relevo phone number was changed'),
    text: `${hello(t, name)}\n\n${t(what, { when })} ${t(codes)}\n\n${t(advice)}`,
    html: layout(t, t(change.removed ? 'Your phone number was removed' : 'Your phone number was changed'), [
      helloHtml(t, name),
      `${t.html(what, { when: escapeHtml(when) })} ${t.html(codes)}`,
      t.html(advice),
    ]),
  };
}
