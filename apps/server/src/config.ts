import * as v from 'valibot';
import { DEFAULT_LIMITS } from './limits';
import {
  THROTTLE,
  DELIVERY_PROVIDERS,
  INBOUND_DEFAULT_MAX_BYTES,
  PROVIDER_FIELDS,
  parseDeliveryChain,
  providerSettingIssues,
  type DeliveryProvider,
  type ProviderValues,
  isIssuerAddress,
} from '@relevo/domain';
import { SECRETS_KEY_RULE, secretKeyFrom } from './security/secret-box';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { isIP } from 'node:net';

/** docs/product.md#processes-storage-and-configuration: every setting, parsed and checked once, at start. */
export interface Config {
  port: number;
  host: string;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE: the server's certificate (its chain, PEM) and private key. With
   * them it answers HTTPS, over HTTP/2 and HTTP/1.1 on the same port (docs/operations.md, "HTTPS");
   * without them, plain HTTP (behind a proxy that ends TLS, or on this machine).
   */
  tls: { cert: Buffer; key: Buffer } | null;
  databaseUrl: string | null;
  dataDir: string;
  role: 'api' | 'worker' | 'all';
  smtpUrl: string | null;
  mailFrom: string;
  smsWebhookUrl: string | null;
  inboundWebhookSecret: string | null;
  /**
   * DELIVERY_CHAIN: the deployment's providers for SMS and calls, in failover order
   * (docs/product.md#delivery-providers); by default the configured providers, then the webhook
   */
  deliveryChain: DeliveryProvider[];
  /** each provider's deployment settings from `{PROVIDER}_{FIELD}` (TWILIO_AUTH_TOKEN ...); the webhook's are SMS_WEBHOOK_URL and INBOUND_WEBHOOK_SECRET */
  providerSettings: Partial<Record<DeliveryProvider, ProviderValues>>;
  /** SLACK_API_URL: the base of Slack's Web API for every customer's Slack app (docs/product.md#team-chat) */
  slackApiUrl: string;
  /** SECRETS_KEY: the AES-256-GCM key of stored provider credentials; null: one kept in the database (docs/security.md) */
  secretsKey: Buffer | null;
  publicUrl: string;
  jwtSecret: string | null;
  escalationTimeScale: number;
  /** incidents one module may report per minute, in each API process (docs/product.md#incidents-in) */
  ingestPerMinute: number;
  /** CUSTOMER_MESSAGES_PER_MINUTE: a customer's engine messages per minute (the gateways' protection) */
  customerMessagesPerMinute: number;
  /** CONTACT_WINDOW_SECONDS: one message per person and channel within it (60: a real phone's protection; 0 turns throttling off, for tests and load runs) */
  contactWindowSeconds: number;
  demoData: boolean;
  /** DEMO_HISTORY_DAYS: the days of incidents the demo data makes at start (docs/product.md#demo-data; 0: none) */
  demoHistoryDays: number;
  widgetScriptUrl: string | null;
  chatLlmUrl: string | null;
  /** CHAT_LLM_MODEL: the model named in each chat-completions request */
  chatLlmModel: string;
  /** CHAT_LLM_API_KEY: sent as a bearer token when set */
  chatLlmApiKey: string | null;
  /** CHAT_LLM_TIMEOUT_MS: past it the assistant answers from the guide alone */
  chatLlmTimeoutMs: number;
  /**
   * Which proxies' X-Forwarded-For to believe: false (none), a hop count, or the proxies' addresses
   * and networks. Never "every proxy": a client could then claim any address.
   */
  trustProxy: false | number | string[];
  /**
   * How long a client may take to send a whole request (headers and body) before it is answered
   * 408 and its connection closed: a client trickling bytes cannot hold connections open.
   */
  requestTimeoutMs: number;
  /**
   * SEND_CONCURRENCY: messages one worker process has on their way to the gateways at once. A
   * gateway takes 100 to 500 ms to answer; a worker sends at most this many per such wait.
   */
  sendConcurrency: number;
  /**
   * DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement of the server's connections that
   * runs longer (0: never)
   */
  statementTimeoutMs: number;
  /**
   * DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: PostgreSQL ends a connection of the server left inside a
   * transaction doing nothing for longer (0: never)
   */
  idleTransactionTimeoutMs: number;
  /** DOWNLOADS_PER_USER: CSV downloads one user may have on their way at once, in each API process */
  downloadsPerUser: number;
  /** DOWNLOAD_IDLE_SECONDS: a download whose client takes nothing of it for this long is cut */
  downloadIdleSeconds: number;
  /** DOWNLOAD_MIN_BYTES_PER_SECOND: past the grace period, a download whose client reads slower on average is cut */
  downloadMinBytesPerSecond: number;
  /** DOWNLOAD_GRACE_SECONDS: how long a download runs before its average speed is judged */
  downloadGraceSeconds: number;
  /** with DATABASE_URL, or the embedded database on a HOST others reach: messages may go to the log instead of SMTP / the SMS webhook, on purpose */
  deliveryLogOnly: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** the built web app served on every non-API path */
  webDist: string | null;
  /** identifies this process in locks and logs */
  instanceId: string;
  /**
   * PUSH_SERVICE_HOSTS: the push services a device may be stored with and notifications go to
   * (docs/product.md#push-notifications): host names, `*.` for any subdomain
   */
  pushServiceHosts: string[];
  /** VAPID_SUBJECT: the contact push services see in each notification's JWT (mailto: or https:) */
  vapidSubject: string;
  /**
   * The SMTP receiver of e-mail into incidents (docs/product.md#e-mail-into-incidents), from
   * INBOUND_SMTP_PORT, INBOUND_DOMAIN, INBOUND_SMTP_HOST and INBOUND_MAX_BYTES; null: e-mail in is off
   */
  inboundEmail: InboundEmailConfig | null;
  /**
   * WEBHOOK_ALLOW_PRIVATE: outgoing webhooks may reach loopback, private and link-local addresses
   * and plain http (docs/product.md#outgoing-webhooks); off by default
   */
  webhookAllowPrivate: boolean;
  /**
   * The deployment's OpenID Connect provider (docs/product.md#single-sign-on) from OIDC_ISSUER,
   * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (all three or none); null: only customers' own providers
   */
  oidc: OidcProviderConfig | null;
  /** OIDC_PROVIDER_MFA: the providers already ask for two factors, so the e-mailed code is skipped after them */
  oidcProviderMfa: boolean;
  /** OIDC_CREATE_USERS: a verified e-mail of a claimed domain without an account becomes a Customer user */
  oidcCreateUsers: boolean;
}

/** docs/product.md#single-sign-on: an OpenID provider and this server's client there. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  /** never logged nor answered */
  clientSecret: string;
}

/** docs/product.md#e-mail-into-incidents: where the SMTP receiver listens and what it takes. */
export interface InboundEmailConfig {
  /** 0 in tests: a free port */
  port: number;
  host: string;
  /** the domain of the modules' addresses, lower case */
  domain: string;
  /** the largest message taken (advertised with SIZE); bigger ones are refused with 552 */
  maxBytes: number;
}

/** docs/product.md#push-notifications: the browsers' push services (Chrome and Edge on Android, Firefox, Safari, Edge on Windows). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export class ConfigError extends Error {}

const url = (protocols: string[]) =>
  v.pipe(
    v.string(),
    v.check(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    ),
  );

const flag = v.pipe(
  v.string(),
  v.toLowerCase(),
  v.picklist(['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'], 'must be on or off'),
  v.transform((value) => ['on', 'true', '1', 'yes'].includes(value)),
);

const TRUST_PROXY_RULE =
  'must be off, a number of proxy hops (1-99), or a comma-separated list of proxy addresses or networks (10.0.0.0/8, ::1)';

/** An IPv4 or IPv6 address, optionally with a prefix length: 10.0.0.0/8, fd00::/8, 127.0.0.1. */
function isNetwork(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);
/** A bind address only this machine can reach (demo data with its published passwords stays there). */
export const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\./.test(host);

const fields = {
  PORT: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535'),
    v.transform(Number),
    v.minValue(1, 'must be a port number from 1 to 65535'),
    v.maxValue(65535, 'must be a port number from 1 to 65535'),
  ),
  HOST: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  ROLE: v.picklist(['api', 'worker', 'all'], 'must be api, worker or all'),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  SMS_WEBHOOK_URL: url(['http:', 'https:']),
  INBOUND_WEBHOOK_SECRET: v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters')),
  PUBLIC_URL: url(['http:', 'https:']),
  TLS_CERT_FILE: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  TLS_KEY_FILE: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  SLACK_API_URL: url(['http:', 'https:']),
  SECRETS_KEY: v.pipe(
    v.string(),
    v.transform((text) => secretKeyFrom(text)),
    v.check((key) => key !== null, SECRETS_KEY_RULE),
    v.transform((key) => key!),
  ),
  DELIVERY_CHAIN: v.pipe(
    v.string(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const parsed = parseDeliveryChain(dataset.value);
      if ('error' in parsed) {
        addIssue({ message: parsed.error });
        return NEVER;
      }
      return parsed.chain;
    }),
  ),
  JWT_SECRET: v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
  ESCALATION_TIME_SCALE: v.pipe(
    v.string(),
    v.regex(/^\d+(\.\d+)?$/, 'must be a positive number'),
    v.transform(Number),
    v.minValue(0.001, 'must be a positive number'),
    v.maxValue(100000, 'must be at most 100000'),
  ),
  INGEST_LIMIT_PER_MINUTE: v.pipe(
    v.string(),
    v.regex(/^\d{1,8}$/, 'must be a whole number from 1 to 10000000'),
    v.transform(Number),
    v.minValue(1, 'must be a whole number from 1 to 10000000'),
    v.maxValue(10_000_000, 'must be a whole number from 1 to 10000000'),
  ),
  CONTACT_WINDOW_SECONDS: v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, 'must be a whole number from 0 to 3600'),
    v.transform(Number),
    v.maxValue(3600, 'must be a whole number from 0 to 3600'),
  ),
  CUSTOMER_MESSAGES_PER_MINUTE: v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'must be a whole number from 1 to 100000'),
    v.transform(Number),
    v.minValue(1, 'must be a whole number from 1 to 100000'),
    v.maxValue(100_000, 'must be a whole number from 1 to 100000'),
  ),
  DEMO_DATA: flag,
  DEMO_HISTORY_DAYS: v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, 'must be a whole number from 0 to 366'),
    v.transform(Number),
    v.maxValue(366, 'must be a whole number from 0 to 366'),
  ),
  WIDGET_SCRIPT_URL: url(['http:', 'https:']),
  CHAT_LLM_URL: url(['http:', 'https:']),
  CHAT_LLM_MODEL: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('must not be empty'),
    v.maxLength(200, 'must be at most 200 characters'),
  ),
  CHAT_LLM_API_KEY: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  CHAT_LLM_TIMEOUT_MS: v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'must be a whole number of milliseconds from 100 to 120000'),
    v.transform(Number),
    v.minValue(100, 'must be a whole number of milliseconds from 100 to 120000'),
    v.maxValue(120_000, 'must be a whole number of milliseconds from 100 to 120000'),
  ),
  SEND_CONCURRENCY: v.pipe(
    v.string(),
    v.regex(/^\d{1,3}$/, 'must be a whole number from 1 to 256'),
    v.transform(Number),
    v.minValue(1, 'must be a whole number from 1 to 256'),
    v.maxValue(256, 'must be a whole number from 1 to 256'),
  ),
  REQUEST_TIMEOUT_MS: v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'must be a whole number of milliseconds from 100 to 600000'),
    v.transform(Number),
    v.minValue(100, 'must be a whole number of milliseconds from 100 to 600000'),
    v.maxValue(600_000, 'must be a whole number of milliseconds from 100 to 600000'),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds from 0 (never) to 3600000'),
    v.transform(Number),
    v.maxValue(3_600_000, 'must be a whole number of milliseconds from 0 (never) to 3600000'),
  ),
  DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: v.pipe(
    v.string(),
    v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds from 0 (never) to 3600000'),
    v.transform(Number),
    v.maxValue(3_600_000, 'must be a whole number of milliseconds from 0 (never) to 3600000'),
  ),
  DOWNLOADS_PER_USER: v.pipe(
    v.string(),
    v.regex(/^\d{1,2}$/, 'must be a whole number from 1 to 20'),
    v.transform(Number),
    v.minValue(1, 'must be a whole number from 1 to 20'),
    v.maxValue(20, 'must be a whole number from 1 to 20'),
  ),
  DOWNLOAD_IDLE_SECONDS: v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, 'must be a whole number of seconds from 1 to 3600'),
    v.transform(Number),
    v.minValue(1, 'must be a whole number of seconds from 1 to 3600'),
    v.maxValue(3600, 'must be a whole number of seconds from 1 to 3600'),
  ),
  DOWNLOAD_MIN_BYTES_PER_SECOND: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be a whole number from 0 (no floor) to 100000000'),
    v.transform(Number),
    v.maxValue(100_000_000, 'must be a whole number from 0 (no floor) to 100000000'),
  ),
  DOWNLOAD_GRACE_SECONDS: v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, 'must be a whole number of seconds from 1 to 3600'),
    v.transform(Number),
    v.minValue(1, 'must be a whole number of seconds from 1 to 3600'),
    v.maxValue(3600, 'must be a whole number of seconds from 1 to 3600'),
  ),
  TRUST_PROXY: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (value) => value === 'off' || /^\d{1,2}$/.test(value) || value.split(',').every((part) => isNetwork(part.trim())),
      TRUST_PROXY_RULE,
    ),
    v.transform((value): false | number | string[] =>
      value === 'off' ? false : /^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()),
    ),
  ),
  DELIVERY_LOG_ONLY: flag,
  WEBHOOK_ALLOW_PRIVATE: flag,
  OIDC_ISSUER: v.pipe(
    v.string(),
    v.trim(),
    v.check(isIssuerAddress, 'must be an https:// address (http:// only on a loopback host)'),
    v.transform((issuer) => issuer.replace(/\/+$/, '')),
  ),
  OIDC_CLIENT_ID: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('must not be empty'),
    v.maxLength(500, 'must be at most 500 characters'),
  ),
  OIDC_CLIENT_SECRET: v.pipe(
    v.string(),
    v.nonEmpty('must not be empty'),
    v.maxLength(500, 'must be at most 500 characters'),
  ),
  OIDC_PROVIDER_MFA: flag,
  OIDC_CREATE_USERS: flag,
  LOG_LEVEL: v.picklist(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    'must be one of fatal, error, warn, info, debug, trace, silent',
  ),
  WEB_DIST: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  PUSH_SERVICE_HOSTS: v.pipe(
    v.string(),
    v.transform((value) => value.split(',').map((part) => part.trim().toLowerCase())),
    v.check(
      (hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/.test(host)),
      'must be a comma-separated list of host names, each may start with *. for any subdomain',
    ),
  ),
  VAPID_SUBJECT: url(['mailto:', 'https:']),
  INBOUND_SMTP_PORT: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535'),
    v.transform(Number),
    v.minValue(1, 'must be a port number from 1 to 65535'),
    v.maxValue(65535, 'must be a port number from 1 to 65535'),
  ),
  INBOUND_SMTP_HOST: v.pipe(v.string(), v.nonEmpty('must not be empty')),
  INBOUND_DOMAIN: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/,
      'must be a domain name such as incidents.example.com',
    ),
  ),
  INBOUND_MAX_BYTES: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'must be a whole number of bytes from 10240 to 104857600'),
    v.transform(Number),
    v.minValue(10_240, 'must be a whole number of bytes from 10240 to 104857600'),
    v.maxValue(104_857_600, 'must be a whole number of bytes from 10240 to 104857600'),
  ),
} as const;

type Env = Record<string, string | undefined>;

function read<K extends keyof typeof fields>(env: Env, name: K): v.InferOutput<(typeof fields)[K]> | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const result = v.safeParse(fields[name], raw);
  if (!result.success) {
    const shown = /SECRET|PASSWORD|URL|KEY/.test(name) ? '' : ` (got "${raw.slice(0, 60)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${result.issues[0]?.message ?? 'is not valid'}${shown}`);
  }
  return result.output as v.InferOutput<(typeof fields)[K]>;
}

/**
 * docs/product.md#processes-storage-and-configuration: demo data on the embedded database unless said otherwise, and only on a
 * loopback HOST: its accounts have published passwords.
 */
function demoData(requested: boolean | undefined, databaseUrl: string | null, host: string): boolean {
  if (requested === true && !isLoopback(host)) {
    throw new ConfigError(
      `Invalid configuration: DEMO_DATA=on needs HOST to be a loopback address (127.0.0.1 or ::1); the demo accounts have published passwords (HOST is "${host}")`,
    );
  }
  return requested ?? (databaseUrl === null && isLoopback(host));
}

/**
 * A server on a production database (DATABASE_URL) must deliver its messages: sign-in codes and
 * reset links written to the log are for the embedded demo only. So must an embedded database that
 * others can reach (a HOST other than loopback): whoever reads the log could sign in as anyone, so
 * it needs SMTP_URL (sign-in codes go by e-mail). DELIVERY_LOG_ONLY=on says that the log is wanted
 * on purpose (a staging system without a gateway).
 */
export function checkDelivery(
  config: Pick<Config, 'databaseUrl' | 'host' | 'smtpUrl' | 'smsWebhookUrl' | 'deliveryLogOnly'> &
    Partial<Pick<Config, 'providerSettings'>>,
): void {
  if (config.deliveryLogOnly) return;
  if (!config.databaseUrl) {
    if (isLoopback(config.host) || config.smtpUrl) return;
    throw new ConfigError(
      `Invalid configuration: HOST is "${config.host}" (not a loopback address) but SMTP_URL is unset: sign-in codes would go to the log. Set SMTP_URL, or DELIVERY_LOG_ONLY=on to write messages to the log on purpose`,
    );
  }
  // SMS go out through a provider of the environment (TWILIO_..., docs/product.md#delivery-providers) or the webhook
  const sms = config.smsWebhookUrl || Object.keys(config.providerSettings ?? {}).length > 0;
  const missing = [config.smtpUrl ? null : 'SMTP_URL', sms ? null : 'SMS_WEBHOOK_URL'].filter(Boolean);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL is set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} unset: sign-in codes and reset links would go to the log. Set ${missing.join(' and ')}, or DELIVERY_LOG_ONLY=on to write messages to the log on purpose`,
    );
  }
}

/** The variable of a provider's setting: TWILIO_AUTH_TOKEN for Twilio's `auth_token`. */
export const providerVariable = (provider: DeliveryProvider, field: string) =>
  `${provider.toUpperCase()}_${field.toUpperCase()}`;

/**
 * The deployment's providers (docs/product.md#delivery-providers): a provider is configured when
 * any of its variables is set, and then every required one must be. The webhook is SMS_WEBHOOK_URL.
 */
function deliveryFrom(env: Env): Pick<Config, 'deliveryChain' | 'providerSettings'> {
  const providerSettings: Partial<Record<DeliveryProvider, ProviderValues>> = {};
  for (const provider of DELIVERY_PROVIDERS) {
    if (provider === 'webhook') continue;
    const values: ProviderValues = {};
    for (const f of PROVIDER_FIELDS[provider]) {
      const raw = env[providerVariable(provider, f.name)];
      if (raw !== undefined && raw !== '')
        values[f.name] = f.kind === 'multiline' ? raw.replace(/\\n/g, '\n') : raw.trim();
    }
    if (Object.keys(values).length === 0) continue;
    const issues = providerSettingIssues(provider, values);
    const [name, message] = Object.entries(issues)[0] ?? [];
    if (name) throw new ConfigError(`Invalid configuration: ${providerVariable(provider, name)}: ${message}`);
    providerSettings[provider] = values;
  }
  const chain = read(env, 'DELIVERY_CHAIN');
  if (chain) {
    const missing = chain.find((p) => p !== 'webhook' && !providerSettings[p]);
    if (missing)
      throw new ConfigError(
        `Invalid configuration: DELIVERY_CHAIN names ${missing} but no ${missing.toUpperCase()}_ variable is set`,
      );
  }
  return {
    providerSettings,
    deliveryChain: chain ?? [...DELIVERY_PROVIDERS.filter((p) => providerSettings[p]), 'webhook'],
  };
}

/** The VAPID contact when VAPID_SUBJECT is unset: the https public address, else the sender's mailbox. */
function vapidSubjectOf(publicUrl: string, mailFrom: string | undefined): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom ?? '')?.[1] ?? /^\S+@\S+$/.exec(mailFrom ?? '')?.[0];
  return `mailto:${address ?? 'no-reply@relevo.local'}`;
}

/**
 * docs/product.md#e-mail-into-incidents: off unless INBOUND_SMTP_PORT is set, and then the addresses
 * need their domain. A domain without a port is refused too: the screens would show addresses
 * nothing receives.
 */
function inboundEmailFrom(env: Env, host: string): InboundEmailConfig | null {
  const port = read(env, 'INBOUND_SMTP_PORT');
  const domain = read(env, 'INBOUND_DOMAIN');
  if (port === undefined && domain === undefined) return null;
  if (port === undefined)
    throw new ConfigError(
      'Invalid configuration: INBOUND_DOMAIN is set but INBOUND_SMTP_PORT is unset: set the port the SMTP receiver listens on, or unset INBOUND_DOMAIN to keep e-mail in off',
    );
  if (domain === undefined)
    throw new ConfigError(
      "Invalid configuration: INBOUND_SMTP_PORT is set but INBOUND_DOMAIN is unset: the modules' e-mail addresses need their domain (such as incidents.example.com)",
    );
  return {
    port,
    host: read(env, 'INBOUND_SMTP_HOST') ?? host,
    domain,
    maxBytes: read(env, 'INBOUND_MAX_BYTES') ?? INBOUND_DEFAULT_MAX_BYTES,
  };
}

/** docs/product.md#single-sign-on: the deployment's provider, all three variables or none of them. */
function oidcFrom(env: Env): OidcProviderConfig | null {
  const issuer = read(env, 'OIDC_ISSUER');
  const clientId = read(env, 'OIDC_CLIENT_ID');
  const clientSecret = read(env, 'OIDC_CLIENT_SECRET');
  if (issuer === undefined && clientId === undefined && clientSecret === undefined) return null;
  if (issuer === undefined || clientId === undefined || clientSecret === undefined) {
    const missing = [
      issuer === undefined ? 'OIDC_ISSUER' : null,
      clientId === undefined ? 'OIDC_CLIENT_ID' : null,
      clientSecret === undefined ? 'OIDC_CLIENT_SECRET' : null,
    ].filter(Boolean);
    throw new ConfigError(
      `Invalid configuration: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} unset`,
    );
  }
  return { issuer, clientId, clientSecret };
}

/** TLS_CERT_FILE and TLS_KEY_FILE, read once at start: both or neither. */
function tlsFrom(env: Env): Config['tls'] {
  const certFile = read(env, 'TLS_CERT_FILE');
  const keyFile = read(env, 'TLS_KEY_FILE');
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile)
    throw new ConfigError(
      `Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE go together (${certFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'} is not set)`,
    );
  const load = (name: 'TLS_CERT_FILE' | 'TLS_KEY_FILE', path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration: ${name} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}: ${path})`,
      );
    }
  };
  const tls = { cert: load('TLS_CERT_FILE', certFile), key: load('TLS_KEY_FILE', keyFile) };
  try {
    createSecureContext(tls);
  } catch {
    // the reason may quote the key: only the files are named
    throw new ConfigError(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its private key',
    );
  }
  return tls;
}

/** Parses the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: Env = process.env, defaults: { webDist?: string | null } = {}): Config {
  const port = read(env, 'PORT') ?? 3000;
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const databaseUrl = read(env, 'DATABASE_URL') ?? null;
  const tls = tlsFrom(env);
  const scheme = tls ? 'https' : 'http';
  const publicUrl = (
    read(env, 'PUBLIC_URL') ?? `${scheme}://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
  ).replace(/\/+$/, '');
  return {
    port,
    host,
    tls,
    databaseUrl,
    dataDir: read(env, 'DATA_DIR') ?? '.data',
    role: read(env, 'ROLE') ?? 'all',
    smtpUrl: read(env, 'SMTP_URL') ?? null,
    mailFrom: read(env, 'MAIL_FROM') ?? 'Relevo <no-reply@relevo.local>',
    smsWebhookUrl: read(env, 'SMS_WEBHOOK_URL') ?? null,
    inboundWebhookSecret: read(env, 'INBOUND_WEBHOOK_SECRET') ?? null,
    ...deliveryFrom(env),
    secretsKey: read(env, 'SECRETS_KEY') ?? null,
    // the client joins method names to it: it ends with a slash
    slackApiUrl: (read(env, 'SLACK_API_URL') ?? 'https://slack.com/api/').replace(/\/*$/, '/'),
    publicUrl,
    jwtSecret: read(env, 'JWT_SECRET') ?? null,
    escalationTimeScale: read(env, 'ESCALATION_TIME_SCALE') ?? 1,
    ingestPerMinute: read(env, 'INGEST_LIMIT_PER_MINUTE') ?? DEFAULT_LIMITS.ingestPerModule.limit,
    customerMessagesPerMinute: read(env, 'CUSTOMER_MESSAGES_PER_MINUTE') ?? THROTTLE.customerPerMinute,
    contactWindowSeconds: read(env, 'CONTACT_WINDOW_SECONDS') ?? THROTTLE.recipientWindowMs / 1000,
    demoData: demoData(read(env, 'DEMO_DATA'), databaseUrl, host),
    // 30 days take about 18 s of CPU on the embedded database; 90 about 45 s (docs/perf.md, "Demo history")
    demoHistoryDays: read(env, 'DEMO_HISTORY_DAYS') ?? 30,
    widgetScriptUrl: read(env, 'WIDGET_SCRIPT_URL') ?? null,
    chatLlmUrl: read(env, 'CHAT_LLM_URL') ?? null,
    chatLlmModel: read(env, 'CHAT_LLM_MODEL') ?? 'gpt-4o-mini',
    chatLlmApiKey: read(env, 'CHAT_LLM_API_KEY') ?? null,
    chatLlmTimeoutMs: read(env, 'CHAT_LLM_TIMEOUT_MS') ?? 8000,
    requestTimeoutMs: read(env, 'REQUEST_TIMEOUT_MS') ?? 30_000,
    sendConcurrency: read(env, 'SEND_CONCURRENCY') ?? 32,
    trustProxy: read(env, 'TRUST_PROXY') ?? false,
    statementTimeoutMs: read(env, 'DATABASE_STATEMENT_TIMEOUT_MS') ?? 30_000,
    idleTransactionTimeoutMs: read(env, 'DATABASE_IDLE_TRANSACTION_TIMEOUT_MS') ?? 60_000,
    downloadsPerUser: read(env, 'DOWNLOADS_PER_USER') ?? 2,
    downloadIdleSeconds: read(env, 'DOWNLOAD_IDLE_SECONDS') ?? 60,
    downloadMinBytesPerSecond: read(env, 'DOWNLOAD_MIN_BYTES_PER_SECOND') ?? 1024,
    downloadGraceSeconds: read(env, 'DOWNLOAD_GRACE_SECONDS') ?? 60,
    deliveryLogOnly: read(env, 'DELIVERY_LOG_ONLY') ?? false,
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    webDist: read(env, 'WEB_DIST') ?? defaults.webDist ?? null,
    instanceId: randomUUID(),
    pushServiceHosts: read(env, 'PUSH_SERVICE_HOSTS') ?? DEFAULT_PUSH_SERVICE_HOSTS,
    vapidSubject: read(env, 'VAPID_SUBJECT') ?? vapidSubjectOf(publicUrl, read(env, 'MAIL_FROM')),
    inboundEmail: inboundEmailFrom(env, host),
    webhookAllowPrivate: read(env, 'WEBHOOK_ALLOW_PRIVATE') ?? false,
    oidc: oidcFrom(env),
    oidcProviderMfa: read(env, 'OIDC_PROVIDER_MFA') ?? false,
    oidcCreateUsers: read(env, 'OIDC_CREATE_USERS') ?? false,
  };
}
