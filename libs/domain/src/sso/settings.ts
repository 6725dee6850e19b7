import * as v from 'valibot';
import { form } from '../rules/fields';

/**
 * A customer's single sign-on (docs/product.md#single-sign-on): its own OpenID Connect provider and
 * the e-mail domains it claims. The server checks a save with this schema and the Customers
 * screen's window draws and checks the same fields. Kept apart from the sign-in screen's rules
 * (`sign-in.ts`), so that no other screen carries them.
 */

export const SSO_MESSAGES = {
  issuerRequired: 'Issuer is required',
  issuerInvalid: 'The issuer must be an https:// address (http:// only on this machine: 127.0.0.1 or localhost)',
  clientIdRequired: 'Client ID is required',
  clientSecretRequired: 'Client secret is required',
  domainInvalid: 'Must be a domain name such as example.com',
  domainTwice: 'Each domain once',
  tooManyDomains: 'At most 20 domains',
  domainTaken: 'Another customer already claims this domain',
  notFound: 'Customer not found',
  saved: 'Single sign-on saved',
} as const;

/** docs/product.md#single-sign-on: at most this many e-mail domains per customer. */
const MAX_SSO_DOMAINS = 20;
const MAX_ISSUER = 500;
const MAX_CLIENT_FIELD = 500;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An issuer address: https, or http on this machine only (a provider run for tests or a trial). */
export function isIssuerAddress(value: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && (LOOPBACK.has(parsed.hostname) || /^127\./.test(parsed.hostname));
}

/** Whether the issuer is plain http (only on this machine): the OpenID client must be told to allow it. */
export const isInsecureIssuer = (issuer: string) => issuer.startsWith('http://');

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

const trimmed = (max: number) =>
  v.pipe(v.string('Must be a text'), v.trim(), v.maxLength(max, `Must be at most ${max} characters`));

/**
 * A customer's single sign-on (`PUT /api/customers/:id/sso`): its own provider (all three fields or
 * none) and the e-mail domains it claims. An empty client secret keeps the stored one.
 */
export const CustomerSsoSaveSchema = /* @__PURE__ */ (() =>
  v.pipe(
    form({
      issuer: v.optional(trimmed(MAX_ISSUER), ''),
      client_id: v.optional(trimmed(MAX_CLIENT_FIELD), ''),
      client_secret: v.optional(
        v.pipe(
          v.string('Must be a text'),
          v.maxLength(MAX_CLIENT_FIELD, `Must be at most ${MAX_CLIENT_FIELD} characters`),
        ),
        '',
      ),
      domains: v.optional(
        v.pipe(
          v.array(
            v.pipe(v.string('Must be a text'), v.trim(), v.toLowerCase(), v.regex(DOMAIN, SSO_MESSAGES.domainInvalid)),
            'Must be a list of domains',
          ),
          v.maxLength(MAX_SSO_DOMAINS, SSO_MESSAGES.tooManyDomains),
          v.check((list) => new Set(list).size === list.length, SSO_MESSAGES.domainTwice),
        ),
        [],
      ),
    }),
    v.forward(
      v.check((body) => body.issuer === '' || isIssuerAddress(body.issuer), SSO_MESSAGES.issuerInvalid),
      ['issuer'],
    ),
    v.forward(
      v.check((body) => body.issuer !== '' || body.client_id === '', SSO_MESSAGES.issuerRequired),
      ['issuer'],
    ),
    v.forward(
      v.check((body) => body.client_id !== '' || body.issuer === '', SSO_MESSAGES.clientIdRequired),
      ['client_id'],
    ),
  ))();
export type CustomerSsoSave = v.InferOutput<typeof CustomerSsoSaveSchema>;

/** What a customer's single sign-on answers: never its client secret, only whether one is kept. */
export interface CustomerSso {
  customer_id: number;
  issuer: string;
  client_id: string;
  has_secret: boolean;
  domains: string[];
}
