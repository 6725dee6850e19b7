import { describe, expect, it } from 'vitest';
import { ConfigError, checkDelivery, loadConfig } from '../src/config';

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('configuration (docs/product.md#processes-storage-and-configuration)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '.data',
      role: 'all',
      smtpUrl: null,
      smsWebhookUrl: null,
      publicUrl: 'http://127.0.0.1:3000',
      escalationTimeScale: 1,
      ingestPerMinute: 6000,
      demoData: true,
      widgetScriptUrl: null,
      requestTimeoutMs: 30_000,
      sendConcurrency: 32,
    });
  });

  it('turns demo data off by default on PostgreSQL and derives PUBLIC_URL from HOST and PORT', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(false);
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://relevo.example/' }).publicUrl).toBe('https://relevo.example');
  });

  it('stops with one line naming the variable for each bad value', () => {
    expect(fails({ PORT: 'eighty' })).toBe(
      'Invalid configuration: PORT must be a port number from 1 to 65535 (got "eighty")',
    );
    expect(fails({ PORT: '70000' })).toMatch(/^Invalid configuration: PORT /);
    expect(fails({ ROLE: 'boss' })).toBe('Invalid configuration: ROLE must be api, worker or all (got "boss")');
    expect(fails({ DATABASE_URL: 'mysql://x' })).toBe(
      'Invalid configuration: DATABASE_URL must be a URL starting with postgres:// or postgresql://',
    );
    expect(fails({ SMTP_URL: 'http://mail' })).toMatch(/^Invalid configuration: SMTP_URL /);
    expect(fails({ JWT_SECRET: 'short' })).toBe('Invalid configuration: JWT_SECRET must be at least 32 characters');
    expect(fails({ ESCALATION_TIME_SCALE: '-2' })).toMatch(/^Invalid configuration: ESCALATION_TIME_SCALE /);
    expect(fails({ INGEST_LIMIT_PER_MINUTE: '0' })).toBe(
      'Invalid configuration: INGEST_LIMIT_PER_MINUTE must be a whole number from 1 to 10000000 (got "0")',
    );
    expect(fails({ REQUEST_TIMEOUT_MS: '50' })).toBe(
      'Invalid configuration: REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000 (got "50")',
    );
    expect(fails({ REQUEST_TIMEOUT_MS: 'soon' })).toMatch(/^Invalid configuration: REQUEST_TIMEOUT_MS /);
    expect(fails({ SEND_CONCURRENCY: '0' })).toBe(
      'Invalid configuration: SEND_CONCURRENCY must be a whole number from 1 to 256 (got "0")',
    );
    expect(fails({ SEND_CONCURRENCY: '1000' })).toMatch(/^Invalid configuration: SEND_CONCURRENCY /);
    expect(loadConfig({ SEND_CONCURRENCY: '64' }).sendConcurrency).toBe(64);
    expect(loadConfig({ INGEST_LIMIT_PER_MINUTE: '120000' }).ingestPerMinute).toBe(120_000);
    // throttling: a minute per person and channel, 300 messages a minute per customer, unless set
    expect(loadConfig({})).toMatchObject({ contactWindowSeconds: 60, customerMessagesPerMinute: 300 });
    expect(loadConfig({ CONTACT_WINDOW_SECONDS: '0', CUSTOMER_MESSAGES_PER_MINUTE: '5000' })).toMatchObject({
      contactWindowSeconds: 0,
      customerMessagesPerMinute: 5000,
    });
    expect(fails({ CONTACT_WINDOW_SECONDS: '-1' })).toBe(
      'Invalid configuration: CONTACT_WINDOW_SECONDS must be a whole number from 0 to 3600 (got "-1")',
    );
    expect(fails({ CUSTOMER_MESSAGES_PER_MINUTE: '0' })).toBe(
      'Invalid configuration: CUSTOMER_MESSAGES_PER_MINUTE must be a whole number from 1 to 100000 (got "0")',
    );
    expect(fails({ DEMO_DATA: 'maybe' })).toMatch(/^Invalid configuration: DEMO_DATA must be on or off/);
    for (const message of [fails({ JWT_SECRET: 'short' }), fails({ SMTP_URL: 'http://user:secret@mail' })])
      expect(message).not.toMatch(/secret|short/);
  });
});

describe('configuration that protects a production deployment (issue: account security)', () => {
  it('believes X-Forwarded-For only from a hop count or the listed proxies, never from everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    for (const value of ['on', 'true', '*', '0.0.0.0/33', '10.0.0.0/8/1', 'proxy.example', '100']) {
      expect(fails({ TRUST_PROXY: value }), value).toMatch(
        /^Invalid configuration: TRUST_PROXY must be off, a number of proxy hops/,
      );
    }
  });

  it('loads demo data only on a loopback HOST', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).demoData).toBe(false);
    expect(loadConfig({ HOST: '::1' }).demoData).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEMO_DATA: 'on', DATABASE_URL: 'postgres://u@h/db' }).demoData).toBe(true);
    expect(fails({ HOST: '0.0.0.0', DEMO_DATA: 'on' })).toMatch(
      /^Invalid configuration: DEMO_DATA=on needs HOST to be a loopback address/,
    );
  });

  it('refuses to serve a production database while codes would go to the log, unless told so', () => {
    const production = loadConfig({ DATABASE_URL: 'postgres://u@h/db' });
    expect(() => checkDelivery(production)).toThrow(
      'Invalid configuration: DATABASE_URL is set but SMTP_URL and SMS_WEBHOOK_URL are unset: sign-in codes and reset links would go to the log. Set SMTP_URL and SMS_WEBHOOK_URL, or DELIVERY_LOG_ONLY=on to write messages to the log on purpose',
    );
    expect(() => checkDelivery(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://mail:25' }))).toThrow(
      /but SMS_WEBHOOK_URL is unset/,
    );
    expect(() =>
      checkDelivery(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DELIVERY_LOG_ONLY: 'on' })),
    ).not.toThrow();
    expect(() =>
      checkDelivery(
        loadConfig({
          DATABASE_URL: 'postgres://u@h/db',
          SMTP_URL: 'smtp://mail:25',
          SMS_WEBHOOK_URL: 'https://sms.example/hook',
        }),
      ),
    ).not.toThrow();
    // the embedded demo database may log its codes
    expect(() => checkDelivery(loadConfig({}))).not.toThrow();
  });

  it('refuses an embedded database that others can reach while sign-in codes would go to the log, unless told so', () => {
    expect(() => checkDelivery(loadConfig({ HOST: '0.0.0.0' }))).toThrow(
      'Invalid configuration: HOST is "0.0.0.0" (not a loopback address) but SMTP_URL is unset: sign-in codes would go to the log. Set SMTP_URL, or DELIVERY_LOG_ONLY=on to write messages to the log on purpose',
    );
    expect(() =>
      checkDelivery(loadConfig({ HOST: '192.168.1.7', SMS_WEBHOOK_URL: 'https://sms.example/hook' })),
    ).toThrow(/HOST is "192.168.1.7"/);
    expect(() => checkDelivery(loadConfig({ HOST: '0.0.0.0', DELIVERY_LOG_ONLY: 'on' }))).not.toThrow();
    // sign-in codes go by e-mail: SMTP is what it needs
    expect(() => checkDelivery(loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' }))).not.toThrow();
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', 'localhost'])
      expect(() => checkDelivery(loadConfig({ HOST: host }))).not.toThrow();
  });

  it('reads the database timeouts and the download limits, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      statementTimeoutMs: 30_000,
      idleTransactionTimeoutMs: 60_000,
      downloadsPerUser: 2,
      downloadIdleSeconds: 60,
      downloadMinBytesPerSecond: 1024,
      downloadGraceSeconds: 60,
    });
    expect(
      loadConfig({
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: '5000',
        DOWNLOADS_PER_USER: '5',
        DOWNLOAD_IDLE_SECONDS: '1',
        DOWNLOAD_MIN_BYTES_PER_SECOND: '0',
        DOWNLOAD_GRACE_SECONDS: '3600',
      }),
    ).toMatchObject({
      statementTimeoutMs: 0,
      idleTransactionTimeoutMs: 5000,
      downloadsPerUser: 5,
      downloadIdleSeconds: 1,
      downloadMinBytesPerSecond: 0,
      downloadGraceSeconds: 3600,
    });
    expect(fails({ DATABASE_STATEMENT_TIMEOUT_MS: '30s' })).toBe(
      'Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 0 (never) to 3600000 (got "30s")',
    );
    expect(fails({ DATABASE_IDLE_TRANSACTION_TIMEOUT_MS: '3600001' })).toMatch(
      /^Invalid configuration: DATABASE_IDLE_TRANSACTION_TIMEOUT_MS must be a whole number of milliseconds/,
    );
    expect(fails({ DOWNLOADS_PER_USER: '0' })).toBe(
      'Invalid configuration: DOWNLOADS_PER_USER must be a whole number from 1 to 20 (got "0")',
    );
    expect(fails({ DOWNLOADS_PER_USER: '21' })).toMatch(/^Invalid configuration: DOWNLOADS_PER_USER must be/);
    expect(fails({ DOWNLOAD_IDLE_SECONDS: '0' })).toBe(
      'Invalid configuration: DOWNLOAD_IDLE_SECONDS must be a whole number of seconds from 1 to 3600 (got "0")',
    );
    expect(fails({ DOWNLOAD_MIN_BYTES_PER_SECOND: '-1' })).toMatch(
      /^Invalid configuration: DOWNLOAD_MIN_BYTES_PER_SECOND must be a whole number from 0/,
    );
    expect(fails({ DOWNLOAD_GRACE_SECONDS: 'soon' })).toMatch(
      /^Invalid configuration: DOWNLOAD_GRACE_SECONDS must be a whole number of seconds/,
    );
  });

  it('reads the delivery providers of the environment, their chain and the secrets key (docs/product.md#delivery-providers)', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0f'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: 'twilio-token-never-echoed',
      TWILIO_FROM: '+17875550100',
    };
    expect(loadConfig({})).toMatchObject({ deliveryChain: ['webhook'], providerSettings: {}, secretsKey: null });
    // a configured provider comes first, the webhook after it
    expect(loadConfig(twilio)).toMatchObject({
      deliveryChain: ['twilio', 'webhook'],
      providerSettings: { twilio: { account_sid: twilio.TWILIO_ACCOUNT_SID, from: '+17875550100' } },
    });
    expect(loadConfig({ ...twilio, DELIVERY_CHAIN: 'webhook,twilio' }).deliveryChain).toEqual(['webhook', 'twilio']);
    expect(fails({ ...twilio, DELIVERY_CHAIN: 'twilio,vonage' })).toBe(
      'Invalid configuration: DELIVERY_CHAIN names vonage but no VONAGE_ variable is set',
    );
    expect(fails({ DELIVERY_CHAIN: 'twilio,plivo' })).toMatch(
      /^Invalid configuration: DELIVERY_CHAIN "plivo" is not a provider/,
    );
    const partial = fails({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID, TWILIO_FROM: '+17875550100' });
    expect(partial).toBe('Invalid configuration: TWILIO_AUTH_TOKEN: Auth token is required');
    expect(fails({ ...twilio, TWILIO_FROM: '787' })).toBe(
      'Invalid configuration: TWILIO_FROM: From number must be a phone number in E.164 form, such as +17875550123',
    );
    // Vonage's private key may come with its newlines written as \n
    const vonage = loadConfig({
      VONAGE_API_KEY: 'key',
      VONAGE_API_SECRET: 'secret',
      VONAGE_APPLICATION_ID: 'app',
      VONAGE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----',
      VONAGE_SIGNATURE_SECRET: 'signature',
      VONAGE_FROM: '+17875550100',
    });
    expect(vonage.providerSettings.vonage!.private_key).toBe(
      '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----',
    );
    // a provider of the environment carries the SMS of a production database
    expect(() =>
      checkDelivery(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SMTP_URL: 'smtp://mail:25', ...twilio })),
    ).not.toThrow();
    const key = 'ab'.repeat(32);
    expect(loadConfig({ SECRETS_KEY: key }).secretsKey).toEqual(Buffer.from(key, 'hex'));
    const badKey = fails({ SECRETS_KEY: 'not-a-key-but-a-secret' });
    expect(badKey).toBe(
      'Invalid configuration: SECRETS_KEY must be 32 bytes as 64 hexadecimal characters or as base64',
    );
  });
});

describe('outgoing webhooks (docs/product.md#outgoing-webhooks)', () => {
  it('keeps webhooks off private addresses unless WEBHOOK_ALLOW_PRIVATE is on', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'on' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'off' }).webhookAllowPrivate).toBe(false);
    expect(fails({ WEBHOOK_ALLOW_PRIVATE: 'sometimes' })).toBe(
      'Invalid configuration: WEBHOOK_ALLOW_PRIVATE must be on or off (got "sometimes")',
    );
  });
});
